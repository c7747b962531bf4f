import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputs

/// The field kit of each built-in spec and of the other-dimensions fixture: a payload file per
/// combination for the simulator and for a device, with exactly that combination's keys, and a
/// runbook per language that renders.
final class FieldKitTests: XCTestCase {
    func testPayloadFilesHaveExactlyTheirCombinationsKeys() throws {
        for (matrix, spec) in [
            (Fixtures.builtIn, Fixtures.spec), (Fixtures.current, Fixtures.currentSpec),
            (Fixtures.otherDimensions, Fixtures.fixture("other-dimensions.json")),
        ] {
            let output = Fixtures.temporaryDirectory(self) + "/kit"
            let result = Command.run(["field-kit", "--spec", spec, "--output", output])
            XCTAssertEqual(result.status, 0, result.stderr)
            let keys = matrix.spec.payloadKeys
            for payload in matrix.payloads {
                let name = SwiftView.payloadName(payload, keys: matrix.payloadKeyIds)
                let expected = Set(keys.indices.filter(payload.isSet).map { keys[$0].apnsKey })
                let visible = keys.indices.contains { payload.isSet($0) && keys[$0].makesVisible }
                let simulator = try object(output + "/Payloads/\(name).apns")
                XCTAssertEqual(simulator["Simulator Target Bundle"] as? String, FieldKitView.bundlePlaceholder)
                XCTAssertEqual(
                    Set(try XCTUnwrap(simulator["aps"] as? [String: Any]).keys), expected, "\(spec): \(name).apns")
                let device = try object(output + "/Payloads/\(name).device.json")
                let aps = try XCTUnwrap((device["payload"] as? [String: Any])?["aps"] as? [String: Any])
                XCTAssertEqual(Set(aps.keys), expected, "\(spec): \(name).device.json")
                XCTAssertEqual(
                    device["headers"] as? [String: String],
                    visible
                        ? ["apns-push-type": "alert", "apns-priority": "10"]
                        : ["apns-push-type": "background", "apns-priority": "5"],
                    name)
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: output + "/Payloads")
            XCTAssertEqual(files.count, 2 * matrix.payloads.count)
            for language in matrix.spec.languages.map(\.id) {
                let runbook = try XCTUnwrap(
                    FileManager.default.contents(atPath: output + "/Runbook/\(language)/runbook.md"))
                let html = try ExternalTool.output("cmark-gfm", ["--extension", "table"], input: runbook)
                XCTAssertEqual(MarkdownRenderingTests.blocks("h1", in: html).count, 1, language)
                let rows = MarkdownRenderingTests.blocks(
                    "tr", in: MarkdownRenderingTests.blocks("tbody", in: html).first ?? "")
                XCTAssertEqual(rows.count, matrix.payloads.count, "\(language): a row per payload file")
            }
        }
    }

    func testTheRunbookIsInEachLanguage() throws {
        let output = Fixtures.temporaryDirectory(self) + "/kit"
        XCTAssertEqual(Command.run(["field-kit", "--spec", Fixtures.currentSpec, "--output", output]).status, 0)
        let english = try String(contentsOfFile: output + "/Runbook/en/runbook.md", encoding: .utf8)
        let japanese = try String(contentsOfFile: output + "/Runbook/ja/runbook.md", encoding: .utf8)
        XCTAssertTrue(english.contains("# Field runbook\n"))
        XCTAssertTrue(japanese.contains("# 実地計測の手順\n"))
        XCTAssertTrue(english.contains("The spec predicts \(Fixtures.current.scenarios.count) scenarios"))
        XCTAssertTrue(japanese.contains("`forceQuit`"), "the app states are the spec's")
        XCTAssertEqual(Command.run(["field-kit", "--spec", Fixtures.currentSpec]).status, 2, "--output is required")
    }

    private func object(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any], path)
    }
}
