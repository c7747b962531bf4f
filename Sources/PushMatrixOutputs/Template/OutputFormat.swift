import PushMatrixModel

/// How values become text in one output format. The template's literal text is written as is.
public protocol OutputFormat: Sendable {
    /// Appends `s`, escaped for this format, as UTF-8.
    func writeText(_ s: String, into out: inout [UInt8])
    /// Appends `s` as a code span, as UTF-8.
    func writeCode(_ s: String, into out: inout [UInt8])
}

extension OutputFormat {
    public func text(_ s: String) -> String { decoded { writeText(s, into: &$0) } }

    /// `s` as a code span.
    public func code(_ s: String) -> String { decoded { writeCode(s, into: &$0) } }

    public func inline(_ value: Inline) -> String { decoded { write(value, into: &$0) } }

    private func decoded(_ write: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        write(&out)
        return String(decoding: out, as: UTF8.self)
    }

    package func write(_ value: Inline, into out: inout [UInt8]) {
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
    static func isC1(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        b[i] == 0xC2 && i + 1 < b.count && (0x80...0x9F).contains(b[i + 1])
    }

    /// The bytes `write` must look at for a format escaping the ASCII bytes `special` picks: those, line breaks,
    /// controls and a C1 control's lead byte. One lookup per byte keeps the scan cheap, as nearly no byte of a value is
    /// one. Made once per format.
    struct Stops: Sendable {
        fileprivate let table: [Bool]

        package init(special: (UInt8) -> Bool) {
            table = (0...255).map { (c: UInt8) in c < 0x20 || c == 0x7F || c == 0xC2 || (c < 0x80 && special(c)) }
        }
    }

    /// Copies `s`, handing each escapable part to `escape` and the runs between whole: nothing to escape costs one scan
    /// and one copy.
    package static func write(_ s: String, into out: inout [UInt8], stops: Stops, _ escape: (Escapable, inout [UInt8]) -> Void) {
        var s = s
        s.withUTF8 { b in
            stops.table.withUnsafeBufferPointer { stops in
                var i = 0
                var run = 0
                while i < b.count {
                    let c = b[i]
                    guard stops[Int(c)] else {
                        i += 1
                        continue
                    }
                    let part: Escapable
                    let length: Int
                    if c == .carriageReturn || c == .newline {
                        length = c == .carriageReturn && i + 1 < b.count && b[i + 1] == .newline ? 2 : 1
                        part = .lineBreak(bytes: length)
                    } else if c < 0x20 || c == 0x7F {
                        (part, length) = (.control(c), 1)
                    } else if isC1(b, at: i) {
                        (part, length) = (.control(b[i + 1]), 2)
                    } else if c != 0xC2 {  // the only stop left that is not the format's own
                        (part, length) = (.byte(c), 1)
                    } else {
                        i += 1
                        continue
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<i]))
                    escape(part, &out)
                    i += length
                    run = i
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run...]))
            }
        }
    }
}

/// Values written unchanged; code spans written bare.
public struct PlainFormat: OutputFormat {
    public init() {}
    public func writeText(_ s: String, into out: inout [UInt8]) { out += s.utf8 }
    public func writeCode(_ s: String, into out: inout [UInt8]) { out += s.utf8 }
}

/// GitHub-flavoured Markdown whose values are safe anywhere, table cells included: never starting markup, breaking a
/// line or ending a cell.
public struct MarkdownFormat: OutputFormat {
    public init() {}

    /// Punctuation that can start markup (emphasis, links, HTML, tables, strikethrough, headings, entities, GitHub
    /// math). CommonMark lets any ASCII punctuation be backslash-escaped; the rest is left alone so the Markdown source
    /// stays readable.
    private static let stops = Escapable.Stops { "\\`*_[]<>|~#&$".utf8.contains($0) }

    public func writeText(_ s: String, into out: inout [UInt8]) {
        Escapable.write(s, into: &out, stops: Self.stops) { part, out in
            switch part {
            case .lineBreak: out += "<br>".utf8  // a table cell cannot hold a newline
            case .control: out += "\u{FFFD}".utf8  // NUL and friends have no place in a page
            case .byte(let b): out += [UInt8(ascii: "\\"), b]
            }
        }
    }

    public func writeCode(_ s: String, into out: inout [UInt8]) {
        var s = s
        // Most spans are a plain identifier: nothing to replace, no padding, one backtick each side.
        let plain = s.withUTF8 { b in
            guard let first = b.first, let last = b.last, first != .space || last != .space else { return false }
            for i in b.indices {
                let c = b[i]
                if c < 0x20 || c == 0x7F || c == UInt8(ascii: "`") || c == UInt8(ascii: "|") || Escapable.isC1(b, at: i) { return false }
            }
            out.append(UInt8(ascii: "`"))
            out.append(contentsOf: b)
            out.append(UInt8(ascii: "`"))
            return true
        }
        if !plain { out += Self.span(s).utf8 }
    }

    private static func span(_ s: String) -> String {
        var body = String.UnicodeScalarView()
        var longestRun = 0
        var run = 0
        var afterCR = false
        for c in s.unicodeScalars {
            defer { afterCR = c == "\r" }
            run = c == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
            switch c {
            case "\n" where afterCR: continue
            case "\n", "\r": body.append(" ")  // code spans cannot hold line breaks either
            case "|": body.append(contentsOf: "\\|".unicodeScalars)  // GFM splits cells before parsing code spans
            case _ where c.isControl: body.append("\u{FFFD}")
            default: body.append(c)
            }
        }
        guard let first = body.first, let last = body.last else { return "" }
        // CommonMark strips one space from each side if both exist, and a backtick touching the fence would merge:
        // padding keeps it exact.
        let allSpaces = body.allSatisfy { $0 == " " }
        let pad = first == "`" || last == "`" || (first == " " && last == " " && !allSpaces)
        let fence = String(repeating: "`", count: longestRun + 1)
        let inner = pad ? " " + String(body) + " " : String(body)
        return fence + inner + fence
    }
}

/// Text in a generated Swift `//` comment (`SwiftPrinter.comment`): a line break would end it early; control characters
/// have no place.
public struct SwiftCommentFormat: OutputFormat {
    public init() {}

    private static let stops = Escapable.Stops { _ in false }

    public func writeText(_ s: String, into out: inout [UInt8]) {
        Escapable.write(s, into: &out, stops: Self.stops) { part, out in
            if case .lineBreak(let bytes) = part { out += repeatElement(.space, count: bytes) } else { out.append(.space) }
        }
    }

    public func writeCode(_ s: String, into out: inout [UInt8]) { writeText(s, into: &out) }
}

/// HTML text and attribute values: markup characters become references, a line break becomes `<br />`, and control
/// characters HTML forbids become U+FFFD. The output is also well-formed XML, so tests can read pages back with an XML
/// parser.
public struct HTMLFormat: OutputFormat {
    public init() {}

    private static let stops = Escapable.Stops { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }

    public func writeText(_ s: String, into out: inout [UInt8]) {
        Escapable.write(s, into: &out, stops: Self.stops) { part, out in
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
