import PushMatrixSupport

/// A strict RFC 8259 parser that records source locations; Foundation's JSONDecoder cannot report line:column, and our
/// diagnostics must.
public enum JSONParser {
    /// Parses one JSON document. Nesting deeper than `maxDepth` is rejected and parsing is iterative, so no input can
    /// exhaust the stack.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 200) throws(JSONSyntaxError) -> JSONNode {
        // One contiguous buffer for the whole parse: strings are then made from it directly, and reading a byte costs
        // no array bookkeeping.
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONNode in
            var parser = Parser(bytes: buffer, maxDepth: maxDepth)
            return try parser.parseDocument()
        }
    }

    /// `parse`, throwing a syntax error as the one diagnostic of `file`.
    public static func parse(_ bytes: [UInt8], file: String, maxDepth: Int = 200) throws(DiagnosticsError) -> JSONNode {
        do {
            return try parse(bytes, maxDepth: maxDepth)
        } catch {
            throw DiagnosticsError([Diagnostic(file: file, location: error.location, message: error.message)])
        }
    }
}

public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public var description: String { "\(location.line):\(location.column): \(message)" }
}

private struct Parser {
    /// An array or object being parsed, on an explicit stack, not the call stack; contents so far: `elements` or
    /// `members` from `start`.
    struct Frame {
        var isObject: Bool
        var location: SourceLocation
        var start: Int
        var key = ""
        var keyLocation = SourceLocation(line: 0, column: 0)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    // The contents of every open container, innermost last, so a container's array is made once at its final size
    // instead of growing.
    /// The elements of every open array.
    var elements: [JSONNode] = []
    /// The members of every open object.
    var members: [JSONNode.Member] = []
    /// The offset of the next byte to read.
    var pos = 0
    // Locations are computed lazily from a cursor that (almost) only moves forward: counting lines and columns is
    // linear overall.
    /// The offset the cursor is at.
    var cursorOffset = 0
    /// The line of `cursorOffset`, from 1.
    var cursorLine = 1
    /// The column of `cursorOffset`, from 1.
    var cursorColumn = 1
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw error(at: 0, "a byte order mark is not allowed at the start of the file") }
        skipWhitespace()
        if pos == bytes.count { throw error(at: pos, "empty input: expected a JSON value") }
        let root = try parseValue()
        skipWhitespace()
        if pos < bytes.count {
            try rejectComment()
            throw error(at: pos, "unexpected text after the JSON value")
        }
        return root
    }

    // MARK: Structure

    mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        var stack: [Frame] = []
        while true {
            // Here whitespace is skipped and a value must start at `pos`.
            guard pos < bytes.count else { throw endOfInput("expected a value") }
            let location = location(pos)
            let byte = bytes[pos]
            var node: JSONNode
            switch byte {
            case .openBracket, .openBrace:
                guard stack.count < maxDepth else { throw error(at: pos, "nesting deeper than \(maxDepth) levels") }
                let isObject = byte == .openBrace
                pos += 1
                skipWhitespace()
                if pos < bytes.count, bytes[pos] == (isObject ? .closeBrace : .closeBracket) {
                    pos += 1
                    node = JSONNode(value: isObject ? .object([]) : .array([]), location: location)
                } else {
                    var frame = Frame(isObject: isObject, location: location, start: isObject ? members.count : elements.count)
                    if isObject { (frame.key, frame.keyLocation) = try parseKey(expected: "expected a string key or '}'") }
                    stack.append(frame)
                    continue
                }
            case .quote: node = JSONNode(value: .string(try parseString()), location: location)
            case 0x30...0x39, 0x2D, 0x2B, 0x2E:  // digits, '-', and '+' / '.' so "+1" and ".5" get a number error
                node = JSONNode(value: .number(try parseNumber()), location: location)
            default: node = JSONNode(value: try parseWord(), location: location)
            }

            // Attach the finished value to its container, closing containers that end here.
            while let top = stack.indices.last {
                let isObject = stack[top].isObject
                if isObject {
                    members.append(.init(key: stack[top].key, keyLocation: stack[top].keyLocation, value: node))
                } else {
                    elements.append(node)
                }
                let close: UInt8 = isObject ? .closeBrace : .closeBracket
                let expectation = isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
                skipWhitespace()
                guard pos < bytes.count else { throw endOfInput(expectation) }
                if bytes[pos] == .comma {
                    let commaOffset = pos
                    pos += 1
                    skipWhitespace()
                    if pos < bytes.count, bytes[pos] == close {
                        throw error(at: commaOffset, "trailing comma before '\(Character(Unicode.Scalar(close)))'")
                    }
                    if isObject { (stack[top].key, stack[top].keyLocation) = try parseKey(expected: "expected a string key") }
                    break
                } else if bytes[pos] == close {
                    pos += 1
                    let frame = stack.removeLast()
                    if isObject {
                        node = JSONNode(value: .object(Array(members[frame.start...])), location: frame.location)
                        members.removeSubrange(frame.start...)
                    } else {
                        node = JSONNode(value: .array(Array(elements[frame.start...])), location: frame.location)
                        elements.removeSubrange(frame.start...)
                    }
                } else {
                    try unexpected(expectation)
                }
            }
            if stack.isEmpty { return node }
        }
    }

    /// Parses `true`, `false` or `null`.
    mutating func parseWord() throws(JSONSyntaxError) -> JSONNode.Value {
        let end = wordEnd(from: pos)
        let value: JSONNode.Value
        switch String(decoding: UnsafeBufferPointer(rebasing: bytes[pos..<end]), as: UTF8.self) {
        case "true": value = .bool(true)
        case "false": value = .bool(false)
        case "null": value = .null
        default: try unexpected("expected a value")
        }
        pos = end
        return value
    }

    /// Parses `"key" :` and the whitespace after it.
    mutating func parseKey(expected: String) throws(JSONSyntaxError) -> (String, SourceLocation) {
        guard pos < bytes.count else { throw endOfInput(expected) }
        guard bytes[pos] == .quote else { try unexpected(expected) }
        let location = location(pos)
        let key = try parseString()
        skipWhitespace()
        guard pos < bytes.count else { throw endOfInput("expected ':' after an object key") }
        guard bytes[pos] == .colon else { try unexpected("expected ':' after an object key") }
        pos += 1
        skipWhitespace()
        return (key, location)
    }

    mutating func skipWhitespace() {
        while pos < bytes.count, bytes[pos] == .space || bytes[pos] == .newline || bytes[pos] == .carriageReturn || bytes[pos] == .tab {
            pos += 1
        }
    }

    // MARK: Scalars

    /// Scans the maximal run of number-like characters so the error can quote the whole token.
    mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = pos
        while pos < bytes.count, isWordByte(bytes[pos]) || bytes[pos] == 0x2B || bytes[pos] == 0x2D || bytes[pos] == 0x2E { pos += 1 }
        let token = bytes[start..<pos]
        guard isValidNumber(token) else {
            throw error(at: start, "invalid number '\(abbreviated(String(decoding: token, as: UTF8.self)))'")
        }
        return String(decoding: token, as: UTF8.self)
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    func isValidNumber(_ token: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var i = token.startIndex
        func digits() -> Int {
            let start = i
            while i < token.endIndex, (0x30...0x39).contains(token[i]) { i += 1 }
            return i - start
        }
        if i < token.endIndex, token[i] == 0x2D { i += 1 }
        guard i < token.endIndex, (0x30...0x39).contains(token[i]) else { return false }
        if token[i] == 0x30 { i += 1 } else { _ = digits() }
        if i < token.endIndex, token[i] == 0x2E {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < token.endIndex, token[i] == 0x65 || token[i] == 0x45 {
            i += 1
            if i < token.endIndex, token[i] == 0x2B || token[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == token.endIndex
    }

    /// Parses a string starting at its opening quote. Unescaped runs are copied as byte slices, so long strings cost
    /// linear time.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        pos += 1
        var runStart = pos
        var hasEscapes = false
        while pos < bytes.count {
            let b = bytes[pos]
            if b == .quote {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<pos])
                pos += 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                scratch.append(contentsOf: run)
                return String(decoding: scratch, as: UTF8.self)
            } else if b == .backslash {
                if !hasEscapes { scratch.removeAll(keepingCapacity: true) }
                scratch.append(contentsOf: bytes[runStart..<pos])
                hasEscapes = true
                try parseEscape()
                runStart = pos
            } else if b < 0x20 {
                throw error(at: pos, "control character U+\(hex(b, digits: 4)) must be escaped in a string")
            } else if b >= 0x80 {
                pos += try utf8Length(at: pos)
            } else {
                pos += 1
            }
        }
        throw endOfInput("expected '\"' to close the string")
    }

    /// Decodes the escape at `pos` (a backslash) into `scratch`.
    mutating func parseEscape() throws(JSONSyntaxError) {
        let start = pos
        guard pos + 1 < bytes.count else {
            pos = bytes.count
            throw endOfInput("expected '\"' to close the string")
        }
        let c = bytes[pos + 1]
        pos += 2
        switch c {
        case .quote, .backslash, .slash: scratch.append(c)
        case 0x62: scratch.append(0x08)  // b
        case 0x66: scratch.append(0x0C)  // f
        case 0x6E: scratch.append(0x0A)  // n
        case 0x72: scratch.append(0x0D)  // r
        case 0x74: scratch.append(0x09)  // t
        case 0x75:  // u
            var value = try hexEscape(at: start)
            pos = start + 6
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate is only valid when a low surrogate escape follows.
                guard pos + 1 < bytes.count, bytes[pos] == .backslash, bytes[pos + 1] == 0x75 else {
                    throw unpairedSurrogate(value, at: start)
                }
                let low = try hexEscape(at: pos)
                guard (0xDC00...0xDFFF).contains(low) else { throw unpairedSurrogate(value, at: start) }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                pos += 6
            } else if (0xDC00...0xDFFF).contains(value) {
                throw unpairedSurrogate(value, at: start)
            }
            scratch.append(contentsOf: String(Character(Unicode.Scalar(value)!)).utf8)
        default:
            let (text, printable) = try describeScalar(at: start + 1)
            throw error(at: start, printable ? "invalid escape '\\\(text)'" : "invalid escape: '\\' followed by \(text)")
        }
    }

    /// Reads the 4 hex digits of the `\u` escape whose backslash is at `start`.
    mutating func hexEscape(at start: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for i in start + 2..<start + 6 {
            guard i < bytes.count, let digit = Character(Unicode.Scalar(bytes[i])).hexDigitValue else {
                // Quote what was written, including the bad character when it is plain ASCII.
                let shownEnd = i < bytes.count && bytes[i] > 0x20 && bytes[i] < 0x7F && bytes[i] != .quote ? i + 1 : i
                let shown = String(decoding: bytes[start..<shownEnd], as: UTF8.self)
                throw error(at: start, "invalid escape '\(shown)': expected 4 hexadecimal digits after '\\u'")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    mutating func unpairedSurrogate(_ value: UInt32, at offset: Int) -> JSONSyntaxError {
        error(at: offset, "unpaired surrogate \\u\(hex(value, digits: 4)) in a string escape")
    }

    /// Length of the well-formed UTF-8 sequence whose lead byte (>= 0x80) is at `i`.
    mutating func utf8Length(at i: Int) throws(JSONSyntaxError) -> Int {
        let lead = bytes[i]
        let length: Int
        let second: ClosedRange<UInt8>  // the second byte's range rules out overlongs and surrogates
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: throw error(at: i, "invalid UTF-8 byte 0x\(hex(lead, digits: 2))")
        }
        for k in 1..<length {
            guard i + k < bytes.count, (k == 1 ? second : 0x80...0xBF).contains(bytes[i + k]) else {
                throw error(at: i, "invalid UTF-8 sequence starting with byte 0x\(hex(lead, digits: 2))")
            }
        }
        return length
    }

    // MARK: Errors

    mutating func error(at offset: Int, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError(location: location(offset), message: message)
    }

    mutating func endOfInput(_ expected: String) -> JSONSyntaxError { error(at: bytes.count, "unexpected end of input: \(expected)") }

    /// Throws "<expected>, found <what is at pos>"; comments and single quotes get their own explanation.
    mutating func unexpected(_ expected: String) throws(JSONSyntaxError) -> Never {
        try rejectComment()
        if bytes[pos] == .singleQuote { throw error(at: pos, "\(expected), found a single quote (JSON strings use double quotes)") }
        let found: String
        if isWordByte(bytes[pos]) {
            found = "'\(abbreviated(String(decoding: bytes[pos..<wordEnd(from: pos)], as: UTF8.self)))'"
        } else {
            let (text, printable) = try describeScalar(at: pos)
            found = printable ? "'\(text)'" : text
        }
        throw error(at: pos, "\(expected), found \(found)")
    }

    mutating func rejectComment() throws(JSONSyntaxError) {
        if bytes[pos] == .slash, pos + 1 < bytes.count, bytes[pos + 1] == .slash || bytes[pos + 1] == .star {
            throw error(at: pos, "comments are not allowed in JSON")
        }
    }

    /// The character itself when visible, `U+XXXX` for invisible ones (controls, spaces, format characters).
    mutating func describeScalar(at i: Int) throws(JSONSyntaxError) -> (text: String, printable: Bool) {
        let length = bytes[i] < 0x80 ? 1 : try utf8Length(at: i)
        let scalar = String(decoding: bytes[i..<i + length], as: UTF8.self).unicodeScalars.first!
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
            return ("U+\(hex(scalar.value, digits: 4))", false)
        default: return (String(scalar), true)
        }
    }

    func isWordByte(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F }

    func wordEnd(from start: Int) -> Int { bytes[start...].firstIndex { !isWordByte($0) } ?? bytes.count }

    func abbreviated(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }

    func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    // MARK: Locations

    /// Line and column (in scalars) of byte `offset`. Bytes before an asked location are valid UTF-8: non-continuation
    /// bytes count scalars.
    mutating func location(_ offset: Int) -> SourceLocation {
        if offset < cursorOffset { (cursorOffset, cursorLine, cursorColumn) = (0, 1, 1) }
        var i = cursorOffset  // by index: a slice's iterator costs several times as much unoptimized
        while i < offset {
            let b = bytes[i]
            if b == .newline {
                cursorLine += 1
                cursorColumn = 1
            } else if b & 0xC0 != 0x80 {
                cursorColumn += 1
            }
            i += 1
        }
        cursorOffset = offset
        return SourceLocation(line: cursorLine, column: cursorColumn)
    }
}
