import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// The explorer pages in headless Chromium: for every payload combination, setup, app state and tap (or none), and for
/// some conditions and pasted payloads, what the page shows is `explain`'s answer. Each page loads once, with a script
/// that sets each fragment in turn and writes down what the answer region shows, then follows each overview cell's link.
final class ExplorerInBrowserTests: IntegrationTestCase {
    private static let harness = """
        <script>
        (() => {
          const out = [];
          for (const fragment of JSON.parse(document.getElementById("explorer-fragments").textContent)) {
            window.pushExplorer.read(fragment);
            const lines = [], notes = [...document.querySelectorAll("#answer-body li[data-note]")].map((li) => li.dataset.note);
            for (const path of document.querySelectorAll("#answer-body section.path")) {
              const d = path.dataset;
              const premise = d.onlyUnder ? ` onlyUnder=${d.onlyUnder}` : "";
              lines.push(`path ${d.path} ${d.kind} ${d.source} ignored=${d.ignored === "1"} shown=${d.shown === "1"}${premise}`);
              for (const item of path.querySelectorAll("ol.calls, p[data-alike], p[data-not-possible], p[data-changed-by], p[data-unlikely]")) {
                if (item.tagName === "OL") lines.push(item.dataset.at + ": " + [...item.children].map((li) => li.dataset.call).join(","));
                else if (item.dataset.alike) lines.push("alike: " + item.dataset.alike);
                else if (item.dataset.notPossible) lines.push(item.dataset.notPossible + ": notPossible");
                else if (item.dataset.changedBy) lines.push("changedBy: " + item.dataset.changedBy);
                else lines.push("unlikely: " + item.dataset.unlikely);
              }
            }
            lines.push("notes: " + notes.join(","));
            const link = document.querySelector("#answer-body a");
            out.push({ fragment: window.pushExplorer.fragment().slice(1), lines: lines, link: link ? link.getAttribute("href") : "",
              width: document.documentElement.scrollWidth - document.documentElement.clientWidth });
          }
          // Each overview cell's link, followed as Enter follows it: the answer shows its choice and has the focus.
          const cells = [...document.querySelectorAll("#overview a[data-choice]")];
          const missed = cells.filter((link) => {
            link.click();
            const focused = document.activeElement === document.getElementById("answer");
            return !focused || window.pushExplorer.fragment().slice(1) !== link.dataset.choice;
          }).map((link) => link.dataset.choice);
          const report = document.createElement("pre");
          report.id = "explorer-report";
          report.textContent = JSON.stringify(out);
          document.body.appendChild(report);
          const keyboard = document.createElement("pre");
          keyboard.id = "explorer-keyboard";
          keyboard.textContent = JSON.stringify({ cells: cells.length, missed: missed });
          document.body.appendChild(keyboard);
        })();
        </script>
        """

    /// What JavaScript's `encodeURIComponent` leaves as it is.
    private static let uriComponent = CharacterSet.alphanumerics.intersection(.init(charactersIn: "\u{0}"..."\u{7F}"))
        .union(.init(charactersIn: "-_.!~*'()"))

    /// One choice: the fragment the page is given, and the `explain` query it stands for.
    private struct Choice {
        var fragment: String
        var query: ExplainQuery
        var tap: String?
        var anchor: String
    }

    /// What following the overview's links did: how many there are, and the choices whose link left the answer without
    /// that choice or without the focus.
    private struct Followed: Decodable {
        let cells: Int
        let missed: [String]
    }

    private struct Shown: Decodable {
        let fragment: String
        let lines: [String]
        let link: String
        let width: Int
    }

    /// Every cell with every tap and with none; then, for every cell, a few lists of conditions and, for a few cells,
    /// pasted payloads.
    private func choices(_ matrix: Matrix) throws -> [Choice] {
        let spec = matrix.spec
        let keys = matrix.payloadKeyIds
        let anchors = Anchors(spec)
        let ids = spec.conditions.map(\.id)
        let lists =
            ids.isEmpty
            ? [] : [[ids[0], ids[1]], [ids[1], ids[0]], Array(ids.reversed()), ids.filter { $0.hasPrefix("s") }, ids]
        var choices: [Choice] = []
        for bits in 0..<(1 << keys.count) {
            let flags = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, bits & (1 << $0) != 0) })
            for (setup, state) in spec.setups.indices.flatMap({ setup in spec.appStates.indices.map { (setup, $0) } }) {
                let (setupId, stateId) = (spec.setups[setup].id, spec.appStates[state].id)
                let anchor = anchors.cell(
                    setup: setup, state: state, section: anchors.section(Payload(bits: UInt64(bits))))
                let base = Anchors.explorer(keys: keys.filter { flags[$0]! }, setup: setupId, appState: stateId)
                for tap in [nil] + spec.taps.map(\.id) {
                    let fragment = base + (tap.map { "&tap=\($0)" } ?? "")
                    choices.append(
                        Choice(
                            fragment: fragment,
                            query: ExplainQuery(payload: flags, setups: [setupId], appStates: [stateId]), tap: tap,
                            anchor: anchor))
                }
                for list in lists {
                    let query = ExplainQuery(payload: flags, setups: [setupId], appStates: [stateId], conditions: list)
                    choices.append(
                        Choice(
                            fragment: base + "&tap=body&conditions=" + list.joined(separator: ","), query: query,
                            tap: "body",
                            anchor: anchor))
                }
            }
        }
        let payloads = [
            #"{"aps":{"alert":"Hi","sound":"default","content-available":1}}"#,
            #"{"aps":{"content-available":"1","badge":2}}"#,
        ]
        for payload in payloads {
            let read = try APNsPayload.read(bytes: Array(payload.utf8), file: "payload", matrix: matrix)
            for (setup, state) in [
                (spec.setups[0].id, spec.appStates[1].id), (spec.setups.last!.id, spec.appStates.last!.id),
            ] {
                let query = ExplainQuery(
                    payload: read.flags, setups: [setup], appStates: [state], apnsKeys: read.apnsKeys)
                let cell = Anchors.explorer(keys: [], setup: setup, appState: state).dropFirst("keys=&".count)
                let fragment =
                    "apns=" + payload.addingPercentEncoding(withAllowedCharacters: Self.uriComponent)! + "&" + cell
                    + "&tap=body"
                let anchor = anchors.cell(
                    setup: spec.setups.firstIndex { $0.id == setup }!,
                    state: spec.appStates.firstIndex { $0.id == state }!,
                    section: anchors.section(Payload(read.flags, keys: keys)))
                choices.append(Choice(fragment: fragment, query: query, tap: "body", anchor: anchor))
            }
        }
        return choices
    }

    func testTheExplorerShowsExplainsAnswerForEveryChoice() throws {
        let directory = Fixtures.temporaryDirectory(self)
        var runs: [(matrix: Matrix, choices: [Choice], copy: String)] = []
        for builtIn in Fixtures.builtIns {
            let choices = try choices(builtIn.matrix)
            let fragments = String(
                decoding: try JSONSerialization.data(withJSONObject: choices.map(\.fragment)), as: UTF8.self
            )
            .replacingOccurrences(of: "<", with: "\\u003c")
            for language in ["en", "ja"] {
                let html = try String(
                    contentsOfFile: "\(builtIn.generated)/Docs/\(language)/explorer.html", encoding: .utf8)
                let copy = "\(directory)/\(builtIn.module)-\(language)-explorer.html"
                let added =
                    "<script type=\"application/json\" id=\"explorer-fragments\">\(fragments)</script>\n" + Self.harness
                try html.replacingOccurrences(of: "</body>", with: added + "</body>").write(
                    toFile: copy, atomically: true, encoding: .utf8)
                runs.append((builtIn.matrix, choices, copy))
            }
        }
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=375,900", "--dump-dom"]
        let doms = try ExternalTool.outputs(
            "chromium", runs.map { flags + [URL(fileURLWithPath: $0.copy).absoluteString] })
        for (run, dom) in zip(runs, doms) {
            let json = try XCTUnwrap(dom.firstMatch(of: /<pre id="explorer-report">(.*?)<\/pre>/)?.1, run.copy)
            let unescaped = json.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            let shown = try JSONDecoder().decode([Shown].self, from: Data(unescaped.utf8))
            let keyboard = try XCTUnwrap(dom.firstMatch(of: /<pre id="explorer-keyboard">(.*?)<\/pre>/)?.1, run.copy)
            let followed = try JSONDecoder().decode(
                Followed.self, from: Data(keyboard.replacingOccurrences(of: "&amp;", with: "&").utf8))
            XCTAssertEqual(followed.cells, run.matrix.spec.cells.count, run.copy)
            XCTAssertEqual(followed.missed, [], "each cell's link shows its answer and moves the focus there: \(run.copy)")
            XCTAssertEqual(shown.count, run.choices.count, run.copy)
            for (choice, answer) in zip(run.choices, shown) {
                let outcomes = run.matrix.explain(choice.query)
                let explained =
                    try JSONSerialization.jsonObject(
                        with: Data(
                            ExplainView.json(outcomes, matrix: run.matrix, conditions: choice.query.conditions).serialized().utf8))
                    as! [[String: Any]]
                let expected = ExplorerDataTests.lines(explained: explained[0], taps: choice.tap.map { [$0] } ?? [])
                XCTAssertEqual(answer.lines, expected, "\(run.copy)#\(choice.fragment)")
                XCTAssertEqual(answer.fragment, choice.fragment, "the page writes back the fragment it read")
                XCTAssertEqual(answer.link, "reception-methods.html#" + choice.anchor, choice.fragment)
                XCTAssertLessThanOrEqual(
                    answer.width, 0, "no sideways scrolling at 375 px: \(run.copy)#\(choice.fragment)")
            }
        }
    }
}
