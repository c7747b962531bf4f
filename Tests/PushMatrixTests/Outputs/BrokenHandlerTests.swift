import PushHandlers
import PushHandlersTestSupport
import XCTest

/// The generated conformance checks must catch handlers that get the matrix wrong.
final class BrokenHandlerTests: XCTestCase {
    func testTheReferenceRouterPasses() {
        XCTAssertEqual(BrokenHandlers.failing { PushRouter(setup: $0, missing: $1) }, [:])
    }

    func testTreatingInactiveAsBackgroundIsCaught() {
        let failures = BrokenHandlers.failing { BrokenHandlers.InactiveAsBackground(setup: $0, missing: $1) }
        XCTAssertEqual(
            failures["alert_contentAvailable_category__ios8_9__background__tapBody"]?.first,
            "step 2, reception (.inactive): classified as delivered(.background), expected tapped(.body)")
        XCTAssertNil(failures["alert__ios10__foreground__noTap"], "a foreground delivery is unaffected")
    }

    func testHandlingBothCallsOfTheIOS8PairIsCaught() {
        let failures = BrokenHandlers.failing { BrokenHandlers.ProcessesEveryCall(setup: $0, missing: $1) }
        XCTAssertEqual(
            failures["alert_contentAvailable_category__ios8_9__background__tapBody"],
            ["step 2, reception (.inactive): the content was already handled"])
    }

    func testAMissingCompletionIsCaught() {
        let failures = BrokenHandlers.failing { BrokenHandlers.NeverCompletes(setup: $0, missing: $1) }
        XCTAssertEqual(
            failures["contentAvailable__ios10__background__noTap"],
            ["step 1, reception (.background): completion handler called 0 times, expected exactly once"])
        XCTAssertNil(failures["none__ios10__notRunning__noTap"], "an ignored push makes no call to complete")
    }
}
