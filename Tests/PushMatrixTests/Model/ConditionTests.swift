import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// `explain --condition`: each condition of the current matrix answers for every cell it selects,
/// in both languages and as JSON, and its changes do what the spec says, checked against calls
/// written out here rather than derived from the spec.
final class ConditionTests: XCTestCase {
    private let matrix = Fixtures.current
    private let templates = TemplateLibrary(directory: Fixtures.templates)

    private func outcome(_ payload: [String: Bool], _ setup: String, _ state: String, _ conditions: [String]) -> Outcome {
        var flags = Dictionary(uniqueKeysWithValues: matrix.payloadKeyIds.map { ($0, false) })
        flags.merge(payload) { _, new in new }
        return matrix.explain(
            ExplainQuery(payload: flags, setups: [setup], appStates: [state], conditions: conditions))[0]
    }

    /// `handler:state` for each call, as the hand-written expectations below spell them.
    private func told(_ calls: [Call]) -> [String] {
        calls.map { $0.handler.id + ($0.state.map { ":" + $0.id } ?? "") }
    }

    func testEveryConditionAnswersEveryCellItSelectsInBothLanguagesAndAsJSON() throws {
        XCTAssertGreaterThanOrEqual(matrix.spec.conditions.count, 15)
        for condition in matrix.spec.conditions {
            var selected = 0
            var changed = 0
            for cell in matrix.spec.cells {
                let changes = matrix.conditionChanges(of: cell)
                guard
                    condition.appliesTo.contains(payload: cell.flags, setup: cell.setup.id, appState: cell.appState.id)
                else { continue }
                selected += 1
                if changes.contains(where: { $0.condition == condition.id }) { changed += 1 }
            }
            XCTAssertGreaterThan(selected, 0, "\(condition.id) selects no cell")
            XCTAssertEqual(
                changed > 0, !condition.changes.isEmpty, "\(condition.id): changes \(changed) of \(selected) cells")
            let all = Dictionary(uniqueKeysWithValues: matrix.payloadKeyIds.map { ($0, true) })
            let outcomes = matrix.explain(ExplainQuery(payload: all, conditions: [condition.id]))
            for language in ["en", "ja"] {
                let view = ExplainView(
                    book: Phrasebook(matrix: matrix, language: language), without: [], knowsAPNsKeys: false)
                let text = try templates.render(
                    "explain/explain.txt", view.value(outcomes, spec: "current", conditions: [condition.id]),
                    format: PlainFormat())
                XCTAssertTrue(
                    text.contains(condition.name.values[language]!), "\(condition.id) \(language): \(text.prefix(300))")
            }
            let json = ExplainView.json(
                matrix.explain(ExplainQuery(payload: ["contentAvailable": true], conditions: [condition.id])), matrix: matrix,
                conditions: [condition.id])
            let answers = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(json.serialized().utf8)) as? [[String: Any]])
            XCTAssertEqual(answers.count, 12)
            XCTAssertTrue(
                answers.allSatisfy {
                    $0["changedBy"] is [String] && $0["held"] is [Any] && $0["unlikelyUnder"] is [String]
                })
        }
    }

    func testBackgroundAppRefreshOffRemovesTheWakeOnlyWhereItSelects() {
        let off = outcome(["contentAvailable": true], "scenes", "background", ["backgroundAppRefreshOff"])
        XCTAssertEqual(told(off.onDelivery), [])
        XCTAssertEqual(off.changedBy, ["backgroundAppRefreshOff"])
        XCTAssertTrue(off.ignored)
        let foreground = outcome(["contentAvailable": true], "scenes", "foreground", ["backgroundAppRefreshOff"])
        XCTAssertEqual(told(foreground.onDelivery), ["reception:active"])
        XCTAssertEqual(foreground.changedBy, [])
    }

    /// A spent budget removes the background wake: the forum answer cited says such pushes are
    /// not delivered until the budget renews, and no source says the next launch gets them.
    func testASpentBudgetRemovesTheWake() {
        let spent = outcome(["contentAvailable": true, "alert": true], "appDelegate", "terminated", ["budgetSpent"])
        XCTAssertEqual(told(spent.onDelivery), [])
        XCTAssertEqual(told(spent.held), [])
        XCTAssertEqual(spent.changedBy, ["budgetSpent"])
    }

    /// The spec format's `heldUntilOpen` effect, which no current condition uses since the budget's was
    /// corrected: a held call comes at the next launch, in `explain` and its JSON.
    func testAHeldCallComesAtTheNextLaunch() throws {
        let held = try Self.matrix(holdingTheSpentBudgetsWake).explain(
            ExplainQuery(
                payload: flags(["contentAvailable": true, "alert": true]), setups: ["appDelegate"],
                appStates: ["terminated"], conditions: ["budgetSpent"]))[0]
        XCTAssertEqual(told(held.onDelivery), [])
        XCTAssertEqual(told(held.held), ["reception:background"])
        XCTAssertEqual(told(held.taps.first { $0.tap == "body" }!.calls), ["launch", "action:inactive"])
        let json =
            try JSONSerialization.jsonObject(
                with: Data(ExplainView.json([held], matrix: matrix, conditions: ["budgetSpent"]).serialized().utf8))
            as? [[String: Any]]
        let first = try XCTUnwrap((json?.first?["held"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["handler"] as? String, "reception")
        XCTAssertEqual(first["state"] as? String, "background")
    }

    /// The current spec's spent budget, its wake held instead of removed.
    private var holdingTheSpentBudgetsWake: String {
        get throws {
            let text = try String(contentsOfFile: Fixtures.currentSpec, encoding: .utf8)
            let start = try XCTUnwrap(text.range(of: "\"id\": \"budgetSpent\""))
            let effect = try XCTUnwrap(text.range(of: "\"effect\": \"removed\"", range: start.upperBound..<text.endIndex))
            return text.replacingCharacters(in: effect, with: "\"effect\": \"heldUntilOpen\"")
        }
    }

    private static func matrix(_ spec: String) throws -> Matrix {
        try Matrix(SpecLoader.load(bytes: Array(spec.utf8), file: "spec.json"))
    }

    private func flags(_ payload: [String: Bool]) -> [String: Bool] {
        var flags = Dictionary(uniqueKeysWithValues: matrix.payloadKeyIds.map { ($0, false) })
        flags.merge(payload) { _, new in new }
        return flags
    }

    func testAnAttachedDebuggerMakesTheWakingPathsLikely() {
        let attached = outcome(
            ["contentAvailable": true, "alert": true], "appDelegate", "terminated", ["debuggerAttached"])
        XCTAssertEqual(attached.unlikelyUnder, [])
        XCTAssertEqual(attached.paths.map(\.unlikelyUnder), [[], ["debuggerAttached"]])
        XCTAssertEqual(told(attached.onDelivery), ["reception:background"], "a likely change changes no call")
    }

    func testDeniedPermissionShowsNothingAndLeavesTheRestUnsettled() {
        let denied = outcome(
            ["alert": true, "mutableContent": true, "category": true], "swiftUI", "foreground", ["permissionDenied"])
        XCTAssertFalse(denied.notificationCenter)
        XCTAssertTrue(denied.taps.isEmpty)
        XCTAssertEqual(told(denied.unsettled), ["presentation:active", "serviceExtension"])
        XCTAssertEqual(
            told(denied.onDelivery), ["serviceExtension", "presentation:active"], "an unsettled call is still shown")
    }

    func testAContentExtensionKeepsTheActionButtonOnly() {
        let kept = outcome(["alert": true, "category": true], "scenes", "background", ["contentExtensionKeepsAction"])
        XCTAssertEqual(told(kept.taps.first { $0.tap == "actionButton" }!.calls), [])
        XCTAssertEqual(told(kept.taps.first { $0.tap == "body" }!.calls), ["action:inactive"])
    }

    /// A simulated push loses the service extension; whether the background wake comes is open,
    /// since no cited source sent a content-available push with `simctl`.
    func testASimulatedPushLosesTheExtensionAndLeavesTheBackgroundWakeOpen() {
        let background = outcome(
            ["contentAvailable": true, "alert": true, "mutableContent": true], "appDelegate", "background",
            ["simulatedPush"])
        XCTAssertFalse(told(background.onDelivery).contains("serviceExtension"))
        XCTAssertEqual(told(background.unsettled), ["reception:background"])
        XCTAssertEqual(background.changedBy, ["simulatedPush"])
        let foreground = outcome(["contentAvailable": true], "appDelegate", "foreground", ["simulatedPush"])
        XCTAssertEqual(
            told(foreground.onDelivery), ["reception:active"], "a change with a state matches calls in that state only")
        XCTAssertEqual(foreground.changedBy, [])
    }

    /// Conditions apply in the order given: the first to remove a call is the one that changed it.
    func testConditionsApplyInTheOrderGiven() {
        let both = outcome(
            ["contentAvailable": true], "appDelegate", "background", ["budgetSpent", "backgroundAppRefreshOff"])
        XCTAssertEqual(told(both.onDelivery), [])
        XCTAssertEqual(both.changedBy, ["budgetSpent"], "nothing is left for the second to remove")
        let reversed = outcome(
            ["contentAvailable": true], "appDelegate", "background", ["backgroundAppRefreshOff", "budgetSpent"])
        XCTAssertEqual(reversed.changedBy, ["backgroundAppRefreshOff"])
    }

    /// A path iOS takes only under a condition says so wherever it is labelled, in both languages
    /// and in the JSON; validation refuses a premise that names no condition.
    func testAPathTakenOnlyUnderAConditionNamesIt() throws {
        let arguments = ["explain", "--spec", "builtin:current", "--alert", "--setup", "scenes", "--state", "background"]
        let english = Command.run(arguments)
        XCTAssertTrue(
            english.stdout.contains(
                "  Path 2 (reported, extrapolated: onmyway133), only under the condition Scene disconnected in the background (C16)\n"),
            english.stdout)
        let japanese = Command.run(arguments + ["--lang", "ja"])
        XCTAssertTrue(
            japanese.stdout.contains("  経路 2（報告からの類推：onmyway133）。条件「バックグラウンドでシーンが切断されている」（C16）のときだけ\n"),
            japanese.stdout)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(Command.run(arguments + ["--json"]).stdout.utf8)) as? [[String: Any]])
        let paths = try XCTUnwrap(json.first?["paths"] as? [[String: Any]])
        XCTAssertEqual(paths.map { $0["onlyUnder"] as? String }, ["sceneDisconnected"])
        XCTAssertNil(json.first?["onlyUnder"], "the cell's own path needs no condition")
        XCTAssertEqual(
            try currentSpecErrors(replacing: "\"premise\": \"sceneDisconnected\"", with: "\"premise\": \"sceneDisconected\""),
            ["unknown condition 'sceneDisconected' (did you mean 'sceneDisconnected'?)"])
    }

    func testAnUnknownConditionIsAUsageError() {
        let run = Command.run(["explain", "--spec", Fixtures.currentSpec, "--alert", "--condition", "lowPowerModes"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.stderr.contains("--condition: unknown value 'lowPowerModes' (did you mean 'lowPowerMode'?)"), run.stderr
        )
    }

    func testAPathBeyondWhatItsSourceSawMustSaySo() throws {
        let unmarked = try currentSpecErrors(
            replacing: #""source": "reportedWillPresentTwice", "extrapolated": true"#,
            with: #""source": "reportedWillPresentTwice""#)
        XCTAssertEqual(unmarked.count, 1)
        XCTAssertTrue(
            unmarked[0].hasSuffix(
                "rests on 'reportedWillPresentTwice' beyond what it saw (its \"saw\"); mark the path \"extrapolated\": true"
            ), unmarked[0])
        // The app-delegate row without content-available or mutable-content is what the reports saw.
        let inScope =
            #""contentAvailable": false, "mutableContent": false, "category": true}, "setup": "appDelegate", "appState": "foreground""#
        let text = try String(contentsOfFile: Fixtures.currentSpec, encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.contains(inScope) })
        let marked = try currentSpecErrors(
            replacing: String(line),
            with: line.replacingOccurrences(
                of: #""source": "reportedWillPresentTwice""#,
                with: #""source": "reportedWillPresentTwice", "extrapolated": true"#))
        XCTAssertEqual(
            marked.map { $0.hasSuffix("marked \"extrapolated\", but within what 'reportedWillPresentTwice' saw") },
            [true], "\(marked)")
        let unscoped = try currentSpecErrors(replacing: #""runsOn": "both","#, with: #""runsOn": "lab","#)
        XCTAssertEqual(unscoped.count, 1)
        XCTAssertTrue(unscoped[0].contains("runsOn 'lab'; expected device, simulator, both or unstated"), unscoped[0])
    }

    /// Opening the app from its icon hands over no notification: a call of it that would is refused, and a tap that
    /// must touch the notification may not be listed where none is shown.
    func testTheIconLeavesTheNotificationAlone() throws {
        let icon = #""icon": [{"handler": "launch", "withoutNotification": true, "notes": ["appDelegateNeedsOldSDK"]}]"#
        let bringing = try currentSpecErrors(
            replacing: icon, with: icon.replacingOccurrences(of: #", "withoutNotification": true"#, with: ""))
        // Once per path of the cell, which each take the cell's open from the icon.
        XCTAssertFalse(bringing.isEmpty)
        XCTAssertTrue(
            bringing.allSatisfy {
                $0.hasSuffix(#"tap 'icon' leaves the notification alone: add "withoutNotification": true"#)
            },
            "\(bringing)")
        let touching = try currentSpecErrors(replacing: #""touchesNotification": false,"#, with: "")
        XCTAssertTrue(
            touching.contains {
                $0.contains("tap 'icon' is impossible: the notification is not in Notification Center")
            }, "\(touching)")
    }

    func testAnExtrapolatedPathSaysSoAndWhyInBothLanguages() throws {
        let swiftUI = outcome(["alert": true], "swiftUI", "foreground", [])
        let path = try XCTUnwrap(swiftUI.paths.first)
        XCTAssertTrue(path.extrapolated)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(ExplainView.json([swiftUI], matrix: matrix, conditions: []).serialized().utf8))
                as? [[String: Any]])
        XCTAssertEqual((json[0]["paths"] as? [[String: Any]])?.first?["extrapolated"] as? Bool, true)
        for (language, word) in [("en", "extrapolated"), ("ja", "類推")] {
            let view = ExplainView(
                book: Phrasebook(matrix: matrix, language: language), without: [], knowsAPNsKeys: false)
            let text = try templates.render(
                "explain/explain.txt", view.value([swiftUI], spec: "current"), format: PlainFormat())
            XCTAssertEqual(
                text.lowercased().components(separatedBy: word).count - 1, 2, "label and reason, \(language): \(text)")
        }
    }
}
