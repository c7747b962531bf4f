import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

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
                        setup: reach.setup, appState: reach.appState, payload: reach.payload, tap: reach.tap,
                        without: without)
                })
        }
    }

    func testEachBranchSummaryHoldsExactlyTheWaysThatReachTheBranch() {
        for (matrix, spec, _, _) in Fixtures.uiKitBuiltIns {
            let summaries = BranchSummary.all(matrix)
            let expected = reached(matrix)
            XCTAssertEqual(Set(summaries.keys), Set(expected.keys), spec)
            XCTAssertGreaterThan(summaries.count, 3, "\(spec): the skeleton has several branches")
            for (branch, summary) in summaries {
                let ways = summary.groups.flatMap { $0.ways(keyCount: matrix.payloadKeyIds.count) }
                XCTAssertEqual(ways.count, Set(ways).count, "\(spec) \(branch): no way is in two groups")
                XCTAssertEqual(Set(ways), expected[branch], "\(spec) \(branch)")
                for group in summary.groups {
                    XCTAssertFalse(
                        group.setups.isEmpty || group.appStates.isEmpty || group.taps.isEmpty || group.payloads.isEmpty)
                }
            }
        }
    }

    /// Setups and app states with one set of payloads are told together, and that set in few
    /// words: the built-in matrices need at most a few groups a branch.
    func testTheSummariesAreShort() {
        for (matrix, spec, _, _) in Fixtures.uiKitBuiltIns {
            for (branch, summary) in BranchSummary.all(matrix) {
                XCTAssertLessThanOrEqual(summary.groups.count, 4, "\(spec) \(branch)")
            }
        }
    }

    /// The committed skeletons' branch comments: at most `SwiftView.branchLines` lines and 120
    /// columns each, none cut short, and every `#cell-…` they name an anchor on the matrix page.
    func testTheCommittedBranchCommentsAreShortAndNameCellsOfTheMatrixPage() throws {
        for (_, spec, generated, module) in Fixtures.uiKitBuiltIns {
            let file = generated + "/Sources/\(module)/Skeleton/PushAppDelegate+States.swift"
            let page = try String(contentsOfFile: generated + "/Docs/en/reception-methods.md", encoding: .utf8)
            let branches = try Self.branchComments(String(contentsOfFile: file, encoding: .utf8))
            XCTAssertGreaterThanOrEqual(branches.count, 6, spec)
            for comment in branches {
                XCTAssertFalse(comment.isEmpty, spec)
                XCTAssertLessThanOrEqual(comment.count, SwiftView.branchLines, "\(spec): \(comment)")
                for line in comment {
                    XCTAssertLessThanOrEqual(line.count, 120, "\(spec): \(line)")
                    XCTAssertFalse(line.contains("more: see"), "\(spec): a built-in summary is told whole")
                    for anchor in line.split(separator: " ").filter({ $0.hasPrefix("#cell-") }) {
                        XCTAssertTrue(page.contains("<a id=\"\(anchor.dropFirst())\"></a>"), "\(spec): \(anchor)")
                    }
                }
            }
        }
        let current = try String(
            contentsOfFile: Fixtures.currentGenerated
                + "/Sources/CurrentPushHandlers/Skeleton/PushAppDelegate+States.swift",
            encoding: .utf8)
        XCTAssertTrue(
            current.contains("// every setup · background, terminated or forceQuit, tap body: any payload with alert\n")
        )
    }

    /// The comment lines of each branch of the `state(for…)` switches.
    private static func branchComments(_ text: String) -> [[Substring]] {
        var branches: [[Substring]] = []
        var inSwitch = false
        for line in text.split(separator: "\n") {
            if line.contains("static func state(for") { inSwitch = true }
            if line.contains("@unknown default") { inSwitch = false }
            guard inSwitch else { continue }
            if line.hasPrefix("        case .") { branches.append([]) }
            if line.hasPrefix("            // ") { branches[branches.count - 1].append(line) }
        }
        return branches
    }
}
