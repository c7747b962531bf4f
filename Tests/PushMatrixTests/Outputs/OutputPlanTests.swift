import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputDirectory
@testable import PushMatrixOutputs
@testable import PushMatrixSpec
@testable import PushMatrixSupport

/// The output plan is the one list of outputs: a row added to it is rendered, written, checked,
/// validated and digested with no other change, and the table's templates are all built in.
final class OutputPlanTests: XCTestCase {
    private let summary = OutputPlan.Row(
        "Sources/{{module}}/Summary/{{language}}.md", "summary.md", .runbook, .markdown, .languages, .generate)

    /// A templates directory with the new row's template; `body` is its text.
    private func templates(_ body: String) throws -> String {
        let directory = Fixtures.temporaryDirectory(self)
        try Data(body.utf8).write(to: URL(fileURLWithPath: directory + "/summary.md"))
        return directory
    }

    func testARowAddedToThePlanIsGeneratedCheckedAndValidated() throws {
        let rows = OutputPlan.rows + [summary]
        let library = TemplateLibrary(directory: try templates("{{language}}: {{scenarios}} scenarios in {{module}}\n"))
        let run = OutputPlan.Job(product: .generate, module: "Summarized")
        let matrix = Fixtures.builtIn
        let spec = try SpecLoader.bytes(path: Fixtures.spec)
        let files = try Generator.render(matrix, library: library, run: run, rows: rows)
        let byPath = Dictionary(
            uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
        XCTAssertEqual(
            byPath["Sources/Summarized/Summary/en.md"], "en: \(matrix.scenarios.count) scenarios in Summarized\n")
        XCTAssertEqual(
            byPath["Sources/Summarized/Summary/ja.md"], "ja: \(matrix.scenarios.count) scenarios in Summarized\n")
        XCTAssertEqual(
            files.count, try Generator.render(matrix, library: library, run: run).count + 2,
            "the row's files and no other")

        // Written and checked through the one entry point each.
        let input = InputDigest.of(version: Command.version, spec: spec, library: library, run: run, rows: rows)
        XCTAssertNotEqual(
            input, InputDigest.of(version: Command.version, spec: spec, library: library, run: run),
            "the row's template is an input")
        let writer = OutputWriter(directory: Fixtures.temporaryDirectory(self) + "/out")
        let writing = try writer.openForWriting(interruptions: .none)
        let written = try writing.write(files, input: input, remembers: [], force: false)
        writing.close()
        XCTAssertEqual(written.fates.first { $0.path == "Sources/Summarized/Summary/ja.md" }?.fate, .written)
        // The manifest is read once, under the lock, and handed to the run.
        let checking = try writer.openForChecking()
        XCTAssertEqual(checking.manifest.input, input)
        XCTAssertNotNil(checking.currentFiles(input: input), "the manifest shows the outputs current")
        XCTAssertTrue(checking.check(files, input: input).problems.isEmpty)
        checking.close()
        try Data("edited\n".utf8).write(
            to: URL(fileURLWithPath: writer.directory + "/Sources/Summarized/Summary/en.md"))
        let again = try writer.openForChecking()
        XCTAssertNil(again.currentFiles(input: input), "an edited file is not current")
        let problems = again.check(files, input: input).problems
        again.close()
        XCTAssertEqual(problems.map(\.path), ["Sources/Summarized/Summary/en.md"])
        XCTAssertEqual(problems.map(\.problem), [.stale])

        // Validated: a template the spec cannot fill fails, naming the row's template.
        let broken = TemplateLibrary(directory: try templates("{{noSuchField}}\n"))
        XCTAssertNoThrow(try Generator.renderEverything(matrix, library: broken))
        XCTAssertThrowsError(try Generator.renderEverything(matrix, library: broken, rows: rows)) { error in
            let message =
                (error as? DiagnosticsError)?.diagnostics.first.map { $0.formatted(colored: false) } ?? "\(error)"
            XCTAssertTrue(message.contains("summary.md"), message)
        }
    }

    /// Every template a row names outright is a built-in one, and every built-in template is
    /// read by some row for a built-in spec (the VoIP one included), is a partial, is explain's, is the plain Swift file the skeletons share, or
    /// is the VoIP skeleton's, which no built-in spec names yet (VoIPSkeletonTypeCheckTests
    /// compiles it).
    func testTheTableAndTheBuiltInTemplatesAgree() throws {
        let named = OutputPlan.rows.flatMap { [$0.template, $0.fallback].compactMap { $0 } }
        for template in named where !template.contains("{") {
            XCTAssertNotNil(BuiltInFiles.templates[template], template)
        }
        let reached = Set(
            Fixtures.builtIns.map(\.matrix).flatMap { matrix in
                OutputPlan.everyFile(matrix, module: "M").compactMap(\.template)
            })
        for path in BuiltInFiles.templates.keys.sorted() {
            let partial = path.split(separator: "/").last?.hasPrefix("_") == true
            XCTAssertTrue(
                partial || reached.contains(path) || path.hasPrefix("explain/") || path == "fieldkit/runbook.en.md"
                    || path == "swift/SkeletonRouting.swift" || path.hasPrefix("swift/voip/"),
                path)
        }
    }

    /// Each run's input digest reads the templates its rows can reach, and not another run's.
    func testEachRunDigestsTheTemplatesItCanRead() {
        let xctest = OutputPlan.templates(for: OutputPlan.Job(product: .generate, module: "M"))
        let testing = OutputPlan.templates(for: OutputPlan.Job(product: .generate, module: "M", tests: .swiftTesting))
        let kit = OutputPlan.templates(for: OutputPlan.Job(product: .fieldKit, module: "M"))
        XCTAssertTrue(xctest.contains("swift/Tests/Conformance.swift"))
        XCTAssertFalse(xctest.contains("swift/Tests/TestingConformance.swift"))
        XCTAssertTrue(testing.contains("swift/Tests/TestingConformance.swift"))
        XCTAssertFalse(testing.contains("swift/Tests/Conformance.swift"))
        XCTAssertFalse(xctest.contains("fieldkit/runbook.ja.md"))
        XCTAssertTrue(kit.contains("fieldkit/runbook.ja.md"))
        XCTAssertFalse(kit.contains("docs/index.md"))
        XCTAssertTrue(kit.contains("swift/Runtime.swift"), "the kit's package holds the module")
    }
}
