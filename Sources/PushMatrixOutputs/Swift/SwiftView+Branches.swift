import PushMatrixModel
import PushMatrixSpec

/// The skeleton's state branch comments: each branch's summary in words, a group to a few lines, each before its first
/// cell's anchor.
extension SwiftView {
    /// The most comment lines a branch has.
    static let branchLines = 12
    /// The column a branch's comment lines end by (the page anchors can be longer).
    static let branchWidth = 120

    /// The matrix page, where each cell has an anchor, as `generate` writes it in the comments' language, relative to
    /// its output folder.
    var matrixPage: String { OutputPlan.markdownPage("reception-methods", language: spec.languages[0].id) }

    /// The comment lines of the branch `summary` (nil: none) reaches, each at most `width` characters but for page
    /// anchors: each group's words, wrapped, then its first cell's anchor. Past `branchLines`, the anchors go, then
    /// the last groups, which the page names.
    func branchComment(_ summary: BranchSummary?, width: Int) -> [String] {
        guard let summary else { return ["never, in this matrix"] }
        let told = summary.groups.map { (words: words($0, width: width), anchor: anchor($0)) }
        let full = told.flatMap { $0.words + [$0.anchor] }
        if full.count <= Self.branchLines { return full }
        if told.flatMap(\.words).count <= Self.branchLines { return told.flatMap(\.words) }
        var kept: [String] = []
        for (shown, group) in told.enumerated() {
            guard kept.count + group.words.count <= Self.branchLines - 1 else {
                return kept + ["… and \(told.count - shown) more: see \(matrixPage)"]
            }
            kept += group.words
        }
        return kept
    }

    /// `scenes and swiftUI · terminated or forceQuit, tap body: any payload with alert` as comment lines, payloads on
    /// their own if long.
    package func words(_ group: BranchSummary.Group, width: Int) -> [String] {
        let setups =
            group.setups.count == spec.setups.count ? "every \(spec.naming.words)" : Self.list(group.setups, "and")
        let states =
            group.appStates.count == spec.appStates.count ? "every app state" : Self.list(group.appStates, "or")
        var when = group.taps == [nil] ? "on arrival" : "tap " + Self.list(group.taps.map { $0! }, "or")
        if !group.without.isEmpty { when += ", only without " + Self.list(group.without, "and") }
        let head = "\(setups) · \(states), \(when):"
        let payloads = payloadWords(group.payloads)
        let line = Self.wrapped(head + " " + payloads, width: width, indent: 2)
        guard line.count > 1 else { return line }
        return Self.wrapped(head, width: width, indent: 2) + Self.wrapped(payloads, width: width, indent: 2, continued: true)
    }

    /// Cubes' payloads: `every payload`, `any payload with alert, without category`, `alert + category` (alone),
    /// several joined by `or`.
    func payloadWords(_ cubes: [PayloadCube]) -> String {
        let keys = matrix.payloadKeyIds
        let full: UInt64 = keys.isEmpty ? 0 : UInt64.max >> (64 - keys.count)
        let told = cubes.map { cube -> String in
            if cube.mask == 0 { return "every payload" }
            if cube.mask == full { return Self.payloadWords(Payload(bits: cube.bits), keys: keys) }
            let with = keys.indices.filter { cube.mask & cube.bits & (1 << UInt64($0)) != 0 }.map { keys[$0] }
            let without = keys.indices.filter { cube.mask & ~cube.bits & (1 << UInt64($0)) != 0 }.map { keys[$0] }
            let parts = [
                with.isEmpty ? nil : "with " + Self.list(with, "and"),
                without.isEmpty ? nil : "without " + Self.list(without, "or"),
            ]
            return "any payload " + parts.compactMap { $0 }.joined(separator: ", ")
        }
        return told.joined(separator: "; or ")
    }

    /// `see #cell-…`: the group's first cell's anchor in page order (payload by payload, setups by app states), and how
    /// many more it has.
    func anchor(_ group: BranchSummary.Group) -> String {
        let anchors = Anchors(spec)
        let payload = matrix.payloads.first { payload in group.payloads.contains { $0.contains(payload) } }!
        let setup = spec.setups.firstIndex { group.setups.contains($0.id) }!
        let state = spec.appStates.firstIndex { group.appStates.contains($0.id) }!
        let cells =
            group.setups.count * group.appStates.count
            * matrix.payloads.count(where: { p in group.payloads.contains { $0.contains(p) } })
        let more = cells > 1 ? " (+\(cells - 1) more)" : ""
        return "  see #" + anchors.cell(setup: setup, state: state, section: anchors.section(payload)) + more
    }

    /// `a`, `a and b`, `a, b and c`.
    package static func list(_ items: [String], _ last: String) -> String {
        items.count > 1 ? items.dropLast().joined(separator: ", ") + " \(last) " + items.last! : items.joined()
    }
}
