import PushMatrixJSON
import PushMatrixSpec
import PushMatrixSupport

/// Reads a real APNs payload (`{"aps": {...}, ...}`) into the spec's payload flags, by each payload key's APNs name and
/// value test; an input that is not a key of `aps` gets no flag.
public enum APNsPayload {
    /// APNs refuses a payload larger than this many bytes.
    package static let limit = 4096
    /// APNs refuses a VoIP push's payload larger than this many bytes.
    package static let voipLimit = 5120

    /// A payload's flags, and warnings: for keys present with a value that does not count as set and does not read as a
    /// deliberate "no" (`"content-available": "1"`, not `0`), since the sender probably meant them. `apnsKeys` are the
    /// keys of `aps` that have a value (not null), for the calls that depend on them (sound, badge); `rootKeys`, the
    /// payload's own keys beside `aps` (a wrapper's `gcm.message_id`).
    public typealias Reading = (flags: [String: Bool], apnsKeys: Set<String>, rootKeys: Set<String>, warnings: [Diagnostic])

    /// The payload file's reading, warned about too when it is larger than APNs takes.
    public static func read(bytes: [UInt8], file: String, matrix: Matrix) throws(DiagnosticsError) -> Reading {
        let root = try JSONParser.parse(bytes, file: file, maxDepth: SpecLoader.maxDepth)
        var reading = try read(root, file: file, matrix: matrix, path: "")
        if bytes.count > limit {
            let size = APNsRule.payloadSize.finding("the payload is \(bytes.count) bytes", file: file, at: root, path: "")
            reading.warnings.insert(size, at: 0)
        }
        return reading
    }

    /// The reading of the payload `root`, whose diagnostics' paths start with `prefix`.
    static func read(_ root: JSONNode, file: String, matrix: Matrix, path prefix: String) throws(DiagnosticsError) -> Reading {
        func refusal(_ location: SourceLocation?, path: String = "", _ message: String) -> DiagnosticsError {
            DiagnosticsError([Diagnostic(file: file, location: location, path: prefix + path, message: message)])
        }
        guard case .object = root.value else {
            throw refusal(root.location, "expected an APNs payload: a JSON object with an \"aps\" dictionary, found \(root.typeName)")
        }
        // A matrix that reads no input from `aps` (VoIP's) takes a payload without it.
        let readsAPS = matrix.spec.payloadKeys.contains { $0.apnsKey != nil }
        let aps = root["aps"]
        let members: [JSONNode.Member]
        if case .object(let found)? = aps?.value {
            members = found
        } else if aps == nil, !readsAPS {
            members = []
        } else {
            let found = aps.map { "\"aps\" is \($0.typeName)" } ?? "no \"aps\" key"
            throw refusal(
                aps?.location ?? root.location, path: "aps", "expected an APNs payload with an \"aps\" dictionary, found \(found)")
        }
        if let repeated = firstRepeatedKey(root) ?? aps.flatMap(firstRepeatedKey) {
            throw refusal(repeated.keyLocation, "duplicate key '\(repeated.key)': the payload is ambiguous")
        }
        var flags: [String: Bool] = [:]
        var warnings: [Diagnostic] = []
        // An input iOS gives beside the payload is not read from it: the caller gives it.
        for key in matrix.spec.payloadKeys {
            guard let apnsKey = key.apnsKey else { continue }
            let value = aps?[apnsKey]
            let matchers = key.presentWhen.compactMap { APNsMatcher(rawValue: $0.id) }
            flags[key.id] = matchers.contains { $0.matches(value) }
            if let value, flags[key.id] == false, !APNsMatcher.saysNotSet(value, to: matchers) {
                let expected = matchers.map(\.description).joined(separator: " or ")
                warnings.append(
                    Diagnostic(
                        file: file, location: value.location, path: prefix + "aps.\(apnsKey)",
                        message: "counted as not set: expected \(expected)", severity: .warning))
            }
        }
        guard case .object(let topLevel) = root.value else { return (flags, [], [], warnings) }
        let present = { (members: [JSONNode.Member]) in Set(members.filter { $0.value.value != .null }.map(\.key)) }
        return (flags, present(members), present(topLevel).subtracting(["aps"]), warnings)
    }

    static func firstRepeatedKey(_ node: JSONNode) -> JSONNode.Member? {
        guard case .object(let members) = node.value else { return nil }
        var seen = Set<String>()
        return members.first { !seen.insert($0.key).inserted }
    }
}

extension APNsMatcher: CustomStringConvertible {
    package var description: String {
        switch self {
        case .nonEmptyString: return "a non-empty string"
        case .object: return "a dictionary"
        case .one: return "the number 1"
        }
    }

    /// Whether a value no test accepts says "not set": JSON null or false, or a number test's zero
    /// (`"content-available": 0`). Any other (`"1"`, `true`, `2`, a string test's empty string) looks like a key meant
    /// to be set and written wrong.
    static func saysNotSet(_ node: JSONNode, to matchers: [APNsMatcher]) -> Bool {
        switch node.value {
        case .null, .bool(false): return true
        case .number(let literal): return Double(literal) == 0 && matchers.contains(.one)
        default: return false
        }
    }

    package func matches(_ node: JSONNode?) -> Bool {
        guard let node else { return false }
        switch (self, node.value) {
        case (.nonEmptyString, .string(let s)): return !s.isEmpty
        case (.object, .object): return true
        case (.one, .number(let literal)): return Double(literal) == 1
        default: return false
        }
    }
}
