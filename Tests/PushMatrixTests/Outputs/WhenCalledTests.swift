import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel

/// The reception-handler page's "when it runs" table, read back from the committed Markdown of
/// both built-in matrices in both languages and held against the scenarios: every way it lists
/// happens, a way says "only if the app lacks" a handler exactly when every scenario reaching it
/// lacks that handler, and no way the scenarios reach is left out.
final class WhenCalledTests: XCTestCase {
    private struct Way: Hashable {
        let setup: String
        let state: String?
        let appState: String
        let tap: String?
    }

    func testTheTableSaysWhatTheScenariosDo() throws {
        for builtIn in Fixtures.builtIns where builtIn.matrix.spec.receptionHandler != nil {
            let matrix = builtIn.matrix
            let handler = try XCTUnwrap(matrix.spec.receptionHandler).handler.id
            // What the scenarios say: each way, with the handlers every scenario reaching it lacks.
            var lacking: [Way: Set<String>] = [:]
            for scenario in matrix.scenarios {
                for step in scenario.steps where step.handler == handler {
                    let way = Way(
                        setup: scenario.setup, state: step.state, appState: scenario.appState,
                        tap: step.event.isDelivery ? nil : scenario.tap)
                    lacking[way] = lacking[way].map { $0.intersection(scenario.missing) } ?? Set(scenario.missing)
                }
            }
            for language in matrix.spec.languages.map(\.id) {
                let book = Phrasebook(matrix: matrix, language: language)
                let page = try String(
                    contentsOfFile: "\(builtIn.generated)/Docs/\(language)/reception-handler.md", encoding: .utf8)
                var listed = Set<Way>()
                for (setupName, stateCode, items) in try rows(
                    page, heading: matrix.spec.texts["whenCalledHeading"]![language])
                {
                    let setup = try XCTUnwrap(
                        matrix.spec.setups.first { book.name($0.name).plainText == setupName }, setupName
                    ).id
                    let state = matrix.spec.handlerStates.first { "`\($0.swift)`" == stateCode }?.id
                    for item in items {
                        let context = "\(builtIn.module) \(language): \(setupName) \(stateCode) \(item)"
                        let appState = try XCTUnwrap(
                            matrix.spec.appStates.filter { item.hasPrefix(book.name($0.name).plainText) }
                                .max { $0.name[language].count < $1.name[language].count }, context
                        ).id
                        let tap = matrix.spec.taps.first {
                            item.contains(book.phrase("afterTap", ["tap": book.name($0.name)]).plainText)
                        }?.id
                        let qualifier = matrix.spec.handlers.first {
                            item.contains(book.phrase("onlyWithout", ["handler": book.name($0.name)]).plainText)
                        }?.id
                        let way = Way(setup: setup, state: state, appState: appState, tap: tap)
                        let lacked = try XCTUnwrap(lacking[way], "no scenario runs the handler this way: \(context)")
                        if let qualifier {
                            XCTAssertTrue(
                                lacked.contains(qualifier), "a scenario with the handler reaches it: \(context)")
                        } else {
                            XCTAssertTrue(
                                lacked.isEmpty, "every scenario reaching it lacks \(lacked.sorted()): \(context)")
                        }
                        XCTAssertTrue(listed.insert(way).inserted, "listed twice: \(context)")
                    }
                }
                XCTAssertEqual(
                    listed, Set(lacking.keys), "\(builtIn.module) \(language): every way the scenarios reach, once")
            }
        }
    }

    /// The table under `heading`: each row's setup, state and the ways its last column lists.
    private func rows(_ page: String, heading: String) throws -> [(String, String, [String])] {
        let lines = page.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: "## " + heading), heading)
        let table = lines[start...].drop { !$0.hasPrefix("|---") }.dropFirst().prefix { $0.hasPrefix("|") }
        XCTAssertFalse(table.isEmpty, heading)
        return table.map { line in
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return (columns[1], columns[2], columns[3].components(separatedBy: "<br>"))
        }
    }
}
