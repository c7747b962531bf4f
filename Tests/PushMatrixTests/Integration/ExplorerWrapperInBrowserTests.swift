import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// The current matrix's explorer in headless Chromium, with each wrapper chosen: for every cell and tap, a push from
/// another backend, and lists of conditions (some the wrapper settles), each place's calls show the rules and events
/// `explain --wrapper` gives them.
final class ExplorerWrapperInBrowserTests: IntegrationTestCase {
    private static let harness = """
        <script>
        (() => {
          const out = [];
          for (const fragment of JSON.parse(document.getElementById("explorer-fragments").textContent)) {
            window.pushExplorer.read(fragment);
            const lines = [];
            for (const list of document.querySelectorAll("#answer-body ul.wrapped")) {
              const calls = [...list.children].map((li) => li.dataset.rule + "=" + li.dataset.events);
              lines.push(list.dataset.at + ": " + calls.join(" "));
            }
            out.push({ fragment: window.pushExplorer.fragment().slice(1), lines: lines });
          }
          const report = document.createElement("pre");
          report.id = "explorer-report";
          report.textContent = JSON.stringify(out);
          document.body.appendChild(report);
        })();
        </script>
        """

    private struct Shown: Decodable {
        let fragment: String
        let lines: [String]
    }

    /// One choice: its fragment, and what explain answers for it in the wrapper's events, place by place.
    private struct Choice {
        var fragment: String
        var lines: [String]
    }

    private func choices(_ matrix: Matrix, _ wrapper: Wrapper) -> [Choice] {
        let spec = matrix.spec
        let keys = matrix.payloadKeyIds
        let conditions = [spec.conditions.map(\.id), ["sdkOwnsDelegate", "backgroundAppRefreshOff"]]
        var choices: [Choice] = []
        for bits in 0..<(1 << keys.count) {
            let flags = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, bits & (1 << $0) != 0) })
            for setup in spec.setups.map(\.id) {
                for state in spec.appStates.map(\.id) {
                    let base =
                        Anchors.explorer(keys: keys.filter { flags[$0]! }, setup: setup, appState: state)
                    var asked: [(tap: String?, own: Bool, conditions: [String])] = ([nil] + spec.taps.map(\.id)).map { ($0, true, []) }
                    asked += conditions.map { ("body", true, $0) }
                    if wrapper.ownMessageKey != nil { asked.append(("body", false, [])) }
                    for (tap, own, list) in asked {
                        let settled = matrix.settled(list, by: wrapper)
                        let query = ExplainQuery(
                            payload: flags, setups: [setup], appStates: [state], conditions: list.filter { !settled.contains($0) })
                        let outcome = matrix.explain(query)[0]
                        let lines = ([outcome] + outcome.paths).flatMap { path in
                            matrix.wrapped(path, by: wrapper, ownMessage: own).filter { $0.place == "delivery" || $0.place == tap }
                                .filter { $0.place == "delivery" || path.taps.contains { $0.tap == tap } }
                                .map { place in
                                    place.place + ": "
                                        + place.calls.map { "\($0.rule.id)=" + $0.rule.events.map(\.id).joined(separator: ",") }
                                        .joined(separator: " ")
                                }
                        }
                        var fragment = base + (tap.map { "&tap=\($0)" } ?? "")
                        if !list.isEmpty { fragment += "&conditions=" + list.joined(separator: ",") }
                        fragment += "&wrapper=" + wrapper.id + (own ? "" : "&sender=other")
                        choices.append(Choice(fragment: fragment, lines: lines))
                    }
                }
            }
        }
        return choices
    }

    func testTheExplorerShowsExplainsWrapperAnswerForEveryChoice() throws {
        let matrix = Fixtures.current
        XCTAssertEqual(matrix.spec.wrappers.map(\.id), ["flutterfire", "rnfirebase", "expo"])
        let directory = Fixtures.temporaryDirectory(self)
        var runs: [(choices: [Choice], copy: String)] = []
        for wrapper in matrix.spec.wrappers {
            let choices = choices(matrix, wrapper)
            let fragments = String(decoding: try JSONSerialization.data(withJSONObject: choices.map(\.fragment)), as: UTF8.self)
            for language in ["en", "ja"] {
                let html = try String(contentsOfFile: "\(Fixtures.currentGenerated)/Docs/\(language)/explorer.html", encoding: .utf8)
                let copy = "\(directory)/\(wrapper.id)-\(language)-explorer.html"
                let added = "<script type=\"application/json\" id=\"explorer-fragments\">\(fragments)</script>\n" + Self.harness
                try html.replacingOccurrences(of: "</body>", with: added + "</body>").write(toFile: copy, atomically: true, encoding: .utf8)
                runs.append((choices, copy))
            }
        }
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=375,900", "--dump-dom"]
        let doms = try ExternalTool.outputs("chromium", runs.map { flags + [URL(fileURLWithPath: $0.copy).absoluteString] })
        for (run, dom) in zip(runs, doms) {
            let json = try XCTUnwrap(dom.firstMatch(of: /<pre id="explorer-report">(.*?)<\/pre>/)?.1, run.copy)
            let unescaped = json.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            let shown = try JSONDecoder().decode([Shown].self, from: Data(unescaped.utf8))
            XCTAssertEqual(shown.count, run.choices.count, run.copy)
            for (choice, answer) in zip(run.choices, shown) {
                XCTAssertEqual(answer.lines, choice.lines, "\(run.copy)#\(choice.fragment)")
                XCTAssertEqual(answer.fragment, choice.fragment, "the page writes back the fragment it read")
            }
        }
    }
}
