import Foundation
import XCTest
@testable import PushMatrix

/// Output that cannot be broken: spec text cannot break generated code, a killed run leaves
/// every file whole, nothing is written through a link, and output never depends on the run.
final class ReliabilityTests: XCTestCase {
    func testHostileTextGeneratesSwiftThatTypeChecks() throws {
        let output = Fixtures.temporaryDirectory(self)
        let result = Command.run(["generate", "--spec", Fixtures.fixture("hostile-text.json"), "--templates", Fixtures.templates, "--output", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        let dimensions = try String(contentsOfFile: output + "/Sources/PushHandlers/Dimensions.swift", encoding: .utf8)
        XCTAssertTrue(dimensions.contains(#"/// The action */ /* """ \(x) # \ handler."#), "the text is there, as a comment")
        let modules = Fixtures.temporaryDirectory(self)
        try SwiftCompiler.buildStandIns(into: modules)
        let (status, log) = try SwiftCompiler.typecheck(SwiftCompiler.sources(in: output + "/Sources/PushHandlers"), modules: modules)
        XCTAssertEqual(status, 0, log)
    }

    /// Kills `generate` at random moments while it replaces one complete output with another:
    /// afterwards every file holds either its old bytes or its new bytes.
    func testARunKilledMidWriteLeavesEveryFileWhole() throws {
        let binary = try Binary.path
        let output = Fixtures.temporaryDirectory(self)
        let specs = [Fixtures.spec, Fixtures.fixture("hostile-text.json")]
        var versions: [String: Set<[UInt8]>] = [:]
        for spec in specs {
            let input = InputDigest.of(spec: try SpecLoader.bytes(path: spec), templates: Fixtures.templates, module: Generator.defaultModule)
            for (path, bytes) in OutputWriter.withManifest(try Generator.render(try SpecLoader.load(path: spec), templates: Fixtures.templates), input: input) {
                versions[path, default: []].insert(bytes)
            }
        }
        XCTAssertEqual(Command.run(["generate", "--spec", specs[0], "--templates", Fixtures.templates, "--output", output]).status, 0)
        // Kill points spread over a whole run, most of them late, where the writing happens.
        let started = Date()
        _ = Command.run(["generate", "--check", "--spec", specs[1], "--templates", Fixtures.templates, "--output", output])
        let duration = UInt32(max(0.05, Date().timeIntervalSince(started) * 2) * 1_000_000)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<16 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["generate", "--spec", specs[(round + 1) % 2], "--templates", Fixtures.templates, "--output", output, "--force"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: duration / 4...duration, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for (path, allowed) in versions {
                guard let bytes = FileManager.default.contents(atPath: output + "/" + path) else { continue }
                XCTAssertTrue(allowed.contains([UInt8](bytes)), "round \(round): \(path) is neither its old nor its new content")
            }
        }
        // A finished run still brings everything up to date.
        XCTAssertEqual(Command.run(["generate", "--spec", specs[0], "--templates", Fixtures.templates, "--output", output, "--force"]).status, 0)
        XCTAssertEqual(Command.run(["generate", "--check", "--spec", specs[0], "--templates", Fixtures.templates, "--output", output]).status, 0)
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
        for environment in [["LANG": "C", "LC_ALL": "C", "TZ": "UTC"], ["LANG": "ja_JP.UTF-8", "LC_ALL": "ja_JP.UTF-8", "TZ": "Asia/Tokyo"],
                            ["LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8", "TZ": "America/St_Johns"]] {
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
            node.value = .object(members.map { member in
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
        case .object(let members): return "{" + members.map { JSONOutput.string($0.key).serialized() + ":" + write($0.value) }.joined(separator: ",") + "}"
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
