/// What both skeletons route a call through, whichever delegate method iOS calls.
extension PushAppDelegate {
    /// A file in the app group's container, else in Application Support, named for the app's
    /// bundle identifier, so two apps sharing an app group keep two files; nil where neither
    /// folder can be found.
    nonisolated static func standardStore(appGroup: String?) -> PushMemoryStore? {
        let folder =
            appGroup.flatMap { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) }
            ?? FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        let name = (Bundle.main.bundleIdentifier ?? "app") + ".pushes.jsonl"
        return folder.map { PushMemoryFile(url: $0.appendingPathComponent("pushmatrix").appendingPathComponent(name)) }
    }

    /// Classifies one call and records it in the router's memory (`PushRouter.admit`), with the
    /// recorder set now, and starts the call's work: its deadline, at which content not yet
    /// finished counts as failed, `completion` gets `.failed` and `missed` runs.
    func startCall(
        _ handler: PushHandler, state: PushHandlerState?, _ notification: PushReceivedNotification,
        completion: ((UIBackgroundFetchResult) -> Void)?, missed: (@MainActor () -> Void)?
    ) -> (PushHandling, PushCallWork) {
        router.recorder = recorder  // the router is made on first use; it records into the recorder set now
        let handling = router.admit(handler, state: state, notification: notification)
        let work = PushCallWork(within: completionDeadline, completion: completion) { [weak self] in
            self?.contentFinished(handling, result: .failed)
            missed?()
        }
        return (handling, work)
    }

    /// Records how the app's code finished the content `handling` handed over: new data or none
    /// holds it back from later calls; a failure lets the push's next call hand it over again.
    /// Nothing for a call that handed no content over, or once the content is handled.
    func contentFinished(_ handling: PushHandling, result: UIBackgroundFetchResult) {
        guard handling.processesContent, let push = handling.push, router.memory.progress(of: push) == .handedOver else { return }
        router.finishContent(of: push, handled: result != .failed)
    }
}

/// The work one call starts (its content's and its tap's), and iOS's completion handler, which
/// is called exactly once: when every part has ended, with the content's result (`.noData`
/// without one), or with `.failed` when `seconds` pass first, and then `missed`.
@MainActor
final class PushCallWork {
    private let completion: PushCompletionOnce<UIBackgroundFetchResult>
    private var pending = 0
    private var sealed = false
    private var result = UIBackgroundFetchResult.noData

    /// Starts the deadline now; `completion` nil stands for a method without one, whose deadline
    /// still calls `missed`.
    init(within seconds: TimeInterval, completion: ((UIBackgroundFetchResult) -> Void)?, missed: @escaping @MainActor () -> Void) {
        self.completion = PushCompletionOnce(within: seconds, orElse: .failed, missed: missed, completion ?? { _ in })
    }

    /// One more part has started.
    func begin() {
        pending += 1
    }

    /// A part has ended; `result` is the content's.
    func end(_ result: UIBackgroundFetchResult?) {
        if let result { self.result = result }
        pending -= 1
        finishIfDone()
    }

    /// No more parts will start.
    func seal() {
        sealed = true
        finishIfDone()
    }

    private func finishIfDone() {
        guard sealed && pending == 0 else { return }
        completion.finish(result)
    }
}

/// What the app's code was handed while `PushAppDelegateUnderTest` drives a delegate: the event
/// of each content and each tap, in order.
@MainActor
final class PushHanded {
    var content: [PushEvent] = []
    var taps: [PushEvent] = []
}

/// The conformance suite's way into an app's own delegate: each call the suite replays goes
/// through `route`, the one function every UIKit method of the delegate comes down to (they are
/// `final`), with the suite's clock in the notification and the suite's completion handler.
/// Content and taps count as the app's code received them, not as the router decided; the wait
/// for the app's answer is cut short by the delegate's `completionDeadline`, which the adapter
/// shortens. Make it with the app's subclass of PushAppDelegate, on the main actor.
public final class PushAppDelegateUnderTest: PushHandlerUnderTest {
    /// The delegate under test.
    public let delegate: PushAppDelegate
    private let handed: PushHanded

    /// Drives `delegate`, whose pushes are kept in `store` (by default in memory, so that
    /// one test's pushes do not reach the next; give two delegates one store to test a restart).
    /// A {{setupWords}} or `missing` handlers, when given, replace the delegate's own, so the
    /// skeleton can stand for any app. `deadline` replaces the delegate's completion deadline, so
    /// a suite whose every scenario fails ends in minutes, not hours. Call before the delegate's first push.
    @MainActor
    public init(
        _ delegate: PushAppDelegate, {{setupLabel}}: {{setupType}}? = nil, missing: Set<PushHandler>? = nil,
        store: PushMemoryStore? = PushMemoryInMemory(), deadline: TimeInterval = 0.1
    ) {
        self.delegate = delegate
        handed = PushHanded()
        delegate.tested = ({{setupLabel}}, missing)
        delegate.memoryStore = store
        delegate.completionDeadline = deadline
        delegate.handed = handed
    }

    /// Routes one call on the main actor and waits, running the main run loop, until the app's
    /// work for it has ended or its deadline has passed; a missed deadline is reported as
    /// `missedDeadline`. The content and the tap count where the app's code was handed them.
    /// Call on the main thread, outside any main-actor job (an XCTest test).
    public func receive(_ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification, complete: (() -> Void)?)
        -> PushHandling
    {
        // The suite calls on the main thread and keeps no other reference to these.
        nonisolated(unsafe) let (notification, complete) = (notification, complete)
        return MainActor.assumeIsolated { [delegate, handed] in
            let call = Self.start(delegate, handed: handed, handler, state: state, notification: notification, complete: complete)
            while !call.finished { RunLoop.main.run(until: Date() + 0.001) }  // the deadline ends the wait
            return call.handling
        }
    }

    /// `receive` for a replay that is itself a job on the main actor (a Swift Testing test): it
    /// awaits the work, letting the main actor run it, where running the main run loop could not.
    /// Replays that run in parallel take turns, call by call (`PushReplayTurns`), so no call's
    /// deadline runs out while another test's work holds the main actor.
    @MainActor
    public func receiveAwaitingWork(
        _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification, complete: (() -> Void)?
    ) async -> PushHandling {
        await PushReplayTurns.take()
        defer { PushReplayTurns.pass() }
        let call = Self.start(delegate, handed: handed, handler, state: state, notification: notification, complete: complete)
        await call.ended()  // the deadline ends the wait
        return call.handling
    }

    /// Routes the call through `delegate` and returns what tells when its work has ended and what
    /// the app's code did.
    @MainActor
    private static func start(
        _ delegate: PushAppDelegate, handed: PushHanded, _ handler: PushHandler, state: PushHandlerState?,
        notification: PushReceivedNotification, complete: (() -> Void)?
    ) -> PushCallUnderTest {
        let call = PushCallUnderTest(handed: handed, complete: complete)
        call.routed = delegate.route(handler, state: state, notification, completion: { _ in call.finish() }) { call.missed = true }
        return call
    }
}

/// One call `PushAppDelegateUnderTest` replays: whether its work has ended, and what the app's
/// code was handed by it.
@MainActor
final class PushCallUnderTest {
    private let handed: PushHanded
    private let complete: (() -> Void)?
    private let content: Int
    private let taps: Int
    /// What `route` returned.
    var routed = PushHandling(event: nil, processesContent: false, respondsToTap: false)
    /// True once the deadline passed before the work ended.
    var missed = false
    /// True once the work has ended, or its deadline passed.
    private(set) var finished = false

    init(handed: PushHanded, complete: (() -> Void)?) {
        self.handed = handed
        self.complete = complete
        content = handed.content.count
        taps = handed.taps.count
    }

    private var waiting: CheckedContinuation<Void, Never>?

    /// The work has ended: the suite's completion handler is called, and `ended()` returns.
    func finish() {
        finished = true
        complete?()
        waiting?.resume()
        waiting = nil
    }

    /// Returns once the work has ended.
    func ended() async {
        guard !finished else { return }
        await withCheckedContinuation { waiting = $0 }
    }

    /// What the app did: the content and the tap as its code was handed them.
    var handling: PushHandling {
        var handling = routed
        handling.missedDeadline = missed && complete != nil
        handling.processesContent = handed.content.count > content
        handling.respondsToTap = handed.taps.count > taps
        return handling
    }
}

/// The turns of the calls replayed on the main actor: one call's work runs at a time, and the
/// others wait in order, suspended.
@MainActor
enum PushReplayTurns {
    private static var taken = false
    private static var waiting: [CheckedContinuation<Void, Never>] = []

    /// Returns when it is the caller's turn.
    static func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Ends the caller's turn and gives the next one.
    static func pass() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
