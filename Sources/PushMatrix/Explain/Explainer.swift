/// Answers "what happens to this push?" for each init API and app state asked about.
public struct Outcome: Sendable {
    public var api: String
    public var appState: String
    public var payload: [String: Bool]
    public var ignored: Bool
    public var onDelivery: [Call]
    public var notificationCenter: Bool
    /// Possible taps only, in declared order.
    public var taps: [(tap: String, calls: [Call])]
    public var notes: [String]
}

public struct ExplainQuery: Sendable {
    public var payload: [String: Bool]
    public var apis: [String]?
    public var appStates: [String]?
    /// Optional handlers the app does not implement.
    public var without: Set<String>

    public init(payload: [String: Bool], apis: [String]? = nil, appStates: [String]? = nil, without: Set<String> = []) {
        self.payload = payload
        self.apis = apis
        self.appStates = appStates
        self.without = without
    }
}

extension Matrix {
    public func explain(_ query: ExplainQuery) -> [Outcome] {
        let apis = spec.initAPIs.map(\.id).filter { query.apis?.contains($0) ?? true }
        let states = spec.appStates.map(\.id).filter { query.appStates?.contains($0) ?? true }
        return apis.flatMap { api in
            states.map { state in
                let cell = cell(payload: query.payload, api: api, appState: state)
                let taps = spec.taps.compactMap { tap in
                    cell.taps.first { $0.tap.id == tap.id }.map { (tap: tap.id, calls: calls($0.calls, without: query.without)) }
                }
                return Outcome(api: api, appState: state, payload: query.payload, ignored: cell.ignored,
                               onDelivery: calls(cell.onDelivery, without: query.without),
                               notificationCenter: cell.notificationCenter, taps: taps, notes: noteIds(of: cell))
            }
        }
    }

    /// The shape `explain --json` prints; ids as declared in the spec, and each call's delegate
    /// method under the outcome's init API as Swift names it.
    public func json(_ outcomes: [Outcome]) -> JSONOutput {
        return .array(outcomes.map { o in
            func call(_ c: Call) -> JSONOutput {
                .object([("handler", .string(c.handler.id))] + (c.state.map { [("state", .string($0.id))] } ?? [])
                        + [("method", .string(method(c.handler.id, api: o.api).swift))])
            }
            return .object([
                ("api", .string(o.api)),
                ("state", .string(o.appState)),
                ("payload", .object(payloadKeyIds.map { ($0, .bool(o.payload[$0] == true)) })),
                ("ignored", .bool(o.ignored)),
                ("onDelivery", .array(o.onDelivery.map(call))),
                ("notificationCenter", .bool(o.notificationCenter)),
                ("taps", .object(o.taps.map { ($0.tap, .array($0.calls.map(call))) })),
                ("notes", .array(o.notes.map { .string($0) })),
            ])
        })
    }
}
