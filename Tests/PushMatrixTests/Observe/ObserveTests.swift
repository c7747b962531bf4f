import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixObserve
@testable import PushMatrixSpec

/// `observe` against logs made from the spec's own scenarios: as predicted they all confirm it;
/// changed in one call they contradict it, named exactly; malformed they are reported by line.
final class ObserveTests: XCTestCase {
    /// A run's lines in log format 1, for `scenario` with `calls` (by default what it predicts),
    /// by an app that lacks `missing` (by default the scenario's `missing`).
    static func lines(
        _ matrix: Matrix, _ scenario: Scenario, run: String, calls: [(String, String?)]? = nil, missing: [String]? = nil
    ) -> [String] {
        let keys = matrix.payloadKeyIds
        let payload = keys.indices.map { "\"\(keys[$0])\": \(scenario.payload.isSet($0))" }.joined(separator: ", ")
        let tap = scenario.tap.map { "\"\($0)\"" } ?? "null"
        let without = (missing ?? scenario.missing).map { "\"\($0)\"" }.joined(separator: ", ")
        let start =
            #"{"v": 1, "run": "\#(run)", "event": "start", "device": "iPhone 15", "os": "18.2", "spec": "test", "payload": {\#(payload)}, "#
            + #""\#(matrix.spec.naming.label)": "\#(scenario.setup)", "appState": "\#(scenario.appState)", "tap": \#(tap), "without": [\#(without)]}"#
        let steps = calls ?? scenario.steps.filter(\.bringsNotification).map { ($0.handler, $0.state) }
        return [start]
            + steps.map { handler, state in
                #"{"v": 1, "run": "\#(run)", "event": "call", "handler": "\#(handler)", "state": \#(state.map { "\"\($0)\"" } ?? "null")}"#
            } + [#"{"v": 1, "run": "\#(run)", "event": "end"}"#]
    }

    private func observe(_ spec: String, _ logs: [String], _ extra: [String] = []) throws -> Command.Result {
        let directory = Fixtures.temporaryDirectory(self)
        var files: [String] = []
        for (n, log) in logs.enumerated() {
            let file = directory + "/log\(n).jsonl"
            try Data(log.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        return Command.run(["observe", "--spec", spec] + extra + files)
    }

    private func json(_ result: Command.Result) throws -> [String: Any] {
        try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            result.stdout + result.stderr)
    }

    /// The example of docs/field-log.md, which documents format version 1, is read as written
    /// (its wrapped first object joined into one line) and confirms the current matrix.
    func testTheDocumentedExampleIsVersionOneAndConfirms() throws {
        let page = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/field-log.md"), encoding: .utf8)
        let block = try XCTUnwrap(
            page.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let log = block.replacingOccurrences(of: ",\n ", with: ", ")
        XCTAssertEqual(log.split(separator: "\n").count, 4)
        XCTAssertTrue(log.split(separator: "\n").allSatisfy { $0.hasPrefix(#"{"v": 1, "run": "r17", "event": "#) })
        XCTAssertEqual(FieldLog.version, 1)
        let result = try observe("builtin:current", [log], ["--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let confirmed = try XCTUnwrap(try json(result)["confirmed"] as? [[String: Any]])
        XCTAssertEqual(confirmed.count, 1)
        XCTAssertEqual(confirmed[0]["runs"] as? [String], ["r17"])
    }

    /// Every scenario of both built-in matrices and of the other-dimensions fixture, logged as
    /// predicted, confirms the spec: logged once, by an app that lacks its `missing`, and logged
    /// by an app that lacks each set of handlers it stands for, each set confirmed on its own.
    func testLogsOfTheSpecsOwnScenariosAreAllConfirmed() throws {
        for (matrix, spec) in [
            (Fixtures.builtIn, Fixtures.spec), (Fixtures.current, Fixtures.currentSpec),
            (Fixtures.otherDimensions, Fixtures.fixture("other-dimensions.json")),
        ] {
            let firstPaths = matrix.scenarios.filter { $0.path == 1 }
            XCTAssertTrue(
                firstPaths.contains { !$0.eitherWay.isEmpty }, "\(spec) has scenarios that stand for the app either way"
            )
            for everyCondition in [false, true] {
                let log = matrix.scenarios.enumerated().flatMap { n, scenario in
                    (everyCondition ? matrix.conditions(of: scenario) : [scenario.missing]).enumerated().flatMap {
                        c, missing in
                        Self.lines(matrix, scenario, run: "r\(n).\(c)", missing: missing)
                    }
                }
                let result = try observe(spec, [log.joined(separator: "\n") + "\n"], ["--json"])
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(result.stderr, "")
                let report = try json(result)
                // The paths of one cell and tap are one scenario to observe, once for each set of
                // missing handlers runs were made with.
                let outcomes =
                    everyCondition ? firstPaths.map { matrix.conditions(of: $0).count }.reduce(0, +) : firstPaths.count
                XCTAssertEqual((report["confirmed"] as? [Any])?.count, outcomes, spec)
                XCTAssertEqual((report["contradicted"] as? [Any])?.count, 0, spec)
                XCTAssertEqual(report["unobserved"] as? Int, 0, spec)
            }
        }
    }

    /// A log written before the second dimension was called a setup names it `api` on its start
    /// lines; it is read as `setup`, and a start line with neither is reported.
    /// A log as the VoIP probe writes it, notes included, is held against builtin:voip's handlers: a run that makes the
    /// predicted calls confirms its scenario, and a token update in a run, which the cells leave out, is an extra call.
    func testAVoipProbeLogMapsItsCallsToTheSpecsHandlers() throws {
        func start(_ run: String, _ state: String) -> String {
            #"{"v": 1, "run": "\#(run)", "event": "start", "device": "iPhone17,1", "os": "26.4", "spec": "voip", "#
                + #""payload": {"mustReport": true, "viaServiceExtension": false}, "setup": "classic", "appState": "\#(state)", "#
                + #""tap": "answer", "without": []}"#
        }
        func call(_ run: String, _ handler: String, _ notes: String = #""app: background""#) -> String {
            #"{"v": 1, "run": "\#(run)", "event": "call", "handler": "\#(handler)", "state": null, "notes": [\#(notes)]}"#
        }
        let log = [
            start("v1", "terminated"), call("v1", "launch"), call("v1", "voipPush", #""app: background", "report: normal""#),
            call("v1", "answerCall"), call("v1", "audioActivated"),
            #"{"v": 1, "run": "v1", "event": "end", "notes": ["report: accepted"]}"#,
            start("v2", "background"), call("v2", "pushCredentials"), call("v2", "voipPush"), call("v2", "answerCall"),
            call("v2", "audioActivated"), #"{"v": 1, "run": "v2", "event": "end"}"#,
        ].joined(separator: "\n")
        let result = try observe("builtin:voip", [log], ["--json"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let report = try json(result)
        let confirmed = try XCTUnwrap(report["confirmed"] as? [[String: Any]])
        XCTAssertEqual(confirmed.map { $0["runs"] as? [String] }, [["v1"]])
        let contradicted = try XCTUnwrap(report["contradicted"] as? [[String: Any]])
        XCTAssertEqual(contradicted.map { $0["runs"] as? [String] }, [["v2"]])
        XCTAssertEqual(contradicted.first?["difference"] as? String, "step 1: extra call pushCredentials")
    }

    func testALogOfTheOlderFormIsRead() throws {
        let matrix = Fixtures.builtIn
        let scenario = matrix.scenarios[0]
        let log = Self.lines(matrix, scenario, run: "r1")
        let older = log.map { $0.replacingOccurrences(of: #""setup": "#, with: #""api": "#) }
        XCTAssertNotEqual(older, log)
        let result = try observe(Fixtures.spec, [older.joined(separator: "\n") + "\n"], ["--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual((try json(result)["confirmed"] as? [Any])?.count, 1)
        let neither = log.map { $0.replacingOccurrences(of: #""setup": "#, with: #""way": "#) }
        let refused = try observe(Fixtures.spec, [neither.joined(separator: "\n") + "\n"], ["--json"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains(#""setup""#), refused.stderr)
    }

    /// A scenario that stands for an app with or without the service extension is observed for
    /// the app its run was made with, and named with the handlers that app lacks; the scenario
    /// counts as observed, and a run without the extension that sees other calls contradicts it.
    func testARunOfAScenarioThatStandsForEitherAppIsToldByItsMissingHandlers() throws {
        let matrix = Fixtures.current
        let scenario = try XCTUnwrap(
            matrix.scenarios.first { $0.eitherWay == ["serviceExtension"] && $0.steps.count == 2 })
        let log = Self.lines(matrix, scenario, run: "w", missing: ["serviceExtension"]).joined(separator: "\n")
        let result = try observe(Fixtures.currentSpec, [log], ["--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try json(result)
        let confirmed = try XCTUnwrap(report["confirmed"] as? [[String: Any]])
        XCTAssertEqual(confirmed.count, 1)
        XCTAssertEqual(confirmed[0]["without"] as? [String], ["serviceExtension"])
        // An open from the icon needs no run of its own: the run without a tap covers it.
        let runs = matrix.scenarios.filter { $0.path == 1 && !matrix.leavesNotification($0.tap) }.count
        XCTAssertEqual(report["unobserved"] as? Int, runs - 1)
        let text = try observe(Fixtures.currentSpec, [log])
        XCTAssertTrue(text.stdout.hasPrefix("confirmed     "), text.stdout)
        XCTAssertTrue(
            text.stdout.contains(" · without: serviceExtension (path 1) — w (iPhone 15, iOS 18.2)\n"), text.stdout)

        let other = Self.lines(matrix, scenario, run: "x", calls: [], missing: ["serviceExtension"]).joined(
            separator: "\n")
        let contradicted = try json(try observe(Fixtures.currentSpec, [other], ["--json"]))
        let found = try XCTUnwrap(contradicted["contradicted"] as? [[String: Any]])
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0]["without"] as? [String], ["serviceExtension"])
    }

    /// A scenario of the current matrix with three calls: sceneConnect, then action(.inactive).
    private var coldStart: Scenario {
        Fixtures.current.scenarios.first {
            $0.setup == "scenes" && $0.appState == "terminated" && $0.tap == "body" && $0.missing.isEmpty
                && $0.steps.count == 2
                && $0.steps[0].handler == "sceneConnect" && $0.path == 1
        }!
    }

    func testEachKindOfDepartureIsNamedExactly() throws {
        let matrix = Fixtures.current
        let cases: [(String, [(String, String?)], String)] = [
            (
                "a state flipped", [("sceneConnect", nil), ("action", "background")],
                "step 2: action ran in state .background, expected .inactive"
            ),
            ("a call missing", [("sceneConnect", nil)], "step 2: expected call action(.inactive) is missing"),
            (
                "an extra call", [("sceneConnect", nil), ("action", "inactive"), ("action", "inactive")],
                "step 3: extra call action(.inactive)"
            ),
            (
                "calls reordered", [("action", "inactive"), ("sceneConnect", nil)],
                "step 1: the same calls in another order"
            ),
        ]
        for (name, calls, difference) in cases {
            let result = try observe(
                Fixtures.currentSpec, [Self.lines(matrix, coldStart, run: "r1", calls: calls).joined(separator: "\n")],
                ["--json"])
            XCTAssertEqual(result.status, 1, name)
            let contradicted = try XCTUnwrap(try json(result)["contradicted"] as? [[String: Any]], name)
            XCTAssertEqual(contradicted.count, 1, name)
            XCTAssertEqual(contradicted[0]["difference"] as? String, difference, name)
            XCTAssertEqual(contradicted[0]["tap"] as? String, "body")
            XCTAssertEqual((contradicted[0]["cell"] as? [String: Any])?["setup"] as? String, "scenes")
            XCTAssertEqual(
                (contradicted[0]["expected"] as? [[String: Any]])?.map { $0["handler"] as? String },
                ["sceneConnect", "action"])
            XCTAssertEqual((contradicted[0]["observed"] as? [[String: Any]])?.count, calls.count, name)
            XCTAssertEqual(contradicted[0]["runs"] as? [String], ["r1"])
        }
    }

    /// A run that takes a cell's second path (a cold start whose connection options hold no
    /// response) confirms that path and names it; a run on no listed path contradicts the cell.
    func testARunOnTheSecondPathConfirmsItAndOneOnNoPathContradicts() throws {
        let matrix = Fixtures.current
        let second = try XCTUnwrap(
            matrix.scenarios.first {
                $0.path == 2 && $0.missing.isEmpty && $0.tap == "body" && $0.appState == "terminated"
                    && $0.setup == "scenes"
                    && $0.steps.count == 2
            })
        XCTAssertEqual(second.steps.first.map { !$0.bringsNotification }, true, "the connection brings no response")
        let label = Observation.label(second, matrix)
        let confirmed = try observe(
            Fixtures.currentSpec, [Self.lines(matrix, second, run: "p2").joined(separator: "\n")])
        XCTAssertEqual(confirmed.status, 0, confirmed.stderr)
        XCTAssertTrue(
            confirmed.stdout.hasPrefix("confirmed     \(label) (path 2) — p2 (iPhone 15, iOS 18.2)\n"), confirmed.stdout
        )
        let report = try json(
            try observe(
                Fixtures.currentSpec, [Self.lines(matrix, second, run: "p2").joined(separator: "\n")], ["--json"]))
        XCTAssertEqual((report["confirmed"] as? [[String: Any]])?.first?["paths"] as? [Int], [2])

        let nowhere = Self.lines(matrix, second, run: "x", calls: [("action", "background")]).joined(separator: "\n")
        let contradicted = try observe(Fixtures.currentSpec, [nowhere])
        XCTAssertEqual(contradicted.status, 1)
        XCTAssertTrue(
            contradicted.stdout.hasPrefix(
                "contradicted  \(label)\n  expected:  sceneConnect, action(.inactive) (path 1)\n"),
            contradicted.stdout)
        XCTAssertTrue(contradicted.stdout.contains("  expected:  action(.inactive) (path 2)\n"), contradicted.stdout)
        XCTAssertTrue(
            contradicted.stdout.contains(
                "  observed:  action(.background) — x (iPhone 15, iOS 18.2)\n             step 1: action ran in state .background, expected .inactive (path 2)\n"
            ),
            contradicted.stdout)
    }

    func testRunsOfOneScenarioThatDisagreeAreReported() throws {
        let matrix = Fixtures.current
        let runs = matrix.scenarios.filter { $0.path == 1 && !matrix.leavesNotification($0.tap) }.count
        let log =
            Self.lines(matrix, coldStart, run: "a")
            + Self.lines(matrix, coldStart, run: "b", calls: [("sceneConnect", nil)])
        let result = try observe(Fixtures.currentSpec, [log.joined(separator: "\n")])
        XCTAssertEqual(result.status, 1)
        let keys = coldStart.payload.setKeys(matrix.payloadKeyIds).joined(separator: ", ")
        XCTAssertTrue(
            result.stdout.hasPrefix(
                "inconsistent  payload: \(keys) · setup: scenes · appState: terminated · tap: body\n"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("  observed:  sceneConnect, action(.inactive) (path 1) — a (iPhone 15, iOS 18.2)\n"),
            result.stdout)
        XCTAssertTrue(
            result.stdout.contains(
                "  observed:  sceneConnect — b (iPhone 15, iOS 18.2)\n             step 2: expected call action(.inactive) is missing (path 1)\n"
            ))
        XCTAssertTrue(
            result.stdout.hasSuffix(
                "0 confirmed, 1 contradicted (1 with runs that disagree), \(runs - 1) not yet observed\n"
            ),
            result.stdout)
    }

    /// Bad lines are reported with file and line, and the good runs around them still count.
    func testMalformedLogsAreReportedByLineAndTheRestIsRead() throws {
        let matrix = Fixtures.current
        let good = Self.lines(matrix, coldStart, run: "ok")
        let cases: [(String, [String], String)] = [
            ("bad JSON", ["{\"v\": 1, \"run\": "], ":1:1: error: not JSON"),
            (
                "an unknown id",
                [Self.lines(matrix, coldStart, run: "x")[0].replacingOccurrences(of: "\"scenes\"", with: "\"scene\"")],
                ":1:1: error: \"setup\": unknown id 'scene' (did you mean 'scenes'?)"
            ),
            (
                "an unknown condition",
                [
                    Self.lines(matrix, coldStart, run: "x")[0].replacingOccurrences(
                        of: "\"without\"", with: "\"conditions\": [\"lowPower\"], \"without\"")
                ],
                ":1:1: error: \"conditions\": expected ids of conditions (backgroundAppRefreshOff, lowPowerMode,"
            ),
            (
                "no start", [#"{"v": 1, "run": "x", "event": "call", "handler": "action", "state": "active"}"#],
                ":1:1: error: call of run 'x' before its start line; runs must not interleave"
            ),
            (
                "no end", Array(Self.lines(matrix, coldStart, run: "x").dropLast()),
                ":1:1: error: run 'x' has no end line before run 'ok' starts; it is not compared"
            ),
            (
                "interleaved",
                Self.lines(matrix, coldStart, run: "x").enumerated().flatMap { n, line in
                    n == 1
                        ? [#"{"v": 1, "run": "ok", "event": "call", "handler": "action", "state": "active"}"#, line]
                        : [line]
                },
                ":2:1: error: call of run 'ok' inside run 'x'; runs must not interleave"
            ),
            (
                "a duplicate run id", Self.lines(matrix, coldStart, run: "ok"),
                ":5:1: error: run id 'ok' was already used"
            ),
            ("another version", [#"{"v": 2, "run": "x", "event": "end"}"#], ":1:1: error: \"v\": expected 1"),
        ]
        for (name, bad, message) in cases {
            let result = try observe(Fixtures.currentSpec, [(bad + good).joined(separator: "\n")], ["--json"])
            XCTAssertEqual(result.status, 1, name)
            XCTAssertTrue(result.stderr.contains("/log0.jsonl" + message), "\(name): \(result.stderr)")
            XCTAssertEqual((try json(result)["confirmed"] as? [Any])?.count, 1, "\(name): the good run counts")
            XCTAssertEqual(
                result.stderr.split(separator: "\n").count, 1, "\(name): one problem, reported once: \(result.stderr)")
        }
    }

    func testAnEmptyOrTruncatedLogIsReported() throws {
        let empty = try observe(Fixtures.currentSpec, [""])
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stderr.hasSuffix("/log0.jsonl: error: the log is empty\n"), empty.stderr)
        let cut = Self.lines(Fixtures.current, coldStart, run: "x").joined(separator: "\n").dropLast(10)
        let truncated = try observe(Fixtures.currentSpec, [String(cut)])
        XCTAssertEqual(truncated.status, 1)
        XCTAssertTrue(truncated.stderr.contains("/log0.jsonl:4:1: error: not JSON"), truncated.stderr)
        XCTAssertTrue(
            truncated.stderr.contains("/log0.jsonl:1:1: error: run 'x' has no end line (the log may be truncated)"),
            truncated.stderr)
        XCTAssertEqual(Command.run(["observe", "--spec", Fixtures.currentSpec]).status, 2, "no log is a usage error")
    }

    /// A 100 MB log is read line by line within its limits: every run counts, nothing crashes.
    func testALargeLogIsRead() throws {
        try IntegrationTestCase.require()  // a log of 100 MB
        let matrix = Fixtures.current
        let run = Self.lines(matrix, coldStart, run: "RUN").joined(separator: "\n") + "\n"
        var log = ""
        var n = 0
        while log.utf8.count < 100_000_000 {
            log += run.replacingOccurrences(of: "RUN", with: "r\(n)")
            n += 1
        }
        log += String(repeating: "x", count: FieldLog.maxLineLength + 1) + "\n"
        let result = try observe(Fixtures.currentSpec, [log], ["--json"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: line is \(FieldLog.maxLineLength + 1) bytes long"), result.stderr)
        let confirmed = try XCTUnwrap(try json(result)["confirmed"] as? [[String: Any]])
        XCTAssertEqual((confirmed.first?["runs"] as? [Any])?.count, n)
    }

    // MARK: --update-spec

    /// Every scenario of a cell's first path with no handler missing, logged as predicted, for
    /// the cells `where` picks.
    private func log(
        _ matrix: Matrix, where include: (Scenario) -> Bool = { _ in true },
        calls: (Scenario) -> [(String, String?)]? = { _ in nil }
    )
        -> String
    {
        matrix.scenarios.enumerated().filter {
            $0.element.missing.isEmpty && $0.element.path == 1 && include($0.element)
        }
        .flatMap { n, scenario in Self.lines(matrix, scenario, run: "r\(n)", calls: calls(scenario)) }.joined(
            separator: "\n")
    }

    private func source(_ spec: String, cell: (Cell) -> Bool) throws -> Source {
        let matrix = try Matrix(SpecLoader.load(path: spec))
        let found = try XCTUnwrap(matrix.spec.cells.first(where: cell))
        return try XCTUnwrap(matrix.spec.sources.first { $0.id == found.source.id })
    }

    /// Confirmed in full, every cell becomes observed on the device and version of its runs, and
    /// the result validates and generates.
    func testAConfirmedSpecGainsObservedSourcesAndStillGenerates() throws {
        for (matrix, spec) in [
            (Fixtures.current, Fixtures.currentSpec), (Fixtures.builtIn, Fixtures.spec),
            (Fixtures.otherDimensions, Fixtures.fixture("other-dimensions.json")),
        ] {
            let out = Fixtures.temporaryDirectory(self) + "/updated.json"
            let result = try observe(spec, [log(matrix)], ["--update-spec", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(
                result.stdout.hasSuffix(
                    "\(out): \(matrix.spec.cells.count) cells confirmed by observation, 0 given a path of what was observed\n"
                ))
            let updated = try Matrix(SpecLoader.load(path: out))
            XCTAssertEqual(updated.spec.cells.count, matrix.spec.cells.count)
            XCTAssertTrue(updated.spec.cells.allSatisfy { $0.source.id == "observed_iPhone_15_18_2" }, spec)
            let observed = try source(out) { _ in true }
            XCTAssertEqual(observed.title["en"], "Field runs on iPhone 15, iOS 18.2")
            if updated.spec.showsSourceKinds {
                XCTAssertEqual(observed.kind, .observed)
                XCTAssertEqual(observed.device?["en"], "iPhone 15")
                XCTAssertEqual(observed.os?["ja"], "iOS 18.2")
            }
            // validate renders every output in memory, as generate does before it writes.
            let generate = Command.run(["validate", "--spec", out])
            XCTAssertEqual(generate.status, 0, generate.stderr)
        }
    }

    /// A cell whose runs all saw something else gains a path of the observed calls and keeps its
    /// own; a cell seen only in part, or one whose calls would break a rule of the spec, is not
    /// written as observed, and the rest are: the cell left out is reported at its line in the
    /// spec written.
    func testContradictionsAreWrittenOnlyWhenWholeAndValid() throws {
        let matrix = Fixtures.current
        let target = coldStart
        let sameCell = { (s: Scenario) in
            s.payload == target.payload && s.setup == target.setup && s.appState == target.appState
        }
        let flipped = log(matrix, where: sameCell) {
            $0.tap == "body" ? [("sceneConnect", nil), ("action", "active")] : nil
        }
        let out = Fixtures.temporaryDirectory(self) + "/updated.json"
        let result = try observe(Fixtures.currentSpec, [flipped], ["--update-spec", out])
        XCTAssertEqual(result.status, 1, "a contradiction is still reported")
        let updated = try Matrix(SpecLoader.load(path: out))
        let cell = try XCTUnwrap(
            updated.spec.cells.first {
                $0.setup.id == "scenes" && $0.appState.id == "terminated"
                    && Payload($0.payload, keys: matrix.payloadKeyIds, keyIndex: matrix.keyIndex) == target.payload
            })
        let original = try XCTUnwrap(
            matrix.spec.cells.first {
                $0.setup.id == "scenes" && $0.appState.id == "terminated"
                    && Payload($0.payload, keys: matrix.payloadKeyIds, keyIndex: matrix.keyIndex) == target.payload
            })
        XCTAssertEqual(cell.source.id, original.source.id, "the cell's own path keeps its source")
        let path = try XCTUnwrap(cell.paths.last)
        XCTAssertEqual(cell.paths.count, original.paths.count + 1)
        XCTAssertEqual(path.source.id, "observed_iPhone_15_18_2")
        XCTAssertEqual(path.seenOn, "iOS 18.2")
        func spelled(_ calls: [Call]?) -> [String]? { calls?.map { "\($0.handler.id).\($0.state?.id ?? "-")" } }
        XCTAssertEqual(spelled(path.taps.first { $0.tap.id == "body" }?.calls), ["sceneConnect.-", "action.active"])
        XCTAssertEqual(
            spelled(cell.taps.first { $0.tap.id == "body" }?.calls),
            spelled(original.taps.first { $0.tap.id == "body" }?.calls))
        let observedPaths = updated.spec.cells.flatMap(\.paths).filter { $0.source.id.hasPrefix("observed_") }
        XCTAssertEqual(observedPaths.count, 1, "no other cell changes")
        XCTAssertFalse(updated.spec.cells.contains { $0.source.id.hasPrefix("observed_") })

        let partly = log(matrix, where: { sameCell($0) && $0.tap == nil })
        let none = Fixtures.temporaryDirectory(self) + "/partly.json"
        XCTAssertEqual(try observe(Fixtures.currentSpec, [partly], ["--update-spec", none]).status, 0)
        XCTAssertEqual(
            try SpecLoader.load(path: none).spec.cells.filter { $0.source.id.hasPrefix("observed_") }.count, 0)

        let broken = log(matrix, where: sameCell) {
            $0.tap == "body" ? [("launch", nil), ("action", "inactive")] : nil
        }
        let confirmedElsewhere = log(matrix, where: { $0.setup == "appDelegate" && $0.appState == "foreground" })
        let refused = Fixtures.temporaryDirectory(self) + "/refused.json"
        let run = try observe(Fixtures.currentSpec, [broken, confirmedElsewhere], ["--update-spec", refused])
        XCTAssertEqual(run.status, 1)
        let index = try XCTUnwrap(
            matrix.spec.cells.firstIndex {
                matrix.payload(of: $0) == target.payload && $0.setup.id == "scenes" && $0.appState.id == "terminated"
            })
        let warning = try XCTUnwrap(
            run.stderr.split(separator: "\n").first { $0.contains("cells[\(index)]: not updated:") }, run.stderr)
        XCTAssertTrue(warning.contains("break a rule of the spec") && warning.contains("'launch'"), String(warning))
        // The place named is a line of the file written, where that cell begins.
        let place = try XCTUnwrap(warning.wholeMatch(of: /(.*):(\d+):(\d+): warning: .*/))
        XCTAssertEqual(String(place.1), refused)
        let lines = try String(contentsOfFile: refused, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let column = lines[Int(place.2)! - 1].dropFirst(Int(place.3)! - 1)
        XCTAssertTrue(column.hasPrefix("{"), String(column))
        let written = try SpecLoader.load(path: refused).spec
        XCTAssertEqual(written.cells[index].source.id, matrix.spec.cells[index].source.id, "the broken cell is left as it was")
        XCTAssertEqual(written.cells[index].paths.count, matrix.spec.cells[index].paths.count)
        XCTAssertEqual(
            written.cells.filter { $0.source.id.hasPrefix("observed_") }.count,
            matrix.spec.cells.filter { $0.setup.id == "appDelegate" && $0.appState.id == "foreground" }.count,
            "the other cells are written")
    }

    func testTheSpecReadIsNeverOverwritten() throws {
        let directory = Fixtures.temporaryDirectory(self)
        let spec = directory + "/spec.json"
        try FileManager.default.copyItem(atPath: Fixtures.currentSpec, toPath: spec)
        let log = directory + "/run.jsonl"
        try Data(Self.lines(Fixtures.current, coldStart, run: "r").joined(separator: "\n").utf8).write(
            to: URL(fileURLWithPath: log))
        let result = Command.run(["observe", "--spec", spec, "--update-spec", spec, log])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--update-spec: name a new file"), result.stderr)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: spec)),
            try Data(contentsOf: URL(fileURLWithPath: Fixtures.currentSpec)))
    }
}
