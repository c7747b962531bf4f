import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSupport

/// `explain --request`: each mistake in an APNs request is reported with its place, Apple's rule and its address, and
/// the push type picks the matrix that answers.
final class ExplainRequestTests: XCTestCase {
    static let requests = "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns"
    static let background = "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app"
    static let voip = "https://developer.apple.com/documentation/pushkit/responding-to-voip-notifications-from-pushkit"

    /// A request file laid out as the field kit writes one: each header on its own line from line 3, in order, then
    /// the payload on one line, `{"aps": APS}`.
    func write(_ headers: KeyValuePairs<String, String>, aps: String) throws -> String {
        let path = Fixtures.temporaryDirectory(self) + "/push.device.json"
        let lines = headers.map { "    \"\($0.key)\": \"\($0.value)\"" }.joined(separator: ",\n")
        let text = "{\n  \"headers\": {\n\(lines)\n  },\n  \"payload\": {\"aps\": \(aps)}\n}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `explain --request PATH` for one cell, compact unless `output` says otherwise: a voip push's cell in the VoIP
    /// matrix, which answers it, another's in the current matrix.
    func explain(_ path: String, _ output: [String] = ["--compact"]) -> Command.Result {
        let voip = (try? String(contentsOfFile: path, encoding: .utf8))?.contains(#""apns-push-type": "voip""#) ?? false
        let setup = voip ? "classic" : "scenes"
        return Command.run(["explain", "--request", path, "--setup", setup, "--state", "background"] + output)
    }

    /// A clean alert push and a clean background push: no finding, and the current matrix answers.
    func testACleanRequestIsAnsweredByTheCurrentMatrixWithoutFindings() throws {
        for (headers, aps, payload) in [
            (
                ["apns-push-type": "alert", "apns-priority": "10"] as KeyValuePairs, #"{"alert": "Hi"}"#,
                "alert: yes, content-available: no"
            ),
            (["apns-push-type": "background", "apns-priority": "5"], #"{"content-available": 1}"#, "alert: no, content-available: yes"),
        ] {
            let result = explain(try write(headers, aps: aps))
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "")
            XCTAssertTrue(result.stdout.hasPrefix("builtin:current\n\(payload)"), result.stdout)
        }
    }

    /// (a) The push type does not match the payload: an alert push nothing in whose `aps` the person notices, and a
    /// background push that alerts or lacks content-available 1.
    func testAPushTypeThatDoesNotMatchThePayloadIsReported() throws {
        let alert = try write(["apns-push-type": "alert"], aps: #"{"content-available": 1}"#)
        var result = explain(alert)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stderr,
            "\(alert):3:23: warning: headers.apns-push-type: an alert push without alert, badge or sound; an alert push alerts, badges "
                + "or sounds; APNs may refuse, delay or drop a push whose type misfits [alert-push-not-visible: \(Self.requests)]\n")
        XCTAssertTrue(result.stdout.hasPrefix("builtin:current\nalert: no, content-available: yes"), result.stdout)
        let background = try write(["apns-push-type": "background", "apns-priority": "5"], aps: #"{"badge": 2, "content-available": "1"}"#)
        result = explain(background)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stderr,
            [
                "\(background):6:32: warning: payload.aps.badge: badge in a background push; a background push's aps has no key that "
                    + "alerts the person (alert, badge, sound) [background-push-visible: \(Self.background)]",
                "\(background):6:56: warning: payload.aps.content-available: counted as not set: expected the number 1",
                "\(background):6:56: warning: payload.aps.content-available: no content-available 1 in a background push; a background "
                    + "push's aps has content-available set to 1 [background-push-without-content-available: \(Self.background)]",
            ].map { $0 + "\n" }.joined())
    }

    /// (b) Priority 10 on a background push, written or left for APNs to default.
    func testPriorityTenOnABackgroundPushIsReported() throws {
        let rule = "a background push goes at priority 5, and Apple calls 10 an error [background-push-priority: \(Self.requests)]"
        let written = try write(["apns-push-type": "background", "apns-priority": "10"], aps: #"{"content-available": 1}"#)
        XCTAssertEqual(explain(written).stderr, "\(written):4:22: warning: headers.apns-priority: priority 10; \(rule)\n")
        let omitted = try write(["apns-push-type": "background"], aps: #"{"content-available": 1}"#)
        let result = explain(omitted)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "\(omitted):2:14: warning: headers: no apns-priority, so APNs takes 10; \(rule)\n")
    }

    /// (c) A voip push whose topic lacks `.voip`; one without a topic gets a note, since its sender may add it.
    func testAVoipTopicWithoutTheSuffixIsReported() throws {
        let wrong = try write(["apns-push-type": "voip", "apns-topic": "com.example.app", "apns-expiration": "0"], aps: "{}")
        var result = explain(wrong)
        XCTAssertEqual(result.status, 0, "the VoIP matrix answers, with the finding")
        XCTAssertTrue(result.stdout.hasPrefix("builtin:voip\n"), result.stdout)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "\(wrong):4:19: warning: headers.apns-topic: 'com.example.app' lacks .voip; a voip push's apns-topic is the "
                    + "app's bundle ID followed by .voip [voip-topic: \(Self.requests)]\n"), result.stderr)
        let missing = try write(["apns-push-type": "voip", "apns-expiration": "0"], aps: "{}")
        result = explain(missing)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "\(missing):2:14: note: headers: no apns-topic, so the sender must add one; Apple lists apns-topic as required, and "
                    + "a voip push's topic ends in .voip [voip-topic-missing: \(Self.requests)]\n"), result.stderr)
        let right = try write(["apns-push-type": "voip", "apns-topic": "com.example.app.voip", "apns-expiration": "0"], aps: "{}")
        XCTAssertEqual(explain(right).stderr.components(separatedBy: "\n").count, 2, "the refusal alone")
    }

    /// (d) A payload over its limit, measured as sent without whitespace: 4096 bytes, 5120 for a voip push.
    func testAPayloadOverItsLimitIsReported() throws {
        // `{"aps":{"alert":"…"}}` is 20 bytes besides the alert's text.
        let alert = try write(["apns-push-type": "alert"], aps: "{\"alert\": \"\(String(repeating: "x", count: 4077))\"}")
        let result = explain(alert)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stderr,
            "\(alert):5:14: warning: payload: 4097 bytes even without whitespace; APNs takes at most 4096 bytes of "
                + "payload, 5120 for a voip push [payload-size: \(Self.requests)]\n")
        let fits = try write(["apns-push-type": "alert"], aps: "{\"alert\": \"\(String(repeating: "x", count: 4076))\"}")
        XCTAssertEqual(explain(fits).stderr, "")
        let voip = try write(
            ["apns-push-type": "voip", "apns-topic": "a.voip", "apns-expiration": "0"],
            aps: "{\"call\": \"\(String(repeating: "x", count: 5000))\"}")
        XCTAssertFalse(explain(voip).stderr.contains("payload-size"), "a voip push may carry 5120 bytes")
    }

    /// (e) A collapse id over 64 bytes of UTF-8, however few its characters.
    func testACollapseIdOverSixtyFourBytesIsReported() throws {
        let long = try write(["apns-push-type": "alert", "apns-collapse-id": String(repeating: "日", count: 22)], aps: #"{"alert": "Hi"}"#)
        XCTAssertEqual(
            explain(long).stderr,
            "\(long):4:25: warning: headers.apns-collapse-id: 66 bytes; Apple caps apns-collapse-id at 64 bytes "
                + "[collapse-id-size: \(Self.requests)]\n")
        let fits = try write(["apns-push-type": "alert", "apns-collapse-id": String(repeating: "x", count: 64)], aps: #"{"alert": "Hi"}"#)
        XCTAssertEqual(explain(fits).stderr, "")
    }

    /// (f) A voip push with no expiration or one far ahead; on another push, expiration 0 gets a note.
    func testExpirationsAreReported() throws {
        let zero = try write(["apns-push-type": "alert", "apns-expiration": "0"], aps: #"{"alert": "Hi"}"#)
        XCTAssertEqual(
            explain(zero).stderr,
            "\(zero):4:24: note: headers.apns-expiration: expiration 0; APNs then tries once and does not store the push: a "
                + "device offline at that moment never gets it [expiration-zero: \(Self.requests)]\n")
        let rule =
            "Apple advises 0 or a few seconds ahead for a voip push, so that no call rings long after [voip-expiration: \(Self.voip)]"
        let missing = try write(["apns-push-type": "voip", "apns-topic": "a.voip"], aps: "{}")
        XCTAssertTrue(
            explain(missing).stderr.hasPrefix(
                "\(missing):2:14: warning: headers: no apns-expiration, so APNs may keep the push for up to 30 days; "
                    + "\(rule)\n"))
        let far = try write(["apns-push-type": "voip", "apns-topic": "a.voip", "apns-expiration": "1700003600"], aps: "{}")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: far)))
        for (now, found) in [
            (1_700_000_000, ["\(far):5:24: warning: headers.apns-expiration: 3600 seconds from now; \(rule)"]),
            (1_700_003_590, []),
        ] {
            XCTAssertThrowsError(try APNsRequest.read(bytes: bytes, file: far, matrix: Fixtures.current, now: now)) { error in
                let messages = (error as? DiagnosticsError)?.diagnostics.map(\.description) ?? []
                XCTAssertEqual(messages.dropLast(), found[...])
            }
        }
    }

    /// A voip push is answered by the VoIP matrix, which takes PushKit's mustReport as set and says so; a matrix that
    /// does not answer voip pushes refuses one and names the matrix that does: exit 1, no answer.
    func testAVoipPushIsAnsweredByTheVoipMatrix() throws {
        let path = try write(["apns-push-type": "voip", "apns-topic": "a.voip", "apns-expiration": "0"], aps: "{}")
        let answered = explain(path, [])
        XCTAssertEqual(answered.status, 0, answered.stderr)
        XCTAssertTrue(answered.stdout.hasPrefix("builtin:voip\n"), answered.stdout)
        XCTAssertTrue(answered.stdout.contains("The app must report the call before classic VoIP delegate returns."), answered.stdout)
        XCTAssertEqual(
            answered.stderr,
            "\(path):1:1: note: mustReport comes from iOS, not from the request: the answer takes it as set; ask without --request for "
                + "the other\n")
        for output in [["--compact"], ["--json"]] {
            let result = Command.run(["explain", "--spec", "builtin:current", "--request", path] + output)
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(
                result.stderr,
                "\(path):3:23: error: headers.apns-push-type: this matrix answers alert and background pushes, not voip; builtin:voip "
                    + "answers them: give it with --spec, or leave --spec out\n")
        }
    }

    /// Other push types are outside the matrices; an unknown one is refused with Apple's list; a missing one is warned
    /// about and the payload decides.
    func testOtherMissingAndUnknownPushTypes() throws {
        let live = try write(["apns-push-type": "liveactivity"], aps: "{}")
        XCTAssertEqual(
            explain(live).stderr,
            "\(live):3:23: error: headers.apns-push-type: this matrix answers alert and background pushes, not liveactivity\n")
        let unknown = try write(["apns-push-type": "alret"], aps: "{}")
        let result = explain(unknown)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "\(unknown):3:23: error: headers.apns-push-type: 'alret' is not a push type (did you mean 'alert'?); APNs knows the push types "
                + "alert, background, complication, controls, fileprovider, liveactivity, location, mdm, pushtotalk, voip, widgets "
                + "[push-type-unknown: \(Self.requests)]\n")
        let missing = try write(["apns-priority": "10"], aps: #"{"alert": "Hi"}"#)
        let answered = explain(missing, ["--json"])
        XCTAssertEqual(answered.status, 0)
        XCTAssertEqual(
            answered.stderr,
            "\(missing):2:14: warning: headers: no apns-push-type; Apple recommends it for every push on iOS, as newer features may "
                + "not work without it [push-type-missing: \(Self.requests)]\n")
        XCTAssertTrue(try JSONSerialization.jsonObject(with: Data(answered.stdout.utf8)) is [Any], "--json stays an array")
    }

    /// `--request` carries its payload, so `--payload` and the payload flags are refused with it; a malformed request
    /// is refused at its place.
    func testUsageErrorsAndMalformedRequests() throws {
        let path = try write(["apns-push-type": "alert"], aps: #"{"alert": "Hi"}"#)
        for more in [["--payload", path], ["--alert"]] {
            let result = Command.run(["explain", "--request", path] + more)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "pushmatrix: error: --request carries its own payload: give it without --payload or the payload flags\n"))
        }
        let numeric = try write(["apns-push-type": "alert"], aps: #"{"alert": "Hi"}"#)
        try Data(#"{"headers": {"apns-priority": 10}, "payload": {"aps": {}}}"#.utf8).write(to: URL(fileURLWithPath: numeric))
        XCTAssertEqual(explain(numeric).stderr, "\(numeric):1:31: error: headers.apns-priority: expected a string, found number\n")
        try Data(#"{"headers": {}}"#.utf8).write(to: URL(fileURLWithPath: numeric))
        XCTAssertEqual(
            explain(numeric).stderr,
            "\(numeric):1:1: error: payload: expected an APNs request: a JSON object with a \"headers\" object of strings and a "
                + "\"payload\" object, found no \"payload\"\n")
    }
}
