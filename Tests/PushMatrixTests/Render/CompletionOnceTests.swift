import CurrentPushHandlers
import Foundation
import XCTest

/// `CompletionOnce`, which stands between iOS's completion handlers and the app's `done`: the
/// handler is called exactly once, in time, whatever the app does with `done`.
@MainActor
final class CompletionOnceTests: XCTestCase {
    private final class Calls {
        var results: [String] = []
        var onMainThread = true
    }

    private func once(_ calls: Calls, within seconds: TimeInterval = 0.2) -> CompletionOnce<String> {
        CompletionOnce(within: seconds, orElse: "failed") { result in
            calls.results.append(result)
            calls.onMainThread = calls.onMainThread && Thread.isMainThread
        }
    }

    private func spin(_ seconds: TimeInterval) {
        RunLoop.main.run(until: Date() + seconds)
    }

    /// An app that drops `done` (returns early, or a task that throws first): the handler is
    /// still called, with the fallback, at the deadline.
    func testADroppedDoneIsAnsweredAtTheDeadline() {
        let calls = Calls()
        var missed = false
        _ = CompletionOnce(within: 0.1, orElse: "failed", missed: { missed = true }) { calls.results.append($0) }
        XCTAssertEqual(calls.results, [])
        spin(0.4)
        XCTAssertEqual(calls.results, ["failed"])
        XCTAssertTrue(missed)
    }

    /// An app that keeps `done` and calls it late, or twice: the first answer counts, once.
    func testAKeptOrRepeatedDoneCountsOnce() {
        let calls = Calls()
        let done = once(calls, within: 0.1).done
        spin(0.3)
        done("late")
        done("late again")
        spin(0.1)
        XCTAssertEqual(calls.results, ["failed"])

        let twice = Calls()
        let answer = once(twice).done
        answer("newData")
        answer("noData")
        spin(0.4)
        XCTAssertEqual(twice.results, ["newData"])
    }

    /// `done` is `@Sendable`: called from another thread or a task, it reaches the handler once,
    /// on the main thread.
    func testDoneFromAnyThreadOrTaskReachesTheMainThreadOnce() {
        let calls = Calls()
        for _ in 0..<50 {
            let done = once(calls, within: 5).done
            DispatchQueue.global().async { done("newData") }
            let other = once(calls, within: 5).done
            Task.detached { other("noData") }
        }
        let deadline = Date() + 5
        while calls.results.count < 100 && Date() < deadline { spin(0.01) }
        spin(0.1)
        XCTAssertEqual(calls.results.count, 100)
        XCTAssertEqual(calls.results.filter { $0 == "newData" }.count, 50)
        XCTAssertTrue(calls.onMainThread)
    }
}
