import PushMatrixSpec

/// A cell told as numbered steps, the way people read the matrix: calls on delivery, the notification in Notification
/// Center, then what each tap calls (with a shared first call, such as the launch, told once).
public struct ToldStep: Sendable {
    public struct Item: Sendable {
        public var text: Inline
        public var notes: [String]
    }
    public var text: Inline
    public var notes: [String] = []
    public var items: [Item] = []
    /// Lines under the step: the calls of it no source settles, then the app's duty on each call that has one.
    public var lines: [Inline] = []
}

extension Phrasebook {
    /// With `conditional`, a call on delivery whose notes need APNs keys (sound, badge) is told as happening if the
    /// payload carries one: for explain, which has no payload to decide it by. The docs tell it plainly, with the note
    /// as a footnote.
    public func steps(onDelivery: [Call], notificationCenter: Bool, taps: [(tap: String, calls: [Call])], conditional: Bool = false)
        -> [ToldStep]
    {
        // Cells that make the same calls read the same, and a matrix has few distinct ones.
        let key = Self.signature(onDelivery, notificationCenter, taps) + (conditional ? "?" : "")
        if let known = cache.steps[key] { return known }
        var steps = deliverySteps(onDelivery, conditional: conditional)
        if notificationCenter { steps.append(ToldStep(text: phrase("notificationCenter"))) }
        steps += tapSteps(taps)
        if steps.isEmpty { steps.append(ToldStep(text: phrase("ignored"))) }
        cache.steps[key] = steps
        return steps
    }

    /// Everything the steps are made from, as ids (which hold only letters, digits and '_').
    private static func signature(_ onDelivery: [Call], _ notificationCenter: Bool, _ taps: [(tap: String, calls: [Call])]) -> String {
        func told(_ calls: [Call]) -> String {
            calls.map { call in
                call.handler.id + "/" + (call.state?.id ?? "") + (call.bringsNotification ? "" : "!") + (call.unknown ? "?" : "")
                    + call.notes.map { "," + $0.id }.joined() + ";"
            }.joined()
        }
        return (notificationCenter ? "n" : "-") + told(onDelivery) + taps.map { "|" + $0.tap + ":" + told($0.calls) }.joined()
    }

    /// A later path's steps, told by what it does differently: its delivery calls where stated (even when none), then
    /// the taps it names.
    public func pathSteps(onDelivery: [Call]?, taps: [(tap: String, calls: [Call])]) -> [ToldStep] {
        let delivery = onDelivery.map { calls in
            calls.isEmpty ? [ToldStep(text: phrase("pathDeliversNothing"))] : deliverySteps(calls, conditional: false)
        }
        return (delivery ?? []) + tapSteps(taps)
    }

    /// The same, for a later path (as a cell, from `Cell.allPaths`) and what `differs` names.
    public func steps(ofPath path: Cell, differs: CellPath) -> [ToldStep] {
        let named = Set(differs.taps.map(\.tap.id))
        return pathSteps(
            onDelivery: differs.onDelivery == nil ? nil : path.onDelivery,
            taps: path.taps.filter { named.contains($0.tap.id) }.map { ($0.tap.id, $0.calls) })
    }

    /// Calls on arrival as steps: consecutive plain calls as one (`A, then B`), each call relying on APNs keys (if
    /// `conditional`) alone.
    private func deliverySteps(_ onDelivery: [Call], conditional: Bool) -> [ToldStep] {
        var steps: [ToldStep] = []
        var plain: [Call] = []
        func flush() {
            guard !plain.isEmpty else { return }
            steps.append(ToldStep(text: phrase("onDelivery", ["calls": calls(plain)]), notes: notes(plain), lines: lines(plain)))
            plain = []
        }
        for call in onDelivery {
            // The keys are joined as alternatives, as taps are.
            guard conditional, let keys = matrix.apnsCondition(call).map({ list($0.map(Inline.code), lastSeparator: "tapSeparator") })
            else {
                plain.append(call)
                // A duty's line follows the step that ends with its call.
                if matrix.spec.duty(of: call) != nil { flush() }
                continue
            }
            flush()
            steps.append(
                ToldStep(
                    text: phrase("onDeliveryIf", ["calls": self.call(call), "keys": keys]), notes: call.notes.map(\.id),
                    lines: lines([call])))
        }
        flush()
        return steps
    }

    private func tapSteps(_ taps: [(tap: String, calls: [Call])]) -> [ToldStep] {
        guard !taps.isEmpty else { return [] }
        let tapNames = taps.map { name(matrix.taps[$0.tap]!.name) }
        let shared = sharedPrefix(taps.map(\.calls))
        let rest = taps.map { Array($0.calls.dropFirst(shared.count)) }
        var steps: [ToldStep] = []
        if !shared.isEmpty {
            let listed = list(tapNames, lastSeparator: "tapSeparator")
            steps.append(
                ToldStep(text: phrase("tap", ["taps": listed, "calls": calls(shared)]), notes: notes(shared), lines: lines(shared)))
        }
        if rest.allSatisfy(\.isEmpty) { return steps }
        if taps.count == 1 {
            let text =
                shared.isEmpty ? phrase("tap", ["taps": tapNames[0], "calls": calls(rest[0])]) : phrase("then", ["calls": calls(rest[0])])
            steps.append(ToldStep(text: text, notes: notes(rest[0]), lines: lines(rest[0])))
        } else {
            let items = zip(tapNames, rest).map {
                ToldStep.Item(text: phrase("choiceItem", ["tap": $0, "calls": calls($1)]), notes: notes($1))
            }
            steps.append(ToldStep(text: phrase(shared.isEmpty ? "choice" : "thenChoice"), items: items, lines: lines(rest.flatMap { $0 })))
        }
        return steps
    }

    private func notes(_ calls: [Call]) -> [String] { calls.flatMap { $0.notes.map(\.id) } }

    /// What `calls` leave open and ask of the app: those no source settles, on one line as a condition's are, then a
    /// line for each duty.
    private func lines(_ calls: [Call]) -> [Inline] {
        let unsettled = calls.filter(\.unknown)
        let duties = calls.compactMap { call in
            matrix.spec.duty(of: call).map { phrase($0.report == .must ? "dutyMust" : "dutyMay", ["call": self.call(call)]) }
        }
        return (unsettled.isEmpty ? [] : [phrase("conditionUnsettled", ["calls": self.calls(unsettled)])]) + duties
    }

    /// The app launch every tap starts with when the app was not running: told once, first.
    private func sharedPrefix(_ sequences: [[Call]]) -> [Call] {
        guard var prefix = sequences.first else { return [] }
        prefix = Array(prefix.prefix { matrix.handlers[$0.handler.id]?.launchesApp == true })
        for sequence in sequences.dropFirst() {
            prefix = Array(
                prefix.prefix(
                    zip(prefix, sequence).prefix {
                        $0.handler.id == $1.handler.id && $0.state?.id == $1.state?.id && $0.bringsNotification == $1.bringsNotification
                            && $0.unknown == $1.unknown
                    }.count))
        }
        return prefix
    }
}
