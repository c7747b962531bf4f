/// One point of the matrix: a payload (each declared key set or not), a setup and
/// an app state, as validation names a missing one; `setupWords` is the spec's name for the second.
struct Combination {
    package var payload: [String: Bool]
    package var setup: String
    package var appState: String
    package var keys: [String]
    package var setupWords: String

    package var description: String {
        let flags = keys.map { "\($0): \(payload[$0] == true)" }.joined(separator: ", ")
        return "payload {\(flags)}, \(setupWords) '\(setup)', app state '\(appState)'"
    }
}
