/// One point of the matrix: a payload (each declared key set or not), a setup and
/// an app state, as validation names a missing one; `setupWords` is the spec's name for the second.
struct Combination {
    var payload: [String: Bool]
    var setup: String
    var appState: String
    var keys: [String]
    var setupWords: String

    var description: String {
        let flags = keys.map { "\($0): \(payload[$0] == true)" }.joined(separator: ", ")
        return "payload {\(flags)}, \(setupWords) '\(setup)', app state '\(appState)'"
    }
}
