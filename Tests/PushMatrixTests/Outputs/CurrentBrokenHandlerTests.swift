import CurrentPushHandlers
import CurrentPushHandlersTestSupport
import Foundation
import XCTest

/// The conformance checks generated from the current-iOS matrix must catch handlers that get it
/// wrong in the ways developers report for scenes, SwiftUI and service extensions.
final class CurrentBrokenHandlerTests: XCTestCase {
    /// Does its work but never hands any content to the system's content handler.
    final class DropsContent: PushServiceExtensionUnderTest {
        private let work: PushServiceExtensionWork
        init(work: @escaping PushServiceExtensionWork) { self.work = work }
        func receive(_ content: [AnyHashable: Any], deliver: @escaping ([AnyHashable: Any]) -> Void) {
            work(content) { _ in }
        }
        func timeWillExpire() {}
    }

    /// Hands content over when its work finishes and again when time runs out, without noting
    /// that it already did.
    final class DeliversTwice: PushServiceExtensionUnderTest, @unchecked Sendable {
        private let work: PushServiceExtensionWork
        private let lock = NSLock()
        private var original: [AnyHashable: Any] = [:]
        private var deliver: (([AnyHashable: Any]) -> Void)?
        init(work: @escaping PushServiceExtensionWork) { self.work = work }
        func receive(_ content: [AnyHashable: Any], deliver: @escaping ([AnyHashable: Any]) -> Void) {
            lock.lock()
            original = content
            self.deliver = deliver
            lock.unlock()
            work(content) { self.hand($0) }
        }
        func timeWillExpire() {
            lock.lock()
            let content = original
            lock.unlock()
            hand(content)
        }
        private func hand(_ content: [AnyHashable: Any]) {
            lock.lock()
            let deliver = self.deliver
            lock.unlock()
            deliver?(content)
        }
    }

    /// The names of the failing scenarios that match every given part of a name.
    private func names(_ failures: [String: [String]], containing parts: String...) -> [String] {
        failures.keys.filter { name in parts.allSatisfy { name.contains($0) } }.sorted()
    }

    func testTheReferenceRouterPasses() {
        let scenarios = PushScenario.all + PushScenario.underConditions
        XCTAssertEqual(CurrentBrokenHandlers.failing({ PushRouter(setup: $0, missing: $1) }, scenarios: scenarios), [:])
    }

    func testAColdStartTapAnsweredBySceneAndCenterIsCaught() {
        let failures = CurrentBrokenHandlers.failing {
            CurrentBrokenHandlers.SceneAndCenterKeepSeparateState(setup: $0, missing: $1)
        }
        XCTAssertEqual(
            failures["alert_category__scenes__terminated__tapBody"],
            [
                "step 2, action (.inactive): the content was already handled",
                "step 2, action (.inactive): this call must not answer a tap",
            ])
        XCTAssertEqual(
            failures["alert__swiftUI__forceQuit__tapBody"],
            [
                "step 2, action (.inactive): the content was already handled",
                "step 2, action (.inactive): this call must not answer a tap",
            ])
        XCTAssertNil(
            failures["alert_category__scenes__foreground__tapBody"], "a foreground tap has no scene connection")
        XCTAssertNil(
            failures["alert_category__scenes__terminated__tapActionButton"], "a background action connects no scene")
        // Exactly the cold-start body taps of the scene setups fail.
        let expected = PushScenario.all.filter {
            $0.steps.contains { $0.handler == .sceneConnect && $0.bringsNotification }
        }.map(\.name)
            .sorted()
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(failures.keys.sorted(), expected)
    }

    /// The path where a cold start's connection options hold no response: only `didReceive`
    /// brings the tap, and a handler that trusts the connection to have answered misses it.
    func testReadingOnlyTheConnectionOptionsIsCaught() {
        let failures = CurrentBrokenHandlers.failing {
            CurrentBrokenHandlers.ReadsOnlyConnectionOptions(setup: $0, missing: $1)
        }
        XCTAssertEqual(
            failures["alert__scenes__terminated__tapBodyPath2"],
            ["step 2, action (.inactive): the tap must be answered here"])
        XCTAssertEqual(
            failures["alert_category__swiftUI__forceQuit__tapBodyPath2"],
            ["step 2, action (.inactive): the tap must be answered here"])
        XCTAssertNil(failures["alert__scenes__terminated__tapBody"], "the path whose connection brings the tap passes")
        // An open from the app icon connects the scene without the notification too, but has no tap to answer.
        let expected = PushScenario.all.filter {
            $0.tap != .icon && $0.steps.contains { $0.handler == .sceneConnect && !$0.bringsNotification }
        }
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(failures.keys.sorted(), expected.map(\.name).sorted())
    }

    /// iOS 18.0's second `willPresent` for one push: the content is handled on the first only.
    /// A call the matrix lists, taken as one it does not, is a failure: the classifier mutant
    /// that loses a row no longer passes because the router hands the content over anyway.
    func testAListedCallTakenAsUnexpectedIsCaught() {
        let failing = CurrentBrokenHandlers.failing(CurrentBrokenHandlers.LosesTheForegroundPresentation.init)
        XCTAssertEqual(
            failing["alert__scenes__foreground__noTap"],
            ["step 1, presentation (.active): taken as a call the matrix does not list"])
        XCTAssertTrue(failing.keys.allSatisfy { $0.contains("__foreground__") }, "\(failing.keys.sorted())")
    }

    func testHandlingEveryPresentationIsCaught() {
        let failures = CurrentBrokenHandlers.failing {
            CurrentBrokenHandlers.HandlesEveryPresentation(setup: $0, missing: $1)
        }
        XCTAssertEqual(
            failures["alert__scenes__foreground__noTapPath2"],
            ["step 2, presentation (.active): the content was already handled"])
        XCTAssertEqual(
            failures["alert_mutableContent__appDelegate__foreground__tapBodyPath2"],
            ["step 3, presentation (.active): the content was already handled"])
        XCTAssertNil(failures["alert__scenes__foreground__noTap"], "one presentation per push passes")
        let expected = PushScenario.all.filter {
            $0.steps.contains { $0.handler == .presentation && !$0.processesContent }
        }
        XCTAssertEqual(failures.keys.sorted(), expected.map(\.name).sorted())
        XCTAssertTrue(expected.contains { $0.name.hasSuffix("Path2") })
    }

    /// An app the system started in the background for the push may still be running at the
    /// tap: that tap is a warm one, with no launching call before it.
    func testEveryTapAfterABackgroundLaunchTakenForColdIsCaught() {
        let failures = CurrentBrokenHandlers.failing {
            CurrentBrokenHandlers.EveryTapAfterBackgroundLaunchIsCold(setup: $0, missing: $1)
        }
        XCTAssertEqual(
            failures["alert_contentAvailable__appDelegate__terminated__tapBodyPath2"],
            ["step 2, action (.inactive): the tap must be answered here"])
        XCTAssertNil(
            failures["alert_contentAvailable__appDelegate__terminated__tapBody"],
            "the cold start after the launch passes")
        XCTAssertNil(
            failures["alert_contentAvailable__appDelegate__terminated__tapBodyPath3"], "no background launch: passes")
        XCTAssertEqual(
            failures["alert_contentAvailable_category__scenes__background__tapDismiss"],
            ["step 2, action (.background): the tap must be answered here"])
    }

    func testReadingOnlyTheLaunchOptionsIsCaught() {
        let failures = CurrentBrokenHandlers.failing {
            CurrentBrokenHandlers.ReadsOnlyLaunchOptions(setup: $0, missing: $1)
        }
        XCTAssertEqual(
            failures["alert_category__scenes__terminated__tapBody"],
            [
                "step 1, sceneConnect: classified as nothing, expected tapped(.body)",
                "step 1, sceneConnect: the content must be handled here",
                "step 1, sceneConnect: the tap must be answered here",
                "step 2, action (.inactive): the content was already handled",
                "step 2, action (.inactive): this call must not answer a tap",
            ])
        XCTAssertNil(
            failures["alert_category__appDelegate__terminated__tapBody"],
            "without scenes the launch options hold the tap")
        XCTAssertEqual(names(failures, containing: "__appDelegate__"), [])
        XCTAssertEqual(
            Set(failures.keys),
            Set(
                PushScenario.all.filter { $0.steps.contains { $0.handler == .sceneConnect && $0.bringsNotification } }
                    .map(\.name)))
        XCTAssertNil(
            failures["alert__scenes__terminated__tapBodyPath2"],
            "where the options hold no response, didReceive answers")
    }

    func testADelegateAssignedAfterLaunchIsCaught() {
        let failures = CurrentBrokenHandlers.failing {
            CurrentBrokenHandlers.DelegateAssignedTooLate(setup: $0, missing: $1)
        }
        XCTAssertEqual(
            failures["alert_category__scenes__terminated__tapBody"],
            [
                "step 2, action (.inactive): classified as nothing, expected tapped(.body)",
                "step 2, action (.inactive): completion handler called 0 times, expected exactly once",
            ])
        XCTAssertEqual(
            failures["alert_category__appDelegate__forceQuit__tapActionButton"],
            [
                "step 2, action (.background): classified as nothing, expected tapped(.actionButton)",
                "step 2, action (.background): the tap must be answered here",
                "step 2, action (.background): completion handler called 0 times, expected exactly once",
            ])
        XCTAssertNil(failures["alert_category__scenes__background__tapBody"], "a warm app has its delegate")
        XCTAssertFalse(names(failures, containing: "__swiftUI__terminated__tapBody").isEmpty)
        // A background action on a scene app that is not running starts with the action itself:
        // no launching call precedes it in the matrix, so nothing marks the launch to miss.
        XCTAssertNil(failures["alert_category__scenes__terminated__tapActionButton"])
        XCTAssertNil(failures["alert_category__swiftUI__forceQuit__tapDismiss"])
    }

    /// The matrix's own background cells always wake the app first; only the scenarios under
    /// conditions (Background App Refresh off, a spent budget) show the guess loses the push.
    func testTrustingTheBackgroundWakeIsCaughtUnderConditions() {
        let failures = CurrentBrokenHandlers.failing(
            { CurrentBrokenHandlers.TrustsTheBackgroundWake(setup: $0, missing: $1) },
            scenarios: PushScenario.all + PushScenario.underConditions)
        XCTAssertEqual(
            names(failures, containing: "alert_contentAvailable__appDelegate__background__"),
            ["alert_contentAvailable__appDelegate__background__tapBody__backgroundAppRefreshOff"])
        XCTAssertEqual(
            failures["alert_contentAvailable__appDelegate__background__tapBody__backgroundAppRefreshOff"],
            ["step 1, action (.inactive): the content must be handled here"])
    }

    func testAPresentationThatNeverCompletesIsCaught() {
        let failures = CurrentBrokenHandlers.failing {
            CurrentBrokenHandlers.PresentationNeverCompletes(setup: $0, missing: $1)
        }
        XCTAssertEqual(
            failures["alert__scenes__foreground__noTap"],
            ["step 1, presentation (.active): completion handler called 0 times, expected exactly once"])
        XCTAssertEqual(
            failures["alert_mutableContent__swiftUI__foreground__noTap"],
            ["step 2, presentation (.active): completion handler called 0 times, expected exactly once"],
            "the service extension's call comes first and is not the app's")
        XCTAssertNil(failures["alert__scenes__background__tapBody"], "no presentation off screen")
        XCTAssertNil(failures["contentAvailable__appDelegate__foreground__noTap"], "a silent push is not presented")
        XCTAssertEqual(names(failures, containing: "__background__"), [])
    }

    /// A scenario that stands for an app with or without the service extension is checked with
    /// a handler made for each: failures both show are listed as they are, and a failure only one
    /// shows is named with the app that shows it.
    func testAScenarioThatStandsForEitherAppChecksAHandlerForEach() {
        let scenario = PushScenario.alert__scenes__foreground__noTap
        XCTAssertEqual(scenario.missing, [])
        XCTAssertEqual(scenario.eitherWay, [.serviceExtension])
        XCTAssertEqual(scenario.conditions, [[], [.serviceExtension]])
        XCTAssertTrue(scenario.standsFor(missing: []) && scenario.standsFor(missing: [.serviceExtension]))
        let withExtension = PushScenario.alert_mutableContent__scenes__foreground__noTap
        XCTAssertTrue(withExtension.standsFor(missing: []) && !withExtension.standsFor(missing: [.serviceExtension]))
        let failure = "step 1, presentation (.active): completion handler called 0 times, expected exactly once"
        var made: [Set<PushHandler>] = []
        let onlyWithout = PushConformanceCheck.failures(scenario) { missing in
            made.append(missing)
            return missing.isEmpty
                ? PushRouter(setup: .scenes, missing: missing)
                : CurrentBrokenHandlers.PresentationNeverCompletes(setup: .scenes, missing: missing)
        }
        XCTAssertEqual(made, [[], [.serviceExtension]])
        XCTAssertEqual(onlyWithout, ["without serviceExtension: " + failure])
        let both = PushConformanceCheck.failures(scenario) {
            CurrentBrokenHandlers.PresentationNeverCompletes(setup: .scenes, missing: $0)
        }
        XCTAssertEqual(both, [failure])
    }

    func testTheReferenceServiceExtensionPasses() {
        XCTAssertEqual(PushServiceExtensionCheck.failures { PushReferenceServiceExtension(work: $0) }, [])
    }

    func testAServiceExtensionThatNeverDeliversIsCaught() {
        XCTAssertEqual(
            PushServiceExtensionCheck.failures { DropsContent(work: $0) },
            [
                "work finished in time: deliver never called",
                "time expired first: deliver not called when time expired",
                "work finished while time expired (round 1): deliver called 0 times",
            ])
    }

    func testAServiceExtensionThatDeliversTwiceIsCaught() {
        XCTAssertEqual(
            PushServiceExtensionCheck.failures { DeliversTwice(work: $0) },
            [
                "work finished in time: deliver called again after time expired",
                "work finished twice: deliver called 2 times",
                "time expired first: deliver called again after time expired",
                "work finished while time expired (round 1): deliver called 2 times",
            ])
    }
}
