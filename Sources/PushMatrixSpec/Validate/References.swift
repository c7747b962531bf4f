import PushMatrixSupport

/// Resolves ids written in the spec against what it declares, reporting each one that does not.
struct References {
    let sink: DiagnosticSink
    package let sources: [String]
    package let symbols: [String]
    package let payloadKeys: [String]
    package let setups: [String]
    package let appStates: [String]
    package let handlerStates: [String]
    package let handlers: [String]
    package let taps: [String]
    package let notes: [String]
    /// The spec's name for its second dimension: "setup" unless the spec's `setupNames` gives another.
    package let setupWords: String
    /// Whether no payload key is declared twice (that is reported elsewhere).
    private let distinctKeys: Bool

    package init(spec: Spec, sink: DiagnosticSink) {
        self.sink = sink
        sources = spec.sources.map(\.id)
        symbols = spec.symbols.map(\.name)
        payloadKeys = spec.payloadKeys.map(\.id)
        setups = spec.setups.map(\.id)
        setupWords = spec.naming.words
        appStates = spec.appStates.map(\.id)
        handlerStates = spec.handlerStates.map(\.id)
        handlers = spec.handlers.map(\.id)
        taps = spec.taps.map(\.id)
        notes = spec.notes.map(\.id)
        distinctKeys = Set(payloadKeys).count == payloadKeys.count
    }

    @discardableResult
    package func resolve(_ reference: Reference, _ known: [String], _ kind: String) -> Bool {
        if known.contains(reference.id) { return true }
        sink.error(reference.origin, "unknown \(kind) '\(reference.id)'" + Suggestion.didYouMean(reference.id, in: known))
        return false
    }

    /// Resolves each of `references` against `known`, in order.
    package func resolve(_ references: some Sequence<Reference>, _ known: [String], _ kind: String) {
        for reference in references {
            resolve(reference, known, kind)
        }
    }

    /// The payload keys, setups and app states a selection of cells names.
    package func selection(_ selection: CellSelection) {
        resolve(selection.payload.map(\.key), payloadKeys, "payload key")
        resolve(selection.setups ?? [], setups, setupWords)
        resolve(selection.appStates ?? [], appStates, "app state")
    }

    package func call(_ call: Call) {
        resolve(call.handler, handlers, "handler")
        if let state = call.state { resolve(state, handlerStates, "handler state") }
        resolve(call.notes, notes, "note")
    }

    /// A cell address names every payload key once, a setup and an app state.
    package func address(_ address: CellAddress) {
        defer {
            resolve(address.setup, setups, setupWords)
            resolve(address.appState, appStates, "app state")
        }
        // Cells mostly name every key once, in the spec's order: one comparison a key shows it,
        // where looking each key up in the list would cost time growing with the square of the keys.
        if distinctKeys && address.payload.elementsEqual(payloadKeys, by: { $0.key.id == $1 }) {
            return
        }
        var seen = Set<String>()
        for (key, _) in address.payload {
            guard resolve(key, payloadKeys, "payload key") else { continue }
            if !seen.insert(key.id).inserted { sink.error(key.origin, "payload key '\(key.id)' given twice") }
        }
        for key in payloadKeys where !seen.contains(key) { sink.error(address.origin, "payload is missing key '\(key)' (true or false)") }
    }
}
