import Foundation
import VoIPApp
import VoIPAppHandlers
import VoIPAppHandlersTestSupport
import XCTest

/// The app's own tests of its calls' delegate, through the methods PushKit and CallKit call.
final class AppCallsTests: XCTestCase {
    /// How many scenarios the generated suite replays, for CI's log.
    func testTheSuiteHasScenarios() {
        let count = PushScenario.all.count + PushScenario.underConditions.count
        print("voip scenarios: \(count)")
        XCTAssertGreaterThan(count, 0)
    }

    /// A push naming a caller rings it before the PushKit method returns, and the answer is
    /// fulfilled once.
    @MainActor
    func testACallRingsAndIsAnswered() async {
        let calls = AppCalls()
        let under = PushVoIPDelegateUnderTest(calls, payloads: [["caller": "alice"]])
        let delivery = await under.deliver(["caller": "alice"], isVoIP264: false, mustReport: true, elsewhere: false)
        XCTAssertEqual(delivery.reportedBeforeReturn, 1)
        XCTAssertEqual(delivery.completions, 1)
        XCTAssertEqual(calls.calls.count, 1)
        let answer = await under.act(on: delivery.call!, isAnswer: true)
        XCTAssertEqual(answer.fulfilled, 1)
        XCTAssertEqual(answer.failed, 0)
    }
}
