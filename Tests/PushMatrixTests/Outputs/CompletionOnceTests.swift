import CurrentPushHandlers
import CurrentPushHandlersTestSupport
import Foundation
import XCTest

/// `PushCompletionOnce`, which stands between iOS's completion handlers and the app's `done`: the
/// handler is called exactly once, in time, whatever the app does with `done`. XCTest runs these
/// on the main thread, which the main actor's run loop needs.
final class CompletionOnceTests: XCTestCase {
    @MainActor private final class Calls {
        var results: [String] = []
        var onMainThread = true
        var missed = false

        func once(within seconds: TimeInterval = 0.2) -> PushCompletionOnce<String> {
            let record = { (result: String) in
                self.results.append(result)
                self.onMainThread = self.onMainThread && Thread.isMainThread
            }
            return PushCompletionOnce(within: seconds, orElse: "failed", missed: { self.missed = true }, record)
        }
    }

    @MainActor private static func spin(_ seconds: TimeInterval) {
        RunLoop.main.run(until: Date() + seconds)
    }

    /// An app that drops `done` (returns early, or a task that throws first): the handler is
    /// still called, with the fallback, at the deadline, and the miss is reported.
    func testADroppedDoneIsAnsweredAtTheDeadline() {
        MainActor.assumeIsolated {
            let calls = Calls()
            _ = calls.once(within: 0.1)
            XCTAssertEqual(calls.results, [])
            Self.spin(0.4)
            XCTAssertEqual(calls.results, ["failed"])
            XCTAssertTrue(calls.missed)
        }
    }

    /// An app that keeps `done` and calls it late, or twice: the first answer counts, once.
    func testAKeptOrRepeatedDoneCountsOnce() {
        MainActor.assumeIsolated {
            let calls = Calls()
            let done = calls.once(within: 0.1).done
            Self.spin(0.3)
            done("late")
            done("late again")
            Self.spin(0.1)
            XCTAssertEqual(calls.results, ["failed"])

            let twice = Calls()
            let answer = twice.once().done
            answer("newData")
            answer("noData")
            Self.spin(0.4)
            XCTAssertEqual(twice.results, ["newData"])
            XCTAssertFalse(twice.missed)
        }
    }

    /// `done` is `@Sendable`: called from another thread or a task, it reaches the handler once,
    /// on the main thread.
    func testDoneFromAnyThreadOrTaskReachesTheMainThreadOnce() {
        MainActor.assumeIsolated {
            let calls = Calls()
            for _ in 0..<50 {
                let done = calls.once(within: 5).done
                DispatchQueue.global().async { done("newData") }
                let other = calls.once(within: 5).done
                Task.detached { other("noData") }
            }
            let deadline = Date() + 5
            while calls.results.count < 100 && Date() < deadline { Self.spin(0.01) }
            Self.spin(0.1)
            XCTAssertEqual(calls.results.count, 100)
            XCTAssertEqual(calls.results.filter { $0 == "newData" }.count, 50)
            XCTAssertTrue(calls.onMainThread)
            XCTAssertFalse(calls.missed)
        }
    }
}
