import PushMatrixSpec

/// The validated spec, indexed for the generators: lookups by id and cells by combination.
public struct Matrix: Sendable {
    public let spec: Spec
    package let handlers: [String: Handler]
    package let handlerStates: [String: HandlerState]
    package let taps: [String: Tap]
    package let notes: [String: Note]
    package let appStates: [String: AppState]
    package let setups: [String: Setup]
    package let sources: [String: Source]
    package let symbols: [String: String]
    public let payloadKeyIds: [String]
    /// The cells by combination, as validation indexed them.
    private let cells: CellIndex
    /// Positions of payload keys, setups and app states, which address the cells.
    package var keyIndex: [String: Int] { cells.keyIndex }
    package var setupIndex: [String: Int] { cells.setupIndex }
    package var stateIndex: [String: Int] { cells.stateIndex }
    /// Every scenario (see `Scenario`), computed once: several outputs read them.
    public private(set) var scenarios: [Scenario] = []

    public init(_ validated: ValidatedSpec) {
        let spec = validated.spec
        self.spec = spec
        self.cells = validated.cells
        handlers = Self.index(spec.handlers, \.id)
        handlerStates = Self.index(spec.handlerStates, \.id)
        taps = Self.index(spec.taps, \.id)
        notes = Self.index(spec.notes, \.id)
        appStates = Self.index(spec.appStates, \.id)
        setups = Self.index(spec.setups, \.id)
        sources = Self.index(spec.sources, \.id)
        symbols = Dictionary(spec.symbols.map { ($0.name, $0.code) }, uniquingKeysWith: { a, _ in a })
        payloadKeyIds = spec.payloadKeys.map(\.id)
        scenarios = allScenarios()
    }

    private static func index<T>(_ items: [T], _ id: KeyPath<T, String>) -> [String: T] {
        Dictionary(items.map { ($0[keyPath: id], $0) }, uniquingKeysWith: { a, _ in a })
    }

    package func payload(of cell: Cell) -> Payload { Payload(cell.payload, keys: payloadKeyIds, keyIndex: keyIndex) }

    /// Every payload combination, in the docs' order.
    package var payloads: [Payload] { Payload.all(count: payloadKeyIds.count) }

    /// Validation guarantees every combination has a cell.
    public func cell(payload: [String: Bool], setup: String, appState: String) -> Cell {
        cell(Payload(payload, keys: payloadKeyIds), setup: setupIndex[setup]!, state: stateIndex[appState]!)
    }

    /// The cell of a payload and the positions of a setup and an app state in the spec.
    package func cell(_ payload: Payload, setup: Int, state: Int) -> Cell { spec.cells[cellIndex(payload, setup: setup, state: state)] }

    /// Where that cell is in `spec.cells`.
    package func cellIndex(_ payload: Payload, setup: Int, state: Int) -> Int { cells.cell(payload, setup, state) }

    /// The APNs keys of which the payload must carry one for `call` to happen, as its notes set them; nil when they set
    /// none.
    func apnsCondition(_ call: Call) -> [String]? {
        let keys = call.notes.compactMap { notes[$0.id]?.onlyWithAPNsKeys }.flatMap { $0.map(\.id) }
        return keys.isEmpty ? nil : keys
    }

    /// Every note that applies to a cell: its column's that are about its setup, its own and its calls', sorted by id.
    public func noteIds(of cell: Cell) -> [String] {
        var ids = Set(appStates[cell.appState.id]!.notes.map(\.id).filter { note($0, isAbout: cell.setup.id) } + cell.notes.map(\.id))
        for call in cell.onDelivery + cell.taps.flatMap(\.calls) { ids.formUnion(call.notes.map(\.id)) }
        return ids.sorted()
    }

    /// Whether note `id` is about setup `setup`: a note limited to some setups is not about the others.
    package func note(_ id: String, isAbout setup: String) -> Bool { notes[id]?.setups?.contains { $0.id == setup } ?? true }

    /// The delegate method by which `handler` is called under setup `setup` (validation guarantees every handler has
    /// one for every setup).
    package func method(_ handler: String, setup: String) -> MethodName { handlers[handler]!.methods.first { $0.setup.id == setup }! }

    /// What iOS calls when the app lacks these optional handlers: a call whose note names a substitute becomes it;
    /// others are skipped.
    package func calls(_ calls: [Call], without missing: Set<String>) -> [Call] {
        guard !missing.isEmpty else { return calls }  // most scenarios lack nothing: no copy
        return calls.compactMap { call in
            guard missing.contains(call.handler.id) else { return call }
            let substitute = call.notes.lazy.compactMap { self.notes[$0.id]?.whenMissing }.first { $0.handler.id == call.handler.id }
            return substitute?.instead
        }
    }
}
