/// The view model of `explain`'s human-readable output.
struct ExplainView {
    let book: Phrasebook
    /// The optional handlers the app lacks, as the query said.
    let without: Set<String>
    /// Whether the query came with a real payload, which decided the calls that depend on its
    /// APNs keys; without one, such a call is told as conditional and its note is not repeated.
    let knowsAPNsKeys: Bool

    /// `spec` names the matrix that answered, as `--spec` would.
    func value(_ outcomes: [Outcome], spec: String) -> TemplateValue {
        let matrix = book.matrix
        return .object([
            "spec": .text(spec),
            "payload": .inline(book.payload(outcomes.first?.payload ?? [:])),
            "outcomes": .list(
                outcomes.map { outcome in
                    let steps = book.steps(
                        onDelivery: outcome.onDelivery, notificationCenter: outcome.notificationCenter, taps: outcome.taps,
                        conditional: !knowsAPNsKeys)
                    return .object([
                        "setup": .inline(book.name(matrix.setups[outcome.setup]!.name)),
                        "appState": .inline(book.name(matrix.appStates[outcome.appState]!.name)),
                        "steps": .list(
                            steps.map { step in
                                .object([
                                    "text": .inline(step.text), "items": .list(step.items.map { .object(["text": .inline($0.text)]) }),
                                ])
                            }),
                        "methods": .list(
                            handlers(outcome).map { handler in
                                .object([
                                    "handler": .inline(book.name(matrix.handlers[handler]!.name)),
                                    "swift": .inline(.code(matrix.method(handler, setup: outcome.setup).swift)),
                                ])
                            }),
                        "notes": .list(outcome.notes.compactMap(note)),
                        "source": .inline(source(outcome.source)),
                    ])
                }),
        ])
    }

    /// A note as this query reads it. One about a handler the app is known to lack has already
    /// been applied to the calls: its words for that case, if it has them, or nothing. One that
    /// sets a condition on APNs keys is left to its step when no payload decided it.
    private func note(_ id: String) -> TemplateValue? {
        let note = book.matrix.notes[id]!
        if !knowsAPNsKeys && note.onlyWithAPNsKeys != nil { return nil }  // its step says it
        guard let fallback = note.whenMissing, without.contains(fallback.handler.id) else { return .inline(book.text(note.text)) }
        return fallback.text.map { .inline(book.text($0)) }
    }

    /// The cell's source and its kind, when the spec gives kinds.
    private func source(_ id: String) -> Inline {
        let source = book.matrix.sources[id]!
        guard book.matrix.spec.showsSourceKinds else { return Inline([]) }
        return book.phrase("sourceLine", ["source": book.text(source.title), "kind": book.phrase(Phrases.kindPhrase(source.kind))])
    }

    /// The handlers an outcome calls, each once, in the order the steps first name them.
    private func handlers(_ outcome: Outcome) -> [String] {
        var seen = Set<String>()
        return (outcome.onDelivery + outcome.taps.flatMap(\.calls)).map(\.handler.id).filter { seen.insert($0).inserted }
    }
}
