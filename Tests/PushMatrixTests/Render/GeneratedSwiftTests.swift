import Foundation
import XCTest

@testable import PushMatrix

/// The generated Swift as users get it: lint-clean, and compiling and passing for a spec with
/// other dimensions too.
final class GeneratedSwiftTests: XCTestCase {
    private func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> (Int32, String) {
        let run = try ExternalTool.run(executable, arguments, in: directory)
        return (run.status, run.output + run.errors)
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
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0 != "ScenarioTable.swift" && $0 != "Sequences.swift"
        }
        XCTAssertEqual(files.count, 1 << Fixtures.builtIn.payloadKeyIds.count)
        for name in files {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            XCTAssertEqual(text.components(separatedBy: "Payload(").count - 1, 1, name)
            XCTAssertGreaterThan(text.components(separatedBy: "__payload,").count - 1, 1, name)
        }
    }
}
