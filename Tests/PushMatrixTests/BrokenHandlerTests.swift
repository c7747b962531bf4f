import PushHandlers
import XCTest

/// The generated conformance checks must catch handlers that get the matrix wrong.
final class BrokenHandlerTests: XCTestCase {
    /// Takes `.inactive` for `.background`: a tap looks like another background delivery.
    final class InactiveAsBackground: PushHandlerUnderTest {
        let router: PushRouter
        init(api: InitAPI, missing: Set<Handler>) { router = PushRouter(api: api, missing: missing) }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            router.receive(handler, state: state == .inactive ? .background : state, userInfo: userInfo, complete: complete)
        }
    }

    /// Handles the content on every call, so the iOS 8/9 background-then-inactive pair does it twice.
    final class ProcessesEveryCall: PushHandlerUnderTest {
        let router: PushRouter
        init(api: InitAPI, missing: Set<Handler>) { router = PushRouter(api: api, missing: missing) }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            var handling = router.receive(handler, state: state, userInfo: userInfo, complete: complete)
            handling.processesContent = handling.event != nil
            return handling
        }
    }

    /// Forgets the completion handler.
    final class NeverCompletes: PushHandlerUnderTest {
        let router: PushRouter
        init(api: InitAPI, missing: Set<Handler>) { router = PushRouter(api: api, missing: missing) }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            router.receive(handler, state: state, userInfo: userInfo, complete: nil)
        }
    }

    /// Scenario name → failures, for every scenario the handler fails.
    private func failing(_ make: (InitAPI, Set<Handler>) -> PushHandlerUnderTest) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for scenario in Scenario.all {
            let failures = ConformanceCheck.failures(scenario, handler: make(scenario.api, scenario.missing))
            if !failures.isEmpty { result[scenario.name] = failures }
        }
        return result
    }

    func testTheReferenceRouterPasses() {
        XCTAssertEqual(failing { PushRouter(api: $0, missing: $1) }, [:])
    }

    func testTreatingInactiveAsBackgroundIsCaught() {
        let failures = failing { InactiveAsBackground(api: $0, missing: $1) }
        XCTAssertEqual(
            failures["alert_contentAvailable_category__ios8_9__background__tapBody"]?.first,
            "step 2, reception (.inactive): classified as delivered(.background), expected tapped(.body)")
        XCTAssertNil(failures["alert__ios10__foreground__noTap"], "a foreground delivery is unaffected")
    }

    func testHandlingBothCallsOfTheIOS8PairIsCaught() {
        let failures = failing { ProcessesEveryCall(api: $0, missing: $1) }
        XCTAssertEqual(
            failures["alert_contentAvailable_category__ios8_9__background__tapBody"],
            ["step 2, reception (.inactive): the content was already handled"])
    }

    func testAMissingCompletionIsCaught() {
        let failures = failing { NeverCompletes(api: $0, missing: $1) }
        XCTAssertEqual(
            failures["contentAvailable__ios10__background__noTap"],
            ["step 1, reception (.background): completion handler called 0 times, expected exactly once"])
        XCTAssertNil(failures["none__ios10__notRunning__noTap"], "an ignored push makes no call to complete")
    }
}
