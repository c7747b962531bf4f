import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputDirectory
@testable import PushMatrixSupport

/// A write that fails: the error names the path and the system's reason. The failures that only file permissions make
/// are skipped when permissions do not apply.
final class FailedWriteTests: XCTestCase {
    private let fileManager = FileManager.default
    private let hostile = Fixtures.fixture("hostile-text.json")

    private func generate(_ output: String, spec: String = Fixtures.spec, _ extra: [String] = []) -> Command.Result {
        Command.run(["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output] + extra)
    }

    // MARK: file permissions (they do not stop root)

    /// Makes `directory` read-only until the test ends; skips the test when that does not stop this process writing
    /// into it (root).
    private func makeReadOnly(_ directory: String) throws {
        try fileManager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory) }
        let probe = directory + "/probe"
        guard fileManager.createFile(atPath: probe, contents: Data()) else { return }
        try fileManager.removeItem(atPath: probe)
        throw XCTSkip("a read-only directory does not stop this user (root) writing into it")
    }

    // MARK: what the errors name

    func testAnUnwritableOutputIsNamedWithTheReason() throws {
        let base = Fixtures.temporaryDirectory(self)
        let existing = base + "/Existing"
        XCTAssertEqual(generate(existing).status, 0)
        let before = Fixtures.snapshot(existing)
        try makeReadOnly(existing)
        try makeReadOnly(base)

        XCTAssertEqual(
            generate(existing, spec: hostile).stderr,
            "\(existing): error: cannot write in the output directory "
                + "('\(existing)/\(Transaction.directoryName)': Permission denied)\n")
        XCTAssertEqual(Fixtures.snapshot(existing), before)
        XCTAssertEqual(
            generate(base + "/New").stderr,
            "\(base)/New: error: cannot make the output directory "
                + "('\(base)/.New\(OutputWriter.temporarySuffix)': Permission denied)\n")
    }

    func testAnOutputInsideAFileIsNamed() throws {
        let file = Fixtures.temporaryDirectory(self) + "/notes.txt"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: file))
        for output in [file + "/sub", file + "/sub/deeper"] {
            let result = generate(output)
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(
                result.stderr,
                "\(output): error: cannot make the output directory ('\(file)' is a file, not a directory)\n")
        }
        XCTAssertEqual(fileManager.contents(atPath: file), Data("mine".utf8))
    }
}
