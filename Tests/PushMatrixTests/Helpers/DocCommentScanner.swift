/// Finds the declarations of a Swift file that are part of its public interface and have no doc
/// comment (`///`) right above them (attributes may stand between). Reads Swift as swift-format
/// lays it out, which the generated Swift is checked to be: one declaration head per line, and
/// nesting shown by indentation.
///
/// Part of the public interface: a declaration marked `public` or `open`, a case of a public enum,
/// and a requirement of a public protocol (those two are public without saying so).
enum DocCommentScanner {
    /// How many declarations of the public interface a file has, and each one without a doc
    /// comment, as `line: text` with its line number from 1.
    static func scan(_ source: String) -> (declarations: Int, undocumented: [String]) {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var openers: [(indent: Int, head: Head?)] = []  // the blocks the current line is inside
        var declarations = 0
        var found: [String] = []
        for (index, line) in lines.enumerated() {
            let text = line.drop { $0 == " " }
            if text.isEmpty { continue }
            let indent = line.count - text.count
            while let last = openers.last, last.indent >= indent { openers.removeLast() }
            let head = Head(text)
            if needsDoc(head, in: openers.last?.head) {
                declarations += 1
                if !documented(lines[..<index]) { found.append("\(index + 1): \(text)") }
            }
            if text.hasSuffix("{") { openers.append((indent, head)) }
        }
        return (declarations, found)
    }

    private static func needsDoc(_ head: Head?, in parent: Head?) -> Bool {
        if let head, head.isPublic && head.keyword != "import" { return true }
        guard let parent, parent.isPublic else { return false }
        switch parent.keyword {
        case "enum": return head?.keyword == "case"
        case "protocol": return head.map { requirements.contains($0.keyword) } ?? false
        default: return false
        }
    }

    /// The lines above hold a doc comment, past any attribute lines.
    private static func documented(_ above: ArraySlice<Substring>) -> Bool {
        let previous = above.reversed().map { $0.drop { $0 == " " } }.first { !$0.hasPrefix("@") }
        return previous?.hasPrefix("///") ?? false
    }

    private static let requirements: Set<Substring> = [
        "func", "var", "init", "subscript", "associatedtype", "typealias", "static",
    ]

    /// A line's declaration head: its modifiers and the keyword after them; nil for a line that
    /// is not one (a statement, a comment, a closing brace).
    struct Head {
        static let keywords: Set<Substring> = [
            "func", "var", "let", "init", "class", "struct", "enum", "protocol", "typealias", "case", "subscript",
            "actor",
            "extension", "associatedtype", "import",
        ]
        static let modifiers: Set<Substring> = [
            "public", "open", "private(set)", "internal(set)", "fileprivate(set)", "nonisolated", "nonisolated(unsafe)",
            "final",
            "override", "static", "convenience", "required", "mutating", "lazy", "weak", "indirect", "dynamic",
        ]
        let modifiers: [Substring]
        let keyword: Substring
        var isPublic: Bool { modifiers.contains("public") || modifiers.contains("open") }

        init?(_ text: Substring) {
            var words = Self.droppingAttributes(text).split(separator: " ")[...]
            var modifiers: [Substring] = []
            while let first = words.first,
                Self.modifiers.contains(first) || (first == "class" && Self.isMember(words.dropFirst().first))
            {
                modifiers.append(first)
                words = words.dropFirst()
            }
            guard let word = words.first?.prefix(while: \.isLetter), Self.keywords.contains(word) else { return nil }
            self.modifiers = modifiers
            keyword = word
        }

        /// `class` before one of these is a modifier (`class func`), not a class's keyword.
        private static func isMember(_ word: Substring?) -> Bool {
            word.map { ["func", "var", "let", "subscript"].contains($0.prefix(while: \.isLetter)) } ?? false
        }

        /// The text after its leading attributes, such as `@MainActor` or `@available(iOS, introduced: 9.0)`.
        private static func droppingAttributes(_ text: Substring) -> Substring {
            var rest = text
            while rest.hasPrefix("@") {
                rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
                if rest.hasPrefix("("), let close = rest.firstIndex(of: ")") {
                    rest = rest[rest.index(after: close)...]
                }
                rest = rest.drop { $0 == " " }
            }
            return rest
        }
    }
}
