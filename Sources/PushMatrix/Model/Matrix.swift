/// The validated spec, indexed for the generators: lookups by id and cells by combination.
public struct Matrix: Sendable {
    public let spec: Spec
    let handlers: [String: Handler]
    let handlerStates: [String: HandlerState]
    let taps: [String: Tap]
    let notes: [String: Note]
    let appStates: [String: AppState]
    let initAPIs: [String: InitAPI]
    let sources: [String: Source]
    let symbols: [String: String]
    private let cells: [String: Cell]
    /// Every scenario (see `Scenario`), computed once: several outputs read them.
    public private(set) var scenarios: [Scenario] = []

    init(_ spec: Spec) {
        self.spec = spec
        handlers = Self.index(spec.handlers, \.id)
        handlerStates = Self.index(spec.handlerStates, \.id)
        taps = Self.index(spec.taps, \.id)
        notes = Self.index(spec.notes, \.id)
        appStates = Self.index(spec.appStates, \.id)
        initAPIs = Self.index(spec.initAPIs, \.id)
        sources = Self.index(spec.sources, \.id)
        symbols = Dictionary(spec.symbols.map { ($0.name, $0.code) }, uniquingKeysWith: { a, _ in a })
        let keys = spec.payloadKeys.map(\.id)
        cells = Dictionary(spec.cells.map { cell in
            (Combination.key(payload: Self.flags(cell), keys: keys, api: cell.api.id, appState: cell.appState.id), cell)
        }, uniquingKeysWith: { a, _ in a })
        scenarios = allScenarios()
    }

    private static func index<T>(_ items: [T], _ id: KeyPath<T, String>) -> [String: T] {
        Dictionary(items.map { ($0[keyPath: id], $0) }, uniquingKeysWith: { a, _ in a })
    }

    static func flags(_ cell: Cell) -> [String: Bool] {
        Dictionary(cell.payload.map { ($0.key.id, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    public var payloadKeyIds: [String] { spec.payloadKeys.map(\.id) }

    /// Validation guarantees every combination has a cell.
    public func cell(payload: [String: Bool], api: String, appState: String) -> Cell {
        cells[Combination.key(payload: payload, keys: payloadKeyIds, api: api, appState: appState)]!
    }

    /// Every note that applies to a cell: its column's, its own and its calls', sorted by id.
    public func noteIds(of cell: Cell) -> [String] {
        var ids = Set(appStates[cell.appState.id]!.notes.map(\.id) + cell.notes.map(\.id))
        for call in cell.onDelivery + cell.taps.flatMap(\.calls) { ids.formUnion(call.notes.map(\.id)) }
        return ids.sorted()
    }

    /// What iOS calls when the app lacks the given optional handlers: a call carrying a note that
    /// names a substitute becomes the substitute; any other call to a missing handler is skipped.
    func calls(_ calls: [Call], without missing: Set<String>) -> [Call] {
        calls.compactMap { call in
            guard missing.contains(call.handler.id) else { return call }
            let substitute = call.notes.lazy.compactMap { self.notes[$0.id]?.whenMissing }
                .first { $0.handler.id == call.handler.id }
            return substitute?.instead
        }
    }
}
