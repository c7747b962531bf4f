import XCTest
@testable import PushMatrix

/// Generated pages read back into cells must equal the spec's cells, in every language.
final class RoundTripTests: XCTestCase {
    func testMarkdownTablesReadBackToTheSpec() throws {
        try assertRoundTrip(Fixtures.builtIn)
    }

    func testFixtureWithOtherDimensionsReadsBack() throws {
        try assertRoundTrip(Fixtures.otherDimensions)
    }

    func testHTMLTablesReadBackToTheSpec() throws {
        try assertHTMLRoundTrip(Fixtures.builtIn)
    }

    func testFixtureWithOtherDimensionsReadsBackFromHTML() throws {
        try assertHTMLRoundTrip(Fixtures.otherDimensions)
    }

    private func assertHTMLRoundTrip(_ matrix: Matrix, file: StaticString = #filePath, line: UInt = #line) throws {
        let files = try Generator.render(matrix, templates: Fixtures.templates)
        for language in matrix.spec.languages {
            let page = try HTMLElement.parse(Data(try XCTUnwrap(files["Docs/\(language.id)/reception-methods.html"])))
            let (cells, tables) = try HTMLMatrixReader(book: Phrasebook(matrix: matrix, language: language.id)).read(page)
            XCTAssertEqual(tables, 1 << matrix.spec.payloadKeys.count, "tables in \(language.id)", file: file, line: line)
            XCTAssertEqual(cells.count, matrix.spec.cells.count, "cells in \(language.id)", file: file, line: line)
            for cell in matrix.spec.cells {
                let key = Combination.key(payload: Matrix.flags(cell), keys: matrix.payloadKeyIds, api: cell.api.id, appState: cell.appState.id)
                XCTAssertEqual(cells[key], CellOutline(cell, matrix: matrix), "\(language.id) \(cell.origin.path)", file: file, line: line)
            }
        }
    }

    private func assertRoundTrip(_ matrix: Matrix, file: StaticString = #filePath, line: UInt = #line) throws {
        let files = try Generator.render(matrix, templates: Fixtures.templates)
        for language in matrix.spec.languages {
            let page = try XCTUnwrap(files["Docs/\(language.id)/reception-methods.md"], file: file, line: line)
            let book = Phrasebook(matrix: matrix, language: language.id)
            let (cells, tables) = try MarkdownMatrixReader(book: book).read(String(decoding: page, as: UTF8.self))
            XCTAssertEqual(tables, 1 << matrix.spec.payloadKeys.count, "tables in \(language.id)", file: file, line: line)
            XCTAssertEqual(cells.count, matrix.spec.cells.count, "cells in \(language.id)", file: file, line: line)
            for cell in matrix.spec.cells {
                let key = Combination.key(payload: Matrix.flags(cell), keys: matrix.payloadKeyIds, api: cell.api.id, appState: cell.appState.id)
                XCTAssertEqual(cells[key], CellOutline(cell, matrix: matrix), "\(language.id) \(cell.origin.path)", file: file, line: line)
            }
        }
    }
}

/// The round trip must notice a page that disagrees with the spec.
final class RoundTripDetectsChangesTests: XCTestCase {
    func testATamperedCellIsCaught() throws {
        let matrix = Fixtures.builtIn
        let book = Phrasebook(matrix: matrix, language: "en")
        var page = String(decoding: try Generator.render(matrix, templates: Fixtures.templates)["Docs/en/reception-methods.md"]!, as: UTF8.self)
        let anchor = #"<a id="cell-ios8_9-background-alert-content-available-category"></a>"#
        let cell = page.range(of: anchor)!
        let end = page[cell.upperBound...].range(of: " |")!.lowerBound
        page.replaceSubrange(cell.upperBound..<end, with: page[cell.upperBound..<end].replacingOccurrences(of: "reception handler (`.inactive`)", with: "reception handler (`.background`)"))
        let (cells, _) = try MarkdownMatrixReader(book: book).read(page)
        let key = Combination.key(payload: ["alert": true, "contentAvailable": true, "category": true], keys: matrix.payloadKeyIds, api: "ios8_9", appState: "background")
        XCTAssertEqual(cells[key]?.taps["body"], ["reception(background)"])
        XCTAssertNotEqual(cells[key], CellOutline(matrix.cell(payload: ["alert": true, "contentAvailable": true, "category": true], api: "ios8_9", appState: "background"), matrix: matrix))
    }
}

/// A spec with other dimensions — a fourth payload key, a third init API, a fourth app state,
/// another handler and tap — validates, generates and explains with no code change.
final class OtherDimensionsTests: XCTestCase {
    func testGeneratesAndExplains() throws {
        let spec = Fixtures.fixture("other-dimensions.json")
        let output = Fixtures.temporaryDirectory(self)
        let generated = Command.run(["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let page = try String(contentsOfFile: output + "/Docs/en/reception-methods.md", encoding: .utf8)
        XCTAssertTrue(page.contains("| Init API | Foreground \\*1 | Background | Suspended | Not running |"), "four state columns")
        XCTAssertTrue(page.contains("| iOS 15 API |"))
        let explained = Command.run(["explain", "--spec", spec, "--alert", "--mutable-content", "--api", "ios15", "--state", "foreground",
                                     "--without-presentation-handler", "--json"])
        XCTAssertEqual(explained.status, 0, explained.stderr)
        XCTAssertTrue(explained.stdout.contains("\"mutableContent\": true"))
        XCTAssertTrue(explained.stdout.contains("\"handler\": \"reception\",\n        \"state\": \"active\""), "the presentation handler's fallback applies: \(explained.stdout)")
    }
}
