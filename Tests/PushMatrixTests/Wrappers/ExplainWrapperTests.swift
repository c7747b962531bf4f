import Foundation
import XCTest

@testable import PushMatrix

/// `explain --wrapper` on a spec whose one wrapper hands the app only its own pushes' presentation: the events beside
/// the native calls with each rule and commit, the sender by option or by the payload's key, the conditions the
/// wrapper settles, and the usage errors, in both languages and in JSON.
final class ExplainWrapperTests: XCTestCase {
    private static let spec: String = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: Fixtures.currentSpec))
        var spec = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        spec["wrappers"] = [WrapperValidationTests.minimalWrapper()]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wrapper-spec-\(getpid()).json")
        try! JSONSerialization.data(withJSONObject: spec).write(to: file)
        return file.path
    }()

    private func explain(_ arguments: [String]) -> Command.Result {
        Command.run(["explain", "--spec", Self.spec, "--templates", Fixtures.templates] + arguments)
    }

    private func json(_ arguments: [String]) throws -> [[String: Any]] {
        let result = explain(arguments + ["--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// The events of each call on arrival of the first answer's first path, and each call's commit.
    private func arrival(_ answers: [[String: Any]]) throws -> (events: [[String]], commits: [String]) {
        let wrapper = try XCTUnwrap(answers.first?["wrapper"] as? [String: Any])
        let places = try XCTUnwrap(wrapper["places"] as? [[String: Any]])
        let calls = try XCTUnwrap(places.first { $0["place"] as? String == "delivery" }?["calls"] as? [[String: Any]])
        return (calls.map { $0["events"] as! [String] }, calls.map { $0["commit"] as! String })
    }

    func testTheAnswerGivesEachCallsEventsWithItsRuleAndCommit() {
        let english = explain(["--alert", "--setup", "appDelegate", "--state", "foreground", "--wrapper", "sample"])
        XCTAssertEqual(english.status, 0, english.stderr)
        XCTAssertTrue(
            english.stdout.contains("In Sample's events (sample_push 1.0 and later, source read at \(String(repeating: "a", count: 40))):"))
        XCTAssertTrue(english.stdout.contains("→ on arrival: presentation handler (.active) → Sample.onReceived"), english.stdout)
        XCTAssertTrue(
            english.stdout.contains(
                "rule presentationOwn: ios/Plugin.m, userNotificationCenter:willPresentNotification:withCompletionHandler:, lines 10-20"))
        XCTAssertTrue(
            english.stdout.contains("notification body: action handler (.active) → nothing reaches the app's code"), english.stdout)
        let japanese = explain(["--alert", "--setup", "appDelegate", "--state", "foreground", "--wrapper", "sample", "--lang", "ja"])
        XCTAssertEqual(japanese.status, 0, japanese.stderr)
        XCTAssertTrue(japanese.stdout.contains("Sample のイベントでは"), japanese.stdout)
        XCTAssertTrue(japanese.stdout.contains("ルール presentationOwn：ios/Plugin.m の"), japanese.stdout)
        XCTAssertTrue(japanese.stdout.contains("アプリのコードには何も届かない"), japanese.stdout)
    }

    func testTheCompactAnswerTellsEachCallsEvents() {
        let compact = explain(["--alert", "--setup", "appDelegate", "--state", "foreground", "--wrapper", "sample", "--compact"])
        XCTAssertEqual(compact.status, 0, compact.stderr)
        XCTAssertTrue(
            compact.stdout.contains(
                "on arrival: presentation handler (.active) → Sample.onReceived; "
                    + "notification body: action handler (.active) → nothing reaches the app's code"), compact.stdout)
    }

    func testTheSenderComesFromTheOptionOrThePayloadsKey() throws {
        let cell = ["--setup", "appDelegate", "--state", "foreground", "--wrapper", "sample"]
        XCTAssertEqual(try arrival(json(["--alert"] + cell)).events, [["received"]])
        XCTAssertEqual(try arrival(json(["--alert", "--sender", "other"] + cell)).events, [[]])
        XCTAssertEqual(try arrival(json(["--alert"] + cell)).commits, [String(repeating: "a", count: 40)])
        let directory = FileManager.default.temporaryDirectory
        let own = directory.appendingPathComponent("own-\(getpid()).json")
        let other = directory.appendingPathComponent("other-\(getpid()).json")
        try Data(#"{"aps": {"alert": "Hi"}, "gcm.message_id": "1"}"#.utf8).write(to: own)
        try Data(#"{"aps": {"alert": "Hi"}}"#.utf8).write(to: other)
        XCTAssertEqual(try arrival(json(["--payload", own.path] + cell)).events, [["received"]])
        XCTAssertEqual(try arrival(json(["--payload", other.path] + cell)).events, [[]])
    }

    func testAConditionTheWrapperSettlesIsNotApplied() throws {
        let asked = ["--alert", "--setup", "appDelegate", "--state", "foreground", "--condition", "sdkOwnsDelegate"]
        let plain = try json(asked)
        XCTAssertEqual(plain.first?["changedBy"] as? [String], ["sdkOwnsDelegate"])
        let wrapped = try json(asked + ["--wrapper", "sample"])
        XCTAssertNil(wrapped.first?["changedBy"], "no condition was applied")
        XCTAssertEqual((wrapped.first?["wrapper"] as? [String: Any])?["settled"] as? [String], ["sdkOwnsDelegate"])
        let text = explain(asked + ["--wrapper", "sample"])
        XCTAssertTrue(
            text.stdout.contains(
                "A push SDK owns the notification-center delegate: not applied, since Sample's own rules say what reaches the app. "
                    + "It sets itself as the delegate."), text.stdout)
    }

    func testUsageErrorsSayWhatIsExpected() {
        let unknown = explain(["--alert", "--wrapper", "flutterfir"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("--wrapper: unknown value 'flutterfir'"), unknown.stderr)
        XCTAssertTrue(explain(["--alert", "--sender", "other"]).stderr.contains("--sender tells a wrapper's answer: add --wrapper"))
        XCTAssertTrue(explain(["--alert", "--wrapper", "sample", "--sender", "nobody"]).stderr.contains("expected own or other"))
        XCTAssertTrue(explain(["--handler", "action", "--wrapper", "sample"]).stderr.contains("give it no payload, condition, wrapper"))
    }
}
