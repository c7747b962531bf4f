import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSpec
@testable import PushMatrixSupport

/// `explain` read at a glance: `--compact`, a condition that selects none of the cells, `--note-texts`, `--handler`,
/// suggestions from the spec's words, and the assumptions each setup and matrix states, in English and Japanese.
final class ExplainAtAGlanceTests: XCTestCase {
    private func explain(_ arguments: [String], spec: String = Fixtures.currentSpec) -> Command.Result {
        Command.run(["explain", "--spec", spec, "--templates", Fixtures.templates] + arguments)
    }

    private func json(_ result: Command.Result) throws -> [[String: Any]] {
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    func testCompactTellsEachPathOnOneLine() {
        let cell = ["--alert", "--setup", "scenes", "--state", "background", "--compact"]
        let english = explain(cell)
        XCTAssertEqual(english.status, 0, english.stderr)
        XCTAssertEqual(
            english.stdout.split(separator: "\n").dropFirst(2),
            [
                "UIKit with scenes · Background",
                "  Path 1 (expected, not yet observed): notification body: action handler (.inactive); app icon: no handler",
                "  Path 2 (reported, extrapolated: onmyway133), only under the condition Scene disconnected in the background (C16): "
                    + "notification body: scene connection handler, then action handler (.inactive); "
                    + "app icon: scene connection handler (no notification)",
            ])
        let japanese = explain(cell + ["--lang", "ja"])
        XCTAssertEqual(japanese.status, 0, japanese.stderr)
        XCTAssertTrue(
            japanese.stdout.contains("  経路 1（推定・未観測）：通知本体：アクションハンドラー（.inactive）、アプリのアイコン：何も呼ばれない\n"),
            japanese.stdout)
        // Every cell of a payload: far shorter than the long form, a header and a line per path.
        let all = explain(["--alert", "--compact"])
        XCTAssertLessThan(all.stdout.split(separator: "\n").count, explain(["--alert"]).stdout.split(separator: "\n").count / 4)
        XCTAssertFalse(all.stdout.contains("Source:"), all.stdout)
    }

    /// Under conditions, the compact form names each condition without its text and tells the calls it leaves.
    func testCompactWorksUnderConditions() {
        let result = explain([
            "--alert", "--content-available", "--setup", "appDelegate", "--state", "background", "--condition", "backgroundAppRefreshOff",
            "--compact", "--lang", "ja",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines[2], "「アプリのバックグラウンド更新」がオフ")
        XCTAssertEqual(lines[4], "  経路 1（推定・未観測）：通知本体：アクションハンドラー（.inactive）、アプリのアイコン：何も呼ばれない")
    }

    /// `--compact` shapes the text and `--note-texts` the JSON: each with the other output is refused.
    func testCompactAndNoteTextsRefuseTheOtherOutput() {
        for arguments in [["--alert", "--compact", "--json"], ["--alert", "--note-texts"]] {
            let result = explain(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("--compact shapes the text output and --note-texts the JSON"), result.stderr)
        }
    }

    func testAConditionThatSelectsNoCellSaysSo() throws {
        let cell = ["--alert", "--setup", "scenes", "--state", "foreground", "--condition", "backgroundAppRefreshOff"]
        let english = explain(cell)
        XCTAssertTrue(
            english.stdout.contains(
                "Background App Refresh off: does not apply here; it applies to content-available: yes, Background or Terminated\n"),
            english.stdout)
        XCTAssertFalse(english.stdout.contains("WWDC20"), "the sources of a condition that does not apply are left out")
        let japanese = explain(cell + ["--lang", "ja", "--compact"])
        XCTAssertTrue(
            japanese.stdout.contains(
                "「アプリのバックグラウンド更新」がオフ: ここには当てはまらない（対象：content-available あり・バックグラウンドまたは終了状態）\n"),
            japanese.stdout)
        // The JSON names, for each cell, the conditions that do not select it.
        let outcomes = try json(explain(["--content-available", "--setup", "scenes", "--condition", "backgroundAppRefreshOff", "--json"]))
        XCTAssertEqual(outcomes.count, 4)
        for outcome in outcomes {
            let selected = ["background", "terminated"].contains(outcome["state"] as? String)
            XCTAssertEqual(outcome["notApplying"] as? [String], selected ? [] : ["backgroundAppRefreshOff"], "\(outcome["state"]!)")
        }
        XCTAssertNil(try json(explain(["--alert", "--setup", "scenes", "--json"]))[0]["notApplying"], "only with conditions")
    }

    func testNoteTextsComeBesideTheirIdsInTheJSON() throws {
        let matrix = Fixtures.current
        for language in ["en", "ja"] {
            let outcomes = try json(
                explain(["--alert", "--setup", "scenes", "--state", "foreground", "--json", "--note-texts", "--lang", language]))
            let first = try XCTUnwrap(outcomes.first)
            let ids = try XCTUnwrap(first["notes"] as? [String])
            let texts = try XCTUnwrap(first["noteTexts"] as? [String: String])
            XCTAssertFalse(ids.isEmpty)
            XCTAssertEqual(Set(texts.keys), Set(ids))
            let book = Phrasebook(matrix: matrix, language: language)
            for id in ids {
                XCTAssertEqual(texts[id], book.text(matrix.notes[id]!.text).plainText, "\(language) \(id)")
            }
            let path = try XCTUnwrap((first["paths"] as? [[String: Any]])?.first)
            XCTAssertNotNil(path["noteTexts"] as? [String: String], "a later path has its notes' texts too")
        }
        XCTAssertNil(try json(explain(["--alert", "--json"]))[0]["noteTexts"], "only when asked for")
    }

    func testAHandlerIsTracedBackToItsCells() throws {
        let english = explain(["--handler", "presentation", "--setup", "scenes"])
        XCTAssertEqual(english.status, 0, english.stderr)
        let lines = english.stdout.split(separator: "\n")
        XCTAssertEqual(lines[1], "presentation handler")
        XCTAssertEqual(lines[2], "UIKit with scenes · Foreground")
        XCTAssertEqual(
            lines[3],
            "  Path 1 (expected, not yet observed): on arrival: presentation handler (.active); "
                + "alert: yes, either way for content-available, mutable-content, category")
        XCTAssertTrue(lines.contains { $0.contains("presentation handler (.active, twice)") }, english.stdout)
        XCTAssertFalse(english.stdout.contains("Background"), "the handler runs in the foreground only")
        let japanese = explain(["--handler", "presentation", "--setup", "scenes", "--lang", "ja"])
        XCTAssertTrue(
            japanese.stdout.contains(
                "  経路 1（推定・未観測）：受信時：表示ハンドラー（.active）／alert あり、content-available・mutable-content・category は問わない\n"),
            japanese.stdout)
        // A tap's handler: each tap that calls it, with the handler state, and the handler's calls only.
        let action = explain(["--handler", "action", "--setup", "appDelegate", "--state", "terminated"])
        XCTAssertTrue(
            action.stdout.contains(
                "  Path 1 (expected, not yet observed): action button: action handler (.background); "
                    + "alert: yes, category: yes, either way for content-available, mutable-content\n"),
            action.stdout)
        XCTAssertFalse(action.stdout.contains("launch handler"), action.stdout)
        // The JSON: explain's answer for each cell where some path calls the handler, and only those.
        let outcomes = try json(explain(["--handler", "serviceExtension", "--json"]))
        XCTAssertFalse(outcomes.isEmpty)
        for outcome in outcomes {
            let payload = try XCTUnwrap(outcome["payload"] as? [String: Bool])
            XCTAssertEqual(payload["mutableContent"], true, "\(outcome)")
            let paths = [outcome] + ((outcome["paths"] as? [[String: Any]]) ?? [])
            XCTAssertTrue(
                paths.contains {
                    (($0["onDelivery"] as? [[String: Any]]) ?? []).contains { $0["handler"] as? String == "serviceExtension" }
                },
                "\(outcome)")
        }
        let allCells = Fixtures.current.spec.cells.filter { cell in
            cell.flags["mutableContent"] == true
                && cell.allPaths.contains { $0.onDelivery.contains { $0.handler.id == "serviceExtension" } }
        }
        XCTAssertEqual(outcomes.count, allCells.count)
    }

    /// `--handler` answers for every payload as the cells are: payload flags and conditions are refused with it, and
    /// an unknown id gets a suggestion from the handlers' names and methods.
    func testAHandlerQueryRefusesWhatItCannotUse() {
        for arguments in [["--handler", "action", "--alert"], ["--handler", "action", "--condition", "lowPowerMode"]] {
            let result = explain(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("--handler answers for every payload"), result.stderr)
        }
        let method = explain(["--handler", "willPresent"])
        XCTAssertEqual(method.status, 2)
        XCTAssertTrue(method.stderr.contains("--handler: unknown value 'willPresent' (did you mean 'presentation'?)"), method.stderr)
    }

    /// A word the spec uses for an id's meaning, though not a typo of it, suggests the id: first by the names' words,
    /// then by the other texts' (descriptions, in every language).
    func testTheSpecsWordsSuggestAnId() {
        let killed = explain(["--alert", "--state", "killed"])
        XCTAssertEqual(killed.status, 2)
        XCTAssertTrue(killed.stderr.contains("unknown value 'killed' (did you mean 'terminated' or 'forceQuit'?)"), killed.stderr)
        let older = explain(["--alert", "--state", "killed"], spec: Fixtures.spec)
        XCTAssertTrue(older.stderr.contains("unknown value 'killed' (did you mean 'notRunning'?)"), older.stderr)
        let refresh = explain(["--alert", "--condition", "refresh"])
        XCTAssertTrue(refresh.stderr.contains("unknown value 'refresh' (did you mean 'backgroundAppRefreshOff'?)"), refresh.stderr)
        let lowPower = explain(["--alert", "--condition", "lowpower"])
        XCTAssertTrue(lowPower.stderr.contains("unknown value 'lowpower' (did you mean 'lowPowerMode'?)"), lowPower.stderr)
    }

    func testSuggestionsByWordsStayFewAndPreferNames() {
        let words = [
            (id: "a", names: ["Apple pie"], texts: ["A dessert"]), (id: "b", names: ["Berry tart"], texts: ["A dessert with apple"]),
            (id: "c", names: ["Cake"], texts: ["A dessert"]), (id: "d", names: ["Donut"], texts: ["A dessert"]),
        ]
        let ids = words.map(\.id)
        XCTAssertEqual(Suggestion.didYouMean("apple", in: ids, words: words), " (did you mean 'a'?)", "a name's word first")
        XCTAssertEqual(Suggestion.didYouMean("with", in: ids, words: words), " (did you mean 'b'?)")
        XCTAssertEqual(Suggestion.didYouMean("dessert", in: ids, words: words), "", "more than three is no suggestion")
        XCTAssertEqual(Suggestion.didYouMean("zebra", in: ids, words: words), "")
    }

    /// The answer states what it assumes of each setup (its description), and each built-in matrix points at the other
    /// where they disagree about Background App Refresh.
    func testTheAnswerStatesItsAssumptions() {
        for (language, words) in [("en", "The matrix assumes that delegate names a scene delegate class"), ("ja", "前提にしています")] {
            let swiftUI = explain(["--alert", "--setup", "swiftUI", "--state", "terminated", "--lang", language])
            XCTAssertTrue(swiftUI.stdout.split(separator: "\n")[2].hasPrefix(language == "en" ? "SwiftUI App: " : "SwiftUI の App: "))
            XCTAssertTrue(swiftUI.stdout.contains(words), swiftUI.stdout)
            XCTAssertTrue(swiftUI.stdout.contains("scene(_:willConnectTo:options:)"), swiftUI.stdout)
            let current = explain([
                "--content-available", "--setup", "scenes", "--state", "background", "--condition", "backgroundAppRefreshOff", "--lang",
                language,
            ])
            XCTAssertTrue(current.stdout.contains("(builtin:ios8-10)") || current.stdout.contains("（builtin:ios8-10）"), current.stdout)
            let older = explain(
                ["--content-available", "--setup", "ios10", "--state", "background", "--lang", language], spec: Fixtures.spec)
            XCTAssertTrue(older.stdout.contains("builtin:current"), older.stdout)
            XCTAssertTrue(older.stdout.contains("backgroundAppRefreshOff"), older.stdout)
        }
        XCTAssertEqual(
            explain(["--alert", "--setup", "swiftUI", "--compact"]).stdout.contains("assumes"), false, "not in the compact form")
    }
}
