/// Reads a real APNs payload (`{"aps": {...}, ...}`) into the spec's payload flags, using each
/// payload key's declared APNs name and value test.
public enum APNsPayload {
    public static func flags(bytes: [UInt8], file: String, matrix: Matrix) throws(DiagnosticsError) -> [String: Bool] {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, maxDepth: SpecLoader.maxDepth)
        } catch {
            throw DiagnosticsError([Diagnostic(file: file, location: error.location, message: error.message)])
        }
        guard case .object = root.value else {
            throw DiagnosticsError([Diagnostic(file: file, location: root.location, message: "expected an APNs payload: a JSON object with an \"aps\" dictionary, found \(root.typeName)")])
        }
        guard let aps = root["aps"], case .object = aps.value else {
            let found = root["aps"].map { "\"aps\" is \($0.typeName)" } ?? "no \"aps\" key"
            throw DiagnosticsError([Diagnostic(file: file, location: root["aps"]?.location ?? root.location, path: "aps",
                                               message: "expected an APNs payload with an \"aps\" dictionary, found \(found)")])
        }
        var flags: [String: Bool] = [:]
        for key in matrix.spec.payloadKeys {
            let value = aps[key.apnsKey]
            flags[key.id] = key.presentWhen.contains { APNsMatcher(rawValue: $0.id)?.matches(value) == true }
        }
        return flags
    }
}

extension APNsMatcher {
    func matches(_ node: JSONNode?) -> Bool {
        guard let node else { return false }
        switch (self, node.value) {
        case (.nonEmptyString, .string(let s)): return !s.isEmpty
        case (.object, .object): return true
        case (.one, .number(let literal)): return Double(literal) == 1
        default: return false
        }
    }
}
