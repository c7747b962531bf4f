import PushMatrixSupport
import XCTest

@testable import PushMatrixOutputs

/// A plain Swift file beside what its holes make of it.
final class SwiftFileTests: XCTestCase {
    private func filled(_ text: String, _ values: [String: String]) throws -> String {
        String(decoding: try SwiftFile.filled(text, values, file: "F.swift"), as: UTF8.self)
    }

    func testAHoleTakesItsValueInLine() throws {
        XCTAssertEqual(try filled("let x: {{type}} = .{{id}}\n", ["type": "PushSetup", "id": "ios10"]), "let x: PushSetup = .ios10\n")
    }

    func testAHoleAloneOnItsLineIsReplacedByTheValuesLines() throws {
        let text = "enum E {\n    {{cases}}\n}\n"
        XCTAssertEqual(try filled(text, ["cases": "    case a\n    case b"]), "enum E {\n    case a\n    case b\n}\n")
        XCTAssertEqual(try filled(text, ["cases": ""]), "enum E {\n}\n", "an empty value leaves no line")
        XCTAssertEqual(try filled("{{head}}\nbody\n", ["head": ""]), "body\n", "nor on the first line")
    }

    func testTextWithoutHolesIsCopiedAsItIs() throws {
        let text = "// a { brace } and a \"string\"\n\nlet s = \"}}\"\n"
        XCTAssertEqual(try filled(text, [:]), text)
    }

    func testAnUnknownOrUnclosedHoleIsReportedWhereItIs() {
        XCTAssertThrowsError(try filled("ok\nlet x = {{nme}}\n{{#name}}\nlet y = {{open\n", ["name": "1"])) { error in
            let found = (error as? DiagnosticsError)?.diagnostics.map(\.description) ?? []
            XCTAssertEqual(
                found,
                [
                    "F.swift:2:9: error: no value named 'nme'; this file may use name",
                    "F.swift:3:1: error: '{{#name}}': a plain Swift file has holes only, not a template's tags",
                    "F.swift:4:9: error: '{{' without a closing '}}'",
                ])
        }
    }
}
