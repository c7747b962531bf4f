import Foundation
import PushApp
import PushAppHandlers
import UIKit
@_spi(Testing) import UserNotifications
import XCTest

/// The app's own delegate, driven as iOS drives it: through its UIKit and notification-center
/// methods, with the system's state faked and notifications made by the stand-ins (on iOS, a
/// test cannot make a `UNNotification`). What the app's code did is read from its inbox and its
/// analytics, and each completion handler must be called once, after the work it waits for.
/// XCTest runs each test on the main thread, where the delegate is made and driven.
final class AppDelegateTests: XCTestCase {
    @MainActor private static let message: [AnyHashable: Any] = [
        "aps": ["alert": "Ada: lunch?", "content-available": 1, "category": "message"], "message_id": "m1",
    ]

    /// A background push syncs the inbox once, and iOS hears `.newData` only after the sync.
    func testABackgroundPushSyncsTheInboxBeforeIOSHearsNewData() {
        MainActor.assumeIsolated {
            let delegate = launched(in: .background)
            let answered = XCTestExpectation(description: "completion handler")
            delegate.application(application, didReceiveRemoteNotification: Self.message) { result in
                MainActor.assumeIsolated {
                    XCTAssertEqual(result, .newData)
                    XCTAssertEqual(delegate.inbox.messages, ["m1"], "synced before iOS was told")
                }
                answered.fulfill()
            }
            waitUntilFulfilled([answered])
            XCTAssertEqual(delegate.analytics.events, ["reception"])
        }
    }

    /// "Reply" from the lock screen: the typed text is sent before iOS's completion handler is
    /// called, and the content the background push already synced is not synced again.
    func testAReplySendsTheTypedTextBeforeIOSIsToldTheWorkIsOver() {
        MainActor.assumeIsolated {
            let delegate = launched(in: .background)
            let synced = XCTestExpectation(description: "reception")
            delegate.application(application, didReceiveRemoteNotification: Self.message) { _ in synced.fulfill() }
            waitUntilFulfilled([synced])
            let notification = makeNotification(userInfo: Self.message, identifier: "request-1", date: Date())
            let reply = makeTextResponse(to: notification, actionIdentifier: "reply", userText: "On my way")
            let answered = XCTestExpectation(description: "action")
            delegate.userNotificationCenter(center, didReceive: reply) {
                MainActor.assumeIsolated {
                    XCTAssertEqual(delegate.inbox.actions, ["reply m1: On my way"], "sent before iOS was told")
                }
                answered.fulfill()
            }
            waitUntilFulfilled([answered])
            XCTAssertEqual(delegate.inbox.messages, ["m1"], "the content is not synced twice")
        }
    }

    /// In the foreground the notification is shown as a banner, and its content synced once,
    /// though iOS also calls the reception method for it while the sync runs.
    func testAForegroundPushIsShownAndSyncedOnce() {
        MainActor.assumeIsolated {
            let delegate = launched(in: .active)
            let notification = makeNotification(userInfo: Self.message, identifier: "request-1", date: Date())
            let presented = XCTestExpectation(description: "willPresent")
            delegate.userNotificationCenter(center, willPresent: notification) { options in
                XCTAssertEqual(options, [.banner, .list, .sound])
                presented.fulfill()
            }
            let received = XCTestExpectation(description: "reception")
            delegate.application(application, didReceiveRemoteNotification: Self.message) { _ in received.fulfill() }
            waitUntilFulfilled([presented, received])
            // In the foreground iOS does not suspend the app: the sync goes on after both answers.
            let deadline = Date() + 5
            while delegate.inbox.messages.isEmpty && Date() < deadline {
                RunLoop.main.run(until: Date() + 0.001)
            }
            XCTAssertEqual(delegate.inbox.messages, ["m1"])
            XCTAssertEqual(delegate.analytics.events, ["presentation", "reception"])
        }
    }

    /// The app's setup is held against the one the process shows: this test process declares no
    /// scene manifest, so the scenes app's delegate says so, as a debug build prints at launch.
    func testASetupTheProcessDoesNotShowIsReported() {
        MainActor.assumeIsolated {
            XCTAssertEqual(
                AppDelegate().setupMismatch,
                "this PushAppDelegate's setup is .scenes, but the app runs as .appDelegate (Info.plist declares no scene manifest)")
        }
    }

    /// The device token reaches the app's server as hex.
    func testTheDeviceTokenIsHandedOnAsHex() {
        MainActor.assumeIsolated {
            let delegate = launched(in: .active)
            delegate.application(application, didRegisterForRemoteNotificationsWithDeviceToken: Data([0x0a, 0xff, 0x00]))
            XCTAssertEqual(delegate.analytics.events, ["token"])
            XCTAssertEqual(delegate.analytics.properties.last?["token"] as? String, "0aff00")
        }
    }
}

/// The app launched in `state`, with its pushes kept in memory.
@MainActor
private func launched(in state: UIApplication.State) -> AppDelegate {
    let delegate = AppDelegate()
    let system = System()
    system.applicationState = state
    delegate.system = system
    delegate.memoryStore = PushMemoryInMemory()
    _ = delegate.application(application, willFinishLaunchingWithOptions: nil)
    _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
    return delegate
}

/// Waits, running the main run loop, until every expectation is fulfilled or `seconds` pass.
@MainActor
private func waitUntilFulfilled(_ expectations: [XCTestExpectation], timeout seconds: TimeInterval = 5) {
    XCTAssertEqual(XCTWaiter().wait(for: expectations, timeout: seconds), .completed)
}

@MainActor private let application = UIApplication()
@MainActor private let center = UNUserNotificationCenter()

/// The system as a test sets it: the application's state, and nothing registered for real.
@MainActor
private final class System: PushSystem {
    var applicationState: UIApplication.State = .active
    func attach(_ application: UIApplication) {}
    func setNotificationCenterDelegate(_ delegate: any UNUserNotificationCenterDelegate) {}
    func registerForRemoteNotifications() {}
}
