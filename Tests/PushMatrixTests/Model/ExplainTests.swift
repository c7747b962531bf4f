import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSpec
@testable import PushMatrixSupport

/// `explain --payload P --json` against the seed reception table, re-typed here by hand from the
/// source tables (not derived from the spec), for all 48 cells.
final class ExplainTests: XCTestCase {
    /// Payload (alert, content-available, category as 1/0) → setup → [foreground, background, not running].
    /// A cell: delivery calls, then "NC" when Notification Center shows it, then taps (A = action
    /// button, B = body) with their calls; "ignored" alone when nothing happens.
    static let seedTable: [String: [String: [String]]] = [
        "111": [
            "ios10": [
                "reception:active", "reception:background | NC | A=action:background | B=action:inactive",
                "NC | A=launch,action:background | B=launch,action:inactive",
            ],
            "ios8_9": [
                "reception:active", "reception:background | NC | A=action:inactive | B=reception:inactive",
                "NC | A=launch,action:inactive | B=launch,reception:inactive",
            ],
        ],
        "110": [
            "ios10": [
                "reception:active", "reception:background | NC | B=action:inactive", "NC | B=launch,action:inactive",
            ],
            "ios8_9": [
                "reception:active", "reception:background | NC | B=reception:inactive",
                "NC | B=launch,reception:inactive",
            ],
        ],
        "101": [
            "ios10": [
                "reception:active", "NC | A=action:background | B=action:inactive",
                "NC | A=launch,action:background | B=launch,action:inactive",
            ],
            "ios8_9": [
                "reception:active", "NC | A=action:inactive | B=reception:inactive",
                "NC | A=launch,action:inactive | B=launch,reception:inactive",
            ],
        ],
        "100": [
            "ios10": ["reception:active", "NC | B=action:inactive", "NC | B=launch,action:inactive"],
            "ios8_9": ["reception:active", "NC | B=reception:inactive", "NC | B=launch,reception:inactive"],
        ],
        "011": [
            "ios10": ["reception:active", "reception:background", "ignored"],
            "ios8_9": ["reception:active", "reception:background", "ignored"],
        ],
        "010": [
            "ios10": ["reception:active", "reception:background", "ignored"],
            "ios8_9": ["reception:active", "reception:background", "ignored"],
        ],
        "001": [
            "ios10": ["reception:active", "ignored", "ignored"], "ios8_9": ["reception:active", "ignored", "ignored"],
        ],
        "000": [
            "ios10": ["reception:active", "ignored", "ignored"], "ios8_9": ["reception:active", "ignored", "ignored"],
        ],
    ]

    func testExplainAgreesWithTheSeedTableOnEveryCell() throws {
        let directory = Fixtures.temporaryDirectory(self)
        var checked = 0
        for (code, setups) in Self.seedTable {
            let flags = code.map { $0 == "1" }
            // A real APNs payload: alert as a dictionary, content-available as 1, extra keys around.
            var aps: [String: Any] = ["sound": "default"]
            if flags[0] { aps["alert"] = ["title": "Hi", "body": "There"] }
            if flags[1] { aps["content-available"] = 1 }
            if flags[2] { aps["category"] = "REPLY" }
            let path = "\(directory)/\(code).json"
            try JSONSerialization.data(withJSONObject: ["aps": aps, "messageId": "m1"]).write(
                to: URL(fileURLWithPath: path))
            let result = Command.run(["explain", "--spec", Fixtures.spec, "--payload", path, "--json"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let outcomes = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            XCTAssertEqual(outcomes.count, 6)
            for outcome in outcomes {
                let setup = outcome["setup"] as! String
                let state = outcome["state"] as! String
                let column = ["foreground", "background", "notRunning"].firstIndex(of: state)!
                XCTAssertEqual(Self.summary(outcome), setups[setup]![column], "\(code) \(setup) \(state)")
                XCTAssertEqual(
                    outcome["payload"] as? [String: Bool],
                    ["alert": flags[0], "contentAvailable": flags[1], "category": flags[2]])
                checked += 1
            }
        }
        XCTAssertEqual(checked, 48)
    }

    static func summary(_ outcome: [String: Any]) -> String {
        func calls(_ list: Any?) -> String {
            (list as! [[String: String]]).map { c in c["state"].map { "\(c["handler"]!):\($0)" } ?? c["handler"]! }
                .joined(separator: ",")
        }
        if outcome["ignored"] as! Bool { return "ignored" }
        var parts: [String] = []
        let delivery = calls(outcome["onDelivery"])
        if !delivery.isEmpty { parts.append(delivery) }
        if outcome["notificationCenter"] as! Bool { parts.append("NC") }
        let taps = outcome["taps"] as! [String: Any]
        for (tap, letter) in [("actionButton", "A"), ("body", "B")] where taps[tap] != nil {
            parts.append("\(letter)=\(calls(taps[tap]))")
        }
        return parts.joined(separator: " | ")
    }

    func testNotesFollowTheSeedFootnotes() {
        let matrix = Fixtures.builtIn
        func notes(_ code: String, _ setup: String, _ state: String) -> [String] {
            let flags = code.map { $0 == "1" }
            return matrix.explain(
                ExplainQuery(
                    payload: ["alert": flags[0], "contentAvailable": flags[1], "category": flags[2]],
                    setups: [setup], appStates: [state]))[0].notes
        }
        XCTAssertEqual(notes("111", "ios10", "background"), ["actionHandlerFallback", "backgroundAppRefresh"])
        XCTAssertEqual(notes("111", "ios8_9", "background"), ["backgroundAppRefresh"])
        XCTAssertEqual(notes("100", "ios10", "notRunning"), ["actionHandlerFallback"])
        XCTAssertEqual(
            notes("000", "ios8_9", "foreground"), ["soundOrBadgeRequired"],
            "the foreground note is about the iOS 10 API")
        XCTAssertEqual(notes("110", "ios10", "foreground"), ["foregroundPresentation"])
        XCTAssertEqual(notes("010", "ios10", "notRunning"), [])
    }

    /// The foreground column's note names an iOS 10 method: it is declared about the iOS 10 API
    /// and shown only on its rows.
    func testANoteAboutOneSetupIsShownOnlyWithIt() {
        let text = Command.run([
            "explain", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--alert", "--state", "foreground",
        ])
        .stdout
        let outcomes = text.components(separatedBy: "\n\n")
        XCTAssertEqual(outcomes.filter { $0.hasPrefix("iOS 10 API") && $0.contains("willPresent") }.count, 1, text)
        XCTAssertEqual(outcomes.filter { $0.hasPrefix("iOS 8/9 API") }.count, 1, text)
        XCTAssertEqual(outcomes.filter { $0.hasPrefix("iOS 8/9 API") && $0.contains("willPresent") }.count, 0, text)
    }

    /// A cell with several paths: the text labels each with its kind, versions and source and
    /// tells what it does differently; the JSON lists every later path with all its calls.
    func testEveryPathOfACellIsExplained() throws {
        let base = ["explain", "--spec", "builtin:current", "--alert", "--setup", "scenes", "--state", "terminated"]
        let text = Command.run(base).stdout
        XCTAssertTrue(text.contains("  Path 1 (expected, not yet observed)\n  1. "), text)
        XCTAssertTrue(
            text.contains(
                "  Path 2 (reported: onmyway133)\n"
                    + "  1. Tap on the notification body: scene connection handler (no notification).\n"
                    + "  2. Then: action handler (.inactive).\n"), text)
        XCTAssertTrue(
            text.contains(
                "  Source: onmyway133: a scene's connection options on a tap, empty after termination and filled from the background (reported)\n"
            ), text)
        let ja = Command.run(base + ["--lang", "ja", "--state", "foreground"]).stdout
        XCTAssertTrue(ja.contains("  経路 2（報告からの類推：プラグインの報告、iOS 18.0）\n"), ja)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(Command.run(base + ["--json"]).stdout.utf8)) as? [[String: Any]]
        )
        let paths = try XCTUnwrap(json.first?["paths"] as? [[String: Any]])
        XCTAssertEqual(paths.map { $0["path"] as? Int }, [2])
        XCTAssertEqual((paths[0]["source"] as? [String: Any])?["kind"] as? String, "reported")
        let body = try XCTUnwrap((paths[0]["taps"] as? [String: Any])?["body"] as? [[String: Any]])
        XCTAssertEqual(body.first?["handler"] as? String, "sceneConnect")
        XCTAssertEqual(body.first?["withoutNotification"] as? Bool, true)
        let foreground = try XCTUnwrap(
            try JSONSerialization.jsonObject(
                with: Data(Command.run(base + ["--json", "--state", "foreground"]).stdout.utf8))
                as? [[String: Any]])
        XCTAssertEqual((foreground.first?["paths"] as? [[String: Any]])?.first?["seenOn"] as? String, "iOS 18.0")
    }

    func testTheIssueExampleIsPrintedExactly() {
        let result = Command.run([
            "explain", "--spec", Fixtures.spec, "--alert", "--content-available", "--category", "--setup", "ios10",
            "--state", "background",
            "--json",
        ])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stdout,
            """
            [
              {
                "setup": "ios10",
                "state": "background",
                "payload": {
                  "alert": true,
                  "contentAvailable": true,
                  "category": true
                },
                "ignored": false,
                "onDelivery": [
                  {
                    "handler": "reception",
                    "state": "background",
                    "method": "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)"
                  }
                ],
                "notificationCenter": true,
                "taps": {
                  "actionButton": [
                    {
                      "handler": "action",
                      "state": "background",
                      "method": "userNotificationCenter(_:didReceive:withCompletionHandler:)"
                    }
                  ],
                  "body": [
                    {
                      "handler": "action",
                      "state": "inactive",
                      "method": "userNotificationCenter(_:didReceive:withCompletionHandler:)"
                    }
                  ]
                },
                "notes": [
                  "actionHandlerFallback",
                  "backgroundAppRefresh"
                ],
                "source": {
                  "id": "fieldTests",
                  "kind": "observed"
                }
              }
            ]

            """)
    }

    /// A launch on arrival, a call no source settles and the app's duties (Tests/Fixtures/calls-with-duties.json): the
    /// text tells each under its step, in both languages; `--json` marks each call; paths that differ only in a duty or
    /// a mark stay apart.
    func testUnknownCallsAndDutiesAreToldUnderTheirStep() throws {
        let base = ["explain", "--spec", Fixtures.fixture("calls-with-duties.json"), "--state", "notRunning"]
        let english = Command.run(base)
        XCTAssertEqual(english.status, 0, english.stderr)
        XCTAssertTrue(
            english.stdout.hasSuffix(
                """
                Modern API · Not running
                  1. On arrival, the launch handler, then the reception handler (.background) is called at once.
                     No source settles whether these run: the launch handler
                     The app must report before the reception handler (.background) returns.
                  launch handler = application(_:didFinishLaunchingWithOptions:)
                  reception handler = application(_:didReceiveRemoteNotification:fetchCompletionHandler:)
                  * Report the push before this method returns.

                """), english.stdout)
        XCTAssertTrue(
            Command.run(base + ["--lang", "ja"]).stdout.contains(
                """
                  1. 受信時：起動ハンドラー → 受信ハンドラー（.background）
                     動くかどうかを確かめた出典がない呼び出し：起動ハンドラー
                     受信ハンドラー（.background）が戻る前に、アプリは報告しなければなりません。
                """))
        let paths = Command.run(base.dropLast(2) + ["--state", "foreground", "--lang", "ja"]).stdout
        XCTAssertTrue(paths.contains("  経路 2（）\n  1. 受信時：受信ハンドラー（.active）\n     受信ハンドラー（.active）は報告せずに戻ってもかまいません。\n"), paths)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(Command.run(base.dropLast(2) + ["--json"]).stdout.utf8)) as? [[String: Any]])
        func calls(_ outcome: [String: Any]) -> [NSDictionary] { outcome["onDelivery"] as! [NSDictionary] }
        let launched = try XCTUnwrap(
            json.first { $0["state"] as? String == "notRunning" && ($0["payload"] as? [String: Bool])?["alert"] == false })
        XCTAssertEqual(
            calls(launched)[0], ["handler": "launch", "unknown": true, "method": "application(_:didFinishLaunchingWithOptions:)"])
        XCTAssertEqual(calls(launched)[1]["duty"] as? NSDictionary, ["report": "must", "by": "return"])
        let foreground = try XCTUnwrap(json.first { $0["state"] as? String == "foreground" })
        let duties = ([foreground] + (foreground["paths"] as? [[String: Any]] ?? [])).map { calls($0)[0]["duty"] as? NSDictionary }
        XCTAssertEqual(duties, [["report": "must", "by": "return"], ["report": "may"]])
        let alert = Command.run(base.dropLast(2) + ["--alert", "--state", "foreground", "--json"]).stdout
        let marked = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(alert.utf8)) as? [[String: Any]])[0]["paths"] as? [[String: Any]]
        XCTAssertEqual(marked.flatMap { calls($0[0])[0]["unknown"] as? Bool }, true)
    }

    /// Each handler an outcome calls is named with its delegate method under that outcome's setup.
    func testTheDelegateMethodOfEachCalledHandlerIsNamed() {
        let arguments = [
            "explain", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--alert", "--category", "--state",
            "notRunning",
        ]
        let text = Command.run(arguments).stdout
        XCTAssertTrue(
            text.contains(
                """
                iOS 10 API · Not running
                  1. Notification Center shows the notification.
                  2. Tapping the action button or notification body calls the launch handler.
                  3. Then, depending on the tap:
                     - action button: the action handler (.background)
                     - notification body: the action handler (.inactive)
                  launch handler = application(_:didFinishLaunchingWithOptions:)
                  action handler = userNotificationCenter(_:didReceive:withCompletionHandler:)

                """), text)
        XCTAssertTrue(
            text.contains(
                """
                     - notification body: the reception handler (.inactive)
                  launch handler = application(_:didFinishLaunchingWithOptions:)
                  action handler = application(_:handleActionWithIdentifier:forRemoteNotification:withResponseInfo:completionHandler:)
                  reception handler = application(_:didReceiveRemoteNotification:fetchCompletionHandler:)

                """), text)
    }

    func testWithoutTheActionHandlerTheFallbackApplies() {
        let matrix = Fixtures.builtIn
        let outcome = matrix.explain(
            ExplainQuery(
                payload: ["alert": true, "contentAvailable": false, "category": true],
                setups: ["ios10"], appStates: ["notRunning"], without: ["action"]))[0]
        let taps = Dictionary(
            uniqueKeysWithValues: outcome.taps.map {
                ($0.tap, $0.calls.map { CellOutline.call($0.handler.id, $0.state?.id) })
            })
        XCTAssertEqual(
            taps["body"], ["launch", "reception(inactive)"],
            "the footnoted body tap falls back to the reception handler")
        XCTAssertEqual(taps["actionButton"], ["launch"], "a call without a fallback is skipped")
    }

    /// Told that the app has no action handler, explain words the fallback note for that case
    /// rather than "an app without an action handler gets…".
    func testTheFallbackNoteIsWordedForAnAppKnownToLackTheHandler() {
        let arguments = [
            "explain", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--alert", "--category", "--setup",
            "ios10", "--state",
            "background",
        ]
        XCTAssertTrue(
            Command.run(arguments).stdout.contains(
                "* An app without an action handler gets the reception handler (.inactive) here instead.\n"))
        let without = Command.run(arguments + ["--without-action-handler"]).stdout
        XCTAssertFalse(without.contains("An app without an action handler"), without)
        XCTAssertTrue(
            without.contains(
                "* The app has no action handler, so iOS calls the reception handler (.inactive) here instead.\n"),
            without)
        let ja = Command.run(arguments + ["--without-action-handler", "--lang", "ja"]).stdout
        XCTAssertTrue(ja.contains("* アプリにアクションハンドラーがないので"), ja)
        // A fallback note without words for that case is left out there: the steps already show the substitute.
        let other = Command.run([
            "explain", "--spec", Fixtures.fixture("other-dimensions.json"), "--templates", Fixtures.templates,
            "--alert",
            "--setup", "ios15", "--state", "foreground", "--without-presentation-handler",
        ])
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertFalse(other.stdout.contains("Without a presentation handler"), other.stdout)
    }

    /// On the foreground rows of a payload without alert and content-available, the reception
    /// handler runs only if the payload carries sound or badge. A real payload decides it; with
    /// flags only, the step says so, once.
    func testACallThatNeedsSoundOrBadgeIsToldOnce() throws {
        let arguments = [
            "explain", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--setup", "ios10", "--state",
            "foreground",
        ]
        let flags = Command.run(arguments + ["--category"]).stdout
        XCTAssertTrue(
            flags.contains(
                "  1. On arrival, the reception handler (.active) is called at once if the payload carries sound or badge.\n"
            ),
            flags)
        XCTAssertFalse(flags.contains("runs only when"), "said once: \(flags)")
        let directory = Fixtures.temporaryDirectory(self)
        func explain(_ aps: String, _ extra: [String] = []) throws -> String {
            let path = directory + "/p.json"
            try Data(#"{"aps": \#(aps)}"#.utf8).write(to: URL(fileURLWithPath: path))
            let result = Command.run(arguments + ["--payload", path] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout
        }
        let silent = try explain(#"{"category": "C"}"#)
        XCTAssertTrue(silent.contains("  1. The notification is ignored.\n"), silent)
        XCTAssertFalse(silent.contains("is called at once"), silent)
        XCTAssertTrue(
            silent.contains("* The reception handler runs only when the payload carries sound or badge.\n"),
            "the reason: \(silent)")
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try explain(#"{"category": "C", "sound": null}"#, ["--json"]).utf8))
                as? [[String: Any]]
        )
        XCTAssertEqual(json[0]["ignored"] as? Bool, true)
        XCTAssertEqual((json[0]["onDelivery"] as? [Any])?.count, 0)
        for aps in [#"{"category": "C", "badge": 1}"#, #"{"sound": "default"}"#] {
            let heard = try explain(aps)
            XCTAssertTrue(
                heard.contains("  1. On arrival, the reception handler (.active) is called at once.\n"), heard)
        }
    }

    func testPayloadDetection() throws {
        let matrix = Fixtures.builtIn
        func flags(_ json: String) throws -> [String: Bool] {
            try APNsPayload.read(bytes: Array(json.utf8), file: "p.json", matrix: matrix).flags
        }
        XCTAssertEqual(
            try flags(#"{"aps": {"alert": "Hi", "content-available": 1, "category": "C"}}"#),
            ["alert": true, "contentAvailable": true, "category": true])
        XCTAssertEqual(
            try flags(#"{"aps": {"alert": "", "content-available": 0, "category": ""}}"#),
            ["alert": false, "contentAvailable": false, "category": false])
        XCTAssertEqual(
            try flags(#"{"aps": {"alert": {}, "content-available": "1"}}"#),
            ["alert": true, "contentAvailable": false, "category": false])
        let warned = try APNsPayload.read(
            bytes: Array(#"{"aps": {"content-available": "1"}}"#.utf8), file: "p.json", matrix: matrix)
        XCTAssertEqual(
            warned.warnings.map(\.description),
            ["p.json:1:31: warning: aps.content-available: counted as not set: expected the number 1"])
        XCTAssertThrowsError(try flags(#"{"aps": {}, "aps": {"alert": "x"}}"#)) { error in
            XCTAssertEqual(
                (error as! DiagnosticsError).diagnostics[0].description,
                "p.json:1:13: error: duplicate key 'aps': the payload is ambiguous"
            )
        }
        XCTAssertThrowsError(try flags(#"[1]"#)) { error in
            XCTAssertEqual(
                (error as! DiagnosticsError).diagnostics[0].description,
                "p.json:1:1: error: expected an APNs payload: a JSON object with an \"aps\" dictionary, found array")
        }
        XCTAssertThrowsError(try flags(#"{"aps": "x"}"#)) { error in
            XCTAssertEqual(
                (error as! DiagnosticsError).diagnostics[0].description,
                "p.json:1:9: error: aps: expected an APNs payload with an \"aps\" dictionary, found \"aps\" is string")
        }
    }

    /// `--payload -` reads the payload from standard input, and names it so in diagnostics.
    func testThePayloadMayComeOnStandardInput() throws {
        try IntegrationTestCase.require()  // it starts the built binary as a process
        let path = Fixtures.temporaryDirectory(self) + "/p.json"
        let payload = Data(#"{"aps": {"alert": "Hi", "category": "C"}}"#.utf8)
        try payload.write(to: URL(fileURLWithPath: path))
        let arguments = ["explain", "--spec", Fixtures.spec, "--json", "--payload"]
        let piped = try Binary.run(arguments + ["-"], input: payload)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.output, Command.run(arguments + [path]).stdout)
        let bad = try Binary.run(arguments + ["-"], input: Data(#"{"aps": 1}"#.utf8))
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("(standard input):1:9: error: aps: "), bad.stderr)
    }

    /// A payload path that names a FIFO, a device or a directory is refused at once: a FIFO
    /// with no writer must not leave explain waiting.
    func testASpecialFileIsRefusedWithoutWaiting() throws {
        try IntegrationTestCase.require()  // it starts the built binary as a process
        let directory = Fixtures.temporaryDirectory(self)
        let fifo = directory + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let run = try Binary.run(["explain", "--spec", Fixtures.spec, "--payload", fifo], seconds: 10)
        XCTAssertFalse(run.timedOut, "explain waited for a writer")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "\(fifo): error: cannot read the payload (is not a regular file)\n")
        for path in [directory, "/dev/null"] {
            let result = Command.run(["explain", "--spec", Fixtures.spec, "--payload", path])
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.stderr, "\(path): error: cannot read the payload (is not a regular file)\n")
        }
    }

    func testAnUnknownLanguageListsTheSpecsLanguages() {
        let result = Command.run(["explain", "--spec", Fixtures.spec, "--alert", "--lang", "fr"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.hasPrefix("pushmatrix: error: --lang: unknown language 'fr'; the spec has en, ja\n"),
            result.stderr)
    }

    /// A key written as a plain "no" is not set and says nothing; a value that looks meant as
    /// "yes" but is not one is not set and warned about.
    func testOnlyValuesThatLookLikeAMistakeAreWarnedAbout() throws {
        let matrix = Fixtures.builtIn
        func warnings(_ aps: String) throws -> [String] {
            try APNsPayload.read(bytes: Array(#"{"aps": \#(aps)}"#.utf8), file: "p.json", matrix: matrix).warnings.map(
                \.message)
        }
        for quiet in [
            #"{"content-available": 0}"#, #"{"content-available": 0.0}"#, #"{"content-available": false}"#,
            #"{"content-available": null}"#, #"{"alert": null, "category": false}"#,
        ] {
            XCTAssertEqual(try warnings(quiet), [], quiet)
        }
        let counted = "counted as not set: expected the number 1"
        for meant in [#""1""#, "true", "2", #""""#, "[1]"] {
            XCTAssertEqual(try warnings(#"{"content-available": \#(meant)}"#), [counted], meant)
        }
        XCTAssertEqual(
            try warnings(#"{"alert": ""}"#), ["counted as not set: expected a non-empty string or a dictionary"])
        XCTAssertEqual(
            try warnings(#"{"alert": 0, "category": ""}"#),
            [
                "counted as not set: expected a non-empty string or a dictionary",
                "counted as not set: expected a non-empty string",
            ])
    }

    /// APNs refuses payloads over 4 KB (5 KB for VoIP): explain says so, and still explains.
    func testAPayloadTooLargeForAPNsIsWarnedAbout() throws {
        let path = Fixtures.temporaryDirectory(self) + "/big.json"
        func write(_ size: Int) throws {
            let frame = #"{"aps": {"alert": "Hi"}, "pad": ""}"#
            try Data(
                frame.replacingOccurrences(
                    of: #""pad": """#,
                    with: "\"pad\": \"" + String(repeating: "x", count: size - frame.utf8.count) + "\""
                ).utf8
            )
            .write(to: URL(fileURLWithPath: path))
        }
        try write(4096)
        XCTAssertEqual(Command.run(["explain", "--spec", Fixtures.spec, "--payload", path]).stderr, "")
        try write(20 << 20)
        let result = Command.run(["explain", "--spec", Fixtures.spec, "--payload", path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stderr,
            "\(path):1:1: warning: the payload is \(20 << 20) bytes; APNs takes at most 4096 bytes of payload, 5120 for a voip push "
                + "[payload-size: https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns]\n"
        )
        XCTAssertTrue(result.stdout.hasPrefix("\(Fixtures.spec)\nalert/body: yes"), result.stdout)
    }

    /// The current matrix by its built-in name: what each tap calls with the method, and the
    /// cell's source with its kind, in both languages and as JSON.
    func testTheCurrentMatrixNamesMethodsAndSources() throws {
        let arguments = [
            "explain", "--spec", "builtin:current", "--alert", "--category", "--setup", "scenes", "--state",
            "terminated",
        ]
        let english = Command.run(arguments)
        XCTAssertEqual(english.status, 0, english.stderr)
        for line in [
            "UIKit with scenes · Terminated",
            "     - notification body: scene connection handler, then action handler (.inactive)",
            "  scene connection handler = scene(_:willConnectTo:options:)",
            "  action handler = userNotificationCenter(_:didReceive:withCompletionHandler:)",
            "  Source: Inferred from Apple's pages, which do not settle the order (expected, not yet observed)",
        ] {
            XCTAssertTrue(english.stdout.contains(line + "\n"), line + "\n" + english.stdout)
        }
        let japanese = Command.run(arguments + ["--lang", "ja"])
        for line in [
            "  シーン接続ハンドラー = scene(_:willConnectTo:options:)",
            "  出典：Apple のページからの推定（呼び出しの順序は Apple のページでは決まらない）（推定・未観測）",
        ] {
            XCTAssertTrue(japanese.stdout.contains(line + "\n"), line + "\n" + japanese.stdout)
        }
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(Command.run(arguments + ["--json"]).stdout.utf8))
                as? [[String: Any]])
        XCTAssertEqual(json.count, 1)
        XCTAssertEqual(json[0]["setup"] as? String, "scenes")
        XCTAssertEqual(json[0]["source"] as? [String: String], ["id": "expectedColdStartScenes", "kind": "expected"])
        let taps = try XCTUnwrap(json[0]["taps"] as? [String: [[String: Any]]])
        let body = try XCTUnwrap(taps["body"])
        XCTAssertEqual(body.map { $0["handler"] as? String }, ["sceneConnect", "action"])
        XCTAssertEqual(body[0]["method"] as? String, "scene(_:willConnectTo:options:)")
        // Opened from its icon instead, the app connects its scene without the notification.
        let icon = try XCTUnwrap(taps["icon"])
        XCTAssertEqual(icon.map { $0["handler"] as? String }, ["sceneConnect"])
        XCTAssertEqual(icon[0]["withoutNotification"] as? Bool, true)
        // A silent push to a force-quit app: Apple documents that nothing arrives.
        let silent = Command.run([
            "explain", "--spec", "builtin:current", "--content-available", "--state", "forceQuit", "--json",
        ])
        let cells = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(silent.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(cells.count, 3, "one answer per setup")
        for cell in cells {
            XCTAssertEqual((cell["source"] as? [String: String])?["kind"], "appleDocumented")
            XCTAssertEqual((cell["onDelivery"] as? [Any])?.count, 0)
        }
    }

    func testHumanReadableOutputInJapanese() {
        let result = Command.run([
            "explain", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--alert", "--setup", "ios8_9",
            "--state", "notRunning",
            "--lang", "ja",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("iOS 8/9 の API · 終了状態"), result.stdout)
        XCTAssertTrue(result.stdout.contains("通知本体をタップすると起動ハンドラーが呼ばれます。"), result.stdout)
    }
}
