import Foundation
import XCTest

@testable import PushMatrix

/// Output that cannot be broken: spec text cannot break generated code, a killed run leaves
/// every file whole, nothing is written through a link, and output never depends on the run.
final class ReliabilityTests: XCTestCase {
    func testHostileTextGeneratesSwiftThatTypeChecks() throws {
        let output = Fixtures.temporaryDirectory(self)
        let result = Command.run([
            "generate", "--spec", Fixtures.fixture("hostile-text.json"), "--templates", Fixtures.templates, "--output", output,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let dimensions = try String(contentsOfFile: output + "/Sources/PushHandlers/Dimensions.swift", encoding: .utf8)
        XCTAssertTrue(dimensions.contains(#"/// The action */ /* """ \(x) # \ handler."#), "the text is there, as a comment")
        let modules = Fixtures.temporaryDirectory(self)
        try SwiftCompiler.buildStandIns(into: modules)
        let (status, log) = try SwiftCompiler.typecheck(SwiftCompiler.sources(in: output + "/Sources/PushHandlers"), modules: modules)
        XCTAssertEqual(status, 0, log)
    }

    /// A spec with 2^k payload combinations (Benchmarks/synthetic_spec.py), large enough that a
    /// debug build's `generate` takes about a second at k = 8.
    private func syntheticSpec(_ k: Int, in directory: String) throws -> String {
        let path = directory + "/synthetic-\(k).json"
        let script =
            "import sys, json; sys.path.insert(0, sys.argv[1]); import synthetic_spec; "
            + "json.dump(synthetic_spec.make(json.load(open(sys.argv[2])), int(sys.argv[3])), open(sys.argv[4], 'w'))"
        _ = try ExternalTool.output("python3", ["-c", script, Fixtures.root.path + "/Benchmarks", Fixtures.spec, "\(k)", path])
        return path
    }

    /// Every file under a directory, hidden ones included; nil when it does not exist.
    private func tree(_ directory: String) -> [String: [UInt8]]? {
        guard FileManager.default.fileExists(atPath: directory) else { return nil }
        var files: [String: [UInt8]] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: directory)! {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = [UInt8](FileManager.default.contents(atPath: directory + "/" + path) ?? Data())
            }
        }
        return files
    }

    private func expectedTree(_ spec: String) throws -> [String: [UInt8]] {
        let input = InputDigest.of(spec: try SpecLoader.bytes(path: spec), templates: Fixtures.templates, module: Generator.defaultModule)
        return OutputWriter.withManifest(try Generator.render(try SpecLoader.load(path: spec), templates: Fixtures.templates), input: input)
    }

    private func start(_ binary: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// SIGINT, SIGTERM, SIGHUP and SIGKILL at random moments of a generate that takes about a
    /// second, into a new directory and over an older output. After the first three the output
    /// is at once wholly old or wholly new, with nothing else left; after SIGKILL it is so once
    /// the next run has finished or cleared what the killed one left.
    func testSignalsLeaveTheOutputWhollyOldOrWhollyNew() throws {
        let binary = try Binary.path
        let base = Fixtures.temporaryDirectory(self)
        let large = try syntheticSpec(8, in: base)
        let old = try expectedTree(Fixtures.spec), new = try expectedTree(large)
        let output = base + "/Generated"
        func generate(_ spec: String) throws -> Process {
            try start(binary, ["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output])
        }
        let started = Date()
        let timing = try generate(large)
        timing.waitUntilExit()
        XCTAssertEqual(timing.terminationStatus, 0)
        let duration = Date().timeIntervalSince(started)
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for round in 0..<16 {
            let signal = [SIGINT, SIGTERM, SIGHUP, SIGKILL][round % 4]
            let update = round % 8 >= 4
            try? FileManager.default.removeItem(atPath: output)
            if update {
                let first = try generate(Fixtures.spec)
                first.waitUntilExit()
                XCTAssertEqual(first.terminationStatus, 0)
            }
            let process = try generate(large)
            usleep(UInt32(Double.random(in: 0.05...1.5, using: &generator) * duration * 1_000_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
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
                (found == nil ? [] : ["Generated"]) + ["synthetic-8.json"], "\(label): debris")
            outcomes[found == new ? "new" : "old", default: 0] += 1
        }
        print("signals: \(outcomes) over runs of \(String(format: "%.2f", duration)) s")
        let last = try generate(large)
        last.waitUntilExit()
        XCTAssertEqual(last.terminationStatus, 0)
        XCTAssertTrue(tree(output) == new)
    }

    /// Runs that start together on one output directory: one at a time writes, the others say
    /// that another run is writing, and the output ends whole.
    func testConcurrentRunsTakeTurns() throws {
        let binary = try Binary.path
        let base = Fixtures.temporaryDirectory(self)
        let large = try syntheticSpec(7, in: base)
        let output = base + "/Generated"
        for round in 0..<2 {
            let runs = try (0..<4).map { _ in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: binary)
                process.arguments = ["generate", "--spec", large, "--templates", Fixtures.templates, "--output", output, "--force"]
                let errors = Pipe()
                process.standardOutput = FileHandle.nullDevice
                process.standardError = errors
                try process.run()
                return (process, errors)
            }
            var succeeded = 0
            for (process, errors) in runs {
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                if process.terminationStatus == 0 {
                    succeeded += 1
                } else {
                    XCTAssertEqual(
                        message,
                        "\(output): error: another pushmatrix run is using this output directory; run again when it has finished\n",
                        "round \(round)")
                }
            }
            XCTAssertGreaterThan(succeeded, 0)
            XCTAssertTrue(tree(output) == (try expectedTree(large)), "round \(round): the output is not whole")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: base).sorted(), ["Generated", "synthetic-7.json"])
        }
    }

    func testFilesAreReadWholeWhateverTheirSize() throws {
        let directory = Fixtures.temporaryDirectory(self)
        var state: UInt64 = 7
        for size in [0, 1, 4095, 65_536, 200_003] {
            let bytes = (0..<size).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            let path = "\(directory)/\(size).bin"
            try FileSystem.write(bytes, to: path)
            XCTAssertEqual(FileSystem.read(path), bytes, "\(size) bytes")
        }
        XCTAssertNil(FileSystem.read(directory))  // a directory is not a file
        XCTAssertNil(FileSystem.read("\(directory)/missing"))
    }

    func testNothingIsWrittenThroughASymbolicLink() throws {
        let output = Fixtures.temporaryDirectory(self)
        let elsewhere = Fixtures.temporaryDirectory(self)
        try FileManager.default.createSymbolicLink(atPath: output + "/Docs", withDestinationPath: elsewhere)
        let result = Command.run(["generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\(output)/Docs: error: is a symbolic link"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [], "nothing written where the link points")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output), ["Docs"], "and nothing else either")
    }

    // MARK: determinism

    private func render(_ specText: String) throws -> [String: [UInt8]] {
        try Generator.render(try SpecLoader.load(bytes: Array(specText.utf8), file: "spec.json"), templates: Fixtures.templates)
    }

    func testRepeatedRunsAreIdentical() throws {
        XCTAssertEqual(try render(Fixtures.specText), try render(Fixtures.specText))
    }

    /// Object keys and the order of cells carry no meaning, so shuffling them changes nothing.
    func testKeyOrderAndCellOrderDoNotMatter() throws {
        let original = try render(Fixtures.specText)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<3 {
            let root = try JSONParser.parse(Array(Fixtures.specText.utf8))
            let shuffled = Self.shuffled(root, path: "", using: &generator)
            XCTAssertEqual(try render(Self.write(shuffled)), original)
        }
    }

    func testLocaleAndTimeZoneDoNotMatter() throws {
        let binary = try Binary.path
        var outputs: [[String: Data]] = []
        for environment in [
            ["LANG": "C", "LC_ALL": "C", "TZ": "UTC"], ["LANG": "ja_JP.UTF-8", "LC_ALL": "ja_JP.UTF-8", "TZ": "Asia/Tokyo"],
            ["LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8", "TZ": "America/St_Johns"],
        ] {
            let output = Fixtures.temporaryDirectory(self)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            var files: [String: Data] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: output)! {
                files[path] = FileManager.default.contents(atPath: output + "/" + path)
            }
            outputs.append(files)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertEqual(outputs[0], outputs[2])
        let all = outputs[0].values.map { String(decoding: $0, as: UTF8.self) }.joined()
        XCTAssertFalse(all.contains(Fixtures.root.path), "no absolute paths in outputs")
        XCTAssertNil(all.range(of: #"20[0-9]{2}-[0-9]{2}-[0-9]{2}"#, options: .regularExpression), "no dates in outputs")
    }

    /// Shuffles object keys everywhere and the cells array; other arrays keep their order.
    private static func shuffled(_ node: JSONNode, path: String, using generator: inout SeededGenerator) -> JSONNode {
        var node = node
        switch node.value {
        case .object(let members):
            node.value = .object(
                members.map { member in
                    var member = member
                    member.value = shuffled(member.value, path: path + "." + member.key, using: &generator)
                    return member
                }.shuffled(using: &generator))
        case .array(let items):
            let children = items.map { shuffled($0, path: path + "[]", using: &generator) }
            node.value = .array(path == ".cells" ? children.shuffled(using: &generator) : children)
        default: break
        }
        return node
    }

    private static func write(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .number(let n): return n
        case .string(let s): return JSONOutput.string(s).serialized()
        case .array(let items): return "[" + items.map(write).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { JSONOutput.string($0.key).serialized() + ":" + write($0.value) }.joined(separator: ",") + "}"
        }
    }
}

/// A repeatable random source, so a failing shuffle can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
