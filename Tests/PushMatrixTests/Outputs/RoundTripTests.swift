import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSpec

/// Generated pages read back into cells must equal the spec's cells, in every language.
final class RoundTripTests: XCTestCase {
    func testMarkdownTablesReadBackToTheSpec() throws {
        try assertRoundTrip(Fixtures.builtIn)
    }

    func testTheCurrentMatrixReadsBack() throws {
        try assertRoundTrip(Fixtures.current)
        try assertHTMLRoundTrip(Fixtures.current)
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
        try assertRoundTrip(matrix, format: "html", file: file, line: line) { book, page in
            try HTMLMatrixReader(book: book).read(HTMLElement.parse(Data(page)))
        }
    }

    private func assertRoundTrip(_ matrix: Matrix, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertRoundTrip(matrix, format: "md", file: file, line: line) { book, page in
            try MarkdownMatrixReader(book: book).read(String(decoding: page, as: UTF8.self))
        }
    }

    /// Renders the matrix page in every language and reads its tables back with `read`.
    private func assertRoundTrip(
        _ matrix: Matrix, format: String, file: StaticString, line: UInt,
        read: (Phrasebook, [UInt8]) throws -> (cells: [String: CellOutline], tables: Int)
    ) throws {
        let files = try Fixtures.rendered(matrix)
        for language in matrix.spec.languages {
            let page = try XCTUnwrap(files["Docs/\(language.id)/reception-methods.\(format)"], file: file, line: line)
            let (cells, tables) = try read(Phrasebook(matrix: matrix, language: language.id), page)
            XCTAssertEqual(
                tables, 1 << matrix.spec.payloadKeys.count, "tables in \(language.id)", file: file, line: line)
            CellOutline.assertEqual(cells, matrix, "\(language.id) \(format)", file: file, line: line)
        }
    }
}

/// Where the matrix page marks notes.
final class FootnoteTests: XCTestCase {
    /// A column's note about one setup (the foreground note names an iOS 10 method) is marked
    /// in that API's cells of the column, not on the column's header.
    func testANoteAboutOneSetupIsMarkedOnlyInItsRows() throws {
        let page = String(
            decoding: try XCTUnwrap(Fixtures.rendered(Fixtures.builtIn)["Docs/en/reception-methods.md"]),
            as: UTF8.self)
        XCTAssertFalse(page.contains("| Foreground \\*"), "no marker on the column's header")
        func cell(_ setup: String) -> Substring {
            let start = page.range(of: #"<a id="cell-\#(setup)-foreground-alert"></a>"#)!.upperBound
            return page[start..<page[start...].range(of: " |")!.lowerBound]
        }
        XCTAssertEqual(cell("ios10"), "On arrival, the reception handler (`.active`) is called at once. \\*1")
        XCTAssertEqual(cell("ios8_9"), "On arrival, the reception handler (`.active`) is called at once.")
        XCTAssertTrue(
            page.contains(
                "\\*1 An app that presents notifications in the foreground through `userNotificationCenter(_:willPresent:withCompletionHandler:)`"
            ))
    }
}

/// The round trip must notice a page that disagrees with the spec.
final class RoundTripDetectsChangesTests: XCTestCase {
    func testATamperedCellIsCaught() throws {
        let matrix = Fixtures.builtIn
        let book = Phrasebook(matrix: matrix, language: "en")
        var page = String(
            decoding: try Fixtures.rendered(matrix)["Docs/en/reception-methods.md"]!, as: UTF8.self)
        let anchor = #"<a id="cell-ios8_9-background-alert-content-available-category"></a>"#
        let cell = page.range(of: anchor)!
        let end = page[cell.upperBound...].range(of: " |")!.lowerBound
        page.replaceSubrange(
            cell.upperBound..<end,
            with: page[cell.upperBound..<end].replacingOccurrences(
                of: "reception handler (`.inactive`)", with: "reception handler (`.background`)"))
        let (cells, _) = try MarkdownMatrixReader(book: book).read(page)
        let key = Combination.key(
            payload: ["alert": true, "contentAvailable": true, "category": true], keys: matrix.payloadKeyIds,
            setup: "ios8_9",
            appState: "background")
        XCTAssertEqual(cells[key]?.taps["body"], ["reception(background)"])
        XCTAssertNotEqual(
            cells[key],
            CellOutline(
                matrix.cell(
                    payload: ["alert": true, "contentAvailable": true, "category": true], setup: "ios8_9",
                    appState: "background"),
                matrix: matrix))
    }
}

/// A spec with other dimensions — a fourth payload key, a third setup, a fourth app state,
/// another handler and tap — validates, generates and explains with no code change.
final class OtherDimensionsTests: XCTestCase {
    func testGeneratesAndExplains() throws {
        let spec = Fixtures.fixture("other-dimensions.json")
        let output = Fixtures.temporaryDirectory(self)
        let generated = Command.run(["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let page = try String(contentsOfFile: output + "/Docs/en/reception-methods.md", encoding: .utf8)
        XCTAssertTrue(
            page.contains("| Init API | Foreground \\*1 | Background | Suspended | Not running |"), "four state columns"
        )
        XCTAssertTrue(page.contains("| iOS 15 API |"))
        let explained = Command.run([
            "explain", "--spec", spec, "--alert", "--mutable-content", "--setup", "ios15", "--state", "foreground",
            "--without-presentation-handler", "--json",
        ])
        XCTAssertEqual(explained.status, 0, explained.stderr)
        XCTAssertTrue(explained.stdout.contains("\"mutableContent\": true"))
        XCTAssertTrue(
            explained.stdout.contains("\"handler\": \"reception\",\n        \"state\": \"active\""),
            "the presentation handler's fallback applies: \(explained.stdout)")
    }
}
