@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// Payloads and cells keyed by plain dictionaries and strings, worked out independently of the
/// generator's `Payload` bits, so the round-trip readers check it rather than reuse it.
enum Combination {
    /// Payload combinations in the docs' order: the first key varies slowest, "set" before "not set".
    static func payloads(_ keys: [String]) -> [[String: Bool]] {
        keys.reduce([[:]]) { partial, key in
            partial.flatMap { p in [true, false].map { value in p.merging([key: value]) { a, _ in a } } }
        }
    }

    static func key(payload: [String: Bool], keys: [String], setup: String, appState: String) -> String {
        keys.map { payload[$0] == true ? "1" : "0" }.joined() + "|\(setup)|\(appState)"
    }
}

extension Payload {
    func flags(_ keys: [String]) -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, isSet($0.offset)) })
    }
}

extension Anchors {
    static func section(_ payload: [String: Bool], keys: [String]) -> String {
        section(Payload(payload, keys: keys), keys: keys)
    }
}
