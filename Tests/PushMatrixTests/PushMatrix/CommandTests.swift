import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputDirectory
@testable import PushMatrixOutputs
@testable import PushMatrixSpec
@testable import PushMatrixSupport

/// The command line: exit statuses, writing only what changed, `--check`, and an output
/// directory left untouched when the spec is invalid.
final class CommandTests: XCTestCase {
    func generate(_ output: String, spec: String = Fixtures.spec, _ extra: [String] = []) -> Command.Result {
        Command.run(["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output] + extra)
    }

    func testExitStatuses() {
        XCTAssertEqual(Command.run(["validate", "--spec", Fixtures.spec]).status, 0)
        XCTAssertEqual(Command.run(["validate", "--spec", Fixtures.fixture("other-dimensions.json")]).status, 0)
        XCTAssertEqual(Command.run(["validate", "--spec", "/nonexistent/spec.json"]).status, 1)
        XCTAssertEqual(Command.run([]).status, 2)
        XCTAssertEqual(Command.run(["frobnicate"]).status, 2)
        let typo = Command.run(["validate", "--spec", Fixtures.spec, "--chek"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("unknown option '--chek'"), typo.stderr)
        let setup = Command.run(["explain", "--spec", Fixtures.spec, "--alert", "--setup", "ios11"])
        XCTAssertEqual(setup.status, 2)
        XCTAssertTrue(setup.stderr.contains("--setup: unknown value 'ios11' (did you mean 'ios10'?)"), setup.stderr)
        XCTAssertEqual(Command.run(["explain", "--spec", Fixtures.spec, "--without-launch-handler"]).status, 2)
        XCTAssertEqual(Command.run(["generate", "--help"]).status, 0)
        XCTAssertTrue(Command.run(["--help"]).stdout.contains("EXAMPLES"))
    }

    /// A value the spec lacks names the spec's own values and the built-in spec that has it, so a
    /// reader in a clone of pushmatrix (whose own spec is the field-tested one) learns which to use.
    func testAnUnknownValueNamesTheSpecAndTheBuiltInSpecThatHasIt() {
        let scenes = Command.run(["explain", "--spec", Fixtures.spec, "--alert", "--setup", "scenes"])
        XCTAssertEqual(scenes.status, 2)
        XCTAssertTrue(
            scenes.stderr.contains(
                "--setup: unknown value 'scenes'; \(Fixtures.spec) has ios10, ios8_9; builtin:current has it: add --spec builtin:current\n"),
            scenes.stderr)
        let state = Command.run(["explain", "--spec", "builtin:current", "--alert", "--state", "notRunning"])
        XCTAssertTrue(state.stderr.contains("builtin:ios8-10 has it: add --spec builtin:ios8-10"), state.stderr)
        let condition = Command.run(["explain", "--spec", "builtin:current", "--alert", "--condition", "lowpower"])
        XCTAssertTrue(condition.stderr.contains("unknown value 'lowpower' (did you mean 'lowPowerMode'?)"), condition.stderr)
        let help = Command.run(["explain", "--spec", Fixtures.spec, "--help"])
        XCTAssertFalse(help.stdout.contains("()"), help.stdout)
        XCTAssertTrue(help.stdout.contains("Answer under these conditions, in order (this spec has none)"), help.stdout)
    }

    /// `validate` renders the templates `generate` uses only with `--tests swift-testing`, and the
    /// field kit's, too: a broken one of either is reported.
    func testValidateRendersTheSwiftTestingAndFieldKitTemplates() throws {
        for template in [
            "swift/Tests/TestingConformance.swift", "swift/probe/ProbeScreen.swift", "fieldkit/runbook.en.md",
        ] {
            let templates = Fixtures.temporaryDirectory(self)
            let file = URL(fileURLWithPath: templates + "/" + template)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{{#unclosed}}\n".utf8).write(to: file)
            let result = Command.run(["validate", "--spec", Fixtures.spec, "--templates", templates])
            XCTAssertEqual(result.status, 1, template)
            XCTAssertTrue(result.stderr.contains("unclosed"), "\(template): \(result.stderr)")
        }
    }

    func testAnUnknownCommandIsAUsageErrorWhateverFollowsIt() {
        for arguments in [
            ["nosuchcommand", "--help"], ["nosuchcommand", "-h"], ["generat", "--spec", "x", "--help"],
        ] {
            let result = Command.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments): no help on standard output")
            XCTAssertTrue(
                result.stderr.hasPrefix("pushmatrix: error: unknown command '\(arguments[0])'"), result.stderr)
        }
        XCTAssertTrue(Command.run(["generat", "--help"]).stderr.contains("(did you mean 'generate'?)"))
        XCTAssertEqual(Command.run(["help", "--help"]).status, 0)
        XCTAssertEqual(Command.run(["--version", "--help"]).status, 0)
    }

    /// A module named like one the generated code imports would shadow that import.
    func testAModuleNameThatShadowsAnImportIsAUsageError() {
        for module in ["Swift", "XCTest", "Foundation"] {
            let result = generate(Fixtures.temporaryDirectory(self), ["--module", module])
            XCTAssertEqual(result.status, 2, module)
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "pushmatrix: error: --module: '\(module)' is a module the generated code imports"), result.stderr)
        }
    }

    /// The list of names `--module` refuses holds every module the generated Swift imports.
    func testTheRefusedModuleNamesCoverEveryImport() throws {
        let files = try TestFramework.allCases.flatMap { framework in
            try Generator.render(Fixtures.builtIn, templates: Fixtures.templates, module: "Probe", tests: framework)
        }
        var imported: Set<String> = []
        for (path, bytes) in files where path.hasSuffix(".swift") {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                imported.insert(String(line.split(separator: " ").last!))
            }
        }
        XCTAssertTrue(imported.isSuperset(of: ["XCTest", "Testing"]), "\(imported)")
        XCTAssertEqual(imported.subtracting(Generator.importedModules + ["Probe", "ProbeTestSupport"]), [])
    }

    /// Output lost on the way out is a failure the user hears about, whatever the command.
    func testAFailedWriteOfTheOutputIsAnError() throws {
        try IntegrationTestCase.require()  // it starts the built binary as a process
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else {
            throw XCTSkip("this system has no /dev/full")
        }
        let output = Fixtures.temporaryDirectory(self)
        for arguments in [
            ["explain", "--spec", Fixtures.spec, "--alert"],
            ["generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output, "--verbose"],
        ] {
            let run = try Binary.run(arguments, output: full)
            XCTAssertEqual(run.status, 1, "\(arguments)")
            XCTAssertEqual(
                run.stderr, "pushmatrix: error: cannot write to standard output: No space left on device\n",
                "\(arguments)")
        }
    }

    /// A reader that stopped reading (`| head`) wanted no more: the run fails without a word.
    func testAReaderThatLeftEndsTheRunQuietly() throws {
        try IntegrationTestCase.require()  // it starts the built binary as a process
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let run = try Binary.run(["explain", "--spec", Fixtures.spec, "--alert"], output: pipe.fileHandleForWriting)
        XCTAssertNotEqual(run.status, 0)
        XCTAssertEqual(run.stderr, "")
    }

    /// Help and parsing come from one declaration per command: `--help` lists exactly the
    /// options the command takes, each listed one is taken, and nothing else is.
    func testEachCommandsHelpListsExactlyTheOptionsItTakes() throws {
        let directory = Fixtures.temporaryDirectory(self)
        let payload = directory + "/push.json"
        try Data(#"{"aps": {"alert": "Hi"}}"#.utf8).write(to: URL(fileURLWithPath: payload))
        let request = directory + "/push.device.json"
        try Data(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#.utf8).write(
            to: URL(fileURLWithPath: request))
        // The smallest spec: each run does the command's whole work.
        let minimal = Fixtures.fixture("minimal.json")
        let spec = try SpecLoader.load(path: minimal).spec
        let values = [
            "--spec": minimal, "--templates": Fixtures.templates, "--output": directory + "/out", "--module": "Mine",
            "--payload": payload, "--request": request, "--update-spec": directory + "/updated.json", "--setup": spec.setups[0].id,
            "--state": spec.appStates[0].id, "--lang": "ja", "--tests": "swift-testing", "--condition": "none", "--handler": "none",
            "--wrapper": "none", "--sender": "own",
        ]
        let operands = [
            "templates": ["export", directory + "/templates", "--force"],
            "generate": ["--check", "--output", directory + "/out"],
            "observe": [payload], "field-kit": ["--output", directory + "/kit"],
        ]
        XCTAssertEqual(
            Help.commands(spec).map(\.name),
            ["generate", "validate", "explain", "observe", "field-kit", "specs", "templates", "help"])
        for info in Help.commands(spec) {
            let help = Command.run([info.name, "--help", "--spec", minimal]).stdout
            let listed = help.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "OPTIONS:" }
                .dropFirst()
                .prefix { !$0.isEmpty }.filter { $0.hasPrefix("  --") }.map {
                    String($0.dropFirst(2).prefix { $0 != " " })
                }
            XCTAssertEqual(listed, info.options.map(\.name), info.name)
            for option in info.options {
                let value = option.value.map { _ in [values[option.name]!] } ?? []
                let spec = info.options.contains { $0.name == "--spec" } ? ["--spec", minimal] : []
                let result = Command.run([info.name] + (operands[info.name] ?? []) + spec + [option.name] + value)
                XCTAssertFalse(
                    result.stderr.contains("unknown option"), "\(info.name) \(option.name): \(result.stderr)")
            }
            let unknown = Command.run([info.name] + (operands[info.name] ?? []) + ["--no-such-option"])
            XCTAssertEqual(unknown.status, 2, info.name)
            XCTAssertTrue(
                unknown.stderr.contains("unknown option '--no-such-option'") || info.options.isEmpty,
                "\(info.name): \(unknown.stderr)")
        }
    }

    func testBadPayloadIsAnInputError() throws {
        let path = Fixtures.temporaryDirectory(self) + "/p.json"
        try Data("{\"alert\": \"hi\"}".utf8).write(to: URL(fileURLWithPath: path))
        let result = Command.run(["explain", "--spec", Fixtures.spec, "--payload", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "\(path):1:1: error: aps: expected an APNs payload with an \"aps\" dictionary, found no \"aps\" key\n")
    }

    func testGenerateWritesOnlyWhatChangedAndCheckFindsStaleFiles() throws {
        let output = Fixtures.temporaryDirectory(self)
        let count = try Fixtures.rendered(Fixtures.builtIn).count + 1  // and the manifest
        let made = "(\(Fixtures.spec), module PushHandlers)"
        XCTAssertEqual(generate(output).stdout, "\(output): \(count) written, 0 unchanged, 0 removed \(made)\n")
        XCTAssertEqual(generate(output).stdout, "\(output): 0 written, \(count) unchanged, 0 removed \(made)\n")
        XCTAssertEqual(generate(output, ["--check"]).status, 0)

        let page = output + "/Docs/en/reception-methods.md"
        try Data("edited".utf8).write(to: URL(fileURLWithPath: page))
        try FileManager.default.removeItem(atPath: output + "/Docs/ja/reception-methods.md")
        let check = generate(output, ["--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("\(output)/Docs/en/reception-methods.md: error: stale"), check.stderr)
        XCTAssertTrue(check.stderr.contains("\(output)/Docs/ja/reception-methods.md: error: missing"), check.stderr)
        XCTAssertEqual(try String(contentsOfFile: page, encoding: .utf8), "edited", "--check writes nothing")
    }

    /// What a manifest remembers is advice, not content: the same outputs checked against the
    /// same spec under another name are current, with or without `--force`.
    func testTheSameSpecUnderAnotherNameIsCurrent() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        for extra in [[], ["--force"]] {
            let check = generate(output, spec: "builtin:ios8-10", ["--check"] + extra)
            XCTAssertEqual(check.status, 0, check.stderr)
        }
        let manifest = try String(contentsOfFile: output + "/" + OutputWriter.manifestName, encoding: .utf8)
        XCTAssertTrue(
            manifest.contains("\nspec \(FileSystem.relative(Fixtures.spec, from: output))\n"), "checking writes nothing"
        )
    }

    /// A stale output's hint names the command the user ran: the package plugin tells the
    /// binary its own through PUSHMATRIX_INVOCATION.
    func testTheStaleHintNamesTheCommandTheUserRan() throws {
        try IntegrationTestCase.require()  // it starts the built binary as a process
        let directory = Fixtures.temporaryDirectory(self)
        let check = [
            "generate", "--check", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", "out",
        ]
        let plugin = "swift package --allow-writing-to-package-directory push-matrix"
        // The hint names the exact command that keeps this spec, output and templates.
        let update = "generate --spec \(Fixtures.spec) --output out --templates \(Fixtures.templates)"
        let viaPlugin = try Binary.run(check, in: directory, environment: ["PUSHMATRIX_INVOCATION": plugin])
        XCTAssertEqual(viaPlugin.status, 1)
        XCTAssertTrue(
            viaPlugin.stderr.contains("out/Docs/en/index.md: error: missing — run '\(plugin) \(update)' to update\n"),
            viaPlugin.stderr)
        XCTAssertFalse(viaPlugin.stderr.contains("'pushmatrix generate'"), viaPlugin.stderr)
        for environment in [[:], ["PUSHMATRIX_INVOCATION": ""]] {
            let direct = try Binary.run(check, in: directory, environment: environment)
            XCTAssertEqual(direct.status, 1)
            XCTAssertTrue(
                direct.stderr.contains("out/Docs/en/index.md: error: missing — run 'pushmatrix \(update)' to update\n"),
                direct.stderr)
        }
    }

    func testFilesNoLongerProducedAreRemovedAndOthersKept() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output, spec: Fixtures.fixture("other-dimensions.json")).status, 0)
        let mine = output + "/notes.txt"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: mine))
        // An entry for a page no longer produced, and one that tries to leave the directory.
        let manifest = output + "/" + OutputWriter.manifestName
        let entries =
            try String(contentsOfFile: manifest, encoding: .utf8)
            + "\(Digest.hex(Array("old".utf8))) Docs/fr/reception-methods.md\n\(Digest.hex([])) ../escape.md\n"
        try Data(entries.utf8).write(to: URL(fileURLWithPath: manifest))
        try FileManager.default.createDirectory(atPath: output + "/Docs/fr", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: output + "/Docs/fr/reception-methods.md"))
        let fixtureOnly = output + "/Sources/PushHandlersTestSupport/Scenarios/AlertContentAvailableCategoryMutableContent.swift"
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixtureOnly))

        XCTAssertEqual(generate(output, ["--check"]).status, 1, "files no longer produced make the output stale")
        let result = generate(output)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output + "/Docs/fr/reception-methods.md"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixtureOnly))
        XCTAssertEqual(
            try String(contentsOfFile: mine, encoding: .utf8), "mine", "files the generator did not make are kept")
        XCTAssertEqual(generate(output, ["--check"]).status, 0)
    }

    func testManifestEntriesThatCouldLeaveTheOutputAreIgnored() throws {
        let output = Fixtures.temporaryDirectory(self)
        let digest = "0123456789abcdef"
        let lines = [
            "input 42", "digest xxh64", "\(digest) Docs/en/index.md", "Docs/old.md", "\(digest)  two spaces.md",
            "\(digest) ../escape.md", "a/./b.md", "a/../../b.md", "/etc/passwd", "\(digest) .hidden/x..y.md",
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(
            to: URL(fileURLWithPath: output + "/" + OutputWriter.manifestName))
        let previous = OutputWriter(directory: output).readManifest()
        XCTAssertTrue(previous.digestIsKnown)
        let expected: [String: String] = [
            "Docs/en/index.md": digest, " two spaces.md": digest, ".hidden/x..y.md": digest,
        ]
        XCTAssertEqual(previous.entries, expected)
    }

    /// The quick check that lets most files skip the region scan must never miss a marker.
    func testRegionMarkersAreFoundWhereverTheyAre() {
        let marker = Array("pushmatrix:".utf8)
        for text in ["", "pushmatrix", "pushmatrix;", "a:b::", "pushmatri:x", "xpushmatrix :"] {
            XCTAssertFalse(Regions.mayHaveRegions(Array(text.utf8)), text)
        }
        for (before, after) in [
            ("", ""), ("// ", "begin x"), ("a:b:c pushmatrix: ", ""), (String(repeating: "::", count: 40), "\n"),
        ] {
            XCTAssertTrue(
                Regions.mayHaveRegions(Array(before.utf8) + marker + Array(after.utf8)), before + "pushmatrix:" + after)
        }
    }

    func testCodeInMarkedRegionsSurvivesRegeneration() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let path = output + "/Tests/PushHandlersConformanceTests/HandlerUnderTest.swift"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let edited = original.replacingOccurrences(
            of: "    return PushRouter(setup: setup, missing: missing)\n",
            with: "    return MyAppPushHandler(setup: setup)\n")
        XCTAssertNotEqual(edited, original)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(generate(output, ["--check"]).status, 0, "a region's content is the user's, not stale output")
        let again = generate(output)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), edited)
    }

    func testAFileEditedOutsideRegionsIsReportedNotOverwritten() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let path = output + "/Sources/PushHandlers/Classifier.swift"
        try Data("// my own classifier\n".utf8).write(to: URL(fileURLWithPath: path))
        // Make the spec produce something different, so the file would be rewritten.
        let spec = Fixtures.temporaryDirectory(self) + "/spec.json"
        try Data(
            Fixtures.specText.replacingOccurrences(
                of: "Notification Center shows the notification.",
                with: "The notification appears in Notification Center."
            ).utf8
        )
        .write(to: URL(fileURLWithPath: spec))
        let result = generate(output, spec: spec)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "\(path): error: edited by hand outside pushmatrix:begin/end regions (or not made by pushmatrix); not overwritten — move the edits into a region, or run again with --force\n"
        )
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8), "// my own classifier\n", "nothing was overwritten")
        XCTAssertFalse(
            try String(contentsOfFile: output + "/Docs/en/reception-methods.md", encoding: .utf8).contains(
                "appears in Notification Center"), "and nothing else was written either")
        XCTAssertEqual(generate(output, spec: spec, ["--force"]).status, 0)
        XCTAssertNotEqual(try String(contentsOfFile: path, encoding: .utf8), "// my own classifier\n")
    }

    func testDigestsMatchTheirSpecifications() {
        // Known answers from the reference XXH64 (seed 0): every length class
        // (empty, tail bytes, a half word, whole words, 32-byte stripes and a ragged end).
        let stripes = Array((0..<768).map { UInt8($0 % 256) }) + Array("pushmatrix".utf8)
        for (bytes, expected) in [
            ([], "ef46db3751d8e999"), (Array("a".utf8), "d24ec4f1a98c6e5b"), (Array("abc".utf8), "44bc2cf5ad770999"),
            (Array("0123456789abcde".utf8), "4bb51a30968e6a4d"),
            (Array("0123456789abcdef0123456789abcdef".utf8), "642a94958e71e6c5"),
            (stripes, "80398dd5b21a4388"),
        ] as [([UInt8], String)] {
            XCTAssertEqual(Digest.hex(bytes), expected, "\(bytes.count) bytes")
        }
    }

    /// A manifest whose digests this version cannot tell (no `digest` line, or another
    /// digest) protects every file: none is taken for generated output unless forced.
    func testAManifestOfUnknownDigestsProtectsEveryFile() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let manifest = output + "/" + OutputWriter.manifestName
        let lines = try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n").map(String.init)
        let digestLine = try XCTUnwrap(lines.firstIndex(of: "digest xxh64"))
        XCTAssertEqual(
            lines[1...digestLine],
            ["spec \(FileSystem.relative(Fixtures.spec, from: output))", "module PushHandlers", "digest xxh64"])
        for replacement in [[], ["digest md5"]] {
            var changed = lines
            changed.replaceSubrange(digestLine...digestLine, with: replacement)
            changed[0] = "input older"
            try Data((changed.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: manifest))
            let edited = output + "/Sources/PushHandlers/Classifier.swift"
            try Data("// my own classifier\n".utf8).write(to: URL(fileURLWithPath: edited))
            let result = generate(output)
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.stderr.hasPrefix(edited + ": error: edited by hand"), result.stderr)
            XCTAssertEqual(try String(contentsOfFile: edited, encoding: .utf8), "// my own classifier\n")
            XCTAssertEqual(generate(output, ["--force"]).status, 0)
            XCTAssertEqual(
                try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n")[digestLine],
                "digest xxh64",
                "the manifest is rewritten with the current digest")
        }
    }

    func testInvalidSpecLeavesTheOutputUntouchedAndReportsEveryError() throws {
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(generate(output).status, 0)
        let before = Fixtures.snapshot(output)
        let bad = Fixtures.temporaryDirectory(self) + "/bad.json"
        let text = Fixtures.specText
            .replacingOccurrences(
                of: #""setup": "ios10", "appState": "background""#, with: #""setup": "ios10", "appState": "backgrnd""#
            )
            .replacingOccurrences(of: "\"English\"", with: "\"English\"\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: bad))
        let result = generate(output, spec: bad)
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(
            lines.filter { $0.contains("unknown app state 'backgrnd' (did you mean 'background'?)") }.count, 8,
            result.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix(bad + ":") && $0.contains(": error: ") }, result.stderr)
        XCTAssertEqual(Fixtures.snapshot(output), before)
    }

    func testCommittedOutputIsFresh() {
        // Rendered in full (--force): the manifest's input digest does not cover the generator's code.
        for (_, spec, generated, module) in Fixtures.builtIns {
            let result = Command.run([
                "generate", "--check", "--force", "--spec", spec, "--templates", Fixtures.templates, "--output",
                generated, "--module",
                module,
            ])
            XCTAssertEqual(
                result.status, 0, "\(generated) is stale; run `pushmatrix generate` for it:\n\(result.stderr)")
        }
    }

    func testTemplateErrorsAreLocatedAndWriteNothing() throws {
        let templates = Fixtures.temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: Fixtures.templates + "/docs", toPath: templates + "/docs")
        let table = templates + "/docs/_matrix-table.md"
        let source = try String(contentsOfFile: table, encoding: .utf8)
        try Data(source.replacingOccurrences(of: "{{setup}}", with: "{{setuq}}").utf8).write(
            to: URL(fileURLWithPath: table))
        let output = Fixtures.temporaryDirectory(self)
        let result = Command.run(["generate", "--spec", Fixtures.spec, "--templates", templates, "--output", output])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasPrefix("\(table):4:3: error: unknown name 'setuq' (did you mean 'setup'?)"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output), [])
    }

    /// Files are staged as they are rendered; a failure later in the run takes every staged
    /// file back, so the directory is exactly as it was.
    func testAFailedRunTakesBackWhatItStaged() throws {
        let templates = Fixtures.temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: Fixtures.templates + "/docs", toPath: templates + "/docs")
        let output = Fixtures.temporaryDirectory(self)
        XCTAssertEqual(
            Command.run([
                "generate", "--spec", Fixtures.fixture("hostile-text.json"), "--templates", templates, "--output",
                output,
            ]).status,
            0)
        let before = Fixtures.snapshot(output)
        let table = templates + "/docs/_matrix-table.md"
        let source = try String(contentsOfFile: table, encoding: .utf8)
        try Data(source.replacingOccurrences(of: "{{setup}}", with: "{{setuq}}").utf8).write(
            to: URL(fileURLWithPath: table))
        // The Swift outputs differ between the two specs, so they are staged before the docs fail.
        let result = Command.run(["generate", "--spec", Fixtures.spec, "--templates", templates, "--output", output])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(Fixtures.snapshot(output), before)
    }

    /// A missing output directory is built beside it and renamed into place: afterwards only
    /// the output is there, and a failed run leaves nothing, not even the folders it made.
    func testANewOutputDirectoryLandsWholeOrNotAtAll() throws {
        let parent = Fixtures.temporaryDirectory(self)
        let output = parent + "/made/Generated"
        XCTAssertEqual(
            Command.run([
                "generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output + "/",
            ]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent + "/made"), ["Generated"])
        XCTAssertEqual(
            Command.run([
                "generate", "--check", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output,
            ]).status, 0)
        XCTAssertEqual(Fixtures.outputs(output), Fixtures.outputs(Fixtures.generated))

        let templates = Fixtures.temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: Fixtures.templates + "/docs", toPath: templates + "/docs")
        let table = templates + "/docs/_matrix-table.md"
        try Data(
            try String(contentsOfFile: table, encoding: .utf8).replacingOccurrences(of: "{{setup}}", with: "{{setuq}}")
                .utf8
        ).write(
            to: URL(fileURLWithPath: table))
        let failed = Command.run([
            "generate", "--spec", Fixtures.spec, "--templates", templates, "--output", parent + "/other/Generated",
        ])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent).sorted(), ["made"])
    }

    /// A hidden directory a killed run left beside a missing output is not taken as output.
    func testAKilledRunsLeftoversAreNotOutput() throws {
        let parent = Fixtures.temporaryDirectory(self)
        let leftover = parent + "/.Generated" + OutputWriter.temporarySuffix
        try FileManager.default.createDirectory(atPath: leftover + "/Docs", withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: leftover + "/Docs/old.md"))
        XCTAssertEqual(
            Command.run([
                "generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output",
                parent + "/Generated",
            ]).status,
            0)
        XCTAssertEqual(Fixtures.outputs(parent + "/Generated"), Fixtures.outputs(Fixtures.generated))
    }

}
