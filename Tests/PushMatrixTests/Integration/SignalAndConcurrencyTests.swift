import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputDirectory
@testable import PushMatrixOutputs
@testable import PushMatrixSpec
@testable import PushMatrixSupport

/// The output directory under the executable's signals and concurrent runs
/// (docs/reliability.md): a run stopped at any moment leaves every file whole, and runs that
/// start together take turns.
final class SignalAndConcurrencyTests: IntegrationTestCase {
    /// A spec with 2^k payload combinations (Benchmarks/synthetic_spec.py), large enough that a
    /// debug build's `generate` takes about a second at k = 6 (384 cells).
    private func syntheticSpec(_ k: Int, in directory: String) throws -> String {
        let path = directory + "/synthetic-\(k).json"
        let script =
            "import sys, json; sys.path.insert(0, sys.argv[1]); import synthetic_spec; "
            + "json.dump(synthetic_spec.make(json.load(open(sys.argv[2])), int(sys.argv[3])), open(sys.argv[4], 'w'))"
        _ = try ExternalTool.output(
            "python3", ["-c", script, Fixtures.root.path + "/Benchmarks", Fixtures.spec, "\(k)", path])
        return path
    }

    /// Every file under a directory, hidden ones included; nil when it does not exist.
    private func tree(_ directory: String) -> [String: [UInt8]]? {
        guard FileManager.default.fileExists(atPath: directory) else { return nil }
        var files: [String: [UInt8]] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: directory)! {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files[path] = [UInt8](FileManager.default.contents(atPath: directory + "/" + path) ?? Data())
            }
        }
        return files
    }

    /// The files `generate --spec spec --output output` makes, its manifest included.
    private func expectedTree(_ spec: String, output: String) throws -> [String: [UInt8]] {
        let input = InputDigest.of(
            version: Command.version, spec: try SpecLoader.bytes(path: spec),
            library: TemplateLibrary(directory: Fixtures.templates),
            run: OutputPlan.Job(product: .generate, module: Generator.defaultModule))
        let writer = OutputWriter(
            directory: output,
            remembers: Command.remembering(spec: spec, module: Generator.defaultModule, output: output))
        var files = try Generator.render(try Matrix(SpecLoader.load(path: spec)), templates: Fixtures.templates)
        files[OutputWriter.manifestName] = writer.manifest(
            input: input, digests: files.mapValues { Digest.hex(Regions.outline($0)) })
        return files
    }

    /// SIGINT, SIGTERM, SIGHUP and SIGKILL at random moments of a generate that takes about a
    /// second, into a new directory and over an older output. After the first three the output
    /// is at once wholly old or wholly new, with nothing else left; after SIGKILL it is so once
    /// the next run has finished or cleared what the killed one left.
    func testSignalsLeaveTheOutputWhollyOldOrWhollyNew() throws {
        let binary = try Binary.path
        let base = Fixtures.temporaryDirectory(self)
        let large = try syntheticSpec(6, in: base)
        let output = base + "/Generated"
        let old = try expectedTree(Fixtures.spec, output: output)
        let new = try expectedTree(large, output: output)
        func generate(_ spec: String) throws -> Subprocess.Running {
            try Subprocess.start(
                binary, ["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output])
        }
        let started = Date()
        XCTAssertEqual(try generate(large).wait().status, 0)
        let duration = Date().timeIntervalSince(started)
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for round in 0..<16 {
            let signal = [SIGINT, SIGTERM, SIGHUP, SIGKILL][round % 4]
            let update = round % 8 >= 4
            try? FileManager.default.removeItem(atPath: output)
            if update {
                XCTAssertEqual(try generate(Fixtures.spec).wait().status, 0)
            }
            let process = try generate(large)
            usleep(UInt32(Double.random(in: 0.05...1.5, using: &generator) * duration * 1_000_000))
            kill(process.identifier, signal)
            _ = process.wait()
            let label = "round \(round) (signal \(signal), \(update ? "update" : "new directory"))"
            if signal == SIGKILL {
                // What the next run does first.
                try OutputLock.forWriting(OutputWriter(directory: output)).lock.release()
            }
            let found = tree(output)
            let before: [String: [UInt8]]? = update ? old : nil
            XCTAssertTrue(found == before || found == new, "\(label): the output is neither wholly old nor wholly new")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: base).sorted(),
                (found == nil ? [] : ["Generated"]) + ["synthetic-6.json"], "\(label): debris")
            outcomes[found == new ? "new" : "old", default: 0] += 1
        }
        print("signals: \(outcomes) over runs of \(String(format: "%.2f", duration)) s")
        XCTAssertEqual(try generate(large).wait().status, 0)
        XCTAssertTrue(tree(output) == new)
    }

    /// Runs that start together on one output directory: one at a time writes, the others say
    /// that another run is writing, and the output ends whole.
    func testConcurrentRunsTakeTurns() throws {
        let binary = try Binary.path
        let base = Fixtures.temporaryDirectory(self)
        let large = try syntheticSpec(6, in: base)
        let output = base + "/Generated"
        for round in 0..<2 {
            let runs = try (0..<4).map { _ in
                try Subprocess.start(
                    binary,
                    ["generate", "--spec", large, "--templates", Fixtures.templates, "--output", output, "--force"])
            }
            var succeeded = 0
            for run in runs.map({ $0.wait() }) {
                let message = run.stderr
                if run.status == 0 {
                    succeeded += 1
                } else {
                    XCTAssertEqual(
                        message,
                        "\(output): error: another pushmatrix run is using this output directory; run again when it has finished\n",
                        "round \(round)")
                }
            }
            XCTAssertGreaterThan(succeeded, 0)
            XCTAssertTrue(
                tree(output) == (try expectedTree(large, output: output)), "round \(round): the output is not whole")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: base).sorted(), ["Generated", "synthetic-6.json"])
        }
    }
}
