import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputs

/// Every HTML page of both built-in matrices, in both languages, fits a phone-sized window:
/// headless Chromium at its narrowest layout (500 px) finds nothing wider than the window but
/// the tables and code blocks, which scroll sideways inside their own boxes.
final class PageWidthTests: IntegrationTestCase {
    /// Appended to a copy of the page: lists each element and each run of text that reaches past
    /// the window's right edge outside a scrolling box, and the document's own width.
    private static let probe = """
        <script>
        (() => {
          const width = document.documentElement.clientWidth, wide = [];
          const scrolls = (node) => node.closest(".scroll, pre, script");
          for (const element of document.body.querySelectorAll("*")) {
            if (!scrolls(element) && element.getBoundingClientRect().right > width + 0.5) {
              wide.push(element.tagName.toLowerCase() + ": " + element.textContent.trim().slice(0, 60));
            }
          }
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            if (!text.parentElement || scrolls(text.parentElement)) continue;
            const range = document.createRange();
            range.selectNodeContents(text);
            if ([...range.getClientRects()].some((box) => box.right > width + 0.5)) wide.push("text: " + text.textContent.trim().slice(0, 60));
          }
          const report = document.createElement("pre");
          report.id = "width-report";
          report.textContent = JSON.stringify({ window: width, document: document.documentElement.scrollWidth, wide: wide });
          document.body.appendChild(report);
        })();
        </script>
        """

    private struct Report: Decodable {
        let window: Int
        let document: Int
        let wide: [String]
    }

    func testEveryPageFitsA500PixelWindow() throws {
        let directory = Fixtures.temporaryDirectory(self)
        var copies: [(name: String, path: String)] = []
        for builtIn in Fixtures.builtIns {
            for language in builtIn.matrix.spec.languages.map(\.id) {
                for page in DocsView.everyPage(builtIn.matrix.spec) {
                    let html = try String(
                        contentsOfFile: "\(builtIn.generated)/Docs/\(language)/\(page).html", encoding: .utf8)
                    let copy = "\(directory)/\(builtIn.module)-\(language)-\(page).html"
                    try html.replacingOccurrences(of: "</body>", with: Self.probe + "</body>").write(
                        toFile: copy, atomically: true, encoding: .utf8)
                    copies.append(("\(builtIn.module) \(language) \(page)", copy))
                }
            }
        }
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=500,900", "--dump-dom"]
        let doms = try ExternalTool.outputs(
            "chromium", copies.map { flags + [URL(fileURLWithPath: $0.path).absoluteString] })
        var measured = 0
        for ((name, copy), dom) in zip(copies, doms) {
            let json = try XCTUnwrap(dom.firstMatch(of: /<pre id="width-report">(.*?)<\/pre>/)?.1, copy)
            let unescaped = json.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            let report = try JSONDecoder().decode(Report.self, from: Data(unescaped.utf8))
            XCTAssertLessThanOrEqual(report.window, 500, "Chromium laid \(name) out wider than asked")
            XCTAssertLessThanOrEqual(report.document, report.window, "\(name) is wider than the window")
            XCTAssertEqual(report.wide, [], "\(name): past the right edge outside a table")
            measured += 1
        }
        XCTAssertEqual(
            measured, 42,
            "6 pages of the field-tested matrix, 10 of the current one (with its conditions and 3 wrappers) and 5 of the VoIP "
                + "one, in 2 languages")
    }
}
