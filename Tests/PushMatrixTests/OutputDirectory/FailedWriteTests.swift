import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputDirectory
@testable import PushMatrixSupport

/// A write that fails while an existing output is updated: the update is rolled back, the error names the file and the
/// system's reason, and once the cause is gone the next run updates the output with no `--force`. The failures are made
/// so that they stop root too (a folder that is a file, a directory where a file goes); those that only file
/// permissions make are skipped when permissions do not apply.
final class FailedWriteTests: XCTestCase {
    private let fileManager = FileManager.default
    private let hostile = Fixtures.fixture("hostile-text.json")

    private func generate(_ output: String, spec: String = Fixtures.spec, _ extra: [String] = []) -> Command.Result {
        Command.run(["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output] + extra)
    }

    /// The files `generate` makes from `spec`, without the manifest (it names the spec as seen from the output).
    private func outputs(of spec: String) -> [String: Data] {
        let directory = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(directory, spec: spec).status, 0)
        return Fixtures.outputs(directory)
    }

    /// Puts a file where `folder` is, so that no file can be written into it, by anyone.
    private func block(_ folder: String) throws {
        try fileManager.removeItem(atPath: folder)
        try Data("a file where a folder was\n".utf8).write(to: URL(fileURLWithPath: folder))
    }

    private func unblock(_ folder: String) throws {
        try fileManager.removeItem(atPath: folder)
    }

    /// The update from the built-in spec's output to the hostile-text spec's replaces files in several folders; the
    /// folder of the last one is a file, so the write into it fails after the others have been replaced.
    func testAnUpdateThatFailsPartwayIsRolledBack() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let old = Fixtures.outputs(output)
        let new = outputs(of: hostile)
        let changed = new.keys.filter { new[$0] != old[$0] }.sorted()
        let folder = try XCTUnwrap(OutputWriter.folder(of: changed.last!))
        try block(output + "/" + folder)
        let before = Fixtures.snapshot(output)
        let blocked = try XCTUnwrap(new.keys.sorted().first { $0.hasPrefix(folder + "/") })
        XCTAssertTrue(changed.contains { $0 < blocked }, "files are replaced before the failure")

        let failed = generate(output, spec: hostile)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(
            failed.stderr,
            "\(output)/\(blocked): error: cannot write the file ('\(output)/\(folder)' is a file, not a directory); "
                + "the update was rolled back, and the output is as it was\n")
        XCTAssertEqual(Fixtures.snapshot(output), before, "wholly old, manifest included")

        try unblock(output + "/" + folder)
        let again = generate(output, spec: hostile)
        XCTAssertEqual(again.status, 0, "no --force: no file counts as edited by hand")
        XCTAssertEqual(again.stderr, "")
        XCTAssertEqual(Fixtures.outputs(output), new)
        XCTAssertEqual(generate(output, spec: hostile, ["--check"]).status, 0)
    }

    /// The manifest goes last: when it cannot be written, every file already replaced is put back.
    func testAManifestThatCannotBeWrittenRollsTheUpdateBack() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let manifest = output + "/" + OutputWriter.manifestName
        try fileManager.removeItem(atPath: manifest)
        try fileManager.createDirectory(atPath: manifest + "/inside", withIntermediateDirectories: true)
        let before = Fixtures.snapshot(output)

        // Without the manifest every file there counts as the user's: only --force replaces them.
        let failed = generate(output, spec: hostile, ["--force"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(
            failed.stderr,
            "\(manifest): error: cannot write the file (Is a directory); "
                + "the update was rolled back, and the output is as it was\n")
        XCTAssertEqual(Fixtures.snapshot(output), before)

        try fileManager.removeItem(atPath: manifest)
        XCTAssertEqual(generate(output, spec: hostile, ["--force"]).status, 0)
        XCTAssertEqual(Fixtures.outputs(output), outputs(of: hostile))
        XCTAssertEqual(generate(output, spec: hostile, ["--check"]).status, 0)
    }

    /// A file no longer produced that cannot be removed rolls back the files already replaced. Here a file is in the
    /// way of the folder it would be kept in until the update is done, put there while the run stages its files (when
    /// it asks whether to stop).
    func testAFileThatCannotBeRemovedRollsTheUpdateBack() throws {
        let output = Fixtures.temporaryDirectory(self)
        let writer = OutputWriter(directory: output)
        do {
            let staging = OutputWriter.Staging(writer, force: false, lock: try OutputLock.forWriting(writer).lock)
            staging.add([
                OutputFile(path: "a.md", bytes: Array("a1\n".utf8)),
                OutputFile(path: "b/c.md", bytes: Array("c\n".utf8)),
            ])
            _ = try staging.commit(input: "test")
        }
        let before = Fixtures.snapshot(output)
        let obstacle = output + "/" + Transaction.directoryName + "/old/b"
        let lock = try OutputLock.forWriting(writer).lock
        let staging = OutputWriter.Staging(writer, force: false, lock: lock)
        staging.add([OutputFile(path: "a.md", bytes: Array("a2\n".utf8))])
        XCTAssertThrowsError(
            try staging.commit(input: "test") {
                if !self.fileManager.fileExists(atPath: obstacle) {
                    try? self.fileManager.createDirectory(
                        atPath: (obstacle as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try? Data().write(to: URL(fileURLWithPath: obstacle))
                }
                return false
            }
        ) { error in
            XCTAssertEqual(
                (error as? DiagnosticsError)?.diagnostics.map(\.description),
                [
                    "\(output)/b/c.md: error: cannot remove the file ('\(obstacle)' is a file, not a directory); "
                        + "the update was rolled back, and the output is as it was"
                ])
        }
        lock.release()
        XCTAssertEqual(Fixtures.snapshot(output), before, "a.md is put back, b/c.md stays, and nothing else is left")
    }

    /// An update a killed run left half applied, which the next run cannot finish (a folder it writes into is a file):
    /// that run rolls it back, says so, and then fails the same way with its own update, rolled back too. Once the
    /// folder is back, the next run updates the output with no --force.
    func testAnUnfinishedUpdateThatCannotBeFinishedIsRolledBack() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let old = Fixtures.snapshot(output)
        let newer = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(newer, spec: hostile).status, 0)
        let new = Fixtures.snapshot(newer)
        let changed = try KilledUpdate.leave(in: output, old: old, new: new)
        try KilledUpdate.moveIn(changed.prefix(2), in: output)
        let folder = try XCTUnwrap(OutputWriter.folder(of: changed.last!))
        XCTAssertFalse(changed.prefix(2).contains { $0.hasPrefix(folder + "/") })
        try block(output + "/" + folder)
        var expected = old.filter { !$0.key.hasPrefix(folder + "/") }
        expected[folder] = fileManager.contents(atPath: output + "/" + folder)

        let failed = generate(output, spec: hostile)
        let reason = "cannot write the file ('\(output)/\(folder)' is a file, not a directory)"
        // The journal lists the changed files; this run writes every file of the folder, as they are missing.
        let firstChanged = try XCTUnwrap(changed.first { $0.hasPrefix(folder + "/") })
        let first = try XCTUnwrap(new.keys.sorted().first { $0.hasPrefix(folder + "/") })
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(
            failed.stderr,
            "\(output)/\(firstChanged): warning: \(reason); "
                + "an earlier run's unfinished update was rolled back, and the output is as it was before it\n"
                + "\(output)/\(first): error: \(reason); the update was rolled back, and the output is as it was\n")
        XCTAssertEqual(Fixtures.snapshot(output), expected)

        try unblock(output + "/" + folder)
        let again = generate(output, spec: hostile)
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stderr, "")
        XCTAssertEqual(Fixtures.outputs(output), Fixtures.outputs(newer))
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

    /// The case the trial found: one folder of the output is read-only.
    func testAReadOnlyFolderRollsTheUpdateBack() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let before = Fixtures.snapshot(output)
        let new = outputs(of: hostile)
        let changed = new.keys.filter { new[$0] != before[$0] }.sorted()
        let folder = try XCTUnwrap(OutputWriter.folder(of: changed.last!))
        try makeReadOnly(output + "/" + folder)
        let blocked = try XCTUnwrap(changed.first { $0.hasPrefix(folder + "/") })

        let failed = generate(output, spec: hostile)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(
            failed.stderr,
            "\(output)/\(blocked): error: cannot write the file (Permission denied); "
                + "the update was rolled back, and the output is as it was\n")
        XCTAssertEqual(Fixtures.snapshot(output), before)

        try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: output + "/" + folder)
        let again = generate(output, spec: hostile)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(Fixtures.outputs(output), new)
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

/// What a run killed while applying an update leaves in an output directory. An update that keeps no files
/// (`keepsFiles` false) has an `update 1` journal.
enum KilledUpdate {
    /// Stages every file of `new` that differs from `old`, and the manifest, with their journal, as a run does before
    /// applying them. Returns the changed files, manifest left out, in the journal's order.
    static func leave(
        in output: String, old: [String: Data], new: [String: Data], keepsFiles: Bool = true
    ) throws -> [String] {
        let fileManager = FileManager.default
        let writer = OutputWriter(directory: output)
        let files = new.keys.filter { $0 != OutputWriter.manifestName && new[$0] != old[$0] }.sorted()
        let removed = old.keys.filter { new[$0] == nil }.sorted()
        let written = files + [OutputWriter.manifestName]
        for path in written {
            let staged = Transaction.staged(path, in: writer)
            try fileManager.createDirectory(
                atPath: (staged as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try new[path]!.write(to: URL(fileURLWithPath: staged))
        }
        let writes = written.map { Transaction.Change.write(path: $0, digest: Digest.hex([UInt8](new[$0]!))) }
        let changes = Array(writes.dropLast()) + removed.map { .remove(path: $0) } + [writes.last!]
        var journal = String(decoding: Transaction(changes: changes).text, as: UTF8.self)
        if !keepsFiles {
            journal = "pushmatrix update 1" + journal.drop { $0 != "\n" }
        }
        try Data(journal.utf8).write(to: URL(fileURLWithPath: output + "/" + Transaction.directoryName + "/journal"))
        return files
    }

    /// Moves staged files in as a run applying the journal does, each file there kept first (a second name under
    /// `old/`).
    static func moveIn(_ paths: some Sequence<String>, in output: String, keepsFiles: Bool = true) throws {
        let fileManager = FileManager.default
        let writer = OutputWriter(directory: output)
        for path in paths {
            let target = output + "/" + path
            if keepsFiles {
                let kept = Transaction.kept(path, in: writer)
                try fileManager.createDirectory(
                    atPath: (kept as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try fileManager.linkItem(atPath: target, toPath: kept)
            }
            try fileManager.removeItem(atPath: target)
            try fileManager.moveItem(atPath: Transaction.staged(path, in: writer), toPath: target)
        }
    }
}
