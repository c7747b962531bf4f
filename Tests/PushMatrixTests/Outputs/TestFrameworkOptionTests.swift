import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputDirectory
@testable import PushMatrixOutputs

/// `generate --tests`: which framework the conformance suite is written for, what else the
/// choice changes (nothing), and the manifest that remembers it.
final class TestFrameworkOptionTests: XCTestCase {
    private func generate(_ output: String, spec: String = Fixtures.spec, _ extra: [String]) -> Command.Result {
        Command.run(["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output] + extra)
    }

    func testAnUnknownFrameworkIsAUsageErrorNamingTheAllowedOnes() {
        let output = Fixtures.temporaryDirectory(self)
        let result = generate(output, ["--tests", "junit"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "pushmatrix: error: --tests: 'junit' is not a test framework; use 'xctest' or 'swift-testing'\n"),
            result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output), [], "nothing is written")
        XCTAssertTrue(Command.run(["generate", "--help"]).stdout.contains("--tests xctest|swift-testing"))
    }

    /// `--tests xctest` is what `generate` does without the option, manifest included, so
    /// output generated before the option existed stays fresh.
    func testXCTestIsTheDefault() {
        let plain = Fixtures.temporaryDirectory(self)
        let explicit = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(plain, []).status, 0)
        XCTAssertEqual(generate(explicit, ["--tests", "xctest"]).status, 0)
        XCTAssertEqual(Fixtures.snapshot(plain), Fixtures.snapshot(explicit))
        XCTAssertFalse(Fixtures.snapshot(plain).isEmpty)
    }

    /// The framework changes the suite's own files, nothing else.
    func testOnlyTheSuiteDiffers() throws {
        for (matrix, spec, _, _) in Fixtures.builtIns {
            let xctest = try Fixtures.rendered(matrix)
            let testing = try Generator.render(matrix, templates: Fixtures.templates, tests: .swiftTesting)
            // Swift Testing's suite also declares its tags, in a file of its own.
            let tags = try XCTUnwrap(testing.keys.first { $0.hasSuffix("/Tags.swift") }, spec)
            XCTAssertEqual(Set(xctest.keys), Set(testing.keys).subtracting([tags]), spec)
            let differing = xctest.keys.filter { xctest[$0] != testing[$0] }.sorted()
            let suite = xctest.keys.filter {
                $0.hasSuffix("/Conformance.swift") || $0.hasSuffix("ConformanceTests.swift")
            }
            XCTAssertEqual(differing, suite.sorted(), spec)
            // the support, a file per payload, the sequences
            XCTAssertEqual(suite.count, 2 + matrix.payloads.count, spec)
        }
    }

    /// `--check` is fresh with the framework the output was generated with, and finds the suite
    /// stale with the other.
    func testTheManifestRemembersTheFramework() {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output, ["--tests", "swift-testing"]).status, 0)
        let same = generate(output, ["--tests", "swift-testing", "--check"])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.contains("is up to date"), same.stdout)
        let other = generate(output, ["--check"])
        XCTAssertEqual(other.status, 1)
        let stale = other.stderr.split(separator: "\n").filter { $0.contains(": error: stale") }
        XCTAssertEqual(stale.count, 3 + Fixtures.builtIn.payloads.count, other.stderr)
        XCTAssertTrue(
            stale.allSatisfy {
                $0.contains("/Tests/PushHandlersConformanceTests/") || $0.contains(OutputWriter.manifestName)
            })
        XCTAssertEqual(generate(output, []).status, 0)
        XCTAssertEqual(generate(output, ["--check"]).status, 0)
    }

    /// The Swift Testing suite passes `swift format lint --strict`, imports Testing and not
    /// XCTest, and passes each scenario once, to the test of its setup and app state.
    func testTheSwiftTestingSuiteIsLintCleanAndCoversEveryScenarioOnce() throws {
        try IntegrationTestCase.require()  // it runs swift-format
        let output = Fixtures.temporaryDirectory(self)
        var folders: [String] = []
        for (matrix, spec, _, module) in Fixtures.builtIns {
            let suite = output + "/" + module
            let result = generate(suite, spec: spec, ["--module", module, "--tests", "swift-testing"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let tests = suite + "/Tests/\(module)ConformanceTests"
            folders.append(tests)
            var arguments: [String] = []
            var testCount = 0
            for name in try FileManager.default.contentsOfDirectory(atPath: tests)
            where name.hasSuffix("ConformanceTests.swift") {
                let text = try String(contentsOfFile: tests + "/" + name, encoding: .utf8)
                XCTAssertTrue(text.contains("\nimport Testing\n") && !text.contains("XCTest"), name)
                let lines = text.split(separator: "\n")
                // The last argument of a list has a comma after it unless it is the only one.
                arguments += lines.filter { $0.hasPrefix("            .") }.map { line in
                    let name = line.dropFirst(13)
                    return String(name.hasSuffix(",") ? name.dropLast() : name)
                }
                testCount += lines.filter { $0.hasPrefix("    @Test(") }.count
            }
            XCTAssertEqual(arguments.count, matrix.scenarios.count, spec)
            XCTAssertEqual(Set(arguments).count, arguments.count, "\(spec): no scenario is passed twice")
            let cells = Set(matrix.scenarios.map { "\($0.payload) \($0.setup) \($0.appState)" })
            let conditioned = Set(matrix.conditionScenarios().map(\.payload)).count
            XCTAssertEqual(
                testCount, cells.count + 1 + conditioned,
                "\(spec): a test per payload combination, setup and app state, the sequences', and one per payload combination's list under conditions"
            )
        }
        let lint = try ExternalTool.run(
            "swift",
            ["format", "lint", "--strict", "--configuration", Fixtures.root.path + "/.swift-format", "-r"] + folders)
        XCTAssertEqual(lint.status, 0, lint.errors)
        XCTAssertEqual(lint.output + lint.errors, "")
    }
}
