import PushMatrixModel
import PushMatrixSpec
import PushMatrixSupport

/// The view model of `explain`'s human-readable output.
package struct ExplainView {
    package let book: Phrasebook
    /// The optional handlers the app lacks, as the query said.
    package let without: Set<String>
    /// Whether the query came with a real payload, which decided the calls that depend on its APNs keys; without one,
    /// such a call is told as conditional and its note is not repeated.
    package let knowsAPNsKeys: Bool
    /// The wrapper whose events the answer also gives, if one was asked for.
    package var wrapper: WrapperQuery?

    /// What `--wrapper` and `--sender` asked.
    package struct WrapperQuery {
        package var wrapper: Wrapper
        /// Whether the push came from the wrapper's own backend.
        package var ownMessage: Bool
        /// The conditions asked for that the wrapper's rules settle, and so were not applied.
        package var settled: [String]

        package init(wrapper: Wrapper, ownMessage: Bool, settled: [String]) {
            self.wrapper = wrapper
            self.ownMessage = ownMessage
            self.settled = settled
        }
    }

    package init(book: Phrasebook, without: Set<String>, knowsAPNsKeys: Bool) {
        (self.book, self.without, self.knowsAPNsKeys) = (book, without, knowsAPNsKeys)
    }

    /// `spec` names the matrix that answered, as `--spec` would; `conditions`, the ids of the conditions it answered
    /// under. `compact` tells each path on one line and leaves out the setups' descriptions and the conditions' texts;
    /// a condition that selects none of the cells says so, and what it selects, either way.
    package func value(_ outcomes: [Outcome], spec: String, conditions: [String] = [], compact: Bool = false) -> TemplateValue {
        let matrix = book.matrix
        return .object([
            "spec": .text(spec), "payload": .inline(book.payload(outcomes.first?.payload ?? [:])), "compact": .bool(compact),
            "wrapper": wrapperHeading(),
            "setups": .list(
                (compact ? [] : outcomes.map(\.setup).uniqued()).map { id in
                    .object([
                        "name": .inline(book.name(matrix.setups[id]!.name)), "text": .inline(book.text(matrix.setups[id]!.description)),
                    ])
                }),
            "conditions": .list(
                conditions.map { id in
                    let condition = matrix.spec.conditions.first { $0.id == id }!
                    let applies = outcomes.contains { matrix.applies(id, to: $0) }
                    let notApplying = book.phrase("conditionNotApplying", ["cells": book.selection(condition.appliesTo)])
                    let text = compact ? Inline([]) : book.text(condition.text)
                    return .object([
                        "name": .inline(book.name(condition.name)),
                        "text": .inline(applies ? text : notApplying),
                        "sources": .list(applies && !compact ? condition.sources.map { .inline(source($0.id)) } : []),
                        "beyond": .inline(applies && !compact ? beyond(condition.extrapolated, condition.saw) ?? Inline([]) : Inline([])),
                    ])
                }),
            "outcomes": .list(
                outcomes.map { outcome in
                    .object([
                        "setup": .inline(book.name(matrix.setups[outcome.setup]!.name)),
                        "appState": .inline(book.name(matrix.appStates[outcome.appState]!.name)),
                        "lines": .list(compact ? ([outcome] + outcome.paths).map { .inline(line($0)) } : []),
                        "multiPath": .bool(!outcome.paths.isEmpty),
                        "firstLabel": .inline(outcome.paths.isEmpty ? Inline([]) : label(outcome)), "under": under(outcome),
                        "steps": steps(
                            book.steps(
                                onDelivery: outcome.onDelivery, notificationCenter: outcome.notificationCenter, taps: outcome.taps,
                                conditional: !knowsAPNsKeys)),
                        "wrapped": wrapped(outcome),
                        "paths": .list(
                            outcome.paths.map { path in
                                .object([
                                    "label": .inline(label(path)), "under": under(path), "wrapped": wrapped(path),
                                    "steps": steps(
                                        book.pathSteps(
                                            onDelivery: path.differs.onDelivery ? path.onDelivery : nil,
                                            taps: path.taps.filter { path.differs.taps.contains($0.tap) })),
                                ])
                            }),
                        "methods": .list(
                            handlers(outcome).map { handler in
                                .object([
                                    "handler": .inline(book.name(matrix.handlers[handler]!.name)),
                                    "swift": .inline(.code(matrix.method(handler, setup: outcome.setup).swift)),
                                ])
                            }),
                        "notes": .list(
                            (outcome.notes + outcome.paths.flatMap(\.notes)).uniqued().compactMap { note($0).map { .inline($0) } }),
                        // Path labels name a source briefly: every path's is told here in full.
                        "source": .list(
                            ([outcome] + outcome.paths).flatMap { [$0.source] + $0.alike.map(\.source) }.uniqued().map(source)
                                .filter { !$0.isEmpty }.map { .inline($0) }),
                    ])
                }),
        ])
    }

    /// `explain --handler`'s answer, in the compact shape, from `outcomes(calling:)`: for each setup and app state, a
    /// line for each path, place and calls of `handler` (a later path's only where they differ from the first path's),
    /// with the payloads that make them.
    package func value(calling handler: String, _ outcomes: [Outcome], spec: String) -> TemplateValue {
        let matrix = book.matrix
        return .object([
            "spec": .text(spec), "payload": .inline(book.name(matrix.handlers[handler]!.name)), "compact": true, "setups": [],
            "wrapper": [],
            "conditions": [],
            "outcomes": .list(
                matrix.spec.setups.flatMap { setup in matrix.spec.appStates.map { [setup.id, $0.id] } }.filter { cell in
                    outcomes.contains { [$0.setup, $0.appState] == cell }
                }.map { cell in
                    let lines = outcomes.filter { [$0.setup, $0.appState] == cell }.flatMap { outcome in
                        let payload = Payload(outcome.payload, keys: matrix.payloadKeyIds)
                        return ([outcome] + outcome.paths).flatMap { path in
                            zip(Self.places(path), Self.places(outcome)).compactMap { at, first -> (line: Inline, payload: Payload)? in
                                let calls = at.calls.filter { $0.handler.id == handler }
                                guard !calls.isEmpty, path.path == 1 || at.calls != first.calls else { return nil }
                                return (label(path) + .text(book.glue["colon"]!) + place(at.tap, calls), payload)
                            }
                        }
                    }
                    let told = lines.grouped(by: \.line.plainText).map { _, these in
                        these[0].line + .text(book.glue["detail"]!) + book.condition(these.map(\.payload))
                    }
                    return .object([
                        "setup": .inline(book.name(matrix.setups[cell[0]]!.name)),
                        "appState": .inline(book.name(matrix.appStates[cell[1]]!.name)), "lines": .list(told.map { .inline($0) }),
                    ])
                }),
        ])
    }

    /// The wrapper the answer is also told in, with its versions and commit, and each condition asked for that its rules
    /// settle; empty without a wrapper.
    private func wrapperHeading() -> TemplateValue {
        guard let wrapper else { return .list([]) }
        let settled = wrapper.settled.map { id in
            let condition = book.matrix.spec.conditions.first { $0.id == id }!
            let line = book.phrase("wrapperSettled", ["condition": book.name(condition.name), "wrapper": book.name(wrapper.wrapper.name)])
            return TemplateValue.inline(line + .text(book.glue["space"]!) + book.text(wrapper.wrapper.delegate))
        }
        return .list([.object(["heading": .inline(book.wrapperHeading(wrapper.wrapper)), "settled": .list(settled)])])
    }

    /// One path's calls in the wrapper's events, each with its rule; empty without a wrapper.
    private func wrapped(_ path: Outcome) -> TemplateValue {
        guard let wrapper else { return .list([]) }
        let places = book.matrix.wrapped(path, by: wrapper.wrapper, ownMessage: wrapper.ownMessage)
        return .list(
            book.wrapperLines(places, of: wrapper.wrapper).map { line, details in
                .object(["line": .inline(line), "details": .list(details.map { .inline($0) })])
            })
    }

    private func steps(_ steps: [ToldStep]) -> TemplateValue {
        .list(
            steps.map { step in
                .object([
                    "text": .inline(step.text), "items": .list(step.items.map { .object(["text": .inline($0.text)]) }),
                    "lines": .list(step.lines.map { .inline($0) }),
                ])
            })
    }

    /// Why an extrapolated condition or path applies beyond what its sources saw (`saw`); nil for one within them.
    private func beyond(_ extrapolated: Bool, _ saw: Scope?) -> Inline? {
        guard extrapolated, let reason = saw?.beyond else { return nil }
        return book.phrase("extrapolatedBecause", ["reason": book.text(reason)])
    }

    /// What the query's conditions did to one path: which changed it, the calls they hold until the app is next opened,
    /// the calls no source settles, under which another path is the likely one, and which other paths they made the
    /// same as this one.
    private func under(_ path: Outcome) -> TemplateValue {
        func names(_ ids: [String]) -> Inline {
            book.join(ids.map { id in book.name(book.matrix.spec.conditions.first { $0.id == id }!.name) }, with: "listSeparator")
        }
        let alike = path.alike.map {
            book.pathLabel(nil, source: $0.source, seenOn: $0.seenOn, extrapolated: $0.extrapolated, premise: $0.premise)
        }
        let lines: [Inline?] = [
            alike.isEmpty ? nil : book.phrase("conditionSamePath", ["paths": book.join(alike, with: "listSeparator")]),
            path.changedBy.isEmpty ? nil : book.phrase("conditionsChanging", ["conditions": names(path.changedBy)]),
            path.held.isEmpty ? nil : book.phrase("conditionHeld", ["calls": book.calls(path.held)]),
            path.unsettled.isEmpty ? nil : book.phrase("conditionUnsettled", ["calls": book.calls(path.unsettled)]),
            path.unlikelyUnder.isEmpty ? nil : book.phrase("conditionUnlikely", ["conditions": names(path.unlikelyUnder)]),
            beyond(path.extrapolated, book.matrix.sources[path.source]!.saw),
        ]
        return .list(lines.compactMap { $0.map { .inline($0) } })
    }

    /// A path on one line: its label, then what arrival and each tap call, or that nothing reaches the app.
    /// With a wrapper, each call is told with the events it becomes.
    private func line(_ path: Outcome) -> Inline {
        let told =
            wrapper.map { query in
                book.wrapperLines(book.matrix.wrapped(path, by: query.wrapper, ownMessage: query.ownMessage), of: query.wrapper).map(\.line)
            } ?? Self.places(path).filter { $0.tap != "delivery" || !$0.calls.isEmpty }.map { place($0.tap, $0.calls) }
        return label(path) + .text(book.glue["colon"]!) + (told.isEmpty ? book.phrase("ignored") : joined(told))
    }

    /// A path's calls on arrival (`delivery`) and on each possible tap.
    static func places(_ path: Outcome) -> [(tap: String, calls: [Call])] { [("delivery", path.onDelivery)] + path.taps }

    /// `notification body: action handler (.inactive)`: the calls made on arrival (`delivery`) or on a tap.
    private func place(_ at: String, _ calls: [Call]) -> Inline {
        let name = at == "delivery" ? book.phrase("arrival") : book.name(book.matrix.taps[at]!.name)
        return book.phrase("choiceItem", ["tap": name, "calls": book.calls(calls)])
    }

    /// Parts of one line, between the language's separator of items.
    private func joined(_ parts: [Inline]) -> Inline { parts.dropFirst().reduce(parts[0]) { $0 + .text(book.glue["items"]!) + $1 } }

    /// `Path 2 (reported: onmyway133)`, as the docs label it.
    private func label(_ outcome: Outcome) -> Inline {
        book.pathLabel(
            outcome.path, source: outcome.source, seenOn: outcome.seenOn, extrapolated: outcome.extrapolated, premise: outcome.premise)
    }

    /// A note as this query reads it. One about a handler the app is known to lack has already been applied to the
    /// calls: its words for that case, if it has them, or nothing. One that sets a condition on APNs keys is left to
    /// its step when no payload decided it.
    func note(_ id: String) -> Inline? {
        let note = book.matrix.notes[id]!
        if !knowsAPNsKeys && note.onlyWithAPNsKeys != nil { return nil }  // its step says it
        guard let fallback = note.whenMissing, without.contains(fallback.handler.id) else { return book.text(note.text) }
        return fallback.text.map { book.text($0) }
    }

    /// A source and its kind, when the spec gives kinds.
    private func source(_ id: String) -> Inline {
        let source = book.matrix.sources[id]!
        guard book.matrix.spec.showsSourceKinds else { return Inline([]) }
        return book.phrase("sourceLine", ["source": book.text(source.title), "kind": book.phrase(Phrases.kindPhrase(source.kind))])
    }

    /// The handlers an outcome calls on any path, each once, in the order the steps first name them.
    private func handlers(_ outcome: Outcome) -> [String] {
        ([outcome] + outcome.paths).flatMap { $0.onDelivery + $0.taps.flatMap(\.calls) }.map(\.handler.id).uniqued()
    }
}
