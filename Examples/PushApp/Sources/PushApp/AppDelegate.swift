import Foundation
import PushAppHandlers
import UIKit
import UserNotifications

/// The app's delegate, as an app team writes it: the pushes' content syncs the inbox in a task, a
/// "Reply" action sends what the user typed, "Mark read" marks the message, and every push call is
/// forwarded to the analytics SDK. The broken variants (`PUSHAPP_BROKEN`) are the mistakes the
/// conformance suite must catch; README.md lists them.
public final class AppDelegate: PushAppDelegate {
    /// Where the pushes' content goes.
    public let inbox: Inbox
    /// The analytics SDK's stand-in.
    public let analytics: Analytics

    /// A delegate with its own inbox and analytics.
    public override init() {
        inbox = Inbox()
        analytics = Analytics()
        super.init()
    }

    public override var setup: PushSetup { .scenes }

    public override var messageIDKey: String? { "message_id" }

    public override func willRoute(_ handler: PushHandler, userInfo: [AnyHashable: Any]) {
        analytics.track(handler.rawValue, userInfo)
    }

    #if BROKEN_OVERRIDESRECEPTION
    // Overrides a method iOS calls and forgets `super`: every push would be lost. It must not compile.
    public override func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        completionHandler(.noData)
    }
    #endif

    public override func processContent(_ content: PushContent) async -> UIBackgroundFetchResult {
        #if BROKEN_SUPERFIRST
        _ = await super.processContent(content)  // UIKit habit: super first, then the real work
        #endif
        #if BROKEN_NEVERFINISHES
        try? await Task.sleep(nanoseconds: 3_600_000_000_000)  // waits on a request that never ends
        #endif
        #if BROKEN_FAILSOFFLINE
        if !content.isRetry { return .failed }  // offline at delivery; the tap brings the content back
        #endif
        do {
            try await inbox.sync(content.userInfo)
            return .newData
        } catch {
            return .failed
        }
    }

    public override func respondToTap(_ tap: PushTapResponse) async {
        switch tap.actionIdentifier {
        case "reply": await inbox.reply(tap.userText ?? "", to: tap.userInfo)
        case "markRead": await inbox.markRead(tap.userInfo)
        default: inbox.open(tap.userInfo)
        }
    }

    public override func didRegister(deviceToken: String) {
        analytics.track("token", ["token": deviceToken])
    }
}

/// The app's inbox: what a push's content updates and a tap opens.
@MainActor
public final class Inbox {
    /// The messages synced, in order.
    public private(set) var messages: [String] = []
    /// What the user opened, replied to or marked read, in order.
    public private(set) var actions: [String] = []

    /// An empty inbox.
    public init() {}

    /// Fetches the message the push announces: a request that takes a moment.
    func sync(_ userInfo: [AnyHashable: Any]) async throws {
        try await Task.sleep(nanoseconds: 1_000_000)
        messages.append(Self.id(userInfo))
    }

    /// Sends `text` as the reply to the push's message.
    func reply(_ text: String, to userInfo: [AnyHashable: Any]) async {
        try? await Task.sleep(nanoseconds: 1_000_000)
        actions.append("reply \(Self.id(userInfo)): \(text)")
    }

    /// Marks the push's message read.
    func markRead(_ userInfo: [AnyHashable: Any]) async {
        try? await Task.sleep(nanoseconds: 1_000_000)
        actions.append("read \(Self.id(userInfo))")
    }

    /// Opens the push's message on screen.
    func open(_ userInfo: [AnyHashable: Any]) {
        actions.append("open \(Self.id(userInfo))")
    }

    private static func id(_ userInfo: [AnyHashable: Any]) -> String {
        userInfo["message_id"] as? String ?? "?"
    }
}

/// An analytics SDK's stand-in: it records what it is handed.
@MainActor
public final class Analytics {
    /// Each event's name, in order.
    public private(set) var events: [String] = []

    /// An empty record.
    public init() {}

    /// Each event's properties, in order.
    public private(set) var properties: [[AnyHashable: Any]] = []

    func track(_ name: String, _ properties: [AnyHashable: Any]) {
        events.append(name)
        self.properties.append(properties)
    }
}
