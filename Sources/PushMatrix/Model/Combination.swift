/// One point of the matrix: a payload (each declared key set or not), an init API and an app
/// state, as validation names a missing one.
struct Combination {
    var payload: [String: Bool]
    var api: String
    var appState: String
    var keys: [String]

    var description: String {
        let flags = keys.map { "\($0): \(payload[$0] == true)" }.joined(separator: ", ")
        return "payload {\(flags)}, init API '\(api)', app state '\(appState)'"
    }
}
