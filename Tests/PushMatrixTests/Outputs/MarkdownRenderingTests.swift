import Foundation
import XCTest

@testable import PushMatrix

/// The generated Markdown as GitHub renders it: cmark-gfm with the table extension must see
/// one matrix table per payload combination, a row per setup and a cell per app state.
final class MarkdownRenderingTests: XCTestCase {
    func testCmarkGFMRendersEveryMatrixTable() throws {
        let matrix = Fixtures.builtIn
        for language in matrix.spec.languages {
            let page = try XCTUnwrap(
                FileManager.default.contents(atPath: Fixtures.generated + "/Docs/\(language.id)/reception-methods.md"))
            let html = try ExternalTool.output("cmark-gfm", ["--extension", "table", "--unsafe"], input: page)
            let tables = Self.blocks("table", in: html)
            let matrixTables = tables.filter { $0.contains("<a id=\"cell-") }
            XCTAssertEqual(matrixTables.count, 8, language.id)
            for table in matrixTables {
                let rows = Self.blocks("tr", in: Self.blocks("tbody", in: table).first ?? "")
                XCTAssertEqual(rows.count, 2, language.id)
                for row in rows {
                    let cells = Self.blocks("td", in: row)
                    XCTAssertEqual(cells.count, 4, "API label + 3 states in \(language.id)")
                    XCTAssertEqual(cells.dropFirst().filter { $0.contains("<a id=\"cell-") }.count, 3)
                    XCTAssertFalse(row.contains("\\|") || row.contains("\\*"), "escapes are rendered away: \(row)")
                }
                XCTAssertEqual(Self.blocks("th", in: table).count, 4)
            }
        }
    }

    /// The contents of each `<tag …>…</tag>` (not nested in itself).
    static func blocks(_ tag: String, in html: String) -> [String] {
        var result: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(tag)(>| [^>]*>)", options: .regularExpression),
            let close = rest[open.upperBound...].range(of: "</\(tag)>")
        {
            let start = open
            result.append(String(rest[start.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return result
    }
}
