import CurrentPushHandlers
import CurrentPushHandlersTestSupport
import Foundation
import XCTest

/// The generated runtime's field recorder writes the log `pushmatrix observe` reads
/// (docs/field-log.md, version 1): the reference router, recording every scenario, confirms
/// them all.
final class FieldRecorderTests: XCTestCase {
    /// The lines a recorder wrote, in order.
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []

        func append(_ line: String) {
            lock.lock()
            defer { lock.unlock() }
            lines.append(line)
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }
    }

    private let payload = PushPayload(alert: true, contentAvailable: false, mutableContent: false, category: true)

    func testTheRouterRecordingEveryScenarioIsConfirmedByObserve() throws {
        let directory = Fixtures.temporaryDirectory(self)
        let log = URL(fileURLWithPath: directory).appendingPathComponent("field.jsonl")
        let recorder = try PushFieldRecorder(appendingTo: log)
        // Every scenario, by an app that lacks each set of handlers the scenario stands for.
        let runs = PushScenario.all.flatMap { scenario in scenario.conditions.map { (scenario, $0) } }
        XCTAssertGreaterThan(runs.count, PushScenario.all.count)
        for (n, (scenario, missing)) in runs.enumerated() {
            record(scenario, run: "r\(n)", without: missing, into: recorder)
        }
        let report = try observe(log, in: directory, status: 0)
        // A cell's paths are one scenario to observe: each confirms its own, once for each set
        // of missing handlers it was run with.
        let scenarios = Set(
            runs.map {
                "\($0.0.payload) \($0.0.setup) \($0.0.appState) \(String(describing: $0.0.tap)) \($0.1.map(\.rawValue).sorted())"
            })
        XCTAssertEqual((report["confirmed"] as? [Any])?.count, scenarios.count)
        XCTAssertEqual((report["contradicted"] as? [Any])?.count, 0)
        XCTAssertEqual((report["inconsistent"] as? [Any])?.count, 0)
        XCTAssertEqual(report["unobserved"] as? Int, 0)
    }

    /// A run under a condition is held against the paths the condition leaves: the router recording
    /// each scenario the conditions make, under its first condition, confirms them all, and the
    /// same calls recorded without the condition contradict the matrix.
    func testRunsUnderAConditionAreHeldAgainstItsPaths() throws {
        let directory = Fixtures.temporaryDirectory(self)
        let log = URL(fileURLWithPath: directory).appendingPathComponent("field.jsonl")
        let recorder = try PushFieldRecorder(appendingTo: log)
        let scenarios = PushScenario.underConditions
        XCTAssertEqual(scenarios.count, 72)
        for (n, scenario) in scenarios.enumerated() {
            record(scenario, run: "c\(n)", conditions: [scenario.under[0]], into: recorder)
        }
        let report = try observe(log, in: directory, status: 0)
        // A cell's paths under one condition are one scenario to observe, as without conditions.
        let observed = Set(
            scenarios.map { "\($0.payload) \($0.setup) \($0.appState) \(String(describing: $0.tap)) \($0.under[0])" })
        let confirmed = try XCTUnwrap(report["confirmed"] as? [[String: Any]])
        XCTAssertEqual(confirmed.count, observed.count)
        XCTAssertEqual(confirmed.first?["conditions"] as? [String], [scenarios[0].under[0]])
        XCTAssertEqual((report["contradicted"] as? [Any])?.count, 0)
        // A run the condition made, logged as made without it: the matrix's own paths contradict it.
        let withoutItsCondition = try XCTUnwrap(scenarios.first { $0.under.first == "backgroundAppRefreshOff" })
        record(withoutItsCondition, run: "plain", conditions: [], into: recorder)
        let contradicted = try XCTUnwrap(try observe(log, in: directory, status: 1)["contradicted"] as? [[String: Any]])
        XCTAssertEqual(contradicted.map { $0["runs"] as? [String] }, [["plain"]])
    }

    /// Records `scenario` as the reference router makes its calls, the service extension's recorded as that extension
    /// does.
    private func record(
        _ scenario: PushScenario, run: String, without missing: Set<PushHandler> = [], conditions: [String] = [],
        into recorder: PushFieldRecorder
    ) {
        let router = PushRouter(setup: scenario.setup, missing: missing)
        router.recorder = recorder
        recorder.start(
            run: run, device: "iPhone 15", os: "18.2", spec: "current", payload: scenario.payload,
            setup: scenario.setup,
            appState: scenario.appState, tap: scenario.tap, without: missing, conditions: conditions)
        let notification = PushReceivedNotification(userInfo: scenario.payload.sampleUserInfo())
        for step in scenario.steps {
            if step.handler.runsInApp {
                // A launch without the notification (from the app icon, say) hands the app nothing.
                let handed = step.bringsNotification ? notification : PushReceivedNotification(userInfo: [:])
                _ = router.receive(step.handler, state: step.state, notification: handed, complete: nil)
            } else {
                recorder.record(step.handler, state: step.state)  // as the service extension does, in its own process
            }
        }
        recorder.end()
    }

    /// `observe --json` on `log` against the current matrix, which must exit with `status`.
    private func observe(_ log: URL, in directory: String, status expected: Int32) throws -> [String: Any] {
        let (status, stdout, stderr) = try Binary.run(
            ["observe", "--spec", "builtin:current", "--json", log.path], in: directory)
        XCTAssertEqual(status, expected, stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: stdout) as? [String: Any], stderr)
    }

    func testFreeTextIsEscapedAndRoundTrips() throws {
        let lines = Lines()
        let recorder = PushFieldRecorder(write: lines.append)
        let device = "Dev's \"iPhone\" \\ 15\nline two\r\ttab \u{1}\u{1F} é 📱"
        recorder.start(
            run: "run \"1\"", device: device, os: "18.2\\beta", spec: "current", payload: payload, setup: .scenes,
            appState: .terminated,
            tap: nil, without: [.serviceExtension])
        recorder.end()
        let start = try XCTUnwrap(lines.all.first)
        XCTAssertTrue(start.hasSuffix("}\n"))
        XCTAssertEqual(start.filter { $0 == "\n" }.count, 1, "one line, newline-terminated")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(start.utf8)) as? [String: Any])
        XCTAssertEqual(object["device"] as? String, device)
        XCTAssertEqual(object["run"] as? String, "run \"1\"")
        XCTAssertEqual(object["os"] as? String, "18.2\\beta")
        XCTAssertTrue(object["tap"] is NSNull)
        XCTAssertEqual(object["without"] as? [String], ["serviceExtension"])
        let end = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines.all[1].utf8)) as? [String: Any])
        XCTAssertEqual(end["run"] as? String, "run \"1\"")
    }

    func testCallsOutsideARunAreNotWritten() {
        let lines = Lines()
        let recorder = PushFieldRecorder(write: lines.append)
        recorder.record(.launch, state: nil)
        recorder.end()
        XCTAssertEqual(lines.all, [])
        XCTAssertNil(recorder.run)

        recorder.start(
            run: "r1", device: "d", os: "18", spec: "current", payload: payload, setup: .scenes, appState: .foreground,
            tap: nil,
            without: [])
        XCTAssertEqual(recorder.run, "r1")
        recorder.record(.presentation, state: .active)
        recorder.end()
        XCTAssertNil(recorder.run)
        recorder.record(.reception, state: .background)
        recorder.end()
        XCTAssertEqual(lines.all.count, 3)
        XCTAssertFalse(lines.all.joined().contains("reception"))

        // A router without a recorder records nothing; one whose recorder has no run open neither.
        let router = PushRouter(setup: .scenes)
        _ = router.receive(
            .presentation, state: .active, notification: PushReceivedNotification(userInfo: payload.sampleUserInfo()),
            complete: nil)
        router.recorder = recorder
        _ = router.receive(
            .presentation, state: .active, notification: PushReceivedNotification(userInfo: payload.sampleUserInfo()),
            complete: nil)
        XCTAssertEqual(lines.all.count, 3)
    }

    /// The format, byte for byte: key order, spacing and nulls as docs/field-log.md shows them.
    func testTheLinesAreWrittenExactly() {
        let lines = Lines()
        let recorder = PushFieldRecorder(write: lines.append)
        recorder.start(
            run: "r17", device: "iPhone 15", os: "18.2", spec: "current", payload: payload, setup: .scenes,
            appState: .terminated,
            tap: .body, without: [.serviceExtension])
        recorder.record(.sceneConnect, state: nil)
        recorder.record(.action, state: .inactive)
        recorder.end()
        XCTAssertEqual(
            lines.all,
            [
                #"{"v": 1, "run": "r17", "event": "start", "device": "iPhone 15", "os": "18.2", "spec": "current", "#
                    + #""payload": {"alert": true, "contentAvailable": false, "mutableContent": false, "category": true}, "#
                    + #""setup": "scenes", "appState": "terminated", "tap": "body", "without": ["serviceExtension"]}"#
                    + "\n",
                #"{"v": 1, "run": "r17", "event": "call", "handler": "sceneConnect", "state": null}"# + "\n",
                #"{"v": 1, "run": "r17", "event": "call", "handler": "action", "state": "inactive"}"# + "\n",
                #"{"v": 1, "run": "r17", "event": "end"}"# + "\n",
            ])
    }

    /// The file sink appends: a second recorder (another process, say) adds to the same log.
    func testTheFileRecorderAppends() throws {
        let log = URL(fileURLWithPath: Fixtures.temporaryDirectory(self)).appendingPathComponent("log.jsonl")
        let app = try PushFieldRecorder(appendingTo: log)
        app.start(
            run: "r1", device: "d", os: "18", spec: "current", payload: payload, setup: .scenes, appState: .background,
            tap: nil,
            without: [])
        let service = try PushFieldRecorder(appendingTo: log)
        service.resume(run: "r1")
        service.record(.serviceExtension, state: nil)
        app.end()
        let text = try String(contentsOf: log, encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").map { $0.contains("\"event\": \"call\"") }, [false, true, false])
        XCTAssertTrue(text.contains(#""run": "r1", "event": "call", "handler": "serviceExtension", "state": null}"#))
        XCTAssertThrowsError(
            try PushFieldRecorder(appendingTo: log.appendingPathComponent("not-a-directory/log.jsonl")))
    }
}
