import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputs

/// The generated module's documentation catalog: a landing page titled with the module and an
/// article per documentation page, each pointing at that page in every language.
/// (`scripts/docc-check` runs DocC itself over the committed catalogs.)
final class DocCCatalogTests: XCTestCase {
    func testTheCatalogHasALandingPageAndAnArticlePerPage() throws {
        for (matrix, module) in [(Fixtures.builtIn, "Probe"), (Fixtures.current, "CurrentProbe")] {
            let files = try Generator.render(matrix, templates: Fixtures.templates, module: module)
            let catalog = "Sources/\(module)/\(module).docc/"
            let landing = try XCTUnwrap(files[catalog + "\(module).md"].map { String(decoding: $0, as: UTF8.self) })
            XCTAssertTrue(landing.hasPrefix("# ``\(module)``\n"), landing)
            let articles = DocsView.pages(matrix.spec).map(\.id).filter { $0 != "index" && $0 != DocsView.explorer }
            XCTAssertEqual(
                files.keys.filter { $0.hasPrefix(catalog) }.sorted(),
                ([module] + articles).map { catalog + $0 + ".md" }.sorted())
            for page in articles {
                XCTAssertTrue(landing.contains("- <doc:\(page)>\n"), "the landing page lists \(page)")
                let article = String(decoding: files[catalog + page + ".md"]!, as: UTF8.self)
                for language in ["en", "ja"] {
                    for format in ["md", "html"] {
                        let path = "Docs/\(language)/\(page).\(format)"
                        XCTAssertNotNil(files[path], path)
                        XCTAssertTrue(article.contains("](../../../\(path))"), "\(module) \(page) links \(path)")
                    }
                }
            }
        }
    }

    /// The Topics sections link only symbols the module declares outside the UIKit-only skeleton
    /// (missing from a Linux symbol graph): checked here for a spec without a permission section.
    func testTopicsLinkOnlySymbolsOfTheModule() throws {
        let files = try Generator.render(Fixtures.current, templates: Fixtures.templates, module: "CurrentProbe")
        let sources = files.filter {
            $0.key.hasSuffix(".swift") && $0.key.hasPrefix("Sources/") && !$0.key.contains("/Skeleton/")
        }
        .map { String(decoding: $0.value, as: UTF8.self) }.joined()
        var links = 0
        for (path, bytes) in files where path.contains(".docc/") {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("- ``") {
                let symbol = line.dropFirst(4).prefix { $0 != "`" && $0 != "/" }
                links += 1
                let declared = ["enum", "struct", "class", "protocol"].contains { sources.contains("\($0) \(symbol)") }
                XCTAssertTrue(declared || symbol == "CurrentProbe", "\(path) links \(line)")
            }
        }
        XCTAssertGreaterThan(links, 15)
    }
}
