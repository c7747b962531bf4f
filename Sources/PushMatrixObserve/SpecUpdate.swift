import PushMatrixJSON
import PushMatrixModel
import PushMatrixSpec
import PushMatrixSupport

/// The spec rewritten with what the field saw. A cell changes only when each of its scenarios lacking no handler (no
/// tap, each tap that touches the notification) ran and each one's runs took one sequence of calls. If those take a
/// path of the cell, its source becomes `observed` (device, iOS version); if some take none, the cell gains a path of
/// those calls with that source. Else it stays: no cell claims more than was seen. A cell whose change would break a
/// rule of the spec stays too, and is reported; the rest are written, validated.
package struct SpecUpdate {
    package var bytes: [UInt8]
    package var confirmed = 0
    /// Cells that gained an observed path.
    package var extended = 0
    /// Cells whose runs could not be written into the spec (by index), and why.
    package var skipped: [(cell: Int, reason: String)] = []

    /// One cell's change: its new JSON, whether its runs confirm a listed path, and the source it cites.
    private struct Change {
        var node: JSONOutput
        var confirms: Bool
        var source: (id: String, json: JSONOutput)
    }

    package init(matrix: Matrix, original: [UInt8], file: String, observation: Observation) throws(DiagnosticsError) {
        let root = try JSONParser.parse(original, file: file)
        let cellNodes = Self.items(root["cells"])
        var changes: [Int: Change] = [:]
        var labels: [Int: String] = [:]
        for (index, cell) in matrix.spec.cells.enumerated() where index < cellNodes.count {
            let payload = Payload(cell.payload, keys: matrix.payloadKeyIds, keyIndex: matrix.keyIndex)
            let taps: [String?] = [nil] + cell.taps.map(\.tap.id).filter { !matrix.leavesNotification($0) }
            let outcomes = taps.compactMap { observation.outcome(payload, setup: cell.setup.id, appState: cell.appState.id, tap: $0) }
            guard outcomes.count == taps.count, outcomes.allSatisfy({ $0.observed.count == 1 }) else { continue }
            let label = Observation.label(outcomes[0].scenario, matrix)
            switch Self.change(cell, node: cellNodes[index], taps: taps, outcomes: outcomes, matrix: matrix) {
            case .success(let change): changes[index] = change
            case .failure(let reason): skipped.append((index, "\(label): \(reason.message)"))
            }
            labels[index] = label
        }
        // A change that breaks a rule of the spec is left out and reported, and the rest validated again.
        while true {
            // Each cited source once, in the order of the cells that first cite it.
            let sources = changes.keys.sorted().map { changes[$0]!.source }.grouped(by: \.id).map(\.members[0])
            var document = Self.output(root)
            document = Self.replacing(document, "sources", .array(Self.items(root["sources"]).map(Self.output) + sources.map(\.json)))
            document = Self.replacing(
                document, "cells", .array(cellNodes.enumerated().map { index, node in changes[index]?.node ?? Self.output(node) }))
            bytes = Array((document.serialized() + "\n").utf8)
            do throws(DiagnosticsError) {
                _ = try SpecLoader.load(bytes: bytes, file: file)
                break
            } catch {
                let broken = error.diagnostics.compactMap { diagnostic in
                    Self.cellIndex(diagnostic.path).flatMap { changes[$0] == nil ? nil : ($0, diagnostic) }
                }
                guard !broken.isEmpty else {
                    let unlocated = error.diagnostics.map { Diagnostic(file: file, location: nil, path: $0.path, message: $0.message) }
                    throw DiagnosticsError(
                        [Diagnostic(file: file, location: nil, message: "the updated spec would not validate, so it is not written:")]
                            + unlocated)
                }
                for (index, diagnostic) in broken where changes.removeValue(forKey: index) != nil {
                    let rule = diagnostic.path.drop { $0 != "." }.dropFirst()
                    skipped.append(
                        (
                            index,
                            "\(labels[index]!): the observed calls break a rule of the spec, so the cell is left as it was (\(rule): \(diagnostic.message))"
                        ))
                }
            }
        }
        confirmed = changes.values.filter(\.confirms).count
        extended = changes.count - confirmed
        skipped.sort { $0.cell < $1.cell }
    }

    /// Each skipped cell as a warning at the cell's line in `out`, the file `bytes` are written to, so that every
    /// place named can be opened, whatever the spec read (a built-in one has no file).
    package func warnings(out: String) -> [Diagnostic] {
        let cells = (try? JSONParser.parse(bytes, file: out)).map { Self.items($0["cells"]) } ?? []
        return skipped.map { cell, reason in
            Diagnostic(
                file: out, location: cells.indices.contains(cell) ? cells[cell].location : nil, path: "cells[\(cell)]",
                message: "not updated: \(reason)", severity: .warning)
        }
    }

    /// `cells[12]` and what follows it: 12.
    private static func cellIndex(_ path: String) -> Int? {
        guard path.hasPrefix("cells[") else { return nil }
        return Int(path.dropFirst("cells[".count).prefix { $0 != "]" })
    }

    private struct Unwritable: Error { var message: String }

    /// The change the runs make to one cell, or why they make none.
    private static func change(
        _ cell: Cell, node cellNode: JSONNode, taps: [String?], outcomes: [Observation.Outcome], matrix: Matrix
    ) -> Result<Change, Unwritable> {
        let run = outcomes[0].runs[0]
        let id = Self.sourceID(device: run.device, os: run.os)
        let source = (id, Self.observedSource(id: id, device: run.device, os: run.os, matrix: matrix))
        var node = Self.output(cellNode)
        if outcomes.allSatisfy(\.confirms) {
            // The one path every scenario's runs took; the cell's own when that one fits.
            let taken = (1...(cell.paths.count + 1)).first { number in
                outcomes.allSatisfy { $0.paths(of: $0.observed[0]).contains(number) }
            }
            guard let taken else { return .failure(Unwritable(message: "the runs took different paths of the cell for different taps")) }
            if taken == 1 {
                node = Self.replacing(node, "source", .string(id))
            } else {
                var paths = Self.items(cellNode["paths"]).map(Self.output)
                paths[taken - 2] = Self.replacing(paths[taken - 2], "source", .string(id))
                node = Self.replacing(node, "paths", .array(paths))
            }
            return .success(Change(node: node, confirms: true, source: source))
        }
        guard let path = Self.observedPath(cell, taps: taps, outcomes: outcomes, source: id, os: run.os) else {
            return .failure(Unwritable(message: "the calls of a tap do not begin with the calls on arrival seen without a tap"))
        }
        node = Self.replacing(node, "paths", .array(Self.items(cellNode["paths"]).map(Self.output) + [path]))
        return .success(Change(node: node, confirms: false, source: source))
    }

    /// The runs' path as the spec writes it: calls seen without a tap on delivery, then each tap's; nil if a tap's
    /// calls do not begin so.
    private static func observedPath(
        _ cell: Cell, taps: [String?], outcomes: [Observation.Outcome], source: String, os: String
    ) -> JSONOutput? {
        let delivery = outcomes[0].observed[0]
        var tapCalls: [(String, [FieldLog.Call])] = []
        for (tap, outcome) in zip(taps.dropFirst(), outcomes.dropFirst()) {
            let calls = outcome.observed[0]
            guard let tap, calls.starts(with: delivery) else { return nil }
            tapCalls.append((tap, Array(calls.dropFirst(delivery.count))))
        }
        let old = Dictionary(uniqueKeysWithValues: cell.taps.map { ($0.tap.id, $0.calls) })
        return .object([
            ("onDelivery", calls(delivery, keepingNotesOf: cell.onDelivery)),
            ("taps", .object(tapCalls.map { tap, calls in (tap, Self.calls(calls, keepingNotesOf: old[tap] ?? [])) })),
            ("source", .string(source)), ("seenOn", .string("iOS \(os)")),
        ])
    }

    /// `observed_` and the device and version with everything but letters and digits as `_`.
    static func sourceID(device: String, os: String) -> String {
        "observed_" + String((device + "_" + os).map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// An `observed` source; in a spec of the older form, whose sources declare no kind, one that says only that Apple
    /// does not document it. Its title and caveat are the spec's `observedTitle` and `observedCaveat` phrases, naming
    /// device and version.
    private static func observedSource(id: String, device: String, os: String, matrix: Matrix) -> JSONOutput {
        let spec = matrix.spec
        func localized(_ phrase: String) -> JSONOutput {
            .object(
                spec.languages.map { language in
                    let book = Phrasebook(matrix: matrix, language: language.id)
                    return (language.id, .string(book.phrase(phrase, ["device": .text(device), "os": .text(os)]).plainText))
                })
        }
        let evidence: [(String, JSONOutput)] =
            spec.showsSourceKinds
            ? [("kind", .string("observed")), ("device", .string(device)), ("os", .string("iOS \(os)"))]
            : [("appleDocumented", .bool(false))]
        return .object(
            [("id", .string(id))] + evidence + [
                ("platforms", .string("iOS \(os)")), ("title", localized("observedTitle")), ("caveat", localized("observedCaveat")),
            ])
    }

    /// Calls as the spec writes them; a call keeps the notes of the old call at its place when it is the same handler
    /// in the same state.
    private static func calls(_ calls: [FieldLog.Call], keepingNotesOf old: [Call]) -> JSONOutput {
        .array(
            calls.enumerated().map { index, call in
                var members: [(String, JSONOutput)] = [("handler", .string(call.handler))]
                if let state = call.state { members.append(("state", .string(state))) }
                if index < old.count, old[index].handler.id == call.handler, old[index].state?.id == call.state, !old[index].notes.isEmpty {
                    members.append(("notes", .array(old[index].notes.map { .string($0.id) })))
                }
                return .object(members)
            })
    }

    private static func items(_ node: JSONNode?) -> [JSONNode] {
        guard let node, case .array(let items) = node.value else { return [] }
        return items
    }

    private static func replacing(_ object: JSONOutput, _ key: String, _ value: JSONOutput) -> JSONOutput {
        guard case .object(var members) = object else { return object }
        if let index = members.firstIndex(where: { $0.0 == key }) { members[index].1 = value } else { members.append((key, value)) }
        return .object(members)
    }

    /// The parsed document as output, in its own order. A validated spec's numbers are integers.
    private static func output(_ node: JSONNode) -> JSONOutput {
        switch node.value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let text): Int(text).map(JSONOutput.int) ?? .string(text)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(output))
        case .object(let members): .object(members.map { ($0.key, output($0.value)) })
        }
    }
}
