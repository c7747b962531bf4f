import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// The explorer pages of every built-in matrix in headless Chromium: for every payload combination, setup, app state and
/// tap (or none), and for some conditions and pasted payloads, what the page shows is `explain`'s answer; for each
/// field-kit request pasted, `explain --request`'s, and a push type the matrix does not answer is refused as there. Each
/// page loads once, with a script that sets each fragment in turn and writes down what the answer region shows, then
/// follows each overview cell's link.
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
              problem: document.getElementById("apns-problems").textContent,
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

    /// One choice: the fragment the page is given, and the `explain` query it stands for, or the refusal it shows.
    private struct Choice {
        var fragment: String
        var query: ExplainQuery
        var tap: String?
        var anchor: String
        /// By language.
        var refusal: [String: String]? = nil
        /// The fragment the page writes back, where it is not the one given.
        var written: String? = nil
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
        let problem: String
        let width: Int
    }

    /// Every cell with every tap and with none; then, for every cell, a few lists of conditions and, for a few cells,
    /// pasted payloads.
    private func choices(_ matrix: Matrix) throws -> [Choice] {
        let spec = matrix.spec
        let keys = matrix.payloadKeyIds
        let anchors = Anchors(spec)
        let ids = spec.conditions.map(\.id)
        // The body, or the first tap of a matrix without one (VoIP's call screen).
        let tapped = spec.taps.contains { $0.id == "body" } ? "body" : spec.taps[0].id
        let lists =
            ids.isEmpty
            ? []
            : [[ids[0], ids[1]], [ids[1], ids[0]], Array(ids.reversed()), ids.filter { $0.hasPrefix("s") }, ids]
                .filter { !$0.isEmpty }
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
                            fragment: base + "&tap=\(tapped)&conditions=" + list.joined(separator: ","), query: query,
                            tap: tapped,
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
            // The inputs iOS gives beside the payload stay unset: their boxes are left alone.
            let flags = read.flags.merging(spec.payloadKeys.filter { $0.apnsKey == nil }.map { ($0.id, false) }) { $1 }
            let beside = spec.payloadKeys.contains { $0.apnsKey == nil } ? "&keys=" : ""
            for (setup, state) in [
                (spec.setups[0].id, spec.appStates[1].id), (spec.setups.last!.id, spec.appStates.last!.id),
            ] {
                let query = ExplainQuery(
                    payload: flags, setups: [setup], appStates: [state], apnsKeys: read.apnsKeys)
                let cell = Anchors.explorer(keys: [], setup: setup, appState: state).dropFirst("keys=&".count)
                let fragment =
                    "apns=" + payload.addingPercentEncoding(withAllowedCharacters: Self.uriComponent)! + beside + "&" + cell
                    + "&tap=\(tapped)"
                let anchor = anchors.cell(
                    setup: spec.setups.firstIndex { $0.id == setup }!,
                    state: spec.appStates.firstIndex { $0.id == state }!,
                    section: anchors.section(Payload(flags, keys: keys)))
                choices.append(Choice(fragment: fragment, query: query, tap: tapped, anchor: anchor))
            }
        }
        return choices + (try requests(matrix))
    }

    /// Each payload combination's field-kit request (a voip one for a matrix that answers voip pushes) in every setup and
    /// app state, with the inputs iOS gives beside the payload as the combination sets them; then a request of each push
    /// type the matrix does not answer, which the page refuses as `explain --request` does.
    private func requests(_ matrix: Matrix) throws -> [Choice] {
        let spec = matrix.spec
        let (keys, anchors, kit) = (matrix.payloadKeyIds, Anchors(spec), FieldKitView(matrix: matrix))
        let voip = spec.pushTypes.contains { $0.id == "voip" }
        let beside = spec.payloadKeys.contains { $0.apnsKey == nil }
        let encoded = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: Self.uriComponent)! }
        var choices: [Choice] = []
        for payload in matrix.payloads {
            let file = String(decoding: kit.deviceFile(payload), as: UTF8.self)
            let request = voip ? file.replacing(/"apns-push-type": "\w+"/, with: #""apns-push-type": "voip""#) : file
            let read = try APNsRequest.read(bytes: Array(request.utf8), file: "request", matrix: matrix, now: 0)
            var flags = read.flags
            // The inputs iOS gives beside the payload: those from PushKit's metadata the request takes as set, the others
            // as the combination sets them, as their boxes do.
            for (index, key) in spec.payloadKeys.enumerated() where key.apnsKey == nil && flags[key.id] == nil {
                flags[key.id] = payload.isSet(index)
            }
            // The combination's own boxes are given; the page writes back those a request fixes as set, too.
            let boxes = { (set: (Int) -> Bool) in
                beside
                    ? "&keys="
                        + spec.payloadKeys.indices.filter { spec.payloadKeys[$0].apnsKey == nil && set($0) }
                        .map { spec.payloadKeys[$0].id }.joined(separator: ",") : ""
            }
            let (given, written) = (boxes(payload.isSet), boxes { flags[spec.payloadKeys[$0].id]! })
            for (setup, state) in spec.setups.indices.flatMap({ setup in spec.appStates.indices.map { (setup, $0) } }) {
                let (setupId, stateId) = (spec.setups[setup].id, spec.appStates[state].id)
                choices.append(
                    Choice(
                        fragment: "apns=" + encoded(request) + given + "&setup=\(setupId)&state=\(stateId)",
                        query: ExplainQuery(payload: flags, setups: [setupId], appStates: [stateId], apnsKeys: read.apnsKeys), tap: nil,
                        anchor: anchors.cell(setup: setup, state: state, section: anchors.section(Payload(flags, keys: keys))),
                        written: "apns=" + encoded(request) + written + "&setup=\(setupId)&state=\(stateId)"))
            }
        }
        for type in ["alert", "background", "voip", "location"] where !spec.pushTypes.contains(where: { $0.id == type }) {
            let request = #"{"headers": {"Apns-Push-Type": "\#(type)"}, "payload": {"aps": {}}}"#
            XCTAssertThrowsError(try APNsRequest.read(bytes: Array(request.utf8), file: "request", matrix: matrix, now: 0), type)
            let elsewhere = BuiltInFiles.answering(type)?.reference
            XCTAssertEqual(elsewhere == nil, type == "location", "the built-in matrix that answers \(type) pushes")
            // As the page fills the phrase its data holds: typeset where the language is, its placeholders then replaced.
            let refusal = Dictionary(
                uniqueKeysWithValues: spec.languages.map(\.id).map { language in
                    let typeset = { (text: String) in Typesetting.applies(to: language) ? Typesetting.text(text) : text }
                    let types = spec.pushTypes.map(\.id).joined(separator: typeset(spec.phrases["listSeparator"]![language]))
                    let phrase = spec.phrases[elsewhere == nil ? "explorerRequestType" : "explorerRequestTypeElsewhere"]![language]
                    let values = ["type": type, "types": types, "matrix": elsewhere ?? ""]
                    return (language, values.reduce(typeset(phrase)) { $0.replacing("{{\($1.key)}}", with: $1.value) })
                })
            let cell = "&setup=\(spec.setups[0].id)&state=\(spec.appStates[0].id)"
            let fragment = "apns=" + encoded(request) + (beside ? "&keys=" : "") + cell
            choices.append(Choice(fragment: fragment, query: ExplainQuery(payload: [:]), tap: nil, anchor: "", refusal: refusal))
        }
        return choices
    }

    func testTheExplorerShowsExplainsAnswerForEveryChoice() throws {
        let directory = Fixtures.temporaryDirectory(self)
        var runs: [(matrix: Matrix, choices: [Choice], copy: String, language: String)] = []
        let voipSpec = Fixtures.root.appendingPathComponent("Spec/push-matrix-voip.json").path
        let voip = (try Matrix(SpecLoader.load(path: voipSpec)), Fixtures.generated + "/VoIP", "VoIPPushHandlers")
        for builtIn in Fixtures.builtIns.map({ ($0.matrix, $0.generated, $0.module) }) + [voip] {
            let choices = try choices(builtIn.0)
            let fragments = String(
                decoding: try JSONSerialization.data(withJSONObject: choices.map(\.fragment)), as: UTF8.self
            )
            .replacingOccurrences(of: "<", with: "\\u003c")
            for language in ["en", "ja"] {
                let html = try String(
                    contentsOfFile: "\(builtIn.1)/Docs/\(language)/explorer.html", encoding: .utf8)
                let copy = "\(directory)/\(builtIn.2)-\(language)-explorer.html"
                let added =
                    "<script type=\"application/json\" id=\"explorer-fragments\">\(fragments)</script>\n" + Self.harness
                try html.replacingOccurrences(of: "</body>", with: added + "</body>").write(
                    toFile: copy, atomically: true, encoding: .utf8)
                runs.append((builtIn.0, choices, copy, language))
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
                if let refusal = choice.refusal {
                    XCTAssertEqual(answer.lines, ["notes: "], "no answer: \(run.copy)#\(choice.fragment)")
                    XCTAssertEqual(answer.fragment, choice.fragment)
                    XCTAssertEqual(answer.problem, refusal[run.language], "\(run.copy)#\(choice.fragment)")
                    continue
                }
                let outcomes = run.matrix.explain(choice.query)
                let explained =
                    try JSONSerialization.jsonObject(
                        with: Data(
                            ExplainView.json(outcomes, matrix: run.matrix, conditions: choice.query.conditions).serialized().utf8))
                    as! [[String: Any]]
                let expected = ExplorerDataTests.lines(
                    explained: explained[0], taps: choice.tap.map { [$0] } ?? [], order: run.matrix.spec.taps.map(\.id))
                XCTAssertEqual(answer.lines, expected, "\(run.copy)#\(choice.fragment)")
                XCTAssertEqual(answer.fragment, choice.written ?? choice.fragment, "the page writes back the fragment it read")
                XCTAssertEqual(answer.link, "reception-methods.html#" + choice.anchor, choice.fragment)
                XCTAssertLessThanOrEqual(
                    answer.width, 0, "no sideways scrolling at 375 px: \(run.copy)#\(choice.fragment)")
            }
        }
    }
}
