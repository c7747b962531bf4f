import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputs

/// The glossary the current matrix's spec holds decides how the Japanese pages of both built-in
/// matrices write each term: one form, apart from the phrases an entry allows (a first-use
/// gloss, a setting's name).
final class JapaneseTermsTests: XCTestCase {
    func testEachGlossaryTermHasOneFormOnEveryJapanesePage() throws {
        let glossary = Fixtures.current.spec.glossary
        XCTAssertGreaterThanOrEqual(glossary.count, 10)
        for builtIn in Fixtures.builtIns {
            for page in DocsView.everyPage(builtIn.matrix.spec) {
                for format in page == DocsView.explorer ? ["html"] : ["md", "html"] {
                    let path = "\(builtIn.generated)/Docs/ja/\(page).\(format)"
                    let text = Self.withoutGlossary(try String(contentsOfFile: path, encoding: .utf8))
                    for entry in glossary {
                        let plain = entry.allowed["ja", default: []].reduce(text) { $0.replacing($1, with: "") }
                        for variant in entry.variants["ja", default: []] {
                            XCTAssertFalse(
                                plain.contains(variant),
                                "\(path): '\(variant)' where the pages say '\(entry.term["ja"])'")
                        }
                    }
                }
            }
        }
    }

    /// A page without the index's glossary, which may name what it rules out; every other line
    /// is read, headings, table cells and footnotes included.
    static func withoutGlossary(_ page: String) -> String {
        for (start, end) in [("<section id=\"glossary\">", "</section>"), ("\n## 用語\n", "\n## ")] {
            guard let open = page.range(of: start) else { continue }
            let close = page.range(of: end, range: open.upperBound..<page.endIndex)?.lowerBound ?? page.endIndex
            return String(page[..<open.lowerBound]) + "\n" + String(page[close...])
        }
        return page
    }

    func testOnlyTheIndexsGlossaryIsLeftUnread() {
        XCTAssertEqual(Self.withoutGlossary("a\n## 用語\n\n- x\n\n## 次\nb 表の用語"), "a\n\n## 次\nb 表の用語")
        XCTAssertEqual(Self.withoutGlossary("a<section id=\"glossary\"><h2>用語</h2></section>b"), "a\n</section>b")
        XCTAssertEqual(Self.withoutGlossary("表の用語\nセル"), "表の用語\nセル")
    }

    /// The glossary shows on the index, in each language.
    func testTheIndexListsTheGlossary() throws {
        let root = Fixtures.builtIns.first { $0.matrix.spec.glossary.count > 0 }!.generated
        let japanese = try String(contentsOfFile: "\(root)/Docs/ja/index.md", encoding: .utf8)
        XCTAssertTrue(japanese.contains("## 用語\n\n- **サービス拡張**："), japanese)
        let english = try String(contentsOfFile: "\(root)/Docs/en/index.html", encoding: .utf8)
        XCTAssertTrue(english.contains("<dt>service extension</dt><dd>"), english)
    }
}
