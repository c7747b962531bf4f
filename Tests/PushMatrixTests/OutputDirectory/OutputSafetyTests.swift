import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputDirectory
@testable import PushMatrixSupport

/// What `generate` does with a bad output path, what an interrupted run left, another run at
/// the same time, broken region markers and links: say what is wrong, lose nothing.
final class OutputSafetyTests: XCTestCase {
    private let fileManager = FileManager.default

    private func generate(_ output: String, spec: String = Fixtures.spec, _ extra: [String] = []) -> Command.Result {
        Command.run(["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output] + extra)
    }

    // MARK: the output path

    func testAnEmptyOutputPathIsAUsageError() {
        let generate = Command.run(["generate", "--output", ""])
        XCTAssertEqual(generate.status, 2)
        XCTAssertTrue(generate.stderr.hasPrefix("pushmatrix: error: --output: the path is empty"), generate.stderr)
        let export = Command.run(["templates", "export", ""])
        XCTAssertEqual(export.status, 2)
        XCTAssertTrue(export.stderr.hasPrefix("pushmatrix: error: templates export: the directory is empty"), export.stderr)
    }

    func testAnOutputPathThatIsNotADirectoryIsNamed() throws {
        let file = Fixtures.temporaryDirectory(self) + "/notes.txt"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: file))
        for path in [file, "/dev/null"] {
            let result = generate(path)
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.stderr, "\(path): error: is not a directory; --output names the directory the outputs go in\n")
        }
        XCTAssertEqual(fileManager.contents(atPath: file), Data("mine".utf8))
        let dangling = Fixtures.temporaryDirectory(self) + "/link"
        try fileManager.createSymbolicLink(atPath: dangling, withDestinationPath: "/nonexistent/folder")
        XCTAssertEqual(
            generate(dangling).stderr, "\(dangling): error: is a symbolic link to nothing; --output names the directory the outputs go in\n"
        )
    }

    /// A shared docs folder reached through a link is a normal output root.
    func testAnOutputRootMayBeASymbolicLink() throws {
        let base = Fixtures.temporaryDirectory(self)
        try fileManager.createDirectory(atPath: base + "/shared", withIntermediateDirectories: false)
        try fileManager.createSymbolicLink(atPath: base + "/Generated", withDestinationPath: base + "/shared")
        let result = generate(base + "/Generated")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(generate(base + "/Generated", ["--check"]).status, 0)
        XCTAssertEqual(Fixtures.outputs(base + "/shared"), Fixtures.outputs(Fixtures.generated))
        XCTAssertEqual(try fileManager.destinationOfSymbolicLink(atPath: base + "/Generated"), base + "/shared", "the link stays a link")
    }

    // MARK: interrupted runs

    /// A killed run that was building a new output directory leaves its hidden directory; the
    /// next run clears it, and `--check` names it meanwhile.
    func testAKilledNewDirectoryRunsLeftoversAreCleared() throws {
        let parent = Fixtures.temporaryDirectory(self)
        let leftover = parent + "/.Generated" + OutputWriter.temporarySuffix
        try fileManager.createDirectory(atPath: leftover + "/Docs", withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: leftover + "/Docs/old.md"))
        let check = generate(parent + "/Generated", ["--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("\(leftover): error: left by an interrupted run"), check.stderr)
        XCTAssertEqual(generate(parent + "/Generated").status, 0)
        XCTAssertEqual(try fileManager.contentsOfDirectory(atPath: parent), ["Generated"])
        XCTAssertEqual(Fixtures.outputs(parent + "/Generated"), Fixtures.outputs(Fixtures.generated))
    }

    /// An update stopped before it was decided leaves a staging directory without a journal:
    /// `--check` reports it, and the next run, even one with nothing to write, removes it.
    func testAnUndecidedUpdateIsReportedThenRemoved() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let before = Fixtures.snapshot(output)
        let staged = output + "/" + Transaction.directoryName + "/files/Docs/en"
        try fileManager.createDirectory(atPath: staged, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: URL(fileURLWithPath: staged + "/index.md"))
        let check = generate(output, ["--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(
            check.stderr,
            "\(output)/\(Transaction.directoryName): error: left by an interrupted run — run 'pushmatrix generate --spec \(Fixtures.spec) --output \(output) --templates \(Fixtures.templates)' to finish or remove it\n"
        )
        let again = generate(output)
        XCTAssertEqual(again.status, 0, again.stderr)
        let count = try Fixtures.rendered(Fixtures.builtIn).count + 1  // and the manifest
        XCTAssertEqual(
            again.stdout, "\(output): 0 written, \(count) unchanged, 0 removed (\(Fixtures.spec), module PushHandlers)\n",
            "nothing to write")
        XCTAssertEqual(Fixtures.snapshot(output), before)
        XCTAssertEqual(generate(output, ["--check"]).status, 0)
    }

    /// An update killed after its journal landed is finished by the next run, whichever of its files had been moved
    /// already. A staged file a power cut emptied makes that run roll the update back instead; an update whose journal
    /// kept no files (`update 1`) cannot be rolled back, so that file and the manifest are not moved, with a warning
    /// for each.
    func testADecidedUpdateIsFinishedByTheNextRun() throws {
        for (damaged, keepsFiles) in [(false, true), (true, true), (true, false)] {
            let label = "damaged: \(damaged), files kept: \(keepsFiles)"
            let output = Fixtures.temporaryDirectory(self)
            XCTAssertEqual(generate(output).status, 0)
            let old = Fixtures.snapshot(output)
            let newer = Fixtures.temporaryDirectory(self)
            XCTAssertEqual(generate(newer, spec: Fixtures.fixture("hostile-text.json")).status, 0)
            let new = Fixtures.snapshot(newer)
            // (Directories have no contents, so a snapshot lists files only.)
            let files = try KilledUpdate.leave(in: output, old: old, new: new, keepsFiles: keepsFiles)
            try KilledUpdate.moveIn(files.prefix(files.count / 2), in: output, keepsFiles: keepsFiles)
            let writer = OutputWriter(directory: output)
            if damaged { try Data().write(to: URL(fileURLWithPath: Transaction.staged(files.last!, in: writer))) }

            let warnings = try OutputLock.forWriting(writer).warnings
            XCTAssertFalse(fileManager.fileExists(atPath: output + "/" + Transaction.directoryName), label)
            switch (damaged, keepsFiles) {
            case (false, _):
                let completed = "\(output): warning: an earlier run's unfinished update was completed"
                XCTAssertEqual(warnings.map(\.description), [completed], label)
                XCTAssertEqual(Fixtures.snapshot(output), new, label)
            case (true, true):
                let rolledBack =
                    "\(output)/\(files.last!): warning: its staged copy does not match the journal "
                    + "(a power cut can empty a file); "
                    + "an earlier run's unfinished update was rolled back, and the output is as it was before it"
                XCTAssertEqual(warnings.map(\.description), [rolledBack], label)
                XCTAssertEqual(Fixtures.snapshot(output), old, label)
            case (true, false):
                XCTAssertEqual(warnings.map(\.file), [output + "/" + files.last!, output + "/" + OutputWriter.manifestName])
                XCTAssertEqual(Fixtures.snapshot(output)[files.last!], old[files.last!], "the damaged file is not moved")
            }
        }
    }

    /// While a run holds the output directory, another says so and changes nothing.
    func testASecondRunSaysAnotherIsRunning() throws {
        for exists in [true, false] {
            let output = Fixtures.temporaryDirectory(self) + (exists ? "" : "/Generated")
            let held = try OutputLock.acquire(OutputWriter(directory: output), exclusive: true)
            for extra in [[], ["--check"]] where exists || extra.isEmpty {
                let result = generate(output, extra)
                XCTAssertEqual(result.status, 1)
                XCTAssertEqual(
                    result.stderr,
                    "\(output): error: another pushmatrix run is using this output directory; run again when it has finished\n")
            }
            held.release()
            XCTAssertEqual(generate(output).status, 0)
        }
    }

    // MARK: regions and links

    func testABrokenRegionMarkerIsItsOwnErrorAndForceSaysWhatItDrops() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let skeleton = output + "/Sources/PushHandlers/Skeleton/PushAppDelegate.swift"
        var lines = try String(contentsOfFile: skeleton, encoding: .utf8).components(separatedBy: "\n")
        let begin = lines.firstIndex { $0.hasSuffix("// pushmatrix:begin permission-authorized") }!
        lines.insert("        registerForRemoteNotifications()", at: begin + 1)
        lines.remove(at: begin + 2)  // the end marker
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: skeleton))
        let edited = fileManager.contents(atPath: skeleton)

        let result = generate(output)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "\(skeleton):\(begin + 1):1: error: 'pushmatrix:begin permission-authorized' is not closed: 'pushmatrix:end permission-authorized' is missing\n"
        )
        XCTAssertEqual(fileManager.contents(atPath: skeleton), edited, "nothing changed")

        let forced = generate(output, ["--force"])
        XCTAssertEqual(forced.status, 0)
        XCTAssertTrue(
            forced.stderr.contains("\(skeleton):\(begin + 1):1: warning: 'pushmatrix:begin permission-authorized' is not closed"),
            forced.stderr)
        XCTAssertTrue(forced.stderr.contains("--force replaced the file, and that region's code is not kept"), forced.stderr)
    }

    /// Templates that no longer have a region: the code in it stops the run, which names the
    /// region and writes nothing; `--force` saves the code beside the file.
    func testARegionTheTemplatesDropStopsTheRunAndForceSavesItsCode() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let skeleton = output + "/Sources/PushHandlers/Skeleton/PushAppDelegate.swift"
        let marker = "        // pushmatrix:begin permission-authorized\n"
        let text = try String(contentsOfFile: skeleton, encoding: .utf8)
        XCTAssertTrue(text.contains(marker))
        try Data(text.replacingOccurrences(of: marker, with: marker + "        showInbox()\n").utf8).write(
            to: URL(fileURLWithPath: skeleton))
        let edited = fileManager.contents(atPath: skeleton)

        let templates = Fixtures.temporaryDirectory(self) + "/Templates"
        try fileManager.copyItem(atPath: Fixtures.templates, toPath: templates)
        let template = templates + "/swift/Skeleton.swift"
        let region = marker + "        // pushmatrix:end permission-authorized\n"
        let original = try String(contentsOfFile: template, encoding: .utf8)
        XCTAssertTrue(original.contains(region))
        try Data(original.replacingOccurrences(of: region, with: "").utf8).write(to: URL(fileURLWithPath: template))
        let run = { (extra: [String]) in
            Command.run(["generate", "--spec", Fixtures.spec, "--templates", templates, "--output", output] + extra)
        }

        let refused = run([])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.stderr,
            "\(skeleton): error: region 'permission-authorized' holds code that the file generated now has no place for; nothing was written: move the code out, or run again with --force to save it in PushAppDelegate.swift.dropped-regions\n"
        )
        XCTAssertEqual(fileManager.contents(atPath: skeleton), edited, "nothing changed")
        XCTAssertEqual(run(["--check"]).status, 1)

        let forced = run(["--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(
            forced.stderr.contains(
                "\(skeleton): warning: region 'permission-authorized' is no longer generated; its code is saved in PushAppDelegate.swift.dropped-regions"
            ),
            forced.stderr)
        let saved = try String(contentsOfFile: skeleton + ".dropped-regions", encoding: .utf8)
        XCTAssertEqual(
            saved,
            "pushmatrix: code of regions that Sources/PushHandlers/Skeleton/PushAppDelegate.swift no longer has; move it where it belongs.\n"
                + "pushmatrix:begin permission-authorized\n        showInbox()\npushmatrix:end permission-authorized\n")
        XCTAssertFalse(try String(contentsOfFile: skeleton, encoding: .utf8).contains("showInbox"))
        XCTAssertEqual(run(["--check"]).status, 0, "the saved code is not an output")
    }

    func testAGeneratedFileReplacedByALinkIsNamedALink() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let index = output + "/Docs/en/index.md"
        let elsewhere = Fixtures.temporaryDirectory(self) + "/index.md"
        try fileManager.moveItem(atPath: index, toPath: elsewhere)
        try fileManager.createSymbolicLink(atPath: index, withDestinationPath: elsewhere)
        try Data("changed".utf8).write(to: URL(fileURLWithPath: elsewhere))
        for force in [false, true] {
            let result = generate(output, force ? ["--force"] : [])
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(
                result.stderr,
                "\(index): error: is a symbolic link; pushmatrix writes only inside the output directory and does not follow links\n")
        }
        XCTAssertEqual(fileManager.contents(atPath: elsewhere), Data("changed".utf8))
    }
}
