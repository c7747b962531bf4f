import CurrentPushHandlers
import CurrentPushHandlersTestSupport
import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputs

/// The Swift Testing suite checks exactly what the XCTest suite checks. Both suites of both
/// built-in matrices are generated into one package and run against the reference router and
/// every broken handler: each suite reports the same failures, scenario by scenario and message
/// by message, and they are the failures `ConformanceCheck` finds in-process.
final class SuiteParityTests: IntegrationTestCase {
    /// A built-in matrix's part of the package: the generated module, how its handler factory
    /// names the second dimension, the support file of its broken handlers and their failures.
    private struct Part {
        let spec: String
        let module: String
        let label: String
        let type: String
        let brokenFile: String
        let failures: [String: [String: [String]]]
    }

    /// Set to a broken handler's name, it has the generated package's suites test that handler.
    private static let variable = "PUSHMATRIX_HANDLER"

    private let parts = [
        Part(
            spec: Fixtures.spec, module: "PushHandlers", label: "setup", type: "PushSetup",
            brokenFile: "BrokenHandlers",
            failures: BrokenHandlers.named.mapValues {
                BrokenHandlers.failing($0).merging(BrokenHandlers.failingSequences($0)) { $1 }
            }),
        Part(
            spec: Fixtures.currentSpec, module: "CurrentPushHandlers", label: "setup", type: "PushSetup",
            brokenFile: "CurrentBrokenHandlers",
            failures: CurrentBrokenHandlers.named.mapValues {
                CurrentBrokenHandlers.failing(
                    $0,
                    scenarios: CurrentPushHandlersTestSupport.PushScenario.all + CurrentPushHandlersTestSupport.PushScenario.underConditions
                )
                .merging(CurrentBrokenHandlers.failingSequences($0)) { $1 }
            }),
    ]

    func testBothSuitesReportTheSameFailuresForEveryHandler() throws {
        let package = try makePackage()
        let build = try ExternalTool.run(
            "swift", ["build", "--build-tests", "--package-path", package, "--scratch-path", package + "/.build"])
        XCTAssertEqual(build.status, 0, String((build.output + build.errors).suffix(4000)))
        XCTAssertFalse(
            (build.output + build.errors).contains("warning:"), "both suites build without warnings: \(build.output)")
        // Swift Testing: a test case per scenario (under conditions too) and per sequence of several pushes. XCTest:
        // the same, but one test over each payload combination's list of icon scenarios and of scenarios under
        // conditions.
        let current = Fixtures.current
        let conditioned = current.conditionScenarios()
        let icon = current.scenarios.filter { $0.tap == "icon" }
        let cases =
            Fixtures.builtIn.scenarios.count + current.scenarios.count + conditioned.count
            + Fixtures.builtIn.pushSequences().count
            + current.pushSequences().count
        // The current matrix's service extension test is an XCTest case in both of its suites.
        let scenarios =
            cases - icon.count - conditioned.count + Set(icon.map(\.payload)).count
            + Set(conditioned.map(\.payload)).count + 2
        let handlers = parts.flatMap { part in part.failures.map { (name: $0.key, expected: $0.value) } }
        XCTAssertEqual(handlers.count, 12)
        for (name, expected) in [(name: "", expected: [:])] + handlers {
            // Swift Testing runs test cases in parallel and their console lines can interleave; its
            // event stream writes each event whole, one JSON object a line.
            let events = package + "/events-\(name).jsonl"
            let run = try ExternalTool.run(
                "swift",
                [
                    "test", "--skip-build", "--package-path", package, "--scratch-path", package + "/.build",
                    "--experimental-event-stream-output", events, "--experimental-event-stream-version", "0",
                ], environment: [Self.variable: name])
            let stream = try Self.events(events)
            let output = run.output + run.errors
            let handler = name.isEmpty ? "the reference router" : name
            XCTAssertEqual(run.status, expected.isEmpty ? 0 : 1, "\(handler):\n\(output.suffix(2000))")
            XCTAssertEqual(name.isEmpty, expected.isEmpty, "\(handler): only the reference router passes")
            XCTAssertTrue(
                output.contains("Executed \(scenarios) tests"),
                "\(handler): every XCTest test ran:\n\(output.suffix(2000))")
            XCTAssertEqual(
                stream.filter { $0.kind == "testCaseStarted" }.count, cases,
                "\(handler): a Swift Testing test case per scenario")
            XCTAssertEqual(Self.differences(Self.xctestFailures(output), expected), [], "\(handler): XCTest")
            XCTAssertEqual(
                Self.differences(Self.swiftTestingFailures(stream), expected), [], "\(handler): Swift Testing")
        }
    }

    /// The first few scenarios whose failures differ from the expected ones, with both; none
    /// when the two agree everywhere.
    private static func differences(_ seen: [String: [String]], _ expected: [String: [String]]) -> [String] {
        Set(seen.keys).union(expected.keys).filter { seen[$0] != expected[$0] }.sorted().prefix(3).map {
            "\($0): reported \(seen[$0] ?? []), expected \(expected[$0] ?? [])"
        }
    }

    /// Both suites of both matrices, with the libraries they test, in a new package whose
    /// handler factories return the handler `variable` names (the reference router without one).
    private func makePackage() throws -> String {
        let package = Fixtures.temporaryDirectory(self)
        var targets: [String] = []
        for part in parts {
            let support = part.module + "TestSupport"
            targets.append(#".target(name: "\#(part.module)", path: "xctest/\#(part.module)/Sources/\#(part.module)")"#)
            targets.append(
                #".target(name: "\#(support)", dependencies: ["\#(part.module)"], path: "xctest/\#(part.module)/Sources/\#(support)")"#)
            for framework in TestFramework.allCases {
                let output = "\(framework.rawValue)/\(part.module)"
                let tests = "\(output)/Tests/\(part.module)ConformanceTests"
                let generated = Command.run([
                    "generate", "--spec", part.spec, "--templates", Fixtures.templates, "--output",
                    package + "/" + output,
                    "--module", part.module, "--tests", framework.rawValue,
                ])
                XCTAssertEqual(generated.status, 0, generated.stderr)
                try pointAtTheNamedHandler(package + "/" + tests, part)
                let name = "\(part.module)\(framework == .xctest ? "XCTest" : "SwiftTesting")Suite"
                targets.append(
                    #".testTarget(name: "\#(name)", dependencies: ["\#(part.module)", "\#(support)"], path: "\#(tests)")"#)
            }
        }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Parity", targets: [
                \(targets.joined(separator: ",\n    "))
            ])
            """
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: package + "/Package.swift"))
        return package
    }

    /// Copies the part's broken handlers into a generated suite and has its handler factory
    /// return the one `variable` names.
    private func pointAtTheNamedHandler(_ tests: String, _ part: Part) throws {
        let brokenFile = "/\(part.brokenFile).swift"
        try FileManager.default.copyItem(
            atPath: Fixtures.root.path + "/Tests/PushMatrixTests/Helpers" + brokenFile, toPath: tests + brokenFile)
        let chooser = """
            import Foundation
            import \(part.module)
            import \(part.module)TestSupport

            func namedHandler(\(part.label): \(part.type), missing: Set<PushHandler>) -> PushHandlerUnderTest {
                let make = ProcessInfo.processInfo.environment["\(Self.variable)"].flatMap { \(part.brokenFile).named[$0] }
                return make?(\(part.label), missing) ?? PushRouter(\(part.label): \(part.label), missing: missing)
            }
            """
        try Data(chooser.utf8).write(to: URL(fileURLWithPath: tests + "/NamedHandler.swift"))
        let factory = tests + "/HandlerUnderTest.swift"
        let reference = "PushRouter(\(part.label): \(part.label), missing: missing)"
        let text = try String(contentsOfFile: factory, encoding: .utf8)
        XCTAssertTrue(text.contains(reference), "the generated factory returns the reference router")
        let named = text.replacingOccurrences(
            of: reference, with: "namedHandler(\(part.label): \(part.label), missing: missing)")
        try Data(named.utf8).write(to: URL(fileURLWithPath: factory))
    }

    /// XCTest's failures by scenario, from lines like
    /// `File.swift:8: error: Suite.test_name : failed - name: step 1, …`.
    static func xctestFailures(_ output: String) -> [String: [String]] {
        var failures: [String: [String]] = [:]
        for line in output.split(separator: "\n") where line.contains(": error: ") {
            guard let range = line.range(of: " : failed - "), let colon = line[range.upperBound...].range(of: ": ")
            else { continue }
            failures[String(line[range.upperBound..<colon.lowerBound]), default: []].append(
                String(line[colon.upperBound...]))
        }
        return failures
    }

    /// One event of Swift Testing's event stream (version 0): its kind, the test case it
    /// happened in, by the name its argument shows (a field the stream still marks experimental),
    /// and the details of its message, an issue's comments.
    struct Event {
        let kind: String
        let testCase: String?
        let details: [String]
    }

    static func events(_ path: String) throws -> [Event] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard record?["kind"] as? String == "event", let payload = record?["payload"] as? [String: Any] else {
                return nil
            }
            let messages = payload["messages"] as? [[String: Any]] ?? []
            return Event(
                kind: payload["kind"] as? String ?? "",
                testCase: (payload["_testCase"] as? [String: Any])?["displayName"] as? String,
                details: messages.filter { $0["symbol"] as? String == "details" }.compactMap { $0["text"] as? String })
        }
    }

    /// Swift Testing's failures by scenario: each issue's comments, under its test case.
    static func swiftTestingFailures(_ events: [Event]) -> [String: [String]] {
        var failures: [String: [String]] = [:]
        for event in events where event.kind == "issueRecorded" {
            failures[event.testCase ?? "", default: []] += event.details
        }
        return failures
    }
}
