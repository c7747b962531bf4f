import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixSpec

/// Every invalid spec of `Tests/Fixtures/invalid-specs.json` — a small patch on
/// `Tests/Fixtures/minimal.json` beside the exact diagnostics it must give — exits 1 with those
/// diagnostics, each located, and writes nothing.
final class InvalidCorpusTests: XCTestCase {
    /// One invalid spec: what it changes in the base, and what it must be told.
    struct Case {
        let name: String
        let spec: [UInt8]
        let expected: [String]
    }

    /// The cases, each patched onto its base: `minimal.json`, or the case's own `base` (the
    /// older form's `minimal-older.json`). A `replace` text must occur once in the base, so an
    /// edit of the base cannot quietly change what a case breaks.
    static func cases() throws -> [Case] {
        let file =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: Fixtures.fixture("invalid-specs.json"))))
            as! [String: Any]
        return try (file["cases"] as! [[String: Any]]).map { entry in
            let base = Fixtures.fixture(entry["base"] as? String ?? file["base"] as! String)
            var spec = try [UInt8](Data(contentsOf: URL(fileURLWithPath: base)))
            for patch in entry["patches"] as! [[String: Any]] {
                let new = (patch["withHex"] as? String).map(hexBytes) ?? Array((patch["with"] as! String).utf8)
                if patch["whole"] as? Bool == true {
                    spec = new
                } else if let line = patch["cutFromLine"] as? Int {
                    spec =
                        Array(
                            spec.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(line - 1)
                                .joined(separator: [
                                    UInt8(ascii: "\n")
                                ])) + [UInt8(ascii: "\n")] + new
                } else {
                    let old = Array((patch["replace"] as! String).utf8)
                    let found = (0...(spec.count - old.count)).filter { spec[$0..<($0 + old.count)].elementsEqual(old) }
                    guard found.count == 1 else {
                        throw XCTSkip("\(entry["name"]!): the text to replace occurs \(found.count) times in the base")
                    }
                    spec.replaceSubrange(found[0]..<(found[0] + old.count), with: new)
                }
            }
            return Case(name: entry["name"] as! String, spec: spec, expected: entry["expected"] as! [String])
        }
    }

    private static func hexBytes(_ hex: String) -> [UInt8] {
        Array(stride(from: 0, to: hex.count, by: 2).map { UInt8(hex.dropFirst($0).prefix(2), radix: 16)! })
    }

    func testEveryBadSpecGetsItsDiagnosticAndWritesNothing() throws {
        let cases = try Self.cases()
        XCTAssertGreaterThanOrEqual(cases.count, 88)
        let directory = Fixtures.temporaryDirectory(self)
        for item in cases {
            let spec = directory + "/" + item.name + ".json"
            try Data(item.spec).write(to: URL(fileURLWithPath: spec))
            let output = Fixtures.temporaryDirectory(self)
            let result = Command.run([
                "generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output,
            ])
            XCTAssertEqual(result.status, 1, item.name)
            XCTAssertEqual(
                result.stderr, item.expected.map { $0.replacingOccurrences(of: "$FILE", with: spec) + "\n" }.joined(),
                item.name)
            for line in result.stderr.split(separator: "\n") {
                XCTAssertNotNil(
                    line.range(of: #"^.+\.json:[0-9]+:[0-9]+: error: "#, options: .regularExpression),
                    "located: \(line)")
            }
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: output), [], "\(item.name) wrote nothing")
        }
    }

    private func errors(_ text: String) -> [String] {
        do {
            _ = try SpecLoader.load(bytes: Array(text.utf8), file: "big.json")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func testATwentyMegabyteStringIsRefusedBySize() {
        let text = "{\"specVersion\": 1, \"x\": \"" + String(repeating: "a", count: 20 << 20) + "\"}"
        XCTAssertEqual(
            errors(text),
            ["big.json:1:1: error: the spec is \(text.utf8.count) bytes; the limit is 16777216 bytes (16 MiB)"])
    }

    func testALargeStringWithinTheLimitIsRead() {
        let minimal = try! String(contentsOfFile: Fixtures.fixture("minimal.json"), encoding: .utf8)
        let text = minimal.replacingOccurrences(
            of: "\"Made up.\"", with: "\"" + String(repeating: "é", count: 3 << 20) + "\"")
        XCTAssertEqual(errors(text), [], "a large text within the limit is valid")
    }

    /// No cell count is refused as such: ten thousand broken cells, more than the old limit of
    /// 4,096, are each reported.
    func testTenThousandCellsAreEachReported() {
        let text = "{\"cells\": [" + Array(repeating: "{}", count: 10_000).joined(separator: ",") + "]}"
        let errs = errors(text)
        XCTAssertTrue(errs.contains("big.json:1:12: error: cells[0]: missing key 'payload'"), "\(errs.prefix(20))")
        XCTAssertTrue(errs.contains("big.json:1:30009: error: cells[9999]: missing key 'payload'"), "\(errs.suffix(3))")
        XCTAssertFalse(errs.contains { $0.contains("at most") })
    }

    /// A long cell list's diagnostics come whole and in document order: every cell's block the
    /// same as the first cell's, at its own place.
    func testEveryCellOfALongListIsReportedInDocumentOrder() {
        let count = 3_000
        let cell = "{}"
        let stride = cell.utf8.count + 1
        let text = "{\"cells\": [" + Array(repeating: cell, count: count).joined(separator: ",") + "]}"
        let all = errors(text).filter { $0.contains(": cells[") }
        let first = all.filter { $0.contains(": cells[0]") }
        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(all.count, count * first.count)
        for i in [1, 999, 1_000, 1_001, 2_047, 2_048, count - 1] {
            let expected = first.map {
                $0.replacingOccurrences(of: "big.json:1:12:", with: "big.json:1:\(12 + i * stride):")
                    .replacingOccurrences(
                        of: "cells[0]", with: "cells[\(i)]")
            }
            XCTAssertEqual(Array(all[(i * first.count)..<((i + 1) * first.count)]), expected, "cell \(i)")
        }
    }

    func testNestingAHundredThousandDeepIsRefused() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(errors(text), ["big.json:1:65: error: nesting deeper than 64 levels"])
    }

    func testMillionsOfErrorsArePrintedInPart() throws {
        let spec = Fixtures.temporaryDirectory(self) + "/many.json"
        try Data(("{\"cells\": [" + Array(repeating: "{}", count: 4_000).joined(separator: ",") + "]}").utf8).write(
            to: URL(fileURLWithPath: spec))
        let result = Command.run(["validate", "--spec", spec])
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, Command.maxPrinted + 1)
        XCTAssertTrue(
            lines.last!.hasPrefix("pushmatrix: ") && lines.last!.hasSuffix(" more errors not shown"),
            String(lines.last!))
    }
}
