import Foundation
import XCTest

@testable import PushMatrix

/// The skeleton's state branches are summarised from the matrix: each summary, expanded back,
/// is exactly the ways the scenarios reach its branch.
final class BranchSummaryTests: XCTestCase {
    /// Every branch (a handler in one of its states) with the ways the scenarios reach it, worked
    /// out step by step: a cell, on arrival or after its tap, and the optional handlers every
    /// scenario that reaches it that way lacks.
    private func reached(_ matrix: Matrix) -> [BranchSummary.Branch: Set<BranchSummary.Way>] {
        struct Reach: Hashable { let setup: String, appState: String, payload: Payload, tap: String? }
        var lacking: [BranchSummary.Branch: [Reach: Set<String>]] = [:]
        for scenario in matrix.scenarios {
            for step in scenario.steps where step.bringsNotification && step.state != nil {
                let branch = BranchSummary.Branch(handler: step.handler, state: step.state!)
                let reach = Reach(
                    setup: scenario.setup, appState: scenario.appState, payload: scenario.payload,
                    tap: step.event.isDelivery ? nil : scenario.tap)
                let missing = Set(scenario.missing)
                lacking[branch, default: [:]][reach] = lacking[branch]?[reach]?.intersection(missing) ?? missing
            }
        }
        return lacking.mapValues { reaches in
            Set(
                reaches.map { reach, lacked in
                    let without = matrix.spec.handlers.map(\.id).filter(lacked.contains)
                    return BranchSummary.Way(
                        setup: reach.setup, appState: reach.appState, payload: reach.payload, tap: reach.tap, without: without)
                })
        }
    }

    func testEachBranchSummaryHoldsExactlyTheWaysThatReachTheBranch() {
        for (matrix, spec, _, _) in Fixtures.builtIns {
            let summaries = BranchSummary.all(matrix), expected = reached(matrix)
            XCTAssertEqual(Set(summaries.keys), Set(expected.keys), spec)
            XCTAssertGreaterThan(summaries.count, 3, "\(spec): the skeleton has several branches")
            for (branch, summary) in summaries {
                let ways = summary.groups.flatMap { $0.ways(keyCount: matrix.payloadKeyIds.count) }
                XCTAssertEqual(ways.count, Set(ways).count, "\(spec) \(branch): no way is in two groups")
                XCTAssertEqual(Set(ways), expected[branch], "\(spec) \(branch)")
                for group in summary.groups {
                    XCTAssertFalse(group.setups.isEmpty || group.appStates.isEmpty || group.taps.isEmpty || group.payloads.isEmpty)
                }
            }
        }
    }

    /// Setups and app states with one set of payloads are told together, and that set in few
    /// words: the built-in matrices need at most a few groups a branch.
    func testTheSummariesAreShort() {
        for (matrix, spec, _, _) in Fixtures.builtIns {
            for (branch, summary) in BranchSummary.all(matrix) {
                XCTAssertLessThanOrEqual(summary.groups.count, 4, "\(spec) \(branch)")
            }
        }
    }
}
