import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs

/// Every Japanese page of both built-in matrices follows one rule for punctuation and spacing (`Typesetting`):
/// full-width brackets and colons, `〜` for ranges, no space touching full-width punctuation, and one space between
/// Japanese and Latin text or code.
final class JapaneseTypesettingTests: XCTestCase {
    func testTheRuleTypesetsATextOnce() {
        XCTAssertEqual(
            Typesetting.text("UIKit(シーンあり)またはSwiftUI: 出典 (iOS 13–27)。 次"), "UIKit（シーンあり）または SwiftUI：出典（iOS 13〜27）。次")
        XCTAssertEqual(
            Typesetting.text("scene(_:willConnectTo:options:) と https://example.com と 10:30"),
            "scene(_:willConnectTo:options:) と https://example.com と 10:30")
        XCTAssertEqual(
            Typesetting.text("`apns-priority: 5` (iOS 13) と `f( a )` の値: 1"), "`apns-priority: 5`（iOS 13）と `f( a )` の値：1",
            "code between backticks is kept as written")
        var joined = Inline.text("経路 2")
        Typesetting.append(.text("（報告）"), to: &joined)
        Typesetting.append(.code(".active"), to: &joined)
        Typesetting.append(.text("が呼ばれる"), to: &joined)
        XCTAssertEqual(joined.plainText, "経路 2（報告）.active が呼ばれる")
    }

    func testEveryJapanesePageFollowsTheRule() throws {
        var problems: [String] = []
        for builtIn in Fixtures.builtIns {
            for page in DocsView.everyPage(builtIn.matrix.spec) {
                for format in page == DocsView.explorer ? ["html"] : ["md", "html"] {
                    let path = "\(builtIn.generated)/Docs/ja/\(page).\(format)"
                    let page = try String(contentsOfFile: path, encoding: .utf8)
                    for line in Self.prose(page, html: format == "html").split(separator: "\n") {
                        problems += Self.problems(String(line)).map { "\(path): \($0)" }
                    }
                }
            }
        }
        XCTAssertEqual(problems.count, 0, problems.prefix(20).joined(separator: "\n"))
    }

    /// The page's prose, one visual line or block per line: code as `C` (Latin, as the rule counts it), markup and
    /// addresses dropped.
    private static func prose(_ page: String, html: Bool) -> String {
        var text = page
        let rules: [(Regex<Substring>, String)] =
            html
            ? [
                (/(?s)<style>.*?<\/style>/, "\n"), (/(?s)<script\b.*?<\/script>/, "\n"), (/(?s)<pre\b.*?<\/pre>/, "\n"),
                (/(?s)<code>.*?<\/code>/, "C"),
                (/<\/?(?:a|strong|em|sup)\b[^>]*>/, ""), (/<[^>]*>/, "\n"), (/https:\/\/\S+/, "\n"),
            ]
            : [
                (/(?s)```.*?```/, "\n"), (/`[^`\n]*`/, "C"), (/\]\([^)\s]*\)/, "]"), (/<https:[^>]*>/, "\n"),
                (/<a id="[^"]*"><\/a>/, ""), (/<[^>\n]*>/, "\n"), (/\*\*/, ""),
            ]
        for (pattern, replacement) in rules { text = text.replacing(pattern, with: replacement) }
        return html ? text : text.replacing(/\\(.)/) { String($0.output.1) }  // Markdown's escapes, as read
    }

    private static func problems(_ line: String) -> [String] {
        let c = Array(line.unicodeScalars)
        var found: [String] = []
        for i in c.indices {
            let before = i > 0 ? c[i - 1] : nil
            let after = i + 1 < c.count ? c[i + 1] : nil
            let context = String(String.UnicodeScalarView(c[max(0, i - 12)..<min(c.count, i + 12)]))
            let selector =
                c[i] == "(" && (after == "_" || after == ")") || c[i] == ")" && (before == ":" || before == "(")
            if "():".unicodeScalars.contains(c[i]), !selector,
                isJapanese(before) || isJapanese(after) || isTight(before) || isTight(after)
            {
                found.append("ASCII '\(c[i])' in Japanese text: \(context)")
            }
            if let after, isLetter(c[i]) && isLatin(after) || isLatin(c[i]) && isLetter(after) {
                found.append("no space between Japanese and Latin: \(context)")
            }
            if c[i] == " ", isTight(before) && after != "|" || isTight(after) && before != "|" && before != nil {
                found.append("a space beside full-width punctuation: \(context)")
            }
            if c[i] == "–", isDigit(before), isDigit(after) {
                found.append("'–' where Japanese writes '〜': \(context)")
            }
        }
        return found
    }

    private static func isLetter(_ c: Unicode.Scalar) -> Bool {
        (0x3041...0x30FF).contains(c.value) && c.value != 0x30FB || (0x3400...0x9FFF).contains(c.value)
    }
    private static func isJapanese(_ c: Unicode.Scalar?) -> Bool { c.map(isLetter) ?? false }
    private static func isTight(_ c: Unicode.Scalar?) -> Bool {
        c.map { "（）：、。・「」〜".unicodeScalars.contains($0) } ?? false
    }
    private static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0"..."9").contains($0) } ?? false }
    private static func isLatin(_ c: Unicode.Scalar) -> Bool { c.isASCII && (c.properties.isAlphabetic || isDigit(c)) }
}
