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
