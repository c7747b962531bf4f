import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// One test per distinct scenario: no two scenarios check the same calls under the same
/// conditions, and two that differ only in an optional handler that changes no call are one,
/// which stands for the app with or without it.
final class DistinctScenarioTests: XCTestCase {
    private let matrices: [(name: String, matrix: Matrix)] = [
        ("builtin:ios8-10", Fixtures.builtIn), ("builtin:current", Fixtures.current),
        ("other-dimensions", Fixtures.otherDimensions),
    ]

    /// What a single-push test checks: a push, an app and a tap, the calls iOS makes and what
    /// the app must do on each, for an app that lacks these handlers.
    private struct Check: Hashable {
        let payload: Payload
        let setup: String
        let appState: String
        let tap: String?
        let steps: [Scenario.Step]
        let missing: [String]
    }

    func testNoTwoScenariosCheckTheSameCallsUnderTheSameConditions() {
        for (name, matrix) in matrices {
            var checkedBy: [Check: String] = [:]
            let names = Self.names(matrix)
            for (scenario, scenarioName) in zip(matrix.scenarios, names) {
                for missing in matrix.conditions(of: scenario) {
                    let check = Check(
                        payload: scenario.payload, setup: scenario.setup, appState: scenario.appState,
                        tap: scenario.tap,
                        steps: scenario.steps, missing: missing)
                    if let other = checkedBy[check] {
                        XCTFail("\(name): \(other) and \(scenarioName) both check their calls without \(missing)")
                    }
                    checkedBy[check] = scenarioName
                }
            }
            XCTAssertEqual(Set(names).count, names.count, "\(name): every scenario has a name of its own")
        }
    }

    /// Each path of a cell and tap is checked for every set of missing handlers exactly once:
    /// standing for the app either way loses no condition.
    func testEveryPathIsCheckedOnceForEverySetOfMissingHandlers() {
        for (name, matrix) in matrices {
            let optional = matrix.spec.handlers.filter(\.optional).map(\.id)
            let subsets = optional.reduce([[String]()]) { partial, id in partial + partial.map { $0 + [id] } }
            struct Way: Hashable { let payload: Payload, setup: String, appState: String, tap: String?, path: Int }
            var conditions: [Way: [[String]]] = [:]
            for scenario in matrix.scenarios {
                for path in scenario.paths {
                    let way = Way(
                        payload: scenario.payload, setup: scenario.setup, appState: scenario.appState,
                        tap: scenario.tap, path: path)
                    conditions[way, default: []] += matrix.conditions(of: scenario)
                }
            }
            XCTAssertFalse(conditions.isEmpty)
            for (way, sets) in conditions where sets.sorted(by: Self.before) != subsets.sorted(by: Self.before) {
                XCTFail("\(name): \(way) is checked for \(sets), expected each of \(subsets) once")
            }
        }
    }

    /// Two scenarios of a cell and tap that differ only in whether one handler is missing, and
    /// make the same calls on the same paths, are one.
    func testTwinsAreOneScenario() {
        for (name, matrix) in matrices {
            for (n, scenario) in matrix.scenarios.enumerated() {
                let twin = matrix.scenarios[..<n].last { other in
                    other.payload == scenario.payload && other.setup == scenario.setup
                        && other.appState == scenario.appState
                        && other.tap == scenario.tap && other.paths == scenario.paths && other.steps == scenario.steps
                        && other.eitherWay == scenario.eitherWay && other.missing.count + 1 == scenario.missing.count
                        && Set(other.missing).isSubset(of: scenario.missing)
                }
                XCTAssertNil(twin, "\(name): \(scenario) is a twin of an earlier scenario")
            }
        }
    }

    /// The twins this was made for: in the current matrix, an app without a service extension
    /// meets the same calls for every push without mutable-content; in the field-tested one, an
    /// app without the action handler meets the same calls when nothing is tapped.
    func testTheBuiltInMatricesTwinsStandForTheAppEitherWay() {
        let current = Fixtures.current
        let mutableContent = current.payloadKeyIds.firstIndex(of: "mutableContent")!
        for scenario in current.scenarios where !scenario.payload.isSet(mutableContent) {
            XCTAssertEqual(scenario.missing, [], "\(scenario)")
            XCTAssertEqual(scenario.eitherWay, ["serviceExtension"], "\(scenario)")
            XCTAssertEqual(current.conditions(of: scenario), [[], ["serviceExtension"]])
        }
        XCTAssertTrue(
            current.scenarios.contains { $0.missing == ["serviceExtension"] },
            "with mutable-content, the extension's call tells")
        for scenario in Fixtures.builtIn.scenarios where scenario.tap == nil {
            XCTAssertEqual(scenario.missing, [], "\(scenario)")
            XCTAssertEqual(scenario.eitherWay, ["action"], "\(scenario)")
        }
    }

    private static func names(_ matrix: Matrix) -> [String] {
        matrix.scenariosByPayload.flatMap {
            SwiftView.Group($0.payload, $0.scenarios, keys: matrix.payloadKeyIds).names
        }
    }

    private static func before(_ a: [String], _ b: [String]) -> Bool {
        a.joined(separator: ",") < b.joined(separator: ",")
    }
}
