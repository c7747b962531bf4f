import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// The explorer page's embedded data is `explain`'s answer for every cell, and no spec text can end its script.
final class ExplorerDataTests: XCTestCase {
    /// The JSON embedded in an explorer page.
    static func data(_ html: String) throws -> [String: Any] {
        let start = try XCTUnwrap(html.range(of: "<script type=\"application/json\" id=\"explorer-data\">"))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return try XCTUnwrap(json as? [String: Any])
    }

    /// One answer as lines, the way the explorer shows it: each path with its source, whether it is ignored and shown,
    /// the condition it is taken only under, the sources of the paths conditions made the same as it, its calls on
    /// delivery and for each of `taps` (or that the tap is not possible), and under conditions what they did; then the
    /// notes. `outcome` is one object of `explain --json`. The calls no source settles (`unknown`) are unsettled too,
    /// first, as the page marks them: those on delivery, then those of each tap in `order`; a call is listed once.
    static func lines(explained outcome: [String: Any], taps: [String], order: [String] = []) -> [String] {
        func calls(_ list: Any?) -> String {
            ((list as? [[String: Any]]) ?? []).map { call in
                "\(call["handler"]!)|\(call["state"] ?? "")|\(call["withoutNotification"] as? Bool == true ? "1" : "")"
            }.joined(separator: ",")
        }
        func ids(_ list: Any?) -> String { ((list as? [String]) ?? []).joined(separator: ",") }
        let paths = [outcome] + ((outcome["paths"] as? [[String: Any]]) ?? [])
        var notes: [String] = []
        let shown = paths.flatMap { path -> [String] in
            let source = path["source"] as! [String: Any]
            for note in (path["notes"] as? [String]) ?? [] where !notes.contains(note) { notes.append(note) }
            let tapCalls = path["taps"] as! [String: Any]
            let alike = ((path["alike"] as? [[String: Any]]) ?? []).map { ($0["source"] as! [String: Any])["id"] as! String }
            let marked = ([path["onDelivery"]] + order.map { tapCalls[$0] }).flatMap { ($0 as? [[String: Any]]) ?? [] }
                .filter { $0["unknown"] as? Bool == true }
            // A call both marked and left unsettled by a condition is listed once, where its mark puts it.
            var byConditions = calls(path["unsettled"]).split(separator: ",").map(String.init)
            for call in calls(marked).split(separator: ",").map(String.init) {
                if let index = byConditions.firstIndex(of: call) { byConditions.remove(at: index) }
            }
            let unsettled = ([calls(marked)] + byConditions).filter { !$0.isEmpty }.joined(separator: ",")
            return [
                "path \(path["path"] as? Int ?? 1) \(source["kind"]!) \(source["id"]!) ignored=\(path["ignored"] as! Bool) "
                    + "shown=\(path["notificationCenter"] as! Bool)" + ((path["onlyUnder"] as? String).map { " onlyUnder=\($0)" } ?? "")
            ] + (alike.isEmpty ? [] : ["alike: " + alike.joined(separator: ",")]) + [
                "delivery: " + calls(path["onDelivery"])
            ] + taps.map { tap in tapCalls[tap].map { "\(tap): " + calls($0) } ?? "\(tap): notPossible" }
                + [
                    ("changedBy", ids(path["changedBy"])), ("held", calls(path["held"])),
                    ("unsettled", unsettled),
                ]
                .filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1)" }
                + (ids(path["unlikelyUnder"]).isEmpty ? [] : ["unlikely: " + ids(path["unlikelyUnder"])])
        }
        return shown + ["notes: " + notes.joined(separator: ",")]
    }

    /// One cell of the embedded data as `lines(explained:taps:)` writes it, with every tap.
    private static func lines(embedded data: [String: Any], cell: [String: Any]) -> [String] {
        let table = { (name: String) in data[name] as! [[Any]] }
        let handlers = table("handlers")
        let states = table("handlerStates")
        let allCalls = table("calls")
        let taps = table("taps")
        let sources = table("sources")
        let conditions = table("conditions")
        let noteIds = table("notes").map { $0[0] as! String }
        func calls(_ list: Any?) -> String {
            (list as! [Int]).map { index in
                let call = allCalls[index]
                let state = call[1] as! Int
                return
                    "\(handlers[call[0] as! Int][0])|\(state < 0 ? "" : states[state][0] as! String)|\(call[2] as! Bool ? "1" : "")"
            }.joined(separator: ",")
        }
        var notes: [String] = []
        let shown = (cell["p"] as! [[String: Any]]).flatMap { path -> [String] in
            let source = sources[path["s"] as! Int]
            let pathTaps = path["t"] as! [[Any]]
            for note in (path["n"] as! [Int]).map({ noteIds[$0] }) where !notes.contains(note) { notes.append(note) }
            let premise = (path["r"] as? Int).map { " onlyUnder=\(conditions[$0][0])" } ?? ""
            return [
                "path \(path["p"]!) \(source[2]) \(source[0]) ignored=\(path["i"] as! Bool) shown=\(path["v"] as! Bool)" + premise,
                "delivery: " + calls(path["d"]),
            ]
                + taps.indices.map { tap in
                    pathTaps.first { $0[0] as! Int == tap }.map { "\(taps[tap][0]): " + calls($0[1]) }
                        ?? "\(taps[tap][0]): notPossible"
                }
        }
        return shown + ["notes: " + notes.joined(separator: ",")]
    }

    func testTheEmbeddedDataIsExplainsAnswerForEveryCell() throws {
        for matrix in [Fixtures.builtIn, Fixtures.current] {
            for language in ["en", "ja"] {
                let html = String(
                    decoding: try XCTUnwrap(Fixtures.rendered(matrix)["Docs/\(language)/explorer.html"]), as: UTF8.self)
                XCTAssertLessThan(html.utf8.count, 250_000, "the page's weight")
                let data = try Self.data(html)
                let cells = data["cells"] as! [[String: Any]]
                let keys = matrix.payloadKeyIds
                let taps = matrix.spec.taps.map(\.id)
                XCTAssertEqual(cells.count, matrix.spec.cells.count)
                for bits in 0..<(1 << keys.count) {
                    let flags = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, bits & (1 << $0) != 0) })
                    let explained =
                        try JSONSerialization.jsonObject(
                            with: Data(
                                ExplainView.json(matrix.explain(ExplainQuery(payload: flags)), matrix: matrix, conditions: [])
                                    .serialized().utf8))
                        as! [[String: Any]]
                    for (index, outcome) in explained.enumerated() {
                        let cell = cells[bits * explained.count + index]
                        XCTAssertEqual(
                            Self.lines(embedded: data, cell: cell), Self.lines(explained: outcome, taps: taps),
                            "\(flags) \(index)")
                    }
                }
            }
        }
    }

    /// Hostile spec text stays inside the data as JSON escapes: the page has its two scripts and nothing else closes
    /// one.
    func testHostileTextCannotEndTheScript() throws {
        let matrix = try Matrix(SpecLoader.load(path: Fixtures.fixture("hostile-text.json")))
        let files = try Fixtures.rendered(matrix)
        for language in matrix.spec.languages.map(\.id) {
            let html = String(decoding: try XCTUnwrap(files["Docs/\(language)/explorer.html"]), as: UTF8.self)
            XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2, language)
            XCTAssertEqual(html.components(separatedBy: "</script").count - 1, 2, language)
            let start = try XCTUnwrap(html.range(of: "id=\"explorer-data\">"))
            let end = try XCTUnwrap(html.range(of: "</script>"))
            XCTAssertFalse(
                html[start.upperBound..<end.lowerBound].contains { "<>&\u{2028}\u{2029}".contains($0) }, language)
            let book = Phrasebook(matrix: matrix, language: language)
            let hostile = book.text(matrix.spec.notes[1].text).plainText
            XCTAssertTrue(hostile.contains("</script>"))
            let notes = try Self.data(html)["notes"] as! [[String]]
            XCTAssertTrue(notes.contains { $0[1] == hostile }, "the note's text, exactly, once parsed: \(language)")
        }
    }

    /// A path taken only under a condition carries it (`r`) in every language, with the phrases its label is made of,
    /// so the page labels it as the docs do; `ExplorerInBrowserTests` reads the label the page shows.
    func testAPathTakenOnlyUnderAConditionCarriesIt() throws {
        let matrix = Fixtures.current
        let premised = matrix.spec.cells.flatMap { $0.paths.compactMap(\.premise?.id) }
        XCTAssertEqual(premised.count, 16)
        for language in ["en", "ja"] {
            let html = String(decoding: try XCTUnwrap(Fixtures.rendered(matrix)["Docs/\(language)/explorer.html"]), as: UTF8.self)
            let data = try Self.data(html)
            let conditions = (data["conditions"] as! [[Any]]).map { $0[0] as! String }
            let paths = (data["cells"] as! [[String: Any]]).flatMap { $0["p"] as! [[String: Any]] }
            XCTAssertEqual(paths.compactMap { ($0["r"] as? Int).map { conditions[$0] } }, premised, language)
            let phrases = data["phrases"] as! [String: String]
            for name in ["pathOnlyUnder", "conditionMark", "conditionSamePath", "otherPathLabel"] {
                let phrase = try XCTUnwrap(matrix.spec.phrases[name]?.values[language], name)
                XCTAssertEqual(phrases[name], language == "ja" ? Typesetting.text(phrase) : phrase, "\(name) \(language)")
                XCTAssertTrue(html.contains("\"\(name)\""), "the script fills \(name)")
            }
        }
    }

    func testTheFragmentNamesOneAnswer() {
        XCTAssertEqual(
            Anchors.explorer(
                keys: ["alert", "contentAvailable"], setup: "scenes", appState: "terminated", tap: "body"),
            "keys=alert,contentAvailable&setup=scenes&state=terminated&tap=body")
        XCTAssertEqual(
            Anchors.explorer(keys: [], setup: "appDelegate", appState: "foreground"),
            "keys=&setup=appDelegate&state=foreground")
    }
}
