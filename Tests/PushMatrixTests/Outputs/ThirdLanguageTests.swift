import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSpec

/// The other-dimensions fixture speaks French besides English and Japanese, and French goes
/// through every output from the spec's words and one translated runbook template alone:
/// the documentation, `explain`, the field kit's probe screen and runbook, and the source
/// `observe --update-spec` writes.
final class ThirdLanguageTests: XCTestCase {
    let spec = Fixtures.fixture("other-dimensions.json")
    /// A templates directory holding only the translated runbook; the rest are the built-in ones.
    let templates = Fixtures.fixture("Templates")

    func testTheDocumentationHasFrenchPages() throws {
        let output = Fixtures.temporaryDirectory(self) + "/out"
        let result = Command.run(["generate", "--spec", spec, "--output", output, "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let index = try String(contentsOfFile: output + "/Docs/fr/index.html", encoding: .utf8)
        XCTAssertTrue(index.contains("<html lang=\"fr\">"))
        XCTAssertTrue(index.contains("Quel gestionnaire reçoit une notification"), "the spec's French title")
        let english = try String(contentsOfFile: output + "/Docs/en/index.md", encoding: .utf8)
        XCTAssertTrue(english.contains("[Français](../fr/index.md)"), "the other pages link the French one")
    }

    func testExplainSpeaksFrench() {
        let result = Command.run(["explain", "--spec", spec, "--lang", "fr", "--alert"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Au premier plan"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Le Centre de notifications affiche la notification."), result.stdout)
    }

    func testTheFieldKitSpeaksFrench() throws {
        let output = Fixtures.temporaryDirectory(self) + "/kit"
        let result = Command.run(["field-kit", "--spec", spec, "--templates", templates, "--output", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        let runbook = try String(contentsOfFile: output + "/Runbook/fr/runbook.md", encoding: .utf8)
        XCTAssertTrue(runbook.contains("## Un essai"), "the translated template")
        XCTAssertTrue(runbook.contains("« Commencer cet essai »"), "the probe's button as the spec words it")
        let words = try String(contentsOfFile: output + "/Probe/Shared/ProbeSpec.swift", encoding: .utf8)
        XCTAssertTrue(words.contains("language: \"fr\""))
        XCTAssertTrue(words.contains("\"Essais encore manquants : \\(count) sur \\(total)\""))
        XCTAssertTrue(words.contains("\"残りの計測: \\(total) 件中 \\(count) 件\""), "placeholders in the language's order")
    }

    func testAnObservedSourceIsWordedInFrench() throws {
        let matrix = Fixtures.otherDimensions
        let lines = matrix.scenarios.enumerated().filter { $0.element.missing.isEmpty }
            .flatMap { n, scenario in ObserveTests.lines(matrix, scenario, run: "r\(n)") }
        let directory = Fixtures.temporaryDirectory(self)
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: directory + "/runs.jsonl", atomically: true, encoding: .utf8)
        let out = directory + "/updated.json"
        let result = Command.run(["observe", "--spec", spec, "--update-spec", out, directory + "/runs.jsonl"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let updated = try Matrix(SpecLoader.load(path: out))
        let observed = try XCTUnwrap(updated.spec.sources.first { $0.id == "observed_iPhone_15_18_2" })
        XCTAssertEqual(observed.title["fr"], "Essais sur le terrain sur iPhone 15, iOS 18.2")
        XCTAssertEqual(observed.title["ja"], "iPhone 15（iOS 18.2）での実地の記録")
    }

    /// A spec written before the kit's phrases lived in the spec borrows the built-in spec's:
    /// in the languages that spec has, and in English for the others; only those it needs.
    func testASpecWithoutTheKitsPhrasesBorrowsThem() throws {
        var json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: spec))) as? [String: Any])
        var phrases = try XCTUnwrap(json["phrases"] as? [String: Any])
        for name in Phrases.borrowed { phrases[name] = nil }
        json["phrases"] = phrases
        let older = Fixtures.temporaryDirectory(self) + "/older.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: older))
        let matrix = try Matrix(SpecLoader.load(path: older))
        XCTAssertEqual(
            matrix.spec.phrases["probeStart"]?.values,
            ["en": "Start this run", "ja": "この計測を始める", "fr": "Start this run"])
        XCTAssertEqual(matrix.spec.phrases["observedTitle"]?["ja"], "{{device}}(iOS {{os}})での実地の記録")
        XCTAssertTrue(matrix.spec.cells.allSatisfy(\.paths.isEmpty))
        XCTAssertNil(
            matrix.spec.phrases["pathCount"],
            "a spec whose cells have one path each needs no path phrases, so none is borrowed")

        var current = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Fixtures.currentSpec)))
                as? [String: Any])
        var currentPhrases = try XCTUnwrap(current["phrases"] as? [String: Any])
        currentPhrases["pathCount"] = nil
        current["phrases"] = currentPhrases
        let withPaths = try Matrix(
            SpecLoader.load(bytes: [UInt8](JSONSerialization.data(withJSONObject: current)), file: "paths.json"))
        XCTAssertEqual(
            withPaths.spec.phrases["pathCount"]?.values, ["en": "{{count}} paths", "ja": "{{count}} 経路"],
            "a spec with paths borrows them")
    }
}
