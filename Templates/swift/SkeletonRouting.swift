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
    /// a suite whose every scenario fails still ends in seconds. Call before the delegate's first push.
    @MainActor
    public init(
        _ delegate: PushAppDelegate, {{setupLabel}}: {{setupType}}? = nil, missing: Set<PushHandler>? = nil,
        store: PushMemoryStore? = PushMemoryInMemory(), deadline: TimeInterval = 0.5
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
    /// Call on the main thread.
    public func receive(_ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification, complete: (() -> Void)?)
        -> PushHandling
    {
        // The suite calls on the main thread and keeps no other reference to these.
        nonisolated(unsafe) let (notification, complete) = (notification, complete)
        return MainActor.assumeIsolated { [delegate, handed] in
            var finished = false
            var missed = false
            let (content, taps) = (handed.content.count, handed.taps.count)
            let completion = { (_: UIBackgroundFetchResult) in
                finished = true
                complete?()
            }
            var handling = delegate.route(handler, state: state, notification, completion: completion) { missed = true }
            while !finished { RunLoop.main.run(until: Date() + 0.001) }  // the deadline ends the wait
            handling.missedDeadline = missed && complete != nil
            handling.processesContent = handed.content.count > content
            handling.respondsToTap = handed.taps.count > taps
            return handling
        }
    }
}
