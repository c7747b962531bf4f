import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputs

/// Where a text carries several footnote markers, they come in number order, each apart from
/// the next: `※7、※9、※11` in Japanese, `*7 *9 *11` in English. Read from the committed
/// Markdown of both built-in matrices.
final class FootnoteMarkerTests: XCTestCase {
    func testMarkersOfOneTextAreInOrderAndApart() throws {
        let languages = [
            ("en", #/\\\*(\d+)((?: \\\*\d+)*)/#, #/\\\*\d+\\\*/#), ("ja", #/※(\d+)((?:、※\d+)*)/#, #/※\d+※/#),
        ]
        var groups = 0
        for builtIn in Fixtures.builtIns {
            for page in DocsView.everyPage(builtIn.matrix.spec) where page != DocsView.explorer {
                for (language, run, together) in languages {
                    let path = "\(builtIn.generated)/Docs/\(language)/\(page).md"
                    let text = try String(contentsOfFile: path, encoding: .utf8)
                    XCTAssertNil(text.firstMatch(of: together), "\(path): two markers with nothing between them")
                    for match in text.matches(of: run) where !match.output.2.isEmpty {
                        let numbers = String(match.output.0).split(whereSeparator: { !$0.isNumber }).compactMap {
                            Int($0)
                        }
                        XCTAssertEqual(numbers, numbers.sorted(), "\(path): \(match.output.0)")
                        groups += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(groups, 0, "some texts carry several markers")
    }
}
