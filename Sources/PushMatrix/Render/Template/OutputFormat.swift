/// How values become text in one output format. The template's literal text is written as is.
public protocol OutputFormat: Sendable {
    /// Appends `s`, escaped for this format, as UTF-8.
    func writeText(_ s: String, into out: inout [UInt8])
    /// Appends `s` as a code span, as UTF-8.
    func writeCode(_ s: String, into out: inout [UInt8])
    /// The rendered file as it is written; the rendering itself unless the format says otherwise.
    func finish(_ file: [UInt8]) -> [UInt8]
}

extension OutputFormat {
    public func finish(_ file: [UInt8]) -> [UInt8] { file }

    public func text(_ s: String) -> String {
        var out: [UInt8] = []
        writeText(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `s` as a code span.
    public func code(_ s: String) -> String {
        var out: [UInt8] = []
        writeCode(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public func inline(_ value: Inline) -> String {
        var out: [UInt8] = []
        write(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func write(_ value: Inline, into out: inout [UInt8]) {
        for segment in value.segments {
            switch segment {
            case .text(let s): writeText(s, into: &out)
            case .code(let s): writeCode(s, into: &out)
            }
        }
    }
}

/// What a format may need to write differently from the value's own bytes.
enum Escapable {
    /// "\n", "\r", or "\r\n" (`bytes` 2), which is one line break.
    case lineBreak(bytes: Int)
    /// Any other control character: C0, DEL or C1 (general category Cc).
    case control(UInt8)
    /// An ASCII byte the format's `special` picked.
    case byte(UInt8)

    /// Whether a C1 control (U+0080–U+009F, two bytes in UTF-8) starts at `i`.
    static func isC1(_ bytes: String.UTF8View, at i: String.Index) -> Bool {
        guard bytes[i] == 0xC2 else { return false }
        let next = bytes.index(after: i)
        return next != bytes.endIndex && (0x80...0x9F).contains(bytes[next])
    }

    /// Copies `s` and hands each escapable part to `escape`: line breaks, controls, and the
    /// ASCII bytes the format's own escapes are for (`special`). Runs in between are copied whole.
    static func write(_ s: String, into out: inout [UInt8], special: (UInt8) -> Bool, _ escape: (Escapable, inout [UInt8]) -> Void) {
        let bytes = s.utf8
        var i = bytes.startIndex, run = i
        while i != bytes.endIndex {
            let c = bytes[i], next = bytes.index(after: i)
            let part: Escapable, end: String.Index
            if c == .carriageReturn, next != bytes.endIndex, bytes[next] == .newline {
                (part, end) = (.lineBreak(bytes: 2), bytes.index(after: next))
            } else if c == .carriageReturn || c == .newline {
                (part, end) = (.lineBreak(bytes: 1), next)
            } else if c < 0x20 || c == 0x7F {
                (part, end) = (.control(c), next)
            } else if isC1(bytes, at: i) {
                (part, end) = (.control(bytes[next]), bytes.index(after: next))
            } else if c < 0x80 && special(c) {
                (part, end) = (.byte(c), next)
            } else {
                i = next
                continue
            }
            out.append(contentsOf: bytes[run..<i])
            escape(part, &out)
            (i, run) = (end, end)
        }
        out.append(contentsOf: bytes[run...])
    }
}

/// Values written unchanged; code spans written bare.
public struct PlainFormat: OutputFormat {
    public init() {}
    public func writeText(_ s: String, into out: inout [UInt8]) { out += s.utf8 }
    public func writeCode(_ s: String, into out: inout [UInt8]) { out += s.utf8 }
}

/// GitHub-flavoured Markdown whose values are safe anywhere, table cells included: they never start
/// markup, never break a line and never end a cell.
public struct MarkdownFormat: OutputFormat {
    public init() {}

    /// Punctuation that can start markup (emphasis, links, HTML, tables, strikethrough, headings,
    /// entities, GitHub math). CommonMark lets any ASCII punctuation be backslash-escaped; the rest
    /// is left alone so the Markdown source stays readable.
    private static func special(_ c: UInt8) -> Bool { "\\`*_[]<>|~#&$".utf8.contains(c) }

    public func writeText(_ s: String, into out: inout [UInt8]) {
        Escapable.write(s, into: &out, special: Self.special) { part, out in
            switch part {
            case .lineBreak: out += "<br>".utf8  // a table cell cannot hold a newline
            case .control: out += "\u{FFFD}".utf8  // NUL and friends have no place in a page
            case .byte(let b): out += [UInt8(ascii: "\\"), b]
            }
        }
    }

    public func writeCode(_ s: String, into out: inout [UInt8]) {
        // Most spans are a plain identifier: nothing to replace, no padding, one backtick each side.
        let bytes = s.utf8
        let padded = bytes.first == .space && bytes.last == .space
        let plain =
            !bytes.isEmpty && !padded
            && !bytes.indices.contains { i in
                let c = bytes[i]
                return c < 0x20 || c == 0x7F || c == UInt8(ascii: "`") || c == UInt8(ascii: "|") || Escapable.isC1(bytes, at: i)
            }
        guard plain else {
            out += Self.span(s).utf8
            return
        }
        out.append(UInt8(ascii: "`"))
        out += bytes
        out.append(UInt8(ascii: "`"))
    }

    private static func span(_ s: String) -> String {
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

    private static func special(_ c: UInt8) -> Bool { false }

    public func writeText(_ s: String, into out: inout [UInt8]) {
        Escapable.write(s, into: &out, special: Self.special) { part, out in
            if case .lineBreak(let bytes) = part { out += repeatElement(.space, count: bytes) } else { out.append(.space) }
        }
    }

    public func writeCode(_ s: String, into out: inout [UInt8]) { writeText(s, into: &out) }

    /// Each run of consecutive `import` lines sorted, as swift-format's OrderedImports wants:
    /// a template cannot place `import {{module}}` for every module name a user may choose.
    public func finish(_ file: [UInt8]) -> [UInt8] {
        let lines = file.split(separator: .newline, omittingEmptySubsequences: false)
        let isImport = { (line: ArraySlice<UInt8>) in line.starts(with: Array("import ".utf8)) }
        var out: [ArraySlice<UInt8>] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            let end = lines[index...].firstIndex { !isImport($0) } ?? lines.endIndex
            if end > index {
                out += lines[index..<end].sorted { $0.lexicographicallyPrecedes($1) }
                index = end
            } else {
                out.append(lines[index])
                index += 1
            }
        }
        return Array(out.joined(separator: [.newline]))
    }
}

/// HTML text and attribute values: markup characters become references, a line break becomes
/// `<br />`, and control characters HTML forbids become U+FFFD. The output is also well-formed
/// XML, so tests can read pages back with an XML parser.
public struct HTMLFormat: OutputFormat {
    public init() {}

    private static func special(_ c: UInt8) -> Bool { c == 0x26 || c == 0x3C || c == 0x3E || c == 0x22 || c == 0x27 }

    public func writeText(_ s: String, into out: inout [UInt8]) {
        Escapable.write(s, into: &out, special: Self.special) { part, out in
            switch part {
            case .lineBreak: out += "<br />".utf8
            case .control(UInt8(ascii: "\t")): out.append(.space)
            case .control: out += "\u{FFFD}".utf8
            case .byte(UInt8(ascii: "&")): out += "&amp;".utf8
            case .byte(UInt8(ascii: "<")): out += "&lt;".utf8
            case .byte(UInt8(ascii: ">")): out += "&gt;".utf8
            case .byte(UInt8(ascii: "\"")): out += "&quot;".utf8
            case .byte: out += "&#39;".utf8
            }
        }
    }

    public func writeCode(_ s: String, into out: inout [UInt8]) {
        out += "<code>".utf8
        writeText(s, into: &out)
        out += "</code>".utf8
    }
}

extension Unicode.Scalar {
    /// General category Cc (C0, DEL and C1), without a look-up in the Unicode tables.
    var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
