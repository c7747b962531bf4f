import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// `explain --wrapper` answers for every cell of the current matrix, for each wrapper, in JSON and in both languages:
/// every native call of every path comes with its events and the rule and commit that decide them.
final class WrapperAnswersTests: XCTestCase {
    func testEveryCellIsAnsweredInEachWrappersEventsWithItsCommit() throws {
        let matrix = Fixtures.current
        let templates = TemplateLibrary(directory: Fixtures.templates)
        XCTAssertEqual(matrix.spec.wrappers.count, 3)
        for wrapper in matrix.spec.wrappers {
            let commits = Set([wrapper.commit] + wrapper.rules.compactMap(\.commit))
            let query = ExplainView.WrapperQuery(wrapper: wrapper, ownMessage: true, settled: [])
            var calls = 0
            for payload in matrix.payloads {
                let outcomes = matrix.explain(ExplainQuery(payload: payload.flags(matrix.payloadKeyIds)))
                let json = ExplainView.json(outcomes, matrix: matrix, conditions: [], wrapper: query).serialized()
                let answers = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
                XCTAssertEqual(answers.count, 12)
                for answer in answers {
                    for path in [answer] + (answer["paths"] as? [[String: Any]] ?? []) {
                        let taps = path["taps"] as! [String: [[String: Any]]]
                        let native = (path["onDelivery"] as! [[String: Any]]).count + taps.values.map(\.count).reduce(0, +)
                        let places = (path["wrapper"] as! [String: Any])["places"] as! [[String: Any]]
                        let wrapped = places.flatMap { $0["calls"] as! [[String: Any]] }
                        XCTAssertEqual(
                            wrapped.count, native, "every call meets a rule: \(wrapper.id) \(answer["setup"]!) \(answer["state"]!)")
                        for call in wrapped {
                            XCTAssertTrue(commits.contains(call["commit"] as! String), "\(wrapper.id): \(call)")
                            XCTAssertTrue(wrapper.rules.contains { $0.id == call["rule"] as! String })
                        }
                        calls += wrapped.count
                    }
                }
                for language in ["en", "ja"] {
                    var view = ExplainView(book: Phrasebook(matrix: matrix, language: language), without: [], knowsAPNsKeys: false)
                    view.wrapper = query
                    let text = try templates.render(
                        "explain/explain.txt", view.value(outcomes, spec: "builtin:current"), format: PlainFormat())
                    XCTAssertTrue(text.contains(wrapper.commit), "\(wrapper.id) \(language): the answer names the commit")
                    XCTAssertEqual(
                        text.components(separatedBy: "\n  → ").count - 1,
                        outcomes.flatMap { [$0] + $0.paths }.map(Self.callCount).reduce(0, +),
                        "\(wrapper.id) \(language): a line per call")
                }
            }
            XCTAssertGreaterThan(calls, 400, wrapper.id)
        }
    }

    private static func callCount(_ path: Outcome) -> Int {
        path.onDelivery.count + path.taps.map(\.calls.count).reduce(0, +)
    }
}
