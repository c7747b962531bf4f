import PushMatrixJSON
import PushMatrixModel
import PushMatrixSpec

/// `explain --json`: each outcome in spec ids, and each call with its Swift delegate method under the outcome's setup.
/// With conditions, each outcome and path also says which conditions changed it, what they hold until the app is next
/// opened, what no source settles, under which another path is likely, which of them do not select its cell, which
/// apply beyond what their sources saw, and which of the cell's paths they made the same as this one (`alike`).
struct ExplainJSON {
    let matrix: Matrix
    /// The ids of the conditions the query named: only with some are their fields written.
    let conditions: [String]
    /// The view whose reading of each note is written beside the ids (`noteTexts`), if asked for.
    let notes: ExplainView?
    /// The wrapper whose events each path also gives, if asked for.
    let wrapper: ExplainView.WrapperQuery?

    func value(_ outcomes: [Outcome]) -> JSONOutput {
        .array(outcomes.map { outcome(outcome: $0, paths: $0.paths) })
    }

    /// An outcome; its later paths (`paths`, nil for a path itself) go under `paths`, each with its calls, number,
    /// source and versions.
    private func outcome(outcome: Outcome, paths: [Outcome]?) -> JSONOutput {
        var fields: [(String, JSONOutput)] = []
        if paths == nil {
            fields.append(("path", .int(outcome.path)))
        } else {
            let payload = matrix.payloadKeyIds.map { ($0, JSONOutput.bool(outcome.payload[$0] == true)) }
            fields.append((matrix.spec.naming.label, .string(outcome.setup)))
            fields.append(("state", .string(outcome.appState)))
            fields.append(("payload", .object(payload)))
        }
        let call = { (call: Call) in self.call(call, setup: outcome.setup) }
        let source = matrix.sources[outcome.source]!
        fields.append(("ignored", .bool(outcome.ignored)))
        fields.append(("onDelivery", .array(outcome.onDelivery.map(call))))
        fields.append(("notificationCenter", .bool(outcome.notificationCenter)))
        fields.append(("taps", .object(outcome.taps.map { ($0.tap, .array($0.calls.map(call))) })))
        fields.append(("notes", .array(outcome.notes.map { .string($0) })))
        if let notes {
            fields.append(("noteTexts", .object(outcome.notes.compactMap { id in notes.note(id).map { (id, .string($0.plainText)) } })))
        }
        fields.append(("source", .object([("id", .string(source.id)), ("kind", .string(source.kind.rawValue))])))
        if let seenOn = outcome.seenOn {
            fields.append(("seenOn", .string(seenOn)))
        }
        if outcome.extrapolated {
            fields.append(("extrapolated", .bool(true)))
        }
        if let premise = outcome.premise {
            fields.append(("onlyUnder", .string(premise)))
        }
        if !conditions.isEmpty {
            if paths != nil {
                fields.append(("notApplying", .array(conditions.filter { !matrix.applies($0, to: outcome) }.map { .string($0) })))
                let extrapolated = matrix.spec.conditions.filter { $0.extrapolated && conditions.contains($0.id) }
                fields.append(("extrapolatedConditions", .array(extrapolated.map { .string($0.id) })))
            }
            fields.append(("changedBy", .array(outcome.changedBy.map { .string($0) })))
            fields.append(("held", .array(outcome.held.map(call))))
            fields.append(("unsettled", .array(outcome.unsettled.map(call))))
            fields.append(("unlikelyUnder", .array(outcome.unlikelyUnder.map { .string($0) })))
        }
        if let wrapper {
            fields.append(("wrapper", wrapped(outcome, wrapper)))
        }
        if !outcome.alike.isEmpty {
            fields.append(("alike", .array(outcome.alike.map { self.outcome(outcome: $0, paths: nil) })))
        }
        if let paths, !paths.isEmpty {
            fields.append(("paths", .array(paths.map { self.outcome(outcome: $0, paths: nil) })))
        }
        return .object(fields)
    }

    /// A path in the wrapper's events: the wrapper, its commit, whether the push was its own, and each place's calls with
    /// their events and the rule that decides them.
    private func wrapped(_ outcome: Outcome, _ query: ExplainView.WrapperQuery) -> JSONOutput {
        let places = matrix.wrapped(outcome, by: query.wrapper, ownMessage: query.ownMessage).map { place in
            JSONOutput.object([
                ("place", .string(place.place)),
                ("calls", .array(place.calls.map { wrappedCall($0, setup: outcome.setup, query) })),
            ])
        }
        var fields: [(String, JSONOutput)] = [("id", .string(query.wrapper.id)), ("commit", .string(query.wrapper.commit))]
        fields.append(("ownMessage", .bool(query.ownMessage)))
        fields.append(("settled", .array(query.settled.map { .string($0) })))
        fields.append(("places", .array(places)))
        return .object(fields)
    }

    private func wrappedCall(_ wrapped: WrappedCall, setup: String, _ query: ExplainView.WrapperQuery) -> JSONOutput {
        let rule = wrapped.rule
        var fields: [(String, JSONOutput)] = [("call", call(wrapped.call, setup: setup))]
        fields.append(("events", .array(rule.events.map { .string($0.id) })))
        fields.append(("rule", .string(rule.id)))
        fields.append(("file", .string(rule.file)))
        fields.append(("function", .string(rule.function)))
        fields.append(("lines", .string(rule.lines)))
        fields.append(("commit", .string(rule.commit ?? query.wrapper.commit)))
        if wrapped.held {
            fields.append(("held", .bool(true)))
        }
        if wrapped.unsettled {
            fields.append(("unsettled", .bool(true)))
        }
        // Whether the events depend on timing or are unsettled, always; the rule's words with --note-texts.
        for (key, text) in [("timing", rule.timing), ("unknown", rule.unknown)] {
            guard let text else { continue }
            fields.append((key, .bool(true)))
            if let notes {
                fields.append((key + "Text", .string(notes.book.text(text).plainText)))
            }
        }
        return .object(fields)
    }

    /// A call: its handler, its state if it has one, whether it comes without the notification or unsettled, the app's
    /// duty on it if a note states one, and its method.
    private func call(_ call: Call, setup: String) -> JSONOutput {
        var fields: [(String, JSONOutput)] = [("handler", .string(call.handler.id))]
        if let state = call.state {
            fields.append(("state", .string(state.id)))
        }
        if !call.bringsNotification {
            fields.append(("withoutNotification", .bool(true)))
        }
        if call.unknown {
            fields.append(("unknown", .bool(true)))
        }
        if let duty = matrix.spec.duty(of: call) {
            fields.append(
                ("duty", .object([("report", .string(duty.report.rawValue))] + (duty.by.map { [("by", .string($0.rawValue))] } ?? []))))
        }
        fields.append(("method", .string(matrix.method(call.handler.id, setup: setup).swift)))
        return .object(fields)
    }
}

extension ExplainView {
    /// `explain --json`'s document for `outcomes`; `conditions`: the ids of those the query named; `notes`: the view
    /// whose reading of the notes goes beside their ids, for `--note-texts`.
    package static func json(
        _ outcomes: [Outcome], matrix: Matrix, conditions: [String], notes: ExplainView? = nil, wrapper: WrapperQuery? = nil
    ) -> JSONOutput {
        ExplainJSON(matrix: matrix, conditions: conditions, notes: notes, wrapper: wrapper).value(outcomes)
    }
}

extension Matrix {
    /// Whether the condition `id` selects the cell `outcome` answers for.
    func applies(_ id: String, to outcome: Outcome) -> Bool {
        spec.conditions.first { $0.id == id }!.appliesTo.contains(
            payload: outcome.payload, setup: outcome.setup, appState: outcome.appState)
    }

    /// `explain`'s outcomes for every payload, payload by payload, in the setups and app states `setups` and
    /// `appStates` name (nil: all), where some path calls `handler`.
    package func outcomes(calling handler: String, setups: [String]?, appStates: [String]?) -> [Outcome] {
        let flags = payloads.map { payload in
            Dictionary(uniqueKeysWithValues: payloadKeyIds.indices.map { (payloadKeyIds[$0], payload.isSet($0)) })
        }
        return flags.flatMap { explain(ExplainQuery(payload: $0, setups: setups, appStates: appStates)) }.filter { outcome in
            ([outcome] + outcome.paths).contains { ExplainView.places($0).contains { $0.calls.contains { $0.handler.id == handler } } }
        }
    }
}
