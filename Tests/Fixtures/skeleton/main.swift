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
    /// Handles only the calls it expects: skips a delivery in `.inactive`.
    case ignoresUnexpected
    /// Also answers the tap from `processContent` when the content comes with a tap.
    case answersTapTwice
    /// Answers `.failed` until the content comes again as a retry (a sync that failed offline).
    case failsOffline
    /// Takes a while to finish the tap's work (a reply sent over the network).
    case slowTap
}

/// What the app's code was handed, by every delegate this program makes, and the `done`s a
/// subclass kept, to call later or never.
@MainActor enum Seen {
    static var keptDones: [@Sendable (UIBackgroundFetchResult) -> Void] = []
    static var contentHandled = 0
    static var tapsAnswered = 0
    static var taps: [String] = []
    static var events: [String] = []
}

/// Every departure from the scenarios and sequences of a delegate `behaving` so.
@MainActor func failures(_ behaving: Behaviour, scenarios: [PushScenario], sequences: [PushSequence]) -> [String] {
    let scenarioFailures = scenarios.flatMap { scenario in
        PushConformanceCheck.failures(scenario) { missing in
            PushAppDelegateUnderTest(makeDelegate(behaving, for: scenario, missing: missing), deadline: 0.5)
        }.map { "\(scenario.name): \($0)" }
    }
    let sequenceFailures = sequences.flatMap { sequence in
        let delegate = makeDelegate(behaving, for: sequence.pushes[0].scenario, missing: [])
        let handler = PushAppDelegateUnderTest(delegate, deadline: 0.5)
        return PushConformanceCheck.failures(sequence, handler: handler).map { "\(sequence.name): \($0)" }
    }
    return scenarioFailures + sequenceFailures
}

let scenarios = PushScenario.all + PushScenario.underConditions
let all = failures(.skeleton, scenarios: scenarios, sequences: PushSequence.all)
print("skeleton: \(scenarios.count) scenarios, \(PushSequence.all.count) sequences, \(all.count) failures")
for failure in all.prefix(20) { print("  " + failure) }

for behaviour in Behaviour.allCases where behaviour != .skeleton {
    for failure in failures(
        behaviour, scenarios: chosenScenarios.compactMap { name in PushScenario.all.first { $0.name == name } },
        sequences: [])
    {
        print("\(behaviour): \(failure)")
    }
}
RunLoop.main.run(until: Date() + 1)  // answers that come after the deadline change nothing
for done in Seen.keptDones { done(.newData) }

// Traffic as it comes, through the delegate's own UIKit methods: each case says what it saw
// against what every push, tap and completion handler should get.
for behaviour in Behaviour.allCases {
    for (name, run) in traffic {
        for problem in check(behaviour, run) { print("traffic \(behaviour) \(name): \(problem)") }
    }
}
for seed in randomSeeds {
    for problem in randomTraffic(seed: seed, pushes: 60) { print("random traffic, seed \(seed): \(problem)") }
}
for problem in extraChecks() { print("extra: \(problem)") }
print("end")

/// What one traffic case expects: how many pushes' content, taps and completion handlers, and
/// whether the app's code must see the content before the tap that brought it.
struct Expected {
    var content: ClosedRange<Int>
    var taps: Int
    var completions: Int
    var contentBeforeTap = false
}

/// Runs one case with fresh counts and lists where the app's code departed from `Expected`.
@MainActor func check(_ behaviour: Behaviour, _ run: (Behaviour, Completions) -> Expected) -> [String] {
    (Seen.contentHandled, Seen.tapsAnswered, Seen.events) = (0, 0, [])
    let completions = Completions()
    let expected = run(behaviour, completions)
    let deadline = Date() + 2
    while completions.count < expected.completions && Date() < deadline { RunLoop.main.run(until: Date() + 0.01) }
    RunLoop.main.run(until: Date() + 0.2)
    var problems: [String] = []
    if !expected.content.contains(Seen.contentHandled) {
        problems.append("content handled \(Seen.contentHandled) times, expected \(expected.content)")
    }
    if Seen.tapsAnswered != expected.taps {
        problems.append("taps answered \(Seen.tapsAnswered) times, expected \(expected.taps)")
    }
    if completions.count != expected.completions {
        problems.append("completion handlers called \(completions.count) times, expected \(expected.completions)")
    }
    let firstTap = Seen.events.firstIndex { $0.hasPrefix("tap") }
    let firstContent = Seen.events.firstIndex { $0.hasPrefix("content") }
    if expected.contentBeforeTap, let firstTap, firstContent.map({ $0 > firstTap }) ?? true {
        problems.append("the tap was answered before its content was handed over: \(Seen.events)")
    }
    if completions.failed > 0 { problems.append("\(completions.failed) completion handlers got .failed") }
    if !completions.onMain { problems.append("a completion handler was called off the main thread") }
    return problems
}

/// The completion handlers iOS passed in one case, counted.
final class Completions: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    private var failures = 0
    private var offMain = false
    var count: Int { lock.withLock { calls } }
    var failed: Int { lock.withLock { failures } }
    var onMain: Bool { lock.withLock { !offMain } }
    func fetch(_ result: UIBackgroundFetchResult) {
        lock.withLock {
            calls += 1
            if result == .failed { failures += 1 }
            offMain = offMain || !Thread.isMainThread
        }
    }
    func plain() { fetch(.newData) }
    func presentation(_ options: UNNotificationPresentationOptions) { fetch(.newData) }
}

/// The seeds the randomized traffic runs with: a few fixed ones, and one from the clock, which
/// a failure names so that it can be run again (PUSHMATRIX_SEED).
var randomSeeds: [UInt64] {
    if let seed = ProcessInfo.processInfo.environment["PUSHMATRIX_SEED"].flatMap(UInt64.init) { return [seed] }
    return [1, 2, 3, UInt64(Date().timeIntervalSince1970)]
}

/// A small, seeded generator (SplitMix64), so a run can be repeated.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// `pushes` pushes of one setup, each playing out as a random scenario, half of them with a
/// message id, delivered at random about a window apart, tapped at random later, their calls
/// interleaved, and the process restarted before every launch and at random between calls. Every
/// push's content must be handled at least once (but where the payload alone cannot tell it from
/// another push's), and exactly once where it carries a message id; every tap answered once;
/// every completion handler called once, before its deadline.
@MainActor func randomTraffic(seed: UInt64, pushes count: Int) -> [String] {
    var random = Seeded(state: seed)
    let setups = Array(Set(PushScenario.all.map(setupName))).sorted()
    let setup = setups.randomElement(using: &random)!
    let pool = PushScenario.all.filter {
        setupName($0) == setup && $0.missing.isEmpty && !$0.ignored && !$0.steps.isEmpty
    }
    let start = Date()  // saved pushes are kept for a week from now
    struct Call { let push: Int, step: Int, at: TimeInterval }
    var plans: [(scenario: PushScenario, userInfo: [AnyHashable: Any], hasID: Bool, deliveredAt: TimeInterval)] = []
    var calls: [Call] = []
    for n in 0..<count {
        let scenario = pool.randomElement(using: &random)!
        var userInfo = scenario.payload.sampleUserInfo()
        let hasID = Bool.random(using: &random)
        if hasID { userInfo["gcm.message_id"] = "m\(n)" }
        let deliveredAt = Double(n) * 40 + Double.random(in: 0..<5, using: &random)
        let tappedAt = deliveredAt + Double.random(in: 1..<400, using: &random)
        plans.append((scenario, userInfo, hasID, deliveredAt))
        var (delivery, tap) = (0.0, 0.0)
        for (index, step) in scenario.steps.enumerated() where runsInApp(step.handler) {
            if step.event.isDelivery {
                calls.append(Call(push: n, step: index, at: deliveredAt + 0.1 * delivery))
                delivery += 1
            } else {
                calls.append(Call(push: n, step: index, at: tappedAt + 0.1 * tap))
                tap += 1
            }
        }
    }
    calls.sort { ($0.at, $0.push, $0.step) < ($1.at, $1.push, $1.step) }
    let store = PushMemoryInMemory()
    func launch() -> PushAppDelegateUnderTest {
        PushAppDelegateUnderTest(
            makeDelegate(.skeleton, for: plans[0].scenario, missing: []), store: store, deadline: 0.5)
    }
    var handler = launch()
    var content = [Int](repeating: 0, count: count)
    var taps = content
    var problems: [String] = []
    for call in calls {
        let plan = plans[call.push]
        let step = plan.scenario.steps[call.step]
        if step.handler.launchesApp || Int.random(in: 0..<20, using: &random) == 0 { handler = launch() }
        let hands = step.bringsNotification && handsNotification(step.handler, in: plan.scenario)
        let notification = PushReceivedNotification(
            userInfo: step.bringsNotification ? plan.userInfo : [:],
            requestIdentifier: hands ? "request-\(call.push)" : nil,
            date: hands ? start + plan.deliveredAt : nil,
            actionIdentifier: hands && !step.event.isDelivery
                ? plan.scenario.tap.map(PushConformanceCheck.actionIdentifier) : nil,
            receivedAt: start + call.at, uptime: call.at)
        var completions = 0
        let handling = handler.receive(
            step.handler, state: step.state, notification: notification,
            complete: step.handler.hasState ? { completions += 1 } : nil)
        if handling.processesContent { content[call.push] += 1 }
        if handling.respondsToTap { taps[call.push] += 1 }
        if step.handler.hasState && (completions != 1 || handling.missedDeadline) {
            problems.append(
                "push \(call.push + 1) (\(plan.scenario.name)), \(step.handler): completion handler called \(completions) times"
            )
        }
    }
    // Where a call of a push without an id comes within the window of a call of another push with
    // the same payload, the payload may join the two: the one case docs/generated.md lists where
    // content, or a tap, may be handled fewer times than it was sent. Its tap counts as much as
    // its delivery: a tap can come near another push's calls long after its own delivery.
    let ambiguous = Set(
        plans.indices.filter { n in
            guard !plans[n].hasID else { return false }
            let own = calls.filter { $0.push == n }
            return calls.contains { other in
                other.push != n && !plans[other.push].hasID
                    && plans[other.push].scenario.payload == plans[n].scenario.payload
                    && own.contains { abs(other.at - $0.at) <= PushMemory.window }
            }
        })
    for (n, plan) in plans.enumerated() {
        let handled = plan.scenario.steps.contains { $0.processesContent }
        if handled && content[n] == 0 && !ambiguous.contains(n) {
            problems.append("push \(n + 1) (\(plan.scenario.name)): content never handled")
        }
        if plan.hasID && content[n] > 1 {
            problems.append(
                "push \(n + 1) (\(plan.scenario.name)): content handled \(content[n]) times despite its message id")
        }
        let tapped = plan.scenario.steps.contains { $0.respondsToTap }
        if taps[n] != (tapped ? 1 : 0) && !(taps[n] == 0 && ambiguous.contains(n)) {
            problems.append("push \(n + 1) (\(plan.scenario.name)): tap answered \(taps[n]) times")
        }
    }
    return problems
}
