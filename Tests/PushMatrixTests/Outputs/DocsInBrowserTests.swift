import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// The pages of both built-in matrices as people get them: every Markdown page through cmark-gfm,
/// every HTML page through tidy and headless Chromium, and hostile spec text shown literally everywhere.
final class DocsInBrowserTests: XCTestCase {
    /// Each built-in matrix's committed page files: (matrix, language, page id, path without extension).
    private var pages: [(matrix: Matrix, language: String, page: String, path: String)] {
        Fixtures.builtIns.flatMap { builtIn in
            builtIn.matrix.spec.languages.flatMap { language in
                DocsView.everyPage(builtIn.matrix.spec).map { page in
                    (builtIn.matrix, language.id, page, "\(builtIn.generated)/Docs/\(language.id)/\(page)")
                }
            }
        }
    }

    func testEveryPageExistsInBothLanguagesAndFormats() throws {
        XCTAssertEqual(Set(pages.map(\.language)), ["en", "ja"])
        for page in pages {
            for ext in page.page == DocsView.explorer ? ["html"] : ["md", "html"] {
                XCTAssertFalse(
                    try XCTUnwrap(FileManager.default.contents(atPath: "\(page.path).\(ext)"), page.path).isEmpty,
                    page.path)
            }
        }
    }

    func testCmarkGFMRendersEveryMarkdownPage() throws {
        for page in pages where page.page != DocsView.explorer {
            let markdown = try XCTUnwrap(FileManager.default.contents(atPath: page.path + ".md"))
            let html = try ExternalTool.output("cmark-gfm", ["--extension", "table"], input: markdown)
            XCTAssertEqual(MarkdownRenderingTests.blocks("h1", in: html).count, 1, page.path)
        }
    }

    func testTidyFindsNothingWrong() throws {
        for page in pages {
            let result = try ExternalTool.run("tidy", ["-e", "-q", page.path + ".html"])
            XCTAssertEqual(result.status, 0, "\(page.path).html: \(result.errors)")  // 1 means warnings, 2 errors
        }
    }

    func testChromiumLoadsEveryPage() throws {
        try IntegrationTestCase.require()
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"]
        let doms = try ExternalTool.outputs(
            "chromium", pages.map { flags + [URL(fileURLWithPath: $0.path + ".html").absoluteString] })
        for ((matrix, language, page, path), dom) in zip(pages, doms) {
            let other = matrix.spec.languages.map(\.id).first { $0 != language }!
            XCTAssertTrue(dom.contains("<html lang=\"\(language)\">"), path)
            XCTAssertTrue(dom.contains("href=\"../\(other)/\(page).html\""), "link to the other language from \(path)")
            XCTAssertEqual(MarkdownRenderingTests.blocks("h1", in: dom).count, 1, path)
            guard page == "reception-methods" else { continue }
            let cells = matrix.spec.cells.count
            let tables = Combination.payloads(matrix.payloadKeyIds).count
            let matrixTables = MarkdownRenderingTests.blocks("table", in: dom).filter {
                !$0.contains("<a href=\"#cell-")
            }
            let stateCells = matrixTables.flatMap { MarkdownRenderingTests.blocks("tbody", in: $0) }
                .flatMap { MarkdownRenderingTests.blocks("td", in: $0) }
            XCTAssertEqual(
                dom.components(separatedBy: "<td id=\"cell-").count, cells + 1,
                "\(cells) state cells with ids in \(path)")
            XCTAssertEqual(dom.components(separatedBy: "<table class=\"matrix\">").count - 1, tables, path)
            XCTAssertGreaterThanOrEqual(stateCells.count, cells)
            XCTAssertEqual(
                dom.components(separatedBy: "<a href=\"#cell-").count - 1, matrix.spec.designCases.count,
                "each design case links its own: \(path)")
            XCTAssertEqual(
                dom.components(separatedBy: "<a href=\"explorer.html#keys=").count - 1, cells,
                "each cell links its answer: \(path)")
        }
    }

    /// Each page marks the cells nobody has observed, and says what each kind of source means.
    func testTheCurrentMatrixShowsEachCellsSourceKind() throws {
        let matrix = Fixtures.current
        let unobserved = matrix.spec.cells.filter { matrix.sources[$0.source.id]!.kind != .observed }.count
        XCTAssertGreaterThan(unobserved, 0)
        for language in ["en", "ja"] {
            let html = try String(
                contentsOfFile: "\(Fixtures.currentGenerated)/Docs/\(language)/reception-methods.html", encoding: .utf8)
            let dashed = html.matches(of: /<td id="cell-[^"]*"[^>]* class="unobserved">/).count
            XCTAssertEqual(dashed, unobserved, language)
            let book = Phrasebook(matrix: matrix, language: language)
            for kind in ["kindAppleDocumented", "kindExpected", "kindReported"] {
                XCTAssertTrue(html.contains(book.phrase(kind).plainText), "\(language): the legend names \(kind)")
            }
        }
    }

    /// Spec text full of markup survives as text: pages stay well-formed, tables keep their shape
    /// (they still read back into the spec's cells), and the text shows literally.
    func testHostileTextRendersLiterally() throws {
        let matrix = try Matrix(SpecLoader.load(path: Fixtures.fixture("hostile-text.json")))
        let files = try Fixtures.rendered(matrix)
        for language in matrix.spec.languages.map(\.id) {
            let book = Phrasebook(matrix: matrix, language: language)
            let hostile = matrix.spec.notes[1].text[language]
            // HTML: parses as XML, reads back, and the note's text is exactly the spec's.
            let html = try XCTUnwrap(files["Docs/\(language)/reception-methods.html"])
            let page = try HTMLElement.parse(Data(html))
            CellOutline.assertEqual(try HTMLMatrixReader(book: book).read(page).cells, matrix, "\(language) HTML")
            let notes = page.all("ol", where: { $0.classes.contains("notes") }).flatMap(\.elements)
            XCTAssertTrue(
                notes.contains {
                    $0.text(skipping: { $0.classes.contains("marker") || $0.classes.contains("back") })
                        .trimmingCharacters(in: .whitespaces)
                        == hostile
                })
            XCTAssertFalse(String(decoding: html, as: UTF8.self).contains("<b>"))
            XCTAssertFalse(String(decoding: html, as: UTF8.self).contains("</script><"))
            // Markdown: reads back, and cmark-gfm shows the text as text.
            let markdown = try XCTUnwrap(files["Docs/\(language)/reception-methods.md"])
            let (mdCells, tables) = try MarkdownMatrixReader(book: book).read(String(decoding: markdown, as: UTF8.self))
            XCTAssertEqual(tables, 8)
            CellOutline.assertEqual(mdCells, matrix, "\(language) Markdown")
            let rendered = try ExternalTool.output("cmark-gfm", ["--extension", "table"], input: Data(markdown))
            XCTAssertTrue(rendered.contains("&lt;/script&gt;&lt;!-- c --&gt;"), "script and comment shown as text")
            XCTAssertTrue(rendered.contains("&lt;b&gt;"), "tags shown as text")
            XCTAssertFalse(rendered.contains("<em>") || rendered.contains("<strong>b"), "no emphasis from * or _")
            XCTAssertTrue(rendered.contains("*x*"), "asterisks shown as written")
        }
    }
}
