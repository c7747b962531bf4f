/// The one rule for punctuation and spacing in Japanese and Chinese text, applied by the phrasebook to every text it
/// fills, so a page reads the same whatever a spec's author typed:
/// - brackets and colons in prose are full-width (`（`, `）`, `：`); a selector's (`scene(_:willConnectTo:)`), a URL's and
///   a time's stay ASCII;
/// - a range of numbers takes `〜` (`iOS 13〜27`);
/// - no space touches full-width punctuation (`（）：、。・「」〜`);
/// - one space separates Japanese or Chinese letters from Latin letters, digits and code spans;
/// - a code span written between backticks is code, and keeps every character and space as written.
package enum Typesetting {
    static func applies(to language: String) -> Bool { language.hasPrefix("ja") || language.hasPrefix("zh") }

    /// `text` with full-width brackets, colons and range marks, and spaces as the rule wants them inside it.
    package static func text(_ text: String) -> String {
        if isSet(text) {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        var marks: [Unicode.Scalar] = []
        var opened: [Bool] = []
        // Whether each mark is inside a code span, its backticks included.
        var code: [Bool] = []
        var inCode = false
        for (index, c) in scalars.enumerated() {
            let before = index > 0 ? scalars[index - 1] : nil
            let after = index + 1 < scalars.count ? scalars[index + 1] : nil
            code.append(inCode || c == "`")
            if c == "`" { inCode.toggle() }
            if code[index] {
                marks.append(c)
                continue
            }
            switch c {
            case "(":
                let selector = after == "_" || after == ")"
                opened.append(!selector)
                marks.append(selector ? c : "（")
            case ")": marks.append(opened.popLast() ?? true ? "）" : c)
            case ":" where !(isWord(before) && (isWord(after) || after == "/" || after == ")")): marks.append("：")
            case "–" where isDigit(before) && isDigit(after): marks.append("〜")
            default: marks.append(c)
            }
        }
        var result = String.UnicodeScalarView()
        for (index, c) in marks.enumerated() {
            if code[index] && c != "`" {
                result.append(c)
                continue
            }
            if c == " ", isTight(result.last) || isTight(index + 1 < marks.count ? marks[index + 1] : nil) { continue }
            if let last = result.last, needsSpace(last, c) { result.append(" ") }
            result.append(c)
        }
        return String(result)
    }

    /// Appends `next` to `inline`, spacing the join as the rule wants: code spans count as Latin.
    static func append(_ next: Inline, to inline: inout Inline) {
        guard let last = inline.segments.last, let first = next.segments.first else {
            inline += next
            return
        }
        let end = edge(last, last: true)
        let start = edge(first, last: false)
        var next = next
        if case .text(var text) = last, text.last == " ", isTight(start) {
            text.removeLast()
            inline.segments[inline.segments.count - 1] = .text(text)
        } else if case .text(var text) = first, text.first == " ", isTight(end) {
            text.removeFirst()
            next.segments[0] = .text(text)
        } else if let end, let start, needsSpace(end, start) {
            inline.segments.append(.text(" "))
        }
        inline += next
    }

    /// Whether `text` is already as `text(_:)` would set it: none of the marks it changes, no space it may drop, and
    /// not both Latin and Japanese characters, between which it may add one. One pass, without the arrays.
    private static func isSet(_ text: String) -> Bool {
        var latin = false
        var cjk = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "(", ")", ":", "–", " ":
                return false
            default:
                latin = latin || isLatin(scalar)
                cjk = cjk || isCJK(scalar)
            }
        }
        return !(latin && cjk)
    }

    /// The character at a segment's end or start; a code span's is a Latin letter.
    private static func edge(_ segment: Inline.Segment, last: Bool) -> Unicode.Scalar? {
        if case .code = segment { return "a" }
        return last ? segment.content.unicodeScalars.last : segment.content.unicodeScalars.first
    }

    private static func needsSpace(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool { isCJK(a) && isLatin(b) || isLatin(a) && isCJK(b) }

    /// Kana (but `・`) and CJK ideographs.
    private static func isCJK(_ c: Unicode.Scalar) -> Bool {
        (0x3041...0x30FF).contains(c.value) && c.value != 0x30FB || (0x3400...0x9FFF).contains(c.value)
            || (0xF900...0xFAFF).contains(c.value)
    }

    /// `（）：、。・「」〜`, by value: these predicates run for every character of every Japanese text.
    private static func isTight(_ c: Unicode.Scalar?) -> Bool {
        switch c?.value {
        case 0xFF08, 0xFF09, 0xFF1A, 0x3001, 0x3002, 0x30FB, 0x300C, 0x300D, 0x301C: true
        default: false
        }
    }
    private static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { (0x30...0x39).contains($0.value) } ?? false }
    private static func isLatin(_ c: Unicode.Scalar) -> Bool { c.isASCII && (isDigit(c) || (0x41...0x5A).contains(c.value & 0xDF)) }
    private static func isWord(_ c: Unicode.Scalar?) -> Bool { c.map { isLatin($0) || $0 == "_" } ?? false }
}
