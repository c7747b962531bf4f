import Foundation
import XCTest

@testable import PushMatrix

/// The field kit's probe app: every app target of each built-in matrix type-checks against the
/// stand-ins on its generated module, each setup has one, and the plan, the run bookkeeping and
/// the words, built and run here, write a log that `observe` reads back.
final class ProbeTests: IntegrationTestCase {
    /// The app targets of each built-in matrix's probe, and what decides each one's setup.
    private let targets: [String: [(folder: String, setup: String?)]] = [
        "PushHandlers": [("App", "system.setup")],
        "CurrentPushHandlers": [
            ("AppDelegate", "PushSetup { .appDelegate }"), ("Scenes", "PushSetup { .scenes }"),
            ("ServiceExtension", nil),
            ("SwiftUI", "PushSetup { .swiftUI }"),
        ],
        // The liveCommunication setup has no target yet.
        "VoIPPushHandlers": [
            ("Classic", "PushSetup { .classic }"), ("ServiceExtension", nil), ("VoIP264", "PushSetup { .voip264 }"),
        ],
    ]

    /// The field kit of `spec`: its package's generated module `module`, that module's test support, and its probe.
    private func kit(_ spec: String, module: String) throws -> (sources: [String], support: [String], probe: String) {
        let output = Fixtures.temporaryDirectory(self) + "/kit"
        let result = Command.run(["field-kit", "--spec", spec, "--output", output, "--module", module])
        XCTAssertEqual(result.status, 0, result.stderr)
        let support = SwiftCompiler.sources(in: output + "/Sources/\(module)TestSupport")
        return (SwiftCompiler.sources(in: output + "/Sources/\(module)"), support, output + "/Probe")
    }

    /// Builds the kit's module and its test support into `modules`, where the probe imports them.
    private func build(_ module: String, _ sources: [String], _ support: [String], into modules: String) throws {
        let standIns = ["-I", try SwiftCompiler.standIns()]
        let built = try SwiftCompiler.emitModule(module, sources, modules: modules, into: modules, flags: standIns)
        XCTAssertEqual(built.status, 0, built.output)
        let supported = try SwiftCompiler.emitModule(
            module + "TestSupport", support, modules: modules, into: modules, flags: standIns)
        XCTAssertEqual(supported.status, 0, supported.output)
    }

    func testEveryProbeTargetTypeChecksWithoutWarnings() throws {
        let modules = Fixtures.temporaryDirectory(self)
        let standIns = ["-I", try SwiftCompiler.standIns()]
        let voip = (Fixtures.voip, Fixtures.voipSpec, Fixtures.root.path + "/Generated/VoIP", "VoIPPushHandlers")
        for (matrix, spec, generated, module) in Fixtures.builtIns + [voip] {
            let (sources, support, probe) = try kit(spec, module: module)
            let committed = SwiftCompiler.moduleAndTestSupport(module, in: generated)
            XCTAssertEqual(
                try (sources + support).map { try String(contentsOfFile: $0, encoding: .utf8) },
                try committed.filter { !$0.contains(".docc/") }.map { try String(contentsOfFile: $0, encoding: .utf8) },
                "the kit's package holds the generated module's Swift and its test support")
            try build(module, sources, support, into: modules)
            let expected = try XCTUnwrap(targets[module])
            let folders = try FileManager.default.contentsOfDirectory(atPath: probe).filter { $0 != "Shared" && $0 != "project.yml" }
                .sorted()
            XCTAssertEqual(folders, expected.map(\.folder), module)
            let shared = SwiftCompiler.sources(in: probe + "/Shared")
            for (folder, setup) in expected {
                let files = SwiftCompiler.sources(in: probe + "/" + folder)
                let (status, output) = try SwiftCompiler.typecheck(
                    shared + files, modules: modules, as: "Probe", flags: standIns)
                XCTAssertEqual(status, 0, "\(module) \(folder): \(output)")
                XCTAssertFalse(output.contains("warning:"), output)
                let text = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
                XCTAssertTrue(text.contains("#if canImport(UIKit)"), folder)
                if let setup { XCTAssertTrue(text.contains(setup), "\(folder) decides its setup: \(setup)") }
            }
            let lint = try ExternalTool.run(
                "swift",
                ["format", "lint", "--strict", "--configuration", Fixtures.root.path + "/.swift-format", "-r", probe])
            XCTAssertEqual(lint.status, 0, lint.errors)
            XCTAssertEqual(lint.output + lint.errors, "", "the probe's Swift is lint-clean")
            let setups = Set(expected.compactMap { $0.setup?.split(separator: ".").last?.dropLast(2) }.map(String.init))
            if module == "CurrentPushHandlers" {
                XCTAssertEqual(setups, Set(matrix.spec.setups.map(\.id)), "a target per setup")
            }
        }
    }

    /// The kit's package manifest offers the generated module and its test support, which the probe plans from.
    func testTheKitsPackageOffersTheGeneratedModule() throws {
        let output = Fixtures.temporaryDirectory(self) + "/kit"
        XCTAssertEqual(
            Command.run(["field-kit", "--spec", Fixtures.currentSpec, "--output", output, "--module", "Probed"]).status,
            0)
        let dump = try ExternalTool.run("swift", ["package", "--package-path", output, "dump-package"])
        XCTAssertEqual(dump.status, 0, dump.errors)
        let package = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        XCTAssertEqual(package["name"] as? String, "Probed")
        let targets = try XCTUnwrap(package["targets"] as? [[String: Any]])
        XCTAssertEqual(targets.map { $0["name"] as? String }, ["Probed", "ProbedTestSupport"])
        XCTAssertEqual(targets.first?["path"] as? String, "Sources/Probed")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: output + "/Sources/Probed/Runtime.swift"),
            "the recorder is in the kit")
    }

    /// The stand-ins hold the probe to UIKit's names: a misspelled table view override fails.
    func testAMisspelledOverrideFailsTheTypeCheck() throws {
        let modules = Fixtures.temporaryDirectory(self)
        let standIns = ["-I", try SwiftCompiler.standIns()]
        let (sources, support, probe) = try kit(Fixtures.currentSpec, module: "CurrentPushHandlers")
        try build("CurrentPushHandlers", sources, support, into: modules)
        let screen = probe + "/Shared/ProbeScreen.swift"
        let text = try String(contentsOfFile: screen, encoding: .utf8)
        XCTAssertTrue(text.contains("didSelectRowAt indexPath"))
        try Data(
            text.replacingOccurrences(of: "didSelectRowAt indexPath", with: "didSelectRowAtIndexPath indexPath").utf8
        )
        .write(to: URL(fileURLWithPath: screen))
        let files = SwiftCompiler.sources(in: probe + "/Shared") + SwiftCompiler.sources(in: probe + "/Scenes")
        let (status, output) = try SwiftCompiler.typecheck(files, modules: modules, as: "Probe", flags: standIns)
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(output.contains("error:"), output)
    }

    /// The probe's Foundation-only files, compiled with the current module's sources and its test
    /// support into one program (their imports of the two dropped), plan runs, record them and read them back.
    func testThePlanShrinksAsRunsAreRecordedAndObserveConfirmsThem() throws {
        let directory = Fixtures.temporaryDirectory(self)
        let (sources, support, probe) = try kit(Fixtures.currentSpec, module: "CurrentPushHandlers")
        var files = sources
        for path in support + ["ProbePlan", "ProbeStore", "ProbeWords", "ProbeSpec"].map({ probe + "/Shared/\($0).swift" }) {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let file = directory + "/\(files.count)-" + URL(fileURLWithPath: path).lastPathComponent
            let imports = ["import CurrentPushHandlers\n", "import CurrentPushHandlersTestSupport\n"]
            try Data(imports.reduce(text) { $0.replacingOccurrences(of: $1, with: "") }.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let main = directory + "/main.swift"
        try Data(Self.driver.utf8).write(to: URL(fileURLWithPath: main))
        let program = directory + "/probe-driver"
        let (built, output) = try SwiftCompiler.run(
            ["-swift-version", "6", "-module-name", "ProbeDriver", "-o", program] + files + [main])
        XCTAssertEqual(built, 0, output)
        let log = directory + "/field.jsonl"
        let run = try ExternalTool.run(program, [log, "pushmatrix-probe-test-\(UUID().uuidString)"])
        XCTAssertEqual(run.status, 0, run.errors)
        // An open from the icon has no run of its own: the run without a tap comes back that way.
        let planned = Fixtures.current.scenarios.filter {
            $0.tap.map { Fixtures.current.taps[$0]?.touchesNotification != false } ?? true
        }
        let perSetup = planned.filter { $0.setup == "scenes" && $0.missing.isEmpty && $0.path == 1 }.count
        // Without the extension: the scenarios that stand for that app too, each as that app meets it.
        let lacking = planned.filter {
            $0.setup == "scenes" && $0.path == 1 && Fixtures.current.conditions(of: $0).contains(["serviceExtension"])
        }.count
        XCTAssertEqual(
            run.output.split(separator: "\n").map(String.init),
            [
                "appDelegate \(perSetup) \(perSetup)", "scenes \(perSetup) \(perSetup)",
                "swiftUI \(perSetup) \(perSetup)",
                "open true", "after three \(perSetup - 3)", "after four \(perSetup - 4)", "without \(lacking) true",
                "ja 4 alert_contentAvailable_mutableContent_category",
            ])
        let observed = Command.run(["observe", "--spec", Fixtures.currentSpec, log, "--json"])
        XCTAssertEqual(observed.status, 0, observed.stdout + observed.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(observed.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((report["confirmed"] as? [Any])?.count, 4, observed.stdout)
        XCTAssertEqual((report["contradicted"] as? [Any])?.count, 0, observed.stdout)
    }

    /// Plans each setup, records the first three runs of the scenes setup as the spec predicts,
    /// leaves a fourth open, then ends it from a new recorder as a relaunched app would.
    private static let driver = """
        import Foundation

        let store = ProbeStore(log: URL(fileURLWithPath: CommandLine.arguments[1]), suite: CommandLine.arguments[2])
        for setup in PushSetup.allCases {
            let plan = ProbePlan(setup: setup, without: [])
            print(setup.rawValue, plan.runs.count, plan.missing(after: store.logText()).count)
        }
        let plan = ProbePlan(setup: .scenes, without: [])
        let recorder = store.recorder()!
        func play(_ scenario: PushScenario, on recorder: PushFieldRecorder) {
            for step in scenario.steps { recorder.record(step.handler, state: step.state) }
        }
        for scenario in plan.runs.prefix(3) {
            store.start(scenario, recorder: recorder)
            play(scenario, on: recorder)
            store.end(recorder: recorder)
        }
        store.start(plan.runs[3], recorder: recorder)
        print("open", store.openRun?.scenario == plan.runs[3].name)
        print("after three", plan.missing(after: store.logText()).count)
        let relaunched = store.recorder()!
        play(plan.runs[3], on: relaunched)
        store.end(recorder: relaunched)
        print("after four", plan.missing(after: store.logText()).count)
        let lacking = ProbePlan(setup: .scenes, without: [.serviceExtension])
        print("without", lacking.runs.count, lacking.runs.allSatisfy { $0.missing == [.serviceExtension] && $0.eitherWay.isEmpty })
        let words = ProbeWords.preferred(["ja-JP", "en-US"])
        print(words.language, words.steps(plan.runs[0]).count, ProbePlan.payloadName(plan.runs[0].payload))
        UserDefaults.standard.removePersistentDomain(forName: CommandLine.arguments[2])
        """
}
