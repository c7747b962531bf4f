import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixSpec

/// What the explorer says beyond the calls, read from Chromium's DOM in both languages: each chosen condition with its
/// meaning, its reason where it is extrapolated, and its sources; a pasted payload's problem with its line and column;
/// and an overview whose legend names every chip and whose taps that call nothing say so.
final class ExplorerExplainsItselfTests: IntegrationTestCase {
    private static let harness = """
        <script>
        (() => {
          const answer = (fragment) => {
            window.pushExplorer.read(fragment);
            const conditions = [...document.querySelectorAll("#answer-body section.condition")].map((box) => ({
              id: box.dataset.condition, beyond: box.querySelector("p[data-beyond]") !== null,
              sources: [...box.querySelectorAll("li[data-source]")].map((li) => li.dataset.source) }));
            return { conditions: conditions, problem: document.getElementById("apns-problems").textContent };
          };
          const pasted = (text) => "apns=" + encodeURIComponent(text) + "&setup=" + window.pushExplorer.fragment().split("setup=")[1];
          const report = {
            conditions: answer("keys=contentAvailable&setup=appDelegate&state=background&conditions=lowPowerMode,debuggerAttached,beforeFirstUnlock").conditions,
            trailingComma: answer(pasted('{"aps": {"alert": "x",}}')).problem,
            repeated: answer(pasted('{\\n "aps": {\\n  "alert": "a",\\n  "alert": "b"\\n }\\n}')).problem,
            legend: [...document.querySelectorAll("ul.legend span.chip")].length,
            bareTaps: [...document.querySelectorAll("#overview span.tap")].filter((tap) => tap.children.length < 2).length,
          };
          const out = document.createElement("pre");
          out.id = "explorer-report";
          out.textContent = JSON.stringify(report);
          document.body.appendChild(out);
        })();
        </script>
        """

    private struct Report: Decodable {
        struct Shown: Decodable, Equatable {
            var id: String
            var beyond: Bool
            var sources: [String]
        }
        var conditions: [Shown]
        var trailingComma: String
        var repeated: String
        var legend: Int
        var bareTaps: Int
    }

    func testTheExplorerSaysWhatAConditionIsAndWhereAPayloadGoesWrong() throws {
        let matrix = Fixtures.current
        let directory = Fixtures.temporaryDirectory(self)
        var copies: [(language: String, path: String)] = []
        for language in ["en", "ja"] {
            let html = try String(contentsOfFile: "\(Fixtures.currentGenerated)/Docs/\(language)/explorer.html", encoding: .utf8)
            let copy = "\(directory)/explorer-\(language).html"
            try html.replacingOccurrences(of: "</body>", with: Self.harness + "</body>").write(
                toFile: copy, atomically: true, encoding: .utf8)
            copies.append((language, copy))
        }
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=375,900", "--dump-dom"]
        let doms = try ExternalTool.outputs("chromium", copies.map { flags + [URL(fileURLWithPath: $0.path).absoluteString] })
        let expected = ["lowPowerMode", "debuggerAttached", "beforeFirstUnlock"].map { id in
            let condition = matrix.spec.conditions.first { $0.id == id }!
            return Report.Shown(id: id, beyond: condition.extrapolated, sources: condition.sources.map(\.id))
        }
        for (copy, dom) in zip(copies, doms) {
            let json = try XCTUnwrap(dom.firstMatch(of: /<pre id="explorer-report">(.*?)<\/pre>/)?.1, copy.path)
            let text = json.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            let report = try JSONDecoder().decode(Report.self, from: Data(text.utf8))
            XCTAssertEqual(report.conditions, expected, copy.language)
            XCTAssertTrue(expected.contains { $0.beyond } && expected.contains { !$0.beyond }, "both kinds are shown")
            let book = Phrasebook(matrix: matrix, language: copy.language)
            let at = { (line: String, column: String) in book.phrase("payloadAt", ["line": .text(line), "column": .text(column)]).plainText
            }
            XCTAssertTrue(report.trailingComma.hasSuffix(at("1", "23")), "\(copy.language): \(report.trailingComma)")
            XCTAssertTrue(report.repeated.hasSuffix(at("4", "3")), "\(copy.language): \(report.repeated)")
            XCTAssertEqual(report.legend, matrix.spec.handlers.filter { !$0.launchesApp }.count, copy.language)
            XCTAssertEqual(report.bareTaps, 0, "\(copy.language): every tap in the overview names its calls or says none")
        }
    }
}
