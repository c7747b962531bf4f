/// Ids become Swift names, file names and HTML anchors, so they must be safe as all three.
package enum Identifier {
    package static func problem(_ id: String) -> String? {
        guard let first = id.unicodeScalars.first else { return "is empty" }
        guard isLetter(first) else { return "must start with an ASCII letter" }
        guard id.unicodeScalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || $0 == "_" }) else {
            return "may hold only ASCII letters, digits and '_'"
        }
        if id.count > 64 { return "is longer than 64 characters" }
        if swiftKeywords.contains(id) { return "is a Swift keyword" }
        return nil
    }

    /// `contentAvailable` → `content-available`, for command-line flags and anchors: each capital letter lowered after a
    /// hyphen.
    package static func hyphenated(_ id: String) -> String {
        String(id.flatMap { $0.isUppercase ? "-" + $0.lowercased() : String($0) })
    }

    private static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }

    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]
}
