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
            for page in DocsView.pages(builtIn.matrix.spec).map(\.id) {
                for format in ["md", "html"] {
                    let path = "\(builtIn.generated)/Docs/ja/\(page).\(format)"
                    var text = try String(contentsOfFile: path, encoding: .utf8)
                    // The index lists the glossary itself, which may name what it rules out.
                    if let start = text.range(of: "用語") { text = String(text[..<start.lowerBound]) + "\n" }
                    for entry in glossary {
                        let plain = entry.allowed["ja", default: []].reduce(text) { $0.replacing($1, with: "") }
                        for variant in entry.variants["ja", default: []] {
                            XCTAssertFalse(plain.contains(variant), "\(path): '\(variant)' where the pages say '\(entry.term["ja"])'")
                        }
                    }
                }
            }
        }
    }

    /// The glossary shows on the index, in each language.
    func testTheIndexListsTheGlossary() throws {
        let root = Fixtures.builtIns.first { $0.matrix.spec.glossary.count > 0 }!.generated
        let japanese = try String(contentsOfFile: "\(root)/Docs/ja/index.md", encoding: .utf8)
        XCTAssertTrue(japanese.contains("## 用語\n\n- **サービス拡張**: "), japanese)
        let english = try String(contentsOfFile: "\(root)/Docs/en/index.html", encoding: .utf8)
        XCTAssertTrue(english.contains("<dt>service extension</dt><dd>"), english)
    }
}
