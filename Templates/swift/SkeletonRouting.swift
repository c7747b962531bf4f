/// The one way every call goes, whichever delegate method iOS calls.
extension PushAppDelegate {
    /// A file in the app group's container, else in Application Support; nil where neither can
    /// be found.
    nonisolated static func standardStore(appGroup: String?) -> PushMemoryStore? {
        let folder =
            appGroup.flatMap { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) }
            ?? FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        return folder.map { PushMemoryFile(url: $0.appendingPathComponent("pushmatrix/pushes.json")) }
    }

    /// Routes one call, in plain values, whatever delegate method it came through: classifies it,
    /// hands the content to `processContent` once, then answers the tap once (so a tap that brings
    /// the content, on a cold start, finds it already started), unless the call is a proven repeat
    /// of a push already handled. `completion` is iOS's completion handler, if the
    /// method has one: it is called exactly once, by `completionDeadline` at the latest, and
    /// `missed` after it when the app's code had not answered by then.
    @discardableResult
    public func route(
        _ handler: PushHandler, state: PushHandlerState?, _ notification: PushReceivedNotification,
        completion: ((UIBackgroundFetchResult) -> Void)? = nil, missed: (@MainActor () -> Void)? = nil
    ) -> PushHandling {
        var done: @Sendable (UIBackgroundFetchResult) -> Void = { _ in }
        if let completion {
            done = PushCompletionOnce(within: completionDeadline, orElse: UIBackgroundFetchResult.failed, missed: missed, completion).done
        }
        router.recorder = recorder  // the router is made on first use; it records into the recorder set now
        let handling = router.receive(handler, state: state, notification: notification, complete: nil)
        guard let event = handling.event else {
            done(.noData)
            return handling
        }
        let userInfo = notification.userInfo, action = notification.actionIdentifier
        if handling.processesContent { processContent(userInfo, event: event, done: done) } else { done(.noData) }
        if handling.respondsToTap {
            respondToTap(userInfo, event: event, actionIdentifier: action == PushReceivedNotification.defaultAction ? nil : action)
        }
        return handling
    }
}

/// The conformance suite's way into an app's own delegate: each call the suite replays goes
/// through `route`, as the delegate's UIKit methods send it, with the suite's clock in the
/// notification and the suite's completion handler, so no UIKit object is needed. Make it with
/// the app's subclass of PushAppDelegate.
public final class PushAppDelegateUnderTest: PushHandlerUnderTest {
    /// The delegate under test.
    public let delegate: PushAppDelegate

    /// Drives `delegate`, whose pushes are kept in `store` (by default in memory, so that
    /// one test's pushes do not reach the next; give two delegates one store to test a restart).
    /// A {{setupWords}} or `missing` handlers, when given, replace the delegate's own, so the
    /// skeleton can stand for any app. Call on the main thread, before the delegate's first push.
    @MainActor
    public init(
        _ delegate: PushAppDelegate, {{setupLabel}}: {{setupType}}? = nil, missing: Set<PushHandler>? = nil,
        store: PushMemoryStore? = PushMemoryInMemory()
    ) {
        self.delegate = delegate
        delegate.tested = ({{setupLabel}}, missing)
        delegate.memoryStore = store
    }

    /// Routes one call on the main actor and waits, running the main run loop, until the app has
    /// answered or its deadline has passed; a missed deadline is reported as `missedDeadline`.
    public func receive(_ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification, complete: (() -> Void)?)
        -> PushHandling
    {
        // The suite calls on the main thread and keeps no other reference to these.
        nonisolated(unsafe) let (notification, complete) = (notification, complete)
        return MainActor.assumeIsolated { [delegate] in
            var (finished, missed) = (complete == nil, false)
            let completion = complete.map { complete in
                { (_: UIBackgroundFetchResult) in
                    finished = true
                    complete()
                }
            }
            var handling = delegate.route(handler, state: state, notification, completion: completion) { missed = true }
            while !finished { RunLoop.main.run(until: Date() + 0.001) }  // the deadline ends the wait
            handling.missedDeadline = missed
            return handling
        }
    }
}
