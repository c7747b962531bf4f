import Foundation
import XCTest

@testable import PushMatrix

/// The generated Swift as users get it: lint-clean, and compiling and passing for a spec with
/// other dimensions too.
final class GeneratedSwiftTests: XCTestCase {
    private func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExternalTool.path(executable))
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Fixtures.temporaryDirectory(self) + "/output.log"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOfFile: output, encoding: .utf8))
    }

    func testSwiftFormatLintIsSilent() throws {
        let (status, output) = try run(
            "swift",
            [
                "format", "lint", "--strict", "--configuration", Fixtures.root.path + "/.swift-format", "-r",
                Fixtures.generated + "/Sources", Fixtures.generated + "/Tests", Fixtures.currentGenerated + "/Sources",
                Fixtures.currentGenerated + "/Tests",
            ])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "")
    }

    /// The package's own Swift is lint-clean too: every file under Sources, Tests and Plugins
    /// but the templates that Sources/PushMatrix/BuiltIn links to (they hold template tags).
    func testTheGeneratorsOwnSwiftIsLintClean() throws {
        let files = ["Sources", "Tests", "Plugins"].flatMap { folder in
            FileManager.default.enumerator(atPath: Fixtures.root.path + "/" + folder)!.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("PushMatrix/BuiltIn/Templates/") }
                .map { Fixtures.root.path + "/" + folder + "/" + $0 }
        }
        XCTAssertGreaterThan(files.count, 50)
        let (status, output) = try run(
            "swift", ["format", "lint", "--strict", "--configuration", Fixtures.root.path + "/.swift-format"] + files)
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "")
    }

    /// A payload combination's file spells its payload once, however many scenarios share it: a
    /// matrix with many keys would otherwise repeat a long expression in every scenario.
    func testEachScenarioFileSpellsItsPayloadOnce() throws {
        let folder = Fixtures.generated + "/Sources/PushHandlers/Scenarios"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "ScenarioTable.swift" }
        XCTAssertEqual(files.count, 1 << Fixtures.builtIn.payloadKeyIds.count)
        for name in files {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            XCTAssertEqual(text.components(separatedBy: "Payload(").count - 1, 1, name)
            XCTAssertGreaterThan(text.components(separatedBy: "__payload,").count - 1, 1, name)
        }
    }

    /// Builds a throwaway package from the other-dimensions fixture's core and suite, then runs
    /// the suite: every scenario of that matrix must pass against the reference router.
    func testTheOtherDimensionsFixtureCompilesAndPasses() throws {
        let package = Fixtures.temporaryDirectory(self)
        let generated = Command.run([
            "generate", "--spec", Fixtures.fixture("other-dimensions.json"), "--templates", Fixtures.templates,
            "--output", package,
        ])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Fixture", targets: [
                .target(name: "PushHandlers", path: "Sources/PushHandlers"),
                .testTarget(name: "PushHandlersConformanceTests", dependencies: ["PushHandlers"], path: "Tests/PushHandlersConformanceTests"),
            ])
            """
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: package + "/Package.swift"))
        let (status, output) = try run("swift", ["test", "--package-path", package, "--scratch-path", package + "/.build"])
        XCTAssertEqual(status, 0, String(output.suffix(4000)))
        let scenarios = Fixtures.otherDimensions.scenarios.count
        XCTAssertTrue(
            output.contains("Executed \(scenarios) tests, with 0 failures"),
            "expected \(scenarios) conformance tests:\n\(output.suffix(2000))")
    }
}
