import PushMatrixSupport
import XCTest

@testable import PushMatrixOutputs

/// A plain Swift file beside its copy: byte for byte, but for the module's name.
final class PlainSwiftTests: XCTestCase {
    private func copied(_ text: String, module: String = "Zebra") throws -> String {
        String(decoding: try PlainSwift.copy(text, module: module, file: "F.swift"), as: UTF8.self)
    }

    func testAFileWithoutThePlaceholderIsCopiedAsItIs() throws {
        let text = "// a { brace } and a \"string\"\n\nimport UIKit\nimport Foundation\nlet s = \"}}\"\n"
        XCTAssertEqual(try copied(text), text)
    }

    func testTheModulesImportLineGoesWhereItsNameSortsIt() throws {
        let text = "// head\n\nimport Foundation\nimport {{module}}\nimport UIKit\n\nlet x = 1\n"
        XCTAssertEqual(try copied(text), "// head\n\nimport Foundation\nimport UIKit\nimport Zebra\n\nlet x = 1\n")
        XCTAssertEqual(
            try copied(text, module: "Apps"), "// head\n\nimport Apps\nimport Foundation\nimport UIKit\n\nlet x = 1\n")
        XCTAssertEqual(try copied("let name = \"{{module}}\"\n"), "let name = \"Zebra\"\n")
    }

    func testAnyOtherPlaceholderIsAnError() {
        XCTAssertThrowsError(try copied("let x = {{setupLabel}}\n{{imports}}\n")) { error in
            XCTAssertEqual(
                (error as? DiagnosticsError)?.diagnostics.map(\.description),
                [
                    "F.swift: error: '{{imports}}', '{{setupLabel}}': a plain Swift file may hold only '{{module}}', the generated module's name"
                ])
        }
    }
}
