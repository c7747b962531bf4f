import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// The matrix page on a phone and in a long table: each cell says its app state where the column headers are out of
/// sight, the headers stay in view while the table scrolls, and a cell names its conditions, not only their marks.
final class MatrixOnAPhoneTests: XCTestCase {
    private func page(_ language: String, _ format: String) throws -> String {
        let rendered = try Fixtures.rendered(Fixtures.current)
        let bytes = try XCTUnwrap(rendered["Docs/\(language)/reception-methods.\(format)"])
        return String(decoding: bytes, as: UTF8.self)
    }

    func testEveryCellSaysItsAppStateAndTheHeadersStayInView() throws {
        for language in ["en", "ja"] {
            let html = try page(language, "html")
            let states = Fixtures.current.spec.appStates.map {
                Phrasebook(matrix: Fixtures.current, language: language).name($0.name).plainText
            }
            let cells = html.components(separatedBy: "<td id=\"cell-").dropFirst()
            XCTAssertEqual(cells.count, Fixtures.current.spec.cells.count, language)
            for (index, cell) in cells.enumerated() {
                XCTAssertTrue(cell.contains("data-state=\"\(states[index % states.count])\""), "\(language): \(cell.prefix(120))")
            }
            XCTAssertTrue(html.contains("table.matrix thead, table.overview thead { position: sticky; top: 0;"), language)
            XCTAssertTrue(html.contains("@media (max-width: 40rem)"), language)
            XCTAssertTrue(html.contains("table.matrix td::before { content: attr(data-state);"), language)
        }
    }

    func testACellNamesTheConditionsThatChangeIt() throws {
        let expectations = [
            ("en", "html", #"<a href="conditions.html#condition-low-power-mode">C2: Low Power Mode</a>"#),
            ("ja", "html", #"<a href="conditions.html#condition-low-power-mode">C2：低電力モード</a>"#),
            ("en", "md", "[C2: Low Power Mode](conditions.md#condition-low-power-mode)"),
            ("ja", "md", "[C2：低電力モード](conditions.md#condition-low-power-mode)"),
        ]
        for (language, format, link) in expectations {
            XCTAssertTrue(try page(language, format).contains(link), "\(language) \(format): \(link)")
        }
    }
}
