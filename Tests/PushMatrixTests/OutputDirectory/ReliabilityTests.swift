import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixJSON
@testable import PushMatrixModel
@testable import PushMatrixOutputDirectory
@testable import PushMatrixOutputs
@testable import PushMatrixSpec
@testable import PushMatrixSupport

/// Output that cannot be broken: spec text cannot break generated code, a killed run leaves
/// every file whole, nothing is written through a link, and output never depends on the run.
final class ReliabilityTests: XCTestCase {
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
        let result = Command.run([
            "generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output,
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\(output)/Docs: error: is a symbolic link"), result.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: elsewhere), [], "nothing written where the link points")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output), ["Docs"], "and nothing else either")
    }

    // MARK: determinism

    private func render(_ specText: String) throws -> [String: [UInt8]] {
        try Generator.render(
            try Matrix(SpecLoader.load(bytes: Array(specText.utf8), file: "spec.json")), templates: Fixtures.templates)
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
            ["LANG": "C", "LC_ALL": "C", "TZ": "UTC"],
            ["LANG": "ja_JP.UTF-8", "LC_ALL": "ja_JP.UTF-8", "TZ": "Asia/Tokyo"],
            ["LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8", "TZ": "America/St_Johns"],
        ] {
            let output = Fixtures.temporaryDirectory(self)
            let run = try Subprocess.run(
                binary, ["generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output],
                environment: environment)
            XCTAssertEqual(run.status, 0, run.stderr)
            var files: [String: Data] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: output)! {
                files[path] = FileManager.default.contents(atPath: output + "/" + path)
            }
            outputs.append(files)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertEqual(outputs[0], outputs[2])
        // The manifest names the spec as seen from the output; from a temporary directory, that
        // path climbs to the package. Every other file is checked.
        let all = outputs[0].filter { $0.key != OutputWriter.manifestName }.values.map {
            String(decoding: $0, as: UTF8.self)
        }.joined()
        XCTAssertFalse(all.contains(Fixtures.root.path), "no absolute paths in outputs")
        XCTAssertNil(
            all.range(of: #"20[0-9]{2}-[0-9]{2}-[0-9]{2}"#, options: .regularExpression), "no dates in outputs")
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
            return "{"
                + members.map { JSONOutput.string($0.key).serialized() + ":" + write($0.value) }.joined(separator: ",")
                + "}"
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
