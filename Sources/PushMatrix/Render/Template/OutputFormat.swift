/// How values become text in one output format. The template's literal text is written as is.
public protocol OutputFormat: Sendable {
    func text(_ s: String) -> String
    func code(_ s: String) -> String
    /// The bytes of a value whose bytes are all `isPlain` are written unchanged.
    func isPlain(_ byte: UInt8) -> Bool
}

extension OutputFormat {
    public func isPlain(_ byte: UInt8) -> Bool { false }

    public func inline(_ value: Inline) -> String {
        var out: [UInt8] = []
        write(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Most values have nothing to escape; those are copied without building a String.
    func writeText(_ s: String, into out: inout [UInt8]) {
        var s = s
        let copied = s.withUTF8 { bytes in
            guard bytes.allSatisfy(isPlain) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !copied { out += text(s).utf8 }
    }

    func write(_ value: Inline, into out: inout [UInt8]) {
        for segment in value.segments {
            switch segment {
            case .text(let s): writeText(s, into: &out)
            case .code(let s): out += code(s).utf8
            }
        }
    }
}

/// Values written unchanged; code spans written bare.
public struct PlainFormat: OutputFormat {
    public init() {}
    public func isPlain(_ byte: UInt8) -> Bool { true }
    public func text(_ s: String) -> String { s }
    public func code(_ s: String) -> String { s }
}

/// GitHub-flavoured Markdown whose values are safe anywhere, table cells included: they never start
/// markup, never break a line and never end a cell.
public struct MarkdownFormat: OutputFormat {
    public init() {}

    /// Punctuation that can start markup (emphasis, links, HTML, tables, strikethrough, headings,
    /// entities, GitHub math). CommonMark lets any ASCII punctuation be backslash-escaped; the rest
    /// is left alone so the Markdown source stays readable.
    private static let special: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "#", "&", "$"]

    /// A byte that may need escaping: special punctuation or a control character.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || specialBytes.contains(byte)
    }
    private static let specialBytes: Set<UInt8> = Set("\\`*_[]<>|~#&$".utf8)

    public func isPlain(_ byte: UInt8) -> Bool { !Self.needsEscape(byte) }

    public func text(_ s: String) -> String {
        if !s.utf8.contains(where: Self.needsEscape) { return s }  // most texts are plain
        var out = String.UnicodeScalarView()
        var afterCR = false
        for c in s.unicodeScalars {
            defer { afterCR = c == "\r" }
            switch c {
            case "\n" where afterCR: continue  // \r\n is one line break
            case "\n", "\r": out.append(contentsOf: "<br>".unicodeScalars)  // a table cell cannot hold a newline
            case _ where c.isControl:
                out.append("\u{FFFD}")  // NUL and friends have no place in a page
            default:
                if Self.special.contains(c) { out.append("\\") }
                out.append(c)
            }
        }
        return String(out)
    }

    public func code(_ s: String) -> String {
        var body = String.UnicodeScalarView()
        var longestRun = 0
        var run = 0
        var afterCR = false
        for c in s.unicodeScalars {
            defer { afterCR = c == "\r" }
            if c == "`" {
                run += 1
                longestRun = max(longestRun, run)
            } else {
                run = 0
            }
            switch c {
            case "\n" where afterCR: continue
            case "\n", "\r": body.append(" ")  // code spans cannot hold line breaks either
            case "|": body.append(contentsOf: "\\|".unicodeScalars)  // GFM splits cells before parsing code spans
            case _ where c.isControl: body.append("\u{FFFD}")
            default: body.append(c)
            }
        }
        guard let first = body.first, let last = body.last else { return "" }
        // CommonMark strips one space from each side when both are present, and a backtick touching
        // the fence would merge with it; padding keeps the content exact.
        let allSpaces = body.allSatisfy { $0 == " " }
        let pad = first == "`" || last == "`" || (first == " " && last == " " && !allSpaces)
        let fence = String(repeating: "`", count: longestRun + 1)
        let inner = pad ? " " + String(body) + " " : String(body)
        return fence + inner + fence
    }
}

/// Swift source, where values land in `//` comments: line breaks would end the comment early,
/// and control characters have no place in source. Identifiers are passed verbatim instead.
public struct SwiftCommentFormat: OutputFormat {
    public init() {}

    /// C1 controls start with byte 0xC2.
    public func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x7F && byte != 0xC2 }

    public func text(_ s: String) -> String {
        if s.utf8.allSatisfy(isPlain) { return s }
        return String(String.UnicodeScalarView(s.unicodeScalars.map { $0.isControl ? " " : $0 }))
    }

    public func code(_ s: String) -> String { text(s) }
}

/// HTML text and attribute values: markup characters become references, a line break becomes
/// `<br />`, and control characters HTML forbids become U+FFFD. The output is also well-formed
/// XML, so tests can read pages back with an XML parser.
public struct HTMLFormat: OutputFormat {
    public init() {}

    /// Not markup, and not a control character (C1 controls start with byte 0xC2).
    public func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x7F && byte != 0xC2 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
            && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }

    public func text(_ s: String) -> String {
        if s.utf8.allSatisfy(isPlain) { return s }  // most texts have nothing to escape
        var out = ""
        var afterCR = false
        for c in s.unicodeScalars {
            defer { afterCR = c == "\r" }
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n" where afterCR: continue
            case "\n", "\r": out += "<br />"
            case "\t": out += " "
            default:
                if c.isControl {  // a String holds no surrogates
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }

    public func code(_ s: String) -> String { "<code>" + text(s) + "</code>" }
}

extension Unicode.Scalar {
    /// General category Cc (C0, DEL and C1), without a look-up in the Unicode tables.
    var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
