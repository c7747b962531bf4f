import PushMatrixSupport

/// A parsed template: what the renderer walks.
enum TemplateNode: Sendable {
    case text([UInt8])  // UTF-8, copied to the output as is
    /// Start of a source line; a standalone partial's indentation is written here (Mustache spec).
    case lineStart
    case value(TemplateName, at: SourceLocation)
    case section(TemplateName, inverted: Bool, body: [TemplateNode], at: SourceLocation)
    /// `indent` is nil when the partial is used inline (not on a line of its own).
    case partial(String, indent: [UInt8]?, at: SourceLocation)
}

/// A name in a tag: `.` or a dotted path, whose first segment may be a list helper such as `@index`.
enum TemplateName: Sendable, Equatable, CustomStringConvertible {
    case current
    case path([String])

    static let helpers = ["@first", "@last", "@index", "@number"]

    package var description: String {
        switch self {
        case .current: return "."
        case .path(let segments): return segments.joined(separator: ".")
        }
    }
}

/// Turns template source into nodes, applying the Mustache standalone-line rule, and collects every error it can (it
/// stops only at a `{{` that never closes, since nothing after it is reliable). It scans UTF-8 bytes: every delimiter
/// is ASCII, so no index splits a character.
struct TemplateParser {
    private let s: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var lineStart = 0  // index of the current line's first byte
    private var pendingStart = 0  // literal text from here to `i` is not yet in `body`
    private var body: [TemplateNode] = []
    private var open: [(name: TemplateName, inverted: Bool, at: SourceLocation, parent: [TemplateNode])] = []
    package private(set) var diagnostics: [Diagnostic] = []
    /// Whether the source's final newline was kept as literal text (an inline partial drops it).
    private(set) var endsWithLiteralNewline = false

    package init(source: String, file: String) {
        s = Array(source.utf8)
        self.file = file
    }

    package mutating func parse() -> [TemplateNode] {
        markLineStart()
        while i < s.count {
            // Only a brace or a line break can matter: skip to the next one.
            i = s[i...].firstIndex { $0 == .openBrace || $0 == .newline } ?? s.count
            guard i < s.count else { break }
            if s[i] == .openBrace && i + 1 < s.count && s[i + 1] == .openBrace {
                guard tag() else { return [] }
                continue
            }
            i += 1
            if s[i - 1] == .newline {
                endsWithLiteralNewline = i == s.count
                flush()
                newLine()
            }
        }
        flush()
        for section in open { error(at: section.at, "unclosed section '\(section.name)' (opened here)") }
        diagnostics.sort { ($0.location ?? SourceLocation(line: 0, column: 0)) < ($1.location ?? SourceLocation(line: 0, column: 0)) }
        return body
    }

    // MARK: Lines

    private mutating func flush() {
        if pendingStart < i { body.append(.text(Array(s[pendingStart..<i]))) }
        pendingStart = i
    }

    /// Called with `i` at the first scalar of a new line.
    private mutating func newLine() {
        line += 1
        lineStart = i
        markLineStart()
    }

    /// Empty lines get no marker so an indented partial does not leave trailing whitespace.
    private mutating func markLineStart() {
        guard i < s.count, s[i] != .newline, !(s[i] == .carriageReturn && i + 1 < s.count && s[i + 1] == .newline) else { return }
        body.append(.lineStart)
    }

    private func isBlank(_ c: UInt8) -> Bool { c == .space || c == .tab }

    /// Index just past the line break ending a standalone tag's line, or nil if the line has more on it.
    private func standaloneEnd(tagStart: Int, tagEnd: Int, tagLineStart: Int) -> Int? {
        guard s[tagLineStart..<tagStart].allSatisfy(isBlank) else { return nil }
        let k = s[tagEnd...].firstIndex { !isBlank($0) } ?? s.count
        if k == s.count { return k }
        if s[k] == .newline { return k + 1 }
        if s[k] == .carriageReturn && k + 1 < s.count && s[k + 1] == .newline { return k + 2 }
        return nil
    }

    // MARK: Tags

    /// Parses the tag at `i`; false after an error that ends parsing.
    private mutating func tag() -> Bool {
        let start = i
        let tagLineStart = lineStart
        // Columns count characters (scalars), as editors do: skip UTF-8 continuation bytes.
        let at = SourceLocation(line: line, column: s[lineStart..<i].count(where: { $0 & 0xC0 != 0x80 }) + 1)
        var k = s[(i + 2)...].firstIndex { !isBlank($0) } ?? s.count
        let isComment = k < s.count && s[k] == UInt8(ascii: "!")
        // Comments may span lines; other tags close on their line, so a missing `}}` is reported where it is, not by
        // eating the next tag.
        while k + 1 < s.count && !(s[k] == .closeBrace && s[k + 1] == .closeBrace) && (isComment || s[k] != .newline) { k += 1 }
        guard k + 1 < s.count, s[k] == .closeBrace else {
            error(at: at, isComment ? "comment '{{!' is never closed by '}}'" : "'{{' is not closed by '}}' on the same line")
            return false
        }
        let content = trimmed(start + 2..<k)
        let end = k + 2
        for j in start..<end where s[j] == .newline {  // a multi-line comment moves the line counters
            line += 1
            lineStart = j + 1
        }

        let isStandaloneKind = content.first.map { "#^/>!".utf8.contains(s[$0]) } ?? false
        if isStandaloneKind, let next = standaloneEnd(tagStart: start, tagEnd: end, tagLineStart: tagLineStart) {
            let indent = Array(s[pendingStart..<start])  // all of it is the line's leading blanks
            if case .lineStart? = body.last { body.removeLast() }
            i = next
            pendingStart = next
            handle(content, at: at, indent: indent)
            if next > end && next <= s.count && s[next - 1] == .newline { newLine() }
        } else {
            flush()
            i = end
            pendingStart = end
            handle(content, at: at, indent: nil)
        }
        return true
    }

    /// `range` without the spaces and tabs tags allow around their parts.
    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        guard let first = s[range].firstIndex(where: { !isBlank($0) }) else { return range.lowerBound..<range.lowerBound }
        return first..<(s[range].lastIndex(where: { !isBlank($0) })! + 1)
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: s[range], as: UTF8.self) }

    /// A tag's trimmed content as bytes: names are nearly always ASCII; a String is made only for what the node keeps
    /// or a message quotes.
    private mutating func handle(_ tag: Range<Int>, at: SourceLocation, indent: [UInt8]?) {
        guard let first = tag.first else { return error(at: at, "empty tag '{{}}': expected a name") }
        let sigil = Unicode.Scalar(s[first])
        let rest = trimmed(first + 1..<tag.upperBound)
        switch sigil {
        case "!": return
        case "#", "^":
            guard let name = name(rest, sigil: String(sigil), at: at) else { return }
            open.append((name, sigil == "^", at, body))
            body = []
        case "/":
            guard let name = name(rest, sigil: "/", at: at) else { return }
            guard let section = open.popLast() else { return error(at: at, "'{{/\(name)}}' closes no open section") }
            if section.name != name {
                let opened = "\(section.at.line):\(section.at.column)"
                error(at: at, "section '\(section.name)' opened at \(opened) is closed by '{{/\(name)}}'")
            }
            let node = TemplateNode.section(section.name, inverted: section.inverted, body: body, at: section.at)
            body = section.parent
            body.append(node)
        case ">":
            guard !rest.isEmpty else { return error(at: at, "'{{>' needs the name of a partial") }
            guard !s[rest].contains(where: { isBlank($0) || $0 == .openBrace || $0 == .closeBrace }) else {
                return error(at: at, "invalid partial name '\(text(rest))'")
            }
            body.append(.partial(text(rest), indent: indent, at: at))
        case "{", "&": error(at: at, "unescaped output '{{\(sigil)' is not supported: every value is escaped by the output format")
        case "=": error(at: at, "changing delimiters with '{{=' is not supported")
        default:
            guard let name = name(tag, at: at) else { return }
            body.append(.value(name, at: at))
        }
    }

    /// Validates a tag's name; letters (any script), digits, `_` and `-`, in `.`-separated segments. `sigil` is the
    /// tag's, for messages.
    private mutating func name(_ range: Range<Int>, sigil: String = "", at: SourceLocation) -> TemplateName? {
        if range.count == 1 && s[range.lowerBound] == UInt8(ascii: ".") { return .current }
        guard !range.isEmpty else {
            error(at: at, "'{{\(sigil)' needs a name")
            return nil
        }
        var segments: [String] = []
        var start = range.lowerBound
        for end in range.lowerBound...range.upperBound where end == range.upperBound || s[end] == UInt8(ascii: ".") {
            let part = s[start..<end]
            let body = segments.isEmpty && part.first == UInt8(ascii: "@") ? part.dropFirst() : part
            // Names are nearly always ASCII, checked byte by byte; other letters by their properties.
            let valid =
                !body.isEmpty
                && (body.allSatisfy(Self.isASCIINameByte)
                    || String(decoding: body, as: UTF8.self).unicodeScalars.allSatisfy {
                        $0.isASCII ? Self.isASCIINameByte(UInt8($0.value)) : $0.properties.isAlphabetic
                    })
            guard valid else {
                error(at: at, "invalid name '\(text(range))': expected letters, digits, '_' or '-', with '.' between fields")
                return nil
            }
            segments.append(String(decoding: part, as: UTF8.self))
            start = end + 1
        }
        if segments[0].utf8.first == UInt8(ascii: "@") && !TemplateName.helpers.contains(segments[0]) {
            let hint =
                Suggestion.nearest(segments[0], in: TemplateName.helpers).map { " (did you mean '\($0)'?)" }
                ?? "; the list helpers are @first, @last, @index and @number"
            error(at: at, "unknown helper '\(segments[0])'\(hint)")
            return nil
        }
        return .path(segments)
    }

    private static func isASCIINameByte(_ b: UInt8) -> Bool {
        (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }

    private mutating func error(at: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(file: file, location: at, message: message))
    }
}
