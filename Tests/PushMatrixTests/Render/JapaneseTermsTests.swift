import Foundation
import XCTest

@testable import PushMatrix

/// Terms the Japanese pages of both built-in matrices write one way only: each form on the
/// right is one the pages settled against, for the term on the left.
final class JapaneseTermsTests: XCTestCase {
    private let settled: [(term: String, not: [String])] = [
        ("未決定", ["未確認"]),  // notDetermined, the permission status
        ("App スイッチャー", ["アプリスイッチャー"]),
        ("現在の iOS", ["現行 iOS", "最新 iOS"]),
    ]

    func testEachTermHasOneForm() throws {
        for builtIn in Fixtures.builtIns {
            for page in DocsView.pages(builtIn.matrix.spec).map(\.id) {
                for format in ["md", "html"] {
                    let path = "\(builtIn.generated)/Docs/ja/\(page).\(format)"
                    let text = try String(contentsOfFile: path, encoding: .utf8)
                    for (term, others) in settled {
                        for other in others { XCTAssertFalse(text.contains(other), "\(path): '\(other)' where the pages say '\(term)'") }
                    }
                }
            }
        }
    }
}
