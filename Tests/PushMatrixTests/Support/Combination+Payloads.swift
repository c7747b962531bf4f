@testable import PushMatrix

extension Combination {
    /// Payload combinations in the docs' order, worked out independently of `Payload.all`: the
    /// first key varies slowest, "set" before "not set".
    static func payloads(_ keys: [String]) -> [[String: Bool]] {
        keys.reduce([[:]]) { partial, key in
            partial.flatMap { p in [true, false].map { value in p.merging([key: value]) { a, _ in a } } }
        }
    }
}
