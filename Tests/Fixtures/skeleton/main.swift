// Runs the conformance suite's checks against the generated skeleton itself, the way an app's
// test target does: every scenario and every sequence through `PushAppDelegateUnderTest`, with a
// subclass of PushAppDelegate as the app. Then broken subclasses, each on chosen scenarios, and
// the traffic a real app meets. Prints one line per finding; the test holds them to exact text.
// Compiled with the generated module's sources and Tests/Fixtures/skeleton/<module>.swift, which
// says how to make a delegate for a scenario.

import Foundation
import UIKit
@_spi(Testing) import UserNotifications

/// What a subclass does with `done` and taps.
enum Behaviour: String, CaseIterable {
    case skeleton, dropsDone, keepsDone, answersAfterDeadline, finishesOffMain, finishesInTask
}

/// What the app's code was handed, by every delegate this program makes, and the `done`s a
/// subclass kept, to call later or never.
@MainActor enum Seen {
    static var keptDones: [@Sendable (UIBackgroundFetchResult) -> Void] = []
    static var contentHandled = 0, tapsAnswered = 0, taps: [String] = [], events: [String] = []
}

/// Every departure from the scenarios and sequences of a delegate `behaving` so.
@MainActor func failures(_ behaving: Behaviour, scenarios: [Scenario], sequences: [PushSequence]) -> [String] {
    let scenarioFailures = scenarios.flatMap { scenario in
        ConformanceCheck.failures(scenario) { missing in
            PushAppDelegateUnderTest(makeDelegate(behaving, for: scenario, missing: missing))
        }.map { "\(scenario.name): \($0)" }
    }
    let sequenceFailures = sequences.flatMap { sequence in
        let delegate = makeDelegate(behaving, for: sequence.pushes[0].scenario, missing: [])
        return ConformanceCheck.failures(sequence, handler: PushAppDelegateUnderTest(delegate)).map { "\(sequence.name): \($0)" }
    }
    return scenarioFailures + sequenceFailures
}

/// `done` as each behaviour treats it.
@MainActor func answer(_ behaviour: Behaviour, _ done: @escaping @Sendable (UIBackgroundFetchResult) -> Void) {
    Seen.contentHandled += 1
    switch behaviour {
    case .skeleton: done(.newData)
    case .dropsDone: return
    case .keepsDone: Seen.keptDones.append(done)
    case .answersAfterDeadline:
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { done(.newData) }
    case .finishesOffMain:
        DispatchQueue.global().async { done(.newData) }
    case .finishesInTask:
        Task.detached { done(.newData) }
    }
}

let all = failures(.skeleton, scenarios: Scenario.all, sequences: PushSequence.all)
print("skeleton: \(Scenario.all.count) scenarios, \(PushSequence.all.count) sequences, \(all.count) failures")
for failure in all.prefix(20) { print("  " + failure) }

for behaviour in Behaviour.allCases where behaviour != .skeleton {
    for failure in failures(behaviour, scenarios: chosenScenarios.compactMap { name in Scenario.all.first { $0.name == name } }, sequences: []) {
        print("\(behaviour): \(failure)")
    }
}
RunLoop.main.run(until: Date() + 0.5)  // answers that come after the deadline change nothing
for done in Seen.keptDones { done(.newData) }
print("end")
