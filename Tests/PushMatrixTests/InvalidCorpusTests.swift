import Foundation
import XCTest
@testable import PushMatrix

/// Every bad spec under Tests/Fixtures/invalid must give exactly the diagnostics in its
/// `.expected` file (`$FILE` stands for its path), exit 1, and write nothing.
final class InvalidCorpusTests: XCTestCase {
    func testEveryBadSpecGetsItsDiagnosticAndWritesNothing() throws {
        let directory = Fixtures.fixture("invalid")
        let cases = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(cases.count, 40)
        for name in cases {
            let spec = directory + "/" + name
            let expected = try String(contentsOfFile: spec.replacingOccurrences(of: ".json", with: ".expected"), encoding: .utf8)
                .replacingOccurrences(of: "$FILE", with: spec)
            let output = Fixtures.temporaryDirectory(self)
            let result = Command.run(["generate", "--spec", spec, "--templates", Fixtures.templates, "--output", output])
            XCTAssertEqual(result.status, 1, name)
            XCTAssertEqual(result.stderr, expected, name)
            for line in result.stderr.split(separator: "\n") {
                XCTAssertNotNil(line.range(of: #"^.+\.json:[0-9]+:[0-9]+: error: "#, options: .regularExpression), "located: \(line)")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output), [], "\(name) wrote nothing")
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
        XCTAssertEqual(errors(text), ["big.json:1:1: error: the spec is \(text.utf8.count) bytes; the limit is 16777216 bytes (16 MiB)"])
    }

    func testALargeStringWithinTheLimitIsRead() {
        let minimal = try! String(contentsOfFile: Fixtures.fixture("minimal.json"), encoding: .utf8)
        let text = minimal.replacingOccurrences(of: "\"Made up.\"", with: "\"" + String(repeating: "é", count: 3 << 20) + "\"")
        XCTAssertEqual(errors(text), [], "a large text within the limit is valid")
    }

    func testAHundredThousandCellsAreRefused() {
        let text = "{\"cells\": [" + Array(repeating: "{}", count: 100_000).joined(separator: ",") + "]}"
        XCTAssertEqual(errors(text), ["big.json:1:11: error: cells: 100000 cells; the limit is 65536"])
    }

    /// A long cell list's diagnostics come whole and in document order: every cell's block the
    /// same as the first cell's, at its own place.
    func testEveryCellOfALongListIsReportedInDocumentOrder() {
        let count = 3_000, cell = "{}", stride = cell.utf8.count + 1
        let text = "{\"cells\": [" + Array(repeating: cell, count: count).joined(separator: ",") + "]}"
        let all = errors(text).filter { $0.contains(": cells[") }
        let first = all.filter { $0.contains(": cells[0]") }
        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(all.count, count * first.count)
        for i in [1, 999, 1_000, 1_001, 2_047, 2_048, count - 1] {
            let expected = first.map {
                $0.replacingOccurrences(of: "big.json:1:12:", with: "big.json:1:\(12 + i * stride):").replacingOccurrences(of: "cells[0]", with: "cells[\(i)]")
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
        try Data(("{\"cells\": [" + Array(repeating: "{}", count: 60_000).joined(separator: ",") + "]}").utf8).write(to: URL(fileURLWithPath: spec))
        let result = Command.run(["validate", "--spec", spec])
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, Command.maxPrinted + 1)
        XCTAssertTrue(lines.last!.hasPrefix("pushmatrix: ") && lines.last!.hasSuffix(" more errors not shown"), String(lines.last!))
    }
}
