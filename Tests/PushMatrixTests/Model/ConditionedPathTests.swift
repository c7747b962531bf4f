import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// Under conditions, the current matrix's answers tell each way through a cell once: paths the conditions made the same
/// are merged, keeping every source, and no note outlives the calls that carried it.
final class ConditionedPathTests: XCTestCase {
    private let matrix = Fixtures.current

    /// Each answer under each condition alone and under all of them, for every payload.
    private var everyAnswer: [(conditions: [String], outcome: Outcome)] {
        let ids = matrix.spec.conditions.map(\.id)
        let keys = matrix.payloadKeyIds
        return (ids.map { [$0] } + [ids]).flatMap { conditions in
            (0..<(1 << keys.count)).flatMap { bits in
                let flags = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, bits & (1 << $0) != 0) })
                return matrix.explain(ExplainQuery(payload: flags, conditions: conditions)).map { (conditions, $0) }
            }
        }
    }

    /// What a path does, as the reader sees it: calls on delivery, whether it is shown, each tap's calls, held and
    /// unsettled calls.
    private func told(_ path: Outcome) -> String {
        func calls(_ list: [Call]) -> String {
            list.map { "\($0.handler.id):\($0.state?.id ?? ""):\($0.bringsNotification)" }.joined(separator: ",")
        }
        let taps = path.taps.map { "\($0.tap)=\(calls($0.calls))" }.joined(separator: ";")
        return "\(calls(path.onDelivery)) \(path.notificationCenter) \(taps) \(calls(path.held)) \(calls(path.unsettled))"
    }

    /// A call the cell marks unknown (Tests/Fixtures/calls-with-duties.json) is, for `observe`, made on one way through
    /// the cell and not on another, as a condition's unknown call is.
    func testObserveTakesACallTheCellMarksUnknownMadeOrNot() throws {
        let matrix = try Matrix(SpecLoader.load(path: Fixtures.fixture("calls-with-duties.json")))
        let ways = matrix.paths(of: matrix.spec.cells[3], tap: nil, without: [], under: []).paths.map { $0.steps.map(\.handler) }
        XCTAssertEqual(ways, [["reception"], ["launch", "reception"]])
    }

    func testNoTwoPathsOfAnAnswerAreTheSame() {
        var merged = 0
        for (conditions, outcome) in everyAnswer {
            let paths = [outcome] + outcome.paths
            let cell = "\(outcome.payload) \(outcome.setup) \(outcome.appState) under \(conditions)"
            XCTAssertEqual(Set(paths.map(told)).count, paths.count, cell)
            XCTAssertEqual(paths.map(\.path), Array(1...paths.count), "numbered again: \(cell)")
            merged += paths.map(\.alike.count).reduce(0, +)
        }
        XCTAssertGreaterThan(merged, 0, "some condition makes two paths the same")
    }

    func testNoNoteOutlivesTheCallsThatCarriedIt() {
        for (conditions, outcome) in everyAnswer {
            let cell = matrix.cell(payload: outcome.payload, setup: outcome.setup, appState: outcome.appState)
            let own = Set(matrix.appStates[cell.appState.id]!.notes.map(\.id) + cell.notes.map(\.id))
            for path in [outcome] + outcome.paths {
                // A merged path's notes include those the calls of the paths that joined it carry.
                let carried = ([path] + path.alike).flatMap { $0.onDelivery + $0.taps.flatMap(\.calls) + $0.held }.flatMap {
                    $0.notes.map(\.id)
                }
                let stale = path.notes.filter { !own.contains($0) && !carried.contains($0) }
                XCTAssertEqual(
                    stale, [], "path \(path.path) of \(outcome.payload) \(outcome.setup) \(outcome.appState) under \(conditions)")
            }
        }
    }

    /// Before the first unlock, a terminated app is not woken: the cell's own path and the report of a tap without a
    /// wake come to the same calls, told once with both sources, in both languages and as JSON.
    func testAMergedPathKeepsEverySource() throws {
        let arguments = [
            "explain", "--spec", Fixtures.currentSpec, "--alert", "--content-available", "--setup", "appDelegate", "--state",
            "terminated", "--condition", "beforeFirstUnlock",
        ]
        let english = Command.run(arguments).stdout
        XCTAssertTrue(
            english.contains(
                "  Path 1 (expected, not yet observed)\n  1. The notification is shown.\n"),
            english)
        XCTAssertTrue(english.contains("  > Same calls under these conditions: another path (reported: OneSignal iOS SDK)\n"), english)
        XCTAssertTrue(english.contains("  Path 2 (reported, extrapolated: Flutter push plugins)\n"), english)
        XCTAssertFalse(english.contains("Path 3"), english)
        XCTAssertTrue(english.contains("  Source: OneSignal iOS SDK:"), "the merged path's source stays listed: \(english)")
        let japanese = Command.run(arguments + ["--lang", "ja"]).stdout
        XCTAssertTrue(japanese.contains("  > この条件で同じ呼び出しになる経路：別の経路（報告：OneSignal iOS SDK）\n"), japanese)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(Command.run(arguments + ["--json"]).stdout.utf8)) as? [[String: Any]])
        let alike = try XCTUnwrap(json.first?["alike"] as? [[String: Any]])
        XCTAssertEqual(alike.map { $0["path"] as? Int }, [3], "the number it has in the cell")
        XCTAssertEqual(alike.map { ($0["source"] as? [String: Any])?["id"] as? String }, ["reportedNoBackgroundLaunchTapStillArrives"])
        XCTAssertEqual((json.first?["paths"] as? [[String: Any]])?.map { $0["path"] as? Int }, [2])
    }

    /// A merged path is unlikely only where both were, needs a premise only where both did, and gathers both paths'
    /// notes and the conditions that changed either.
    func testAMergedPathIsLikelyWhereEitherWas() {
        let payload = ["alert": true, "contentAvailable": false, "mutableContent": false, "category": false]
        var first = matrix.explain(ExplainQuery(payload: payload, setups: ["scenes"], appStates: ["background"]))[0]
        (first.unlikelyUnder, first.changedBy, first.notes) = (["debuggerAttached", "sceneDisconnected"], ["lowPowerMode"], ["a"])
        var other = first.paths[0]
        (other.unlikelyUnder, other.changedBy, other.notes) = (["debuggerAttached"], ["budgetSpent"], ["b", "a"])
        XCTAssertEqual(other.premise, "sceneDisconnected")
        first.merge(other)
        XCTAssertEqual(first.unlikelyUnder, ["debuggerAttached"])
        XCTAssertEqual(first.changedBy, ["lowPowerMode", "budgetSpent"])
        XCTAssertEqual(first.notes, ["a", "b"])
        XCTAssertNil(first.premise, "the cell's own path needs no condition, so neither does what joins it")
        var premised = other
        premised.merge(other)
        XCTAssertEqual(premised.premise, "sceneDisconnected")
        XCTAssertEqual(first.alike.map(\.path), [2])
    }
}
