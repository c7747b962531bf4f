import PushMatrix
import XCTest

@testable import PushMatrixJSON
@testable import PushMatrixSupport

// Written by hand because tuples are not Equatable.
extension JSONOutput: Equatable {
    public static func == (a: JSONOutput, b: JSONOutput) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.elementsEqual(y) { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String, maxDepth: Int = 200) throws -> JSONNode {
        try JSONParser.parse(Array(text.utf8), maxDepth: maxDepth)
    }

    private func loc(_ line: Int, _ column: Int) -> SourceLocation { SourceLocation(line: line, column: column) }

    private func assertError(
        _ bytes: [UInt8], _ line: Int, _ column: Int, _ message: String, maxDepth: Int = 200,
        file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        do {
            let node = try JSONParser.parse(bytes, maxDepth: maxDepth)
            XCTFail("expected an error, parsed \(node.typeName)", file: file, line: lineNumber)
        } catch {
            XCTAssertEqual(
                error, JSONSyntaxError(location: loc(line, column), message: message), file: file, line: lineNumber)
        }
    }

    private func assertError(
        _ text: String, _ line: Int, _ column: Int, _ message: String, maxDepth: Int = 200,
        file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        assertError(Array(text.utf8), line, column, message, maxDepth: maxDepth, file: file, lineNumber: lineNumber)
    }

    // MARK: Values and locations

    func testScalars() throws {
        XCTAssertEqual(try parse("null"), JSONNode(value: .null, location: loc(1, 1)))
        XCTAssertEqual(try parse(" true "), JSONNode(value: .bool(true), location: loc(1, 2)))
        XCTAssertEqual(try parse("\n\tfalse"), JSONNode(value: .bool(false), location: loc(2, 2)))
        XCTAssertEqual(try parse("-12.5e+3"), JSONNode(value: .number("-12.5e+3"), location: loc(1, 1)))
        XCTAssertEqual(try parse("\"hi\""), JSONNode(value: .string("hi"), location: loc(1, 1)))
        XCTAssertEqual(try parse("[]"), JSONNode(value: .array([]), location: loc(1, 1)))
        XCTAssertEqual(try parse(" {\n}"), JSONNode(value: .object([]), location: loc(1, 2)))
    }

    func testNestedLocationsWithMultiByteText() throws {
        let root = try parse("{\n  \"名前\": \"日本語テキスト\", \"x\": [1, true, {\"🎉\": null}]\n}")
        XCTAssertEqual(root.location, loc(1, 1))
        guard case .object(let members) = root.value else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["名前", "x"])
        XCTAssertEqual(members[0].keyLocation, loc(2, 3))
        XCTAssertEqual(members[0].value, JSONNode(value: .string("日本語テキスト"), location: loc(2, 9)))
        XCTAssertEqual(members[1].keyLocation, loc(2, 20))
        let x = try XCTUnwrap(root["x"])
        XCTAssertEqual(x.location, loc(2, 25))
        guard case .array(let items) = x.value else { return XCTFail("not an array") }
        XCTAssertEqual(items[0], JSONNode(value: .number("1"), location: loc(2, 26)))
        XCTAssertEqual(items[1], JSONNode(value: .bool(true), location: loc(2, 29)))
        XCTAssertEqual(items[2].location, loc(2, 35))
        guard case .object(let inner) = items[2].value else { return XCTFail("not an object") }
        XCTAssertEqual(inner[0].keyLocation, loc(2, 36))
        XCTAssertEqual(inner[0].value, JSONNode(value: .null, location: loc(2, 41)))
    }

    func testCRLFCountsAsOneLineBreak() throws {
        guard case .array(let items) = try parse("[\r\n1,\r\n  2]").value else { return XCTFail("not an array") }
        XCTAssertEqual(items.map(\.location), [loc(2, 1), loc(3, 3)])
    }

    func testEscapes() throws {
        let node = try parse(#""a\n\"\\\/\b\f\r\t\u00e9\u65E5\uD83D\uDE00z""#)
        XCTAssertEqual(node.value, .string("a\n\"\\/\u{08}\u{0C}\r\té日😀z"))
    }

    func testDuplicateKeysAreKeptAndSubscriptReturnsFirst() throws {
        let node = try parse(#"{"a": 1, "a": 2}"#)
        guard case .object(let members) = node.value else { return XCTFail("not an object") }
        XCTAssertEqual(members.count, 2)
        XCTAssertEqual(node["a"]?.value, .number("1"))
        XCTAssertNil(node["b"])
        XCTAssertNil(try parse("[]")["a"])
    }

    func testTypeNames() throws {
        let names = try ["null", "true", "0", "\"\"", "[]", "{}"].map { try parse($0).typeName }
        XCTAssertEqual(names, ["null", "boolean", "number", "string", "array", "object"])
    }

    func testValidNumbers() throws {
        for literal in ["0", "-0", "7", "123", "1.5", "-0.25", "1e10", "1E-2", "-0.0e+0", "12.34E56"] {
            XCTAssertEqual(try parse(literal).value, .number(literal), literal)
        }
    }

    func testInvalidNumbers() {
        for literal in ["01", "-", "1.", ".5", "+1", "1e", "1e+", "-01", "0x10", "1.5.2", "--1", "1.e3", "2a"] {
            assertError("[\(literal)]", 1, 2, "invalid number '\(literal)'")
        }
    }

    // MARK: Errors

    func testUnexpectedTokenAfterObjectMember() {
        assertError(#"{"a": 1]"#, 1, 8, "expected ',' or '}' after an object member, found ']'")
    }

    func testUnexpectedTokenAfterArrayElement() {
        assertError("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'")
    }

    func testUnexpectedEndOfInput() {
        assertError("[1, ", 1, 5, "unexpected end of input: expected a value")
        assertError("{\"a\"", 1, 5, "unexpected end of input: expected ':' after an object key")
        assertError("[1", 1, 3, "unexpected end of input: expected ',' or ']' after an array element")
        assertError("{", 1, 2, "unexpected end of input: expected a string key or '}'")
        assertError("\"abc", 1, 5, "unexpected end of input: expected '\"' to close the string")
    }

    func testTrailingComma() {
        assertError(#"{"a": 1,}"#, 1, 8, "trailing comma before '}'")
        assertError("[1,\n]", 1, 3, "trailing comma before ']'")
    }

    func testComments() {
        assertError("{\n  // note\n  \"a\": 1\n}", 2, 3, "comments are not allowed in JSON")
        assertError("/* c */ 1", 1, 1, "comments are not allowed in JSON")
        assertError("1 // c", 1, 3, "comments are not allowed in JSON")
    }

    func testByteOrderMark() {
        assertError(
            [0xEF, 0xBB, 0xBF] + Array("{}".utf8), 1, 1, "a byte order mark is not allowed at the start of the file")
    }

    func testControlCharacterInString() {
        assertError([0x22, 0x61, 0x00, 0x22], 1, 3, "control character U+0000 must be escaped in a string")
        assertError("[\"日本\n\"]", 1, 5, "control character U+000A must be escaped in a string")
    }

    func testUnpairedSurrogate() {
        assertError(#"["\uD800"]"#, 1, 3, "unpaired surrogate \\uD800 in a string escape")
        assertError(#""x\udc00""#, 1, 3, "unpaired surrogate \\uDC00 in a string escape")
        assertError(#""\uD800\u0041""#, 1, 2, "unpaired surrogate \\uD800 in a string escape")
    }

    func testInvalidEscape() {
        assertError(#""ab\q""#, 1, 4, "invalid escape '\\q'")
        assertError(#""\u12G4""#, 1, 2, "invalid escape '\\u12G': expected 4 hexadecimal digits after '\\u'")
        assertError("\"\\\t\"", 1, 2, "invalid escape: '\\' followed by U+0009")
    }

    func testEmptyInput() {
        assertError("", 1, 1, "empty input: expected a JSON value")
        assertError("  \n ", 2, 2, "empty input: expected a JSON value")
    }

    func testTextAfterValue() {
        assertError("{} x", 1, 4, "unexpected text after the JSON value")
        assertError("1 2", 1, 3, "unexpected text after the JSON value")
    }

    func testUnexpectedCharactersAreNamed() {
        assertError("{a: 1}", 1, 2, "expected a string key or '}', found 'a'")
        assertError(#"{"a" 1}"#, 1, 6, "expected ':' after an object key, found '1'")
        assertError(#"{"a": 1, 2}"#, 1, 10, "expected a string key, found '2'")
        assertError("[True]", 1, 2, "expected a value, found 'True'")
        assertError("[nul]", 1, 2, "expected a value, found 'nul'")
        assertError("['x']", 1, 2, "expected a value, found a single quote (JSON strings use double quotes)")
        assertError("[\u{A0}1]", 1, 2, "expected a value, found U+00A0")
        assertError("[é]", 1, 2, "expected a value, found 'é'")
    }

    func testInvalidUTF8() {
        assertError([0x22] + Array("日本".utf8) + [0xFF, 0x22], 1, 4, "invalid UTF-8 byte 0xFF")
        assertError([0x5B, 0xFF, 0x5D], 1, 2, "invalid UTF-8 byte 0xFF")
        assertError([0x22, 0xC0, 0x80, 0x22], 1, 2, "invalid UTF-8 byte 0xC0")  // overlong
        assertError([0x22, 0x61, 0xC3, 0x22], 1, 3, "invalid UTF-8 sequence starting with byte 0xC3")  // truncated
        // surrogate
        assertError([0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8 sequence starting with byte 0xED")
    }

    func testNestingDepth() throws {
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 200) + String(repeating: "]", count: 200)))
        assertError(String(repeating: "[", count: 201), 1, 201, "nesting deeper than 200 levels")
        assertError(String(repeating: "[", count: 100_000), 1, 201, "nesting deeper than 200 levels")
        assertError(String(repeating: "{\"a\":", count: 100_000), 1, 1001, "nesting deeper than 200 levels")
        assertError("[{}]", 1, 2, "nesting deeper than 1 levels", maxDepth: 1)
    }

    // MARK: Large inputs

    /// A string of 5 MB is read whole (a parser that copied it for each escape would not finish).
    func testLargeString() throws {
        let unit = "abcdefé日本\\n"  // 16 bytes, 10 scalars once the escape is decoded
        let count = 5_000_000 / unit.utf8.count
        let bytes = Array(("\"" + String(repeating: unit, count: count) + "\"  ").utf8)
        guard case .string(let text) = try JSONParser.parse(bytes).value else { return XCTFail("not a string") }
        XCTAssertEqual(text.unicodeScalars.count, 10 * count)
    }

    func testManyElements() throws {
        let text = "[" + Array(repeating: "{\"k\": 12}", count: 100_000).joined(separator: ",") + "]"
        guard case .array(let items) = try parse(text).value else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, 100_000)
        XCTAssertEqual(items.last?["k"]?.location, loc(1, 1 + 10 * 99_999 + 7))
    }

    // MARK: Writer

    private let sample = JSONOutput.object([
        ("name", .string("Push \"matrix\"\n/日本")),
        ("count", .int(-3)),
        ("ok", .bool(true)),
        ("none", .null),
        ("empty", .array([])),
        ("nothing", .object([])),
        ("items", .array([.int(1), .object([("z", .bool(false)), ("a", .string("\u{01}\t\\"))])])),
    ])

    func testPrettyOutput() {
        XCTAssertEqual(
            sample.serialized(),
            """
            {
              "name": "Push \\"matrix\\"\\n/日本",
              "count": -3,
              "ok": true,
              "none": null,
              "empty": [],
              "nothing": {},
              "items": [
                1,
                {
                  "z": false,
                  "a": "\\u0001\\t\\\\"
                }
              ]
            }
            """)
        XCTAssertEqual(JSONOutput.string("\u{08}\u{0C}\r\u{1F}\u{7F}").serialized(), #""\b\f\r\u001f\#u{7F}""#)
        XCTAssertEqual(JSONOutput.array([]).serialized(), "[]")
    }

    func testWriterRoundTrip() throws {
        let parsed = try JSONParser.parse(Array(sample.serialized().utf8))
        XCTAssertEqual(output(parsed), sample)
        XCTAssertNotEqual(output(parsed), JSONOutput.object([]))
    }

    private func output(_ node: JSONNode) -> JSONOutput {
        switch node.value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let literal): .int(Int(literal)!)
        case .string(let value): .string(value)
        case .array(let items): .array(items.map(output))
        case .object(let members): .object(members.map { ($0.key, output($0.value)) })
        }
    }
}
