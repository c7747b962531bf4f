import Foundation
import XCTest

@testable import PushMatrix

/// `explain` on the VoIP matrix answers "the app is terminated and a VoIP push arrives: what runs, what must it call, and
/// by when?": the calls in order, the duty under the PushKit method, and what iOS does when the app misses it, in both
/// languages, as JSON and under a condition.
final class ExplainVoIPTests: XCTestCase {
    private func explain(_ arguments: [String]) -> Command.Result {
        Command.run(["explain", "--spec", "builtin:voip"] + arguments)
    }

    func testATerminatedAppIsToldWhatRunsWhatItMustReportAndByWhen() {
        let english = explain(["--setup", "classic", "--state", "terminated"])
        XCTAssertEqual(english.status, 0, english.stderr)
        for line in [
            "  1. On arrival: launch handler, then classic VoIP delegate.\n",
            "     The app must report the call before classic VoIP delegate returns.\n",
            "  2. The call screen appears.\n",
            "     - answer: answer action, then audio activation\n",
            "Returning without a report ends the app at once; repeated failures can stop VoIP pushes to the app.",
        ] {
            XCTAssertTrue(english.stdout.contains(line), line)
        }
        let japanese = explain(["--setup", "classic", "--state", "terminated", "--lang", "ja"])
        XCTAssertEqual(japanese.status, 0, japanese.stderr)
        for line in [
            "  1. 受信時：起動ハンドラー → 従来の VoIP デリゲート\n",
            "     従来の VoIP デリゲートが戻る前に、アプリは通話を報告しなければなりません。\n",
            "  2. 着信画面が表示される。\n",
        ] {
            XCTAssertTrue(japanese.stdout.contains(line), line)
        }
    }

    /// With the iOS 26.4 method, mustReport decides the duty; a missing report takes the call screen away.
    func testTheDutyFollowsMustReportAndAMissingReportIsACondition() throws {
        func outcome(_ arguments: [String]) throws -> [String: Any] {
            let result = explain(["--setup", "voip264", "--state", "background", "--json"] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            let outcomes = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return try XCTUnwrap(outcomes.first)
        }
        func duty(_ outcome: [String: Any]) -> [String: String]? {
            let calls = outcome["onDelivery"] as? [[String: Any]] ?? []
            return calls.first { $0["handler"] as? String == "voipPush264" }?["duty"] as? [String: String]
        }
        XCTAssertEqual(duty(try outcome(["--must-report"])), ["report": "must", "by": "return"])
        XCTAssertEqual(duty(try outcome([])), ["report": "may"])
        let missed = try outcome(["--must-report", "--condition", "notReported"])
        XCTAssertEqual(missed["changedBy"] as? [String], ["notReported"])
        XCTAssertEqual(missed["notificationCenter"] as? Bool, false)
    }
}
