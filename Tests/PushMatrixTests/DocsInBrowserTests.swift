import Foundation
import XCTest

@testable import PushMatrix

/// The pages as people get them: every Markdown page through cmark-gfm, every HTML page through
/// tidy and headless Chromium, and hostile spec text shown literally everywhere.
final class DocsInBrowserTests: XCTestCase {
    private var pages: [String] { DocsView.pages(Fixtures.builtIn.spec).map(\.id) }
    private var languages: [String] { Fixtures.builtIn.spec.languages.map(\.id) }

    private func generated(_ language: String, _ page: String, _ ext: String) throws -> Data {
        try XCTUnwrap(FileManager.default.contents(atPath: "\(Fixtures.generated)/Docs/\(language)/\(page).\(ext)"))
    }

    func testEveryPageExistsInBothLanguagesAndFormats() throws {
        for language in languages {
            for page in pages {
                for ext in ["md", "html"] { XCTAssertFalse(try generated(language, page, ext).isEmpty, "\(language)/\(page).\(ext)") }
            }
        }
    }

    func testCmarkGFMRendersEveryMarkdownPage() throws {
        for language in languages {
            for page in pages {
                let html = try ExternalTool.output("cmark-gfm", ["--extension", "table"], input: try generated(language, page, "md"))
                XCTAssertEqual(MarkdownRenderingTests.blocks("h1", in: html).count, 1, "\(language)/\(page).md")
            }
        }
    }

    func testTidyFindsNothingWrong() throws {
        for language in languages {
            for page in pages {
                let file = "\(Fixtures.generated)/Docs/\(language)/\(page).html"
                let result = try ExternalTool.run("tidy", ["-e", "-q", file])
                XCTAssertEqual(result.status, 0, "\(file): \(result.errors)")  // 1 means warnings, 2 errors
            }
        }
    }

    func testChromiumLoadsEveryPage() throws {
        for language in languages {
            let other = languages.first { $0 != language }!
            for page in pages {
                let url = URL(fileURLWithPath: "\(Fixtures.generated)/Docs/\(language)/\(page).html").absoluteString
                let dom = try ExternalTool.output("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", url])
                XCTAssertTrue(dom.contains("<html lang=\"\(language)\">"), "\(language)/\(page)")
                XCTAssertTrue(dom.contains("href=\"../\(other)/\(page).html\""), "link to the other language from \(language)/\(page)")
                XCTAssertEqual(MarkdownRenderingTests.blocks("h1", in: dom).count, 1)
                guard page == "reception-methods" else { continue }
                let matrixTables = MarkdownRenderingTests.blocks("table", in: dom).filter { !$0.contains("<a href=\"#cell-") }
                let stateCells = matrixTables.flatMap { MarkdownRenderingTests.blocks("tbody", in: $0) }
                    .flatMap { MarkdownRenderingTests.blocks("td", in: $0) }
                XCTAssertEqual(dom.components(separatedBy: "<td id=\"cell-").count - 1, 48, "48 state cells with ids in \(language)")
                XCTAssertEqual(dom.components(separatedBy: "<table class=\"matrix\">").count - 1, 8)
                XCTAssertGreaterThanOrEqual(stateCells.count, 48)
                XCTAssertEqual(
                    dom.components(separatedBy: "<a href=\"#cell-").count - 1, 48 + 2,
                    "the overview links every cell; two design cases link theirs")
                XCTAssertTrue(dom.contains("id=\"cell-ios10-background-alert-content-available-category\""))
            }
        }
    }

    /// Spec text full of markup survives as text: pages stay well-formed, tables keep their shape
    /// (they still read back into the spec's cells), and the text shows literally.
    func testHostileTextRendersLiterally() throws {
        let matrix = try SpecLoader.load(path: Fixtures.fixture("hostile-text.json"))
        let files = try Generator.render(matrix, templates: Fixtures.templates)
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
                    $0.text(skipping: { $0.classes.contains("marker") || $0.classes.contains("back") }).trimmingCharacters(in: .whitespaces)
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
