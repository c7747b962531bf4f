import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputDirectory
@testable import PushMatrixSupport

extension OutputWriter.Staging {
    /// Takes the output directory's lock itself, finishing what an interrupted run left.
    fileprivate convenience init(_ writer: OutputWriter, force: Bool) throws(DiagnosticsError) {
        self.init(writer, force: force, lock: try OutputLock.forWriting(writer).lock)
    }
}

/// Staging a run's files: whatever the directory holds, it ends as the rendered files say, with
/// hand edits and regions kept, and nothing written through a link. (The texts are given as
/// parts, joined: a change anywhere in a file counts.)
final class StagingTests: XCTestCase {
    private let fileManager = FileManager.default

    /// Stages each file in the pieces given (one piece: the file whole), then commits.
    @discardableResult
    private func stage(_ files: [String: [String]], into output: String, force: Bool = false) throws -> [String:
        OutputWriter.Fate]
    {
        let staging = try OutputWriter.Staging(OutputWriter(directory: output), force: force)
        for (path, pieces) in files.sorted(by: { $0.key < $1.key }) {
            staging.add([OutputFile(path: path, bytes: Array(pieces.joined().utf8))])
        }
        return Dictionary(uniqueKeysWithValues: try staging.commit(input: "test").map { ($0.path, $0.fate) })
    }

    private func tree(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in fileManager.enumerator(atPath: directory)! where !path.hasSuffix("Docs") {
            files[path] = fileManager.contents(atPath: directory + "/" + path)
        }
        return files
    }

    private func read(_ path: String) -> String? {
        fileManager.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private let pieces = ["Docs/big.md": ["# Big\n", "middle ", "end\n"], "small.md": ["small\n"]]
    private let whole = ["Docs/big.md": ["# Big\nmiddle end\n"], "small.md": ["small\n"]]

    func testAFileInPiecesLandsAsIfWhole() throws {
        let base = Fixtures.temporaryDirectory(self)
        try stage(whole, into: base + "/whole")
        try stage(pieces, into: base + "/new")  // a new directory, built whole beside it
        try fileManager.createDirectory(atPath: base + "/existing", withIntermediateDirectories: false)
        try stage(pieces, into: base + "/existing")  // an existing one, file by file
        XCTAssertEqual(tree(base + "/new"), tree(base + "/whole"), "the same files and manifest")
        XCTAssertEqual(tree(base + "/existing"), tree(base + "/whole"))
        XCTAssertEqual(
            try fileManager.contentsOfDirectory(atPath: base).sorted(), ["existing", "new", "whole"],
            "no staging left behind")
    }

    func testPiecesThatMatchTheFileChangeNothing() throws {
        let output = Fixtures.temporaryDirectory(self)
        try stage(pieces, into: output)
        let before = try fileManager.attributesOfItem(atPath: output + "/Docs/big.md")[.systemFileNumber] as? Int
        XCTAssertEqual(try stage(pieces, into: output)["Docs/big.md"], .unchanged)
        XCTAssertEqual(
            try fileManager.attributesOfItem(atPath: output + "/Docs/big.md")[.systemFileNumber] as? Int, before,
            "not even replaced")
        XCTAssertEqual(
            try fileManager.contentsOfDirectory(atPath: output + "/Docs"), ["big.md"], "and no temporary file left")
    }

    func testPiecesThatDifferAnywhereReplaceTheFile() throws {
        let output = Fixtures.temporaryDirectory(self)
        // The new text differs in its last piece, is longer than the file there, or shorter.
        for text in [
            ["# Big\n", "middle ", "END\n"], ["# Big\n", "middle ", "end\n", "more\n"], ["# Big\n", "middle "],
        ] {
            try stage(pieces, into: output)
            XCTAssertEqual(
                try stage(["Docs/big.md": text, "small.md": ["small\n"]], into: output)["Docs/big.md"], .written,
                "\(text)")
            XCTAssertEqual(read(output + "/Docs/big.md"), text.joined())
            XCTAssertEqual(try fileManager.contentsOfDirectory(atPath: output + "/Docs"), ["big.md"])
        }
    }

    func testAFileEditedByHandIsKeptWhenItComesInPieces() throws {
        let output = Fixtures.temporaryDirectory(self)
        try stage(pieces, into: output)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: output + "/Docs/big.md"))
        XCTAssertThrowsError(
            try stage(["Docs/big.md": ["# Big\n", "changed\n"], "small.md": ["small\n"]], into: output)
        ) { error in
            XCTAssertEqual((error as? DiagnosticsError)?.diagnostics.map(\.file), [output + "/Docs/big.md"])
        }
        XCTAssertEqual(read(output + "/Docs/big.md"), "mine\n")
        XCTAssertEqual(
            try fileManager.contentsOfDirectory(atPath: output + "/Docs"), ["big.md"], "the staged replacement is gone")
        XCTAssertEqual(
            try stage(["Docs/big.md": ["# Big\n", "changed\n"], "small.md": ["small\n"]], into: output, force: true)[
                "Docs/big.md"],
            .written)
    }

    /// A region's marker may be cut between two pieces; the user's code in it is still kept.
    func testRegionsCutBetweenPiecesAreKept() throws {
        let output = Fixtures.temporaryDirectory(self)
        let text = ["let a = 1\n// pushm", "atrix:begin body\n// your code\n// pushmatri", "x:end body\n"]
        try stage(["Skeleton.swift": text], into: output)
        let path = output + "/Skeleton.swift"
        try Data(text.joined().replacingOccurrences(of: "// your code", with: "run()").utf8).write(
            to: URL(fileURLWithPath: path))
        XCTAssertEqual(try stage(["Skeleton.swift": text], into: output)["Skeleton.swift"], .unchanged)
        var changed = text
        changed[0] = "let a = 2\n// pushm"
        XCTAssertEqual(try stage(["Skeleton.swift": changed], into: output)["Skeleton.swift"], .written)
        XCTAssertEqual(read(path), "let a = 2\n// pushmatrix:begin body\nrun()\n// pushmatrix:end body\n")
        // However short the pieces: here each marker is cut in three.
        let thin = ["let a = 2\n// pushm", "a", "trix:begin body\n// your code\n// pushm", "a", "trix:end body\n"]
        XCTAssertEqual(try stage(["Skeleton.swift": thin], into: output)["Skeleton.swift"], .unchanged)
        XCTAssertEqual(read(path), "let a = 2\n// pushmatrix:begin body\nrun()\n// pushmatrix:end body\n")
    }

    func testNothingIsWrittenThroughASymbolicLinkInPieces() throws {
        let output = Fixtures.temporaryDirectory(self)
        let elsewhere = Fixtures.temporaryDirectory(self)
        try fileManager.createSymbolicLink(atPath: output + "/Docs", withDestinationPath: elsewhere)
        XCTAssertThrowsError(try stage(pieces, into: output)) { error in
            XCTAssertEqual(
                (error as? DiagnosticsError)?.diagnostics.map(\.message),
                ["is a symbolic link; pushmatrix writes only inside the output directory and does not follow links"])
        }
        XCTAssertEqual(try fileManager.contentsOfDirectory(atPath: elsewhere), [])
        XCTAssertEqual(try fileManager.contentsOfDirectory(atPath: output), ["Docs"])
    }

    /// A run stopped before its update was decided leaves the output, and nothing else, as it was.
    func testAnInterruptedCommitLeavesNothing() throws {
        let base = Fixtures.temporaryDirectory(self)
        for output in [base + "/new", base] {
            let before = try fileManager.contentsOfDirectory(atPath: base).sorted()
            do {  // the run ends with the scope, letting go of its lock
                let staging = try OutputWriter.Staging(OutputWriter(directory: output), force: false)
                staging.add([OutputFile(path: "Docs/big.md", bytes: Array("# Big\nend\n".utf8))])
                var asked = 0
                XCTAssertThrowsError(
                    try staging.commit(input: "test") {
                        asked += 1
                        return asked > 1
                    }
                ) { XCTAssertTrue($0 is Interrupted) }
            }
            XCTAssertEqual(try fileManager.contentsOfDirectory(atPath: base).sorted(), before, output)
        }
    }

    // MARK: --check

    private func check(_ files: [String: [String]], in output: String) -> [String: OutputWriter.Problem] {
        let writer = OutputWriter(directory: output)
        let rendered = files.sorted(by: { $0.key < $1.key }).map {
            OutputFile(path: $0.key, bytes: Array($0.value.joined().utf8))
        }
        let problems = writer.problems(rendered, input: "test", manifest: writer.readManifest())
        return Dictionary(uniqueKeysWithValues: problems.map { ($0.path, $0.problem) })
    }

    func testCheckingPiecesFindsWhatWholeFilesWould() throws {
        let output = Fixtures.temporaryDirectory(self)
        try stage(whole, into: output)
        XCTAssertEqual(check(pieces, in: output), [:])
        XCTAssertEqual(
            check(["Docs/big.md": ["# Big\n", "middle ", "END\n"], "small.md": ["small\n"]], in: output),
            ["Docs/big.md": .stale, ".pushmatrix-manifest": .stale])
        XCTAssertEqual(
            check(["Docs/big.md": ["# Big\n", "middle "], "small.md": ["small\n"]], in: output),
            ["Docs/big.md": .stale, ".pushmatrix-manifest": .stale], "a prefix of the file is not the file")
        XCTAssertEqual(
            check(["Docs/other.md": ["a", "b"], "small.md": ["small\n"]], in: output),
            ["Docs/other.md": .missing, "Docs/big.md": .extra, ".pushmatrix-manifest": .stale])
    }

    func testCheckingPiecesKeepsTheUsersRegions() throws {
        let output = Fixtures.temporaryDirectory(self)
        let text = ["let a = 1\n// pushm", "atrix:begin body\n// your code\n// pushmatri", "x:end body\n"]
        try stage(["Skeleton.swift": text], into: output)
        try Data(text.joined().replacingOccurrences(of: "// your code", with: "run()").utf8).write(
            to: URL(fileURLWithPath: output + "/Skeleton.swift"))
        XCTAssertEqual(check(["Skeleton.swift": text], in: output), [:], "a region's content is the user's")
        // A change before the first marker is stale whatever the regions hold.
        var changed = text
        changed[0] = "let a = 2\n// pushm"
        XCTAssertEqual(
            check(["Skeleton.swift": changed], in: output), ["Skeleton.swift": .stale, ".pushmatrix-manifest": .stale])
        changed = text
        changed[2] = "x:end body\nlet b = 3\n"
        XCTAssertEqual(
            check(["Skeleton.swift": changed], in: output), ["Skeleton.swift": .stale, ".pushmatrix-manifest": .stale])
    }
}
