/// The view model of `explain`'s human-readable output.
struct ExplainView {
    let book: Phrasebook

    func value(_ outcomes: [Outcome]) -> TemplateValue {
        let matrix = book.matrix
        return .object([
            "payload": .inline(book.payload(outcomes.first?.payload ?? [:])),
            "outcomes": .list(outcomes.map { outcome in
                let steps = book.steps(onDelivery: outcome.onDelivery, notificationCenter: outcome.notificationCenter, taps: outcome.taps)
                return .object([
                    "api": .inline(book.name(matrix.initAPIs[outcome.api]!.name)),
                    "appState": .inline(book.name(matrix.appStates[outcome.appState]!.name)),
                    "steps": .list(steps.map { step in
                        .object(["text": .inline(step.text), "items": .list(step.items.map { .object(["text": .inline($0.text)]) })])
                    }),
                    "methods": .list(handlers(outcome).map { handler in
                        .object(["handler": .inline(book.name(matrix.handlers[handler]!.name)),
                                 "swift": .inline(.code(matrix.method(handler, api: outcome.api).swift))])
                    }),
                    "notes": .list(outcome.notes.map { .inline(book.text(matrix.notes[$0]!.text)) }),
                ])
            }),
        ])
    }

    /// The handlers an outcome calls, each once, in the order the steps first name them.
    private func handlers(_ outcome: Outcome) -> [String] {
        var seen = Set<String>()
        return (outcome.onDelivery + outcome.taps.flatMap(\.calls)).map(\.handler.id).filter { seen.insert($0).inserted }
    }
}
