import Foundation
import XCTest

/// The generated skeleton tested as an app's test target tests it: both matrices' suites run
/// against a PushAppDelegate subclass through `PushAppDelegateUnderTest`, then broken subclasses,
/// then traffic as it comes through the delegate's own UIKit methods and a randomized run with
/// restarts (Tests/Fixtures/skeleton). The skeleton passes every scenario, sequence and traffic
/// case; each broken subclass fails exactly as listed here.
final class SkeletonConformanceTests: IntegrationTestCase {
    private func run(_ generated: String, module: String, fixture: String) throws -> [String] {
        let sources = SwiftCompiler.moduleAndTestSupport(module, in: generated)
        let files = sources + [Fixtures.fixture("skeleton/main.swift"), Fixtures.fixture("skeleton/\(fixture).swift")]
        let (status, output) = try SwiftCompiler.runProgram(files, in: Fixtures.temporaryDirectory(self), module: module)
        XCTAssertEqual(status, 0, output)
        return output.split(separator: "\n").map(String.init)
    }

    /// The lines every matrix's broken subclasses print for a scenario's delivery in the
    /// background, whose content they never finish in time, and then for its tap, which hands the
    /// unfinished content over again; last, the subclass that answers `.failed` once.
    private func deadlineLines(_ scenario: String) -> [String] {
        let step2 = "\(scenario): step 2, action (.inactive): "
        let unfinished = ["dropsDone", "keepsDone", "answersAfterDeadline"].flatMap {
            [
                "\($0): \(scenario): step 1, reception (.background): the app did not call done before the deadline, so iOS was told .failed",
                "\($0): " + step2 + "the content was handed over again: the app had not finished it",
                "\($0): " + step2 + "the app did not call done before the deadline, so iOS was told .failed",
            ]
        }
        return unfinished + [
            "failsOffline: " + step2 + "the content was handed over again: the app had not finished it"
        ]
    }

    func testTheCurrentSkeletonPassesItsSuiteAndTrafficAndBrokenSubclassesFail() throws {
        let lines = try run(Fixtures.currentGenerated, module: "CurrentPushHandlers", fixture: "current")
        let unfinished = ["dropsDone", "keepsDone", "answersAfterDeadline"].flatMap { behaviour in
            [
                "extensionEdited: 1 completion handlers got .failed",
                "extensionReplaced: 1 completion handlers got .failed",
                "restartBetweenDeliveryAndTap: content handled 2 times, expected 1...1",
                "unmodelledState: 1 completion handlers got .failed",
                "identicalPayloadsAcrossStates: 1 completion handlers got .failed",
                "offTheMainThread: 20 completion handlers got .failed",
            ].map { "traffic \(behaviour) \($0)" }
        }
        let offline = [
            "extensionEdited: 1 completion handlers got .failed",
            "extensionReplaced: 1 completion handlers got .failed",
            "restartBetweenDeliveryAndTap: content handled 2 times, expected 1...1",
            "unmodelledState: 1 completion handlers got .failed",
            "identicalPayloadsAcrossStates: 1 completion handlers got .failed",
            "offTheMainThread: 20 completion handlers got .failed",
        ].map { "traffic failsOffline \($0)" }
        XCTAssertEqual(
            lines,
            ["skeleton: 1064 scenarios, 12 sequences, 0 failures"]
                + deadlineLines("alert_contentAvailable__scenes__background__tapBody") + unfinished + [
                    "traffic ignoresUnexpected unmodelledState: content handled 0 times, expected 1...1",
                    "traffic answersTapTwice receptionAfterTap: taps answered 2 times, expected 1",
                    "traffic answersTapTwice coldStartTap: taps answered 2 times, expected 1",
                    "traffic answersTapTwice actionAndDismiss: taps answered 4 times, expected 2",
                ] + offline + ["end"])
    }

    func testTheFieldTestedSkeletonPassesItsSuiteAndTrafficAndBrokenSubclassesFail() throws {
        let lines = try run(Fixtures.generated, module: "PushHandlers", fixture: "legacy")
        XCTAssertEqual(
            lines,
            ["skeleton: 90 scenarios, 5 sequences, 0 failures"]
                + deadlineLines("alert_contentAvailable__ios10__background__tapBody")
                + ["dropsDone", "keepsDone", "answersAfterDeadline"].map {
                    "traffic \($0) identicalTapsOnIOS8or9: 2 completion handlers got .failed"
                } + [
                    "traffic answersTapTwice identicalTapsOnIOS8or9: taps answered 4 times, expected 2",
                    "traffic failsOffline identicalTapsOnIOS8or9: 2 completion handlers got .failed", "end",
                ])
    }
}
