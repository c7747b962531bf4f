import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixSpec
@testable import PushMatrixSupport

/// Fitting into how teams work: overridable templates, built-ins that travel with the binary,
/// compiler-style diagnostics, quiet and verbose runs.
final class EcosystemTests: XCTestCase {
    /// The built-in files are the repository's, byte for byte, each template under its own path.
    func testBuiltInFilesMatchTheRepository() throws {
        XCTAssertEqual(BuiltInFiles.specs.map(\.name), ["current", "ios8-10", "voip"])
        for spec in BuiltInFiles.specs {
            XCTAssertEqual(
                spec.bytes, try [UInt8](Data(contentsOf: Fixtures.root.appendingPathComponent(spec.file))), spec.name)
        }
        var onDisk: [String: [UInt8]] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: Fixtures.templates)!
        where !path.hasSuffix("/") {
            let url = URL(fileURLWithPath: Fixtures.templates + "/" + path)
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            onDisk[path] = try [UInt8](Data(contentsOf: url))
        }
        XCTAssertEqual(BuiltInFiles.templates.mapValues { Array($0.utf8) }, onDisk)
    }

    func testAnUpToDateOutputIsConfirmedWithoutRendering() throws {
        let output = Fixtures.temporaryDirectory(self)
        let templates = Fixtures.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: templates + "/docs", withIntermediateDirectories: true)
        XCTAssertEqual(
            Command.run(["generate", "--spec", Fixtures.spec, "--templates", templates, "--output", output]).status, 0)
        // A template that would fail to render proves the second run rendered nothing …
        try Data("{{#broken}}".utf8).write(to: URL(fileURLWithPath: templates + "/docs/unused.md"))
        XCTAssertEqual(
            Command.run(["generate", "--check", "--spec", Fixtures.spec, "--templates", templates, "--output", output])
                .status, 0)
        // … while a change to a template that is used does make it render and find the change.
        try Data("changed\n".utf8).write(to: URL(fileURLWithPath: templates + "/docs/_nav.md"))
        XCTAssertEqual(
            Command.run(["generate", "--check", "--spec", Fixtures.spec, "--templates", templates, "--output", output])
                .status, 1)
        // And an edited output is never taken as current.
        try Data("x".utf8).write(to: URL(fileURLWithPath: templates + "/docs/_nav.md"))
        try FileManager.default.removeItem(atPath: templates + "/docs/_nav.md")
        try Data("edited".utf8).write(to: URL(fileURLWithPath: output + "/Docs/en/index.md"))
        XCTAssertEqual(
            Command.run(["generate", "--check", "--spec", Fixtures.spec, "--templates", templates, "--output", output])
                .status, 1)
    }

    func testExportThenOverrideOneTemplate() throws {
        let directory = Fixtures.temporaryDirectory(self) + "/mine"
        let export = Command.run(["templates", "export", directory])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(Command.run(["templates", "export", directory]).status, 1, "no overwriting without --force")
        XCTAssertEqual(Command.run(["templates", "export", directory, "--force"]).status, 0)
        // Keep one file, changed; the rest fall back to the built-in templates.
        let nav = try String(contentsOfFile: directory + "/docs/_nav.md", encoding: .utf8)
        try FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory + "/docs", withIntermediateDirectories: true)
        try Data(("Our team's docs · " + nav).utf8).write(to: URL(fileURLWithPath: directory + "/docs/_nav.md"))
        let output = Fixtures.temporaryDirectory(self)
        let result = Command.run(["generate", "--spec", Fixtures.spec, "--templates", directory, "--output", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            try String(contentsOfFile: output + "/Docs/en/permission.md", encoding: .utf8).contains(
                "Our team's docs · "))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: output + "/Sources/PushHandlers/Classifier.swift"),
            "built-ins fill the rest")
    }

    /// `validate` with a templates directory that overrides only `docs/index.md` with `text`.
    private func validateWithIndex(_ text: String) throws -> (directory: String, result: Command.Result) {
        let directory = Fixtures.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: directory + "/docs", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/docs/index.md"))
        return (directory, Command.run(["validate", "--spec", Fixtures.spec, "--templates", directory]))
    }

    func testAnOverrideWithAnErrorIsLocated() throws {
        let (directory, result) = try validateWithIndex("line one\n{{#pages}}\n- {{titel}}\n{{/pages}}\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr, "\(directory)/docs/index.md:3:3: error: unknown name 'titel' (did you mean 'title'?)\n")
    }

    /// A template that includes a partial nobody wrote is reported at the tag, naming the file
    /// the partial would be.
    func testAMissingPartialNamesItsFile() throws {
        let (directory, result) = try validateWithIndex("line one\n{{> footer}}\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "\(directory)/docs/index.md:2:1: error: partial 'footer' (\(directory)/docs/_footer.md): no such template\n"
        )
    }

    /// The built-in matrices are listed with their cell counts and reached by name from any
    /// directory; an unknown name is an error that lists the names.
    func testBuiltInMatricesAreListedAndSelectedByName() throws {
        try IntegrationTestCase.require()  // it starts the built binary as a process
        let elsewhere = Fixtures.temporaryDirectory(self)
        let list = try Binary.run(["specs"], in: elsewhere)
        XCTAssertEqual(list.status, 0)
        let lines = String(decoding: list.stdout, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasPrefix("builtin:current  192 cells  iOS 13–27"), String(lines[0]))
        XCTAssertTrue(lines[0].hasSuffix("(the default)"), String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix("builtin:ios8-10   48 cells  iOS 8–10"), String(lines[1]))
        XCTAssertTrue(lines[2].hasPrefix("builtin:voip      60 cells  iOS 13–27 VoIP pushes"), String(lines[2]))
        for (name, cells) in [("ios8-10", 48), ("current", 192), ("voip", 60)] {
            let run = try Binary.run(["validate", "--spec", "builtin:" + name], in: elsewhere)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(String(decoding: run.stdout, as: UTF8.self).contains("valid (\(cells) cells)"), name)
        }
        let unknown = Command.run(["validate", "--spec", "builtin:curent"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(
            unknown.stderr,
            "builtin:curent: error: no built-in spec 'curent' (did you mean 'current'?); the built-in specs are builtin:current, builtin:ios8-10, builtin:voip\n"
        )
    }

    /// Run from a directory with no spec or templates, the binary uses its built-in ones: the
    /// current matrix. The output remembers its spec and module, so a later `generate` or
    /// check without them keeps that matrix, and the field-tested one is one option away.
    func testTheBinaryWorksFromAnyDirectory() throws {
        try IntegrationTestCase.require()  // it starts the built binary as a process
        let elsewhere = Fixtures.temporaryDirectory(self)
        let run = try Binary.run(["generate", "--output", "out", "--quiet"], in: elsewhere)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, Data(), "--quiet prints nothing")
        let page = try Data(contentsOf: URL(fileURLWithPath: elsewhere + "/out/Docs/en/reception-methods.md"))
        XCTAssertEqual(
            page, Data(try XCTUnwrap(Fixtures.rendered(Fixtures.current)["Docs/en/reception-methods.md"])))
        let old = try Binary.run(
            ["generate", "--spec", "builtin:ios8-10", "--output", "old", "--module", "OldHandlers"], in: elsewhere)
        XCTAssertEqual(
            String(decoding: old.stdout, as: UTF8.self),
            "old: 61 written, 0 unchanged, 0 removed (builtin:ios8-10, module OldHandlers)\n")
        let again = try Binary.run(["generate", "--output", "old"], in: elsewhere)
        XCTAssertEqual(
            String(decoding: again.stdout, as: UTF8.self),
            "old: 0 written, 61 unchanged, 0 removed (builtin:ios8-10, module OldHandlers)\n"
        )
        try FileManager.default.removeItem(atPath: elsewhere + "/old/Docs/en/index.md")
        let check = try Binary.run(["generate", "--check", "--output", "old"], in: elsewhere)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(
            check.stderr,
            "old/Docs/en/index.md: error: missing — run 'pushmatrix generate --spec builtin:ios8-10 --output old --module OldHandlers' to update\n"
        )
        let explained = try Binary.run(["explain", "--alert"], in: elsewhere)
        XCTAssertTrue(
            String(decoding: explained.stdout, as: UTF8.self).hasPrefix("builtin:current\n"), "explain names its matrix"
        )
    }

    func testVerboseListsEveryFilesFate() {
        let output = Fixtures.temporaryDirectory(self)
        let first = Command.run([
            "generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output, "--verbose",
        ])
        XCTAssertTrue(first.stdout.contains("written   \(output)/Docs/en/index.html\n"), first.stdout)
        let second = Command.run([
            "generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output, "--verbose",
        ])
        XCTAssertTrue(second.stdout.contains("unchanged \(output)/Docs/en/index.html\n"), second.stdout)
        let lines = second.stdout.split(separator: "\n")
        XCTAssertEqual(
            lines.count, (try? Fixtures.rendered(Fixtures.builtIn).count).map { $0 + 2 },
            "one line per file and the manifest, then the summary")
    }

    func testDiagnosticsReadLikeACompilersAndAreColouredOnlyOnRequest() throws {
        let diagnostic = Diagnostic(
            file: "Spec/push-matrix.json", location: SourceLocation(line: 3, column: 7), path: "cells[0]",
            message: "oops")
        XCTAssertEqual(diagnostic.description, "Spec/push-matrix.json:3:7: error: cells[0]: oops")
        XCTAssertEqual(
            diagnostic.formatted(colored: true),
            "\u{1B}[1mSpec/push-matrix.json:3:7\u{1B}[0m: \u{1B}[1;31merror:\u{1B}[0m cells[0]: oops")
        let bad = Fixtures.temporaryDirectory(self) + "/unknown-handler.json"
        try Data(try XCTUnwrap(InvalidCorpusTests.cases().first { $0.name == "unknown-handler" }).spec).write(
            to: URL(fileURLWithPath: bad))
        XCTAssertFalse(Command.run(["validate", "--spec", bad]).stderr.contains("\u{1B}"))
        XCTAssertTrue(Command.run(["validate", "--spec", bad], colored: true).stderr.contains("\u{1B}[1;31merror:"))
    }

    /// The example's README sends people to folders of the example: each must be there.
    func testTheExampleReadmeNamesGeneratedPathsThatExist() throws {
        let example = Fixtures.root.appendingPathComponent("Examples/PushDemo")
        let readme = try String(contentsOf: example.appendingPathComponent("README.md"), encoding: .utf8)
        let paths = readme.matches(of: /Generated\/[A-Za-z0-9_.\/-]*/).map { String($0.output) }
        XCTAssertGreaterThan(paths.count, 1, "the README names folders under Generated/")
        for path in paths {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: example.appendingPathComponent(path).path),
                "Examples/PushDemo/README.md names \(path), which does not exist")
        }
    }

    func testVersionAndHelp() {
        XCTAssertEqual(Command.run(["--version"]).stdout, "pushmatrix \(Command.version)\n")
        XCTAssertTrue(Command.run(["templates", "--help"]).stdout.contains("templates export DIR"))
        XCTAssertTrue(Command.run(["generate", "--help"]).stdout.contains("--verbose"))
    }
}
