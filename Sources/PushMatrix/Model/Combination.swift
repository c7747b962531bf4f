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
}
