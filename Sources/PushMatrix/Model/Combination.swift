/// One point of the matrix: a payload (each declared key set or not), an init API and an app state.
struct Combination: Hashable {
    var payload: [String: Bool]
    var api: String
    var appState: String
    var keys: [String]

    var key: String { Self.key(payload: payload, keys: keys, api: api, appState: appState) }

    static func key(payload: [String: Bool], keys: [String], api: String, appState: String) -> String {
        keys.map { payload[$0] == true ? "1" : "0" }.joined() + "|\(api)|\(appState)"
    }

    var description: String {
        let flags = keys.map { "\($0): \(payload[$0] == true)" }.joined(separator: ", ")
        return "payload {\(flags)}, init API '\(api)', app state '\(appState)'"
    }

    /// Payload combinations in the docs' order: the first key varies slowest, "set" before "not set".
    static func payloads(_ keys: [String]) -> [[String: Bool]] {
        keys.reduce([[:]]) { partial, key in
            partial.flatMap { p in [true, false].map { value in p.merging([key: value]) { a, _ in a } } }
        }
    }

    static func all(_ spec: Spec) -> [Combination] {
        let keys = spec.payloadKeys.map(\.id)
        return payloads(keys).flatMap { payload in
            spec.initAPIs.flatMap { api in
                spec.appStates.map { Combination(payload: payload, api: api.id, appState: $0.id, keys: keys) }
            }
        }
    }
}
