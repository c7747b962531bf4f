// How the skeleton program makes the app for a scenario of the current matrix.

import Foundation
import UIKit
@_spi(Testing) import UserNotifications

/// The scenarios each broken subclass is run on: a background delivery, then a tap.
let chosenScenarios = ["alert_contentAvailable__scenes__background__tapBody"]

/// An app: a PushAppDelegate subclass whose code does what `behaviour` says.
final class DrivenApp: PushAppDelegate {
    private let fixedSetup: PushSetup, missing: Set<PushHandler>, behaviour: Behaviour

    init(setup: PushSetup, missing: Set<PushHandler>, behaviour: Behaviour) {
        (fixedSetup, self.missing, self.behaviour) = (setup, missing, behaviour)
        super.init()
    }

    override var setup: PushSetup { fixedSetup }
    override var missingHandlers: Set<PushHandler> { missing }

    override func processContent(
        _ userInfo: [AnyHashable: Any], event: PushEvent, done: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) {
        Seen.events.append("content \(event)")
        answer(behaviour, event, done)
    }

    override func respondToTap(_ userInfo: [AnyHashable: Any], event: PushEvent, actionIdentifier: String?) {
        Seen.tapsAnswered += 1
        Seen.taps.append("\(event) \(actionIdentifier ?? "body")")
        Seen.events.append("tap \(event)")
    }
}

/// The scenario's setup, by name.
func setupName(_ scenario: PushScenario) -> String { scenario.setup.rawValue }

/// Whether `handler` hands over the notification in the scenario's setup.
func handsNotification(_ handler: PushHandler, in scenario: PushScenario) -> Bool { handler.handsNotification(scenario.setup) }

/// Whether the app sees `handler`'s calls.
func runsInApp(_ handler: PushHandler) -> Bool { handler.runsInApp }

@MainActor func makeDelegate(_ behaviour: Behaviour, for scenario: PushScenario, missing: Set<PushHandler>) -> PushAppDelegate {
    let app = DrivenApp(setup: scenario.setup, missing: missing, behaviour: behaviour)
    app.completionDeadline = 0.5
    return app
}

/// A system whose application state a traffic case sets.
@MainActor
final class FakeSystem: PushSystem {
    var applicationState: UIApplication.State = .active
    func attach(_ application: UIApplication) {}
    func setNotificationCenterDelegate(_ delegate: any UNUserNotificationCenterDelegate) {}
    func registerForRemoteNotifications() {}
}

@MainActor let application = UIApplication(), center = UNUserNotificationCenter()

/// A scenes app launched with `behaviour`, its system, and the store its pushes are kept in.
@MainActor func launched(_ behaviour: Behaviour, store: PushMemoryStore = PushMemoryInMemory()) -> (DrivenApp, FakeSystem) {
    let app = DrivenApp(setup: .scenes, missing: [], behaviour: behaviour), system = FakeSystem()
    app.system = system
    app.memoryStore = store
    app.completionDeadline = 0.5
    _ = app.application(application, willFinishLaunchingWithOptions: nil)
    return (app, system)
}

/// A remote notification of `userInfo`, delivered now.
func push(_ userInfo: [AnyHashable: Any], _ identifier: String) -> UNNotification {
    makeNotification(userInfo: userInfo, identifier: identifier, date: Date())
}

@MainActor let reminder: [AnyHashable: Any] = ["aps": ["alert": "Time to stretch", "content-available": 1]]

/// The traffic cases: a name, and what runs them.
@MainActor var traffic: [(String, (Behaviour, Completions) -> Expected)] {
    [
        // iOS defers the background wake past the user's tap.
        (
            "receptionAfterTap",
            { behaviour, completions in
                let (app, system) = launched(behaviour)
                let notification = push(reminder, "r")
                system.applicationState = .inactive
                app.userNotificationCenter(center, didReceive: makeResponse(to: notification)) { completions.plain() }
                system.applicationState = .background
                app.application(application, didReceiveRemoteNotification: reminder) { completions.fetch($0) }
                return Expected(content: 1...1, taps: 1, completions: 2)
            }
        ),
        // A service extension edits the payload; the app in front gets both forms.
        (
            "extensionEdited",
            { behaviour, completions in
                let (app, _) = launched(behaviour)
                let original: [AnyHashable: Any] = ["aps": ["alert": "secret", "content-available": 1, "mutable-content": 1]]
                let service = EditingService()
                var delivered: [AnyHashable: Any] = [:]
                service.didReceive(makeNotification(userInfo: original, identifier: "e", date: Date()).request) { delivered = $0.userInfo }
                app.application(application, didReceiveRemoteNotification: original) { completions.fetch($0) }
                app.userNotificationCenter(center, willPresent: push(delivered, "e")) { completions.presentation($0) }
                return Expected(content: 1...1, taps: 0, completions: 2)
            }
        ),
        // A tap starts the app: its one call brings the content and the tap, the content first.
        (
            "coldStartTap",
            { behaviour, completions in
                let (app, system) = launched(behaviour)
                system.applicationState = .inactive
                app.userNotificationCenter(center, didReceive: makeResponse(to: push(reminder, "c"))) { completions.plain() }
                return Expected(content: 1...1, taps: 1, completions: 1, contentBeforeTap: true)
            }
        ),
        // A service extension replaces the payload, mark and all; the app in front gets both forms.
        (
            "extensionReplaced",
            { behaviour, completions in
                let (app, _) = launched(behaviour)
                let original: [AnyHashable: Any] = ["aps": ["alert": "secret", "content-available": 1, "mutable-content": 1]]
                let service = ReplacingService()
                var delivered: [AnyHashable: Any] = [:]
                service.didReceive(makeNotification(userInfo: original, identifier: "r", date: Date()).request) { delivered = $0.userInfo }
                app.application(application, didReceiveRemoteNotification: original) { completions.fetch($0) }
                app.userNotificationCenter(center, willPresent: push(delivered, "r")) { completions.presentation($0) }
                return Expected(content: 1...1, taps: 0, completions: 2)
            }
        ),
        // Presented, then iOS ends the process; the tap launches a new one.
        (
            "restartBetweenDeliveryAndTap",
            { behaviour, completions in
                let store = PushMemoryInMemory()
                let notification = push(reminder, "p")
                let (first, _) = launched(behaviour, store: store)
                first.userNotificationCenter(center, willPresent: notification) { completions.presentation($0) }
                let (second, system) = launched(behaviour, store: store)
                system.applicationState = .inactive
                second.userNotificationCenter(center, didReceive: makeResponse(to: notification)) { completions.plain() }
                return Expected(content: 1...1, taps: 1, completions: 2)
            }
        ),
        // A delivery in a state the matrix does not list: Notification Center pulled down.
        (
            "unmodelledState",
            { behaviour, completions in
                let (app, system) = launched(behaviour)
                system.applicationState = .inactive
                app.application(application, didReceiveRemoteNotification: ["aps": ["content-available": 1]]) { completions.fetch($0) }
                return Expected(content: 1...1, taps: 0, completions: 1)
            }
        ),
        // The app's own reminder, with a date in its payload: not a push, never a crash.
        (
            "localNotificationWithDate",
            { behaviour, completions in
                let (app, _) = launched(behaviour)
                let local = makeNotification(userInfo: ["fireAt": Date(), "blob": Data([1])], identifier: "l", date: Date(), local: true)
                app.userNotificationCenter(center, willPresent: local) { completions.presentation($0) }
                app.userNotificationCenter(center, didReceive: makeResponse(to: local)) { completions.plain() }
                return Expected(content: 0...0, taps: 0, completions: 2)
            }
        ),
        // Two pushes with one payload, the first in the background, the second presented soon after.
        (
            "identicalPayloadsAcrossStates",
            { behaviour, completions in
                let (app, system) = launched(behaviour)
                system.applicationState = .background
                app.application(application, didReceiveRemoteNotification: reminder) { completions.fetch($0) }
                system.applicationState = .active
                app.userNotificationCenter(center, willPresent: push(reminder, "second")) { completions.presentation($0) }
                app.application(application, didReceiveRemoteNotification: reminder) { completions.fetch($0) }
                return Expected(content: 2...2, taps: 0, completions: 3)
            }
        ),
        // Calls from other threads at once.
        (
            "offTheMainThread",
            { behaviour, completions in
                let (app, _) = launched(behaviour)
                let application = application
                DispatchQueue.concurrentPerform(iterations: 20) { n in
                    let silent: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "m\(n)"]
                    app.application(application, didReceiveRemoteNotification: silent) { completions.fetch($0) }
                }
                return Expected(content: 20...20, taps: 0, completions: 20)
            }
        ),
        // An action button and a dismiss, each answered as what it is.
        (
            "actionAndDismiss",
            { behaviour, completions in
                let (app, system) = launched(behaviour)
                let chat: [AnyHashable: Any] = ["aps": ["alert": "Reply?", "category": "chat"]]
                let button = push(chat, "b"), dismissed = push(chat, "d")
                app.userNotificationCenter(center, didReceive: makeResponse(to: button, actionIdentifier: "reply")) { completions.plain() }
                system.applicationState = .background
                app.userNotificationCenter(
                    center, didReceive: makeResponse(to: dismissed, actionIdentifier: UNNotificationDismissActionIdentifier)
                ) {
                    completions.plain()
                }
                if Seen.taps.suffix(2) != ["tapped(.actionButton) reply", "tapped(.dismiss) \(UNNotificationDismissActionIdentifier)"] {
                    print("actionAndDismiss: taps told as \(Seen.taps.suffix(2))")
                }
                return Expected(content: 2...2, taps: 2, completions: 2)
            }
        ),
    ]
}

/// The generated service extension, whose code adds the decrypted text.
final class EditingService: PushNotificationService {
    override func modifyContent(
        _ content: UNMutableNotificationContent, of request: UNNotificationRequest, delivery: PushContentDelivery<UNNotificationContent>
    ) {
        content.userInfo["decrypted"] = "Meet at noon"
        delivery.deliver(content)
    }
}

/// A service extension whose code builds the payload anew, dropping every key it was given.
final class ReplacingService: PushNotificationService {
    override func modifyContent(
        _ content: UNMutableNotificationContent, of request: UNNotificationRequest, delivery: PushContentDelivery<UNNotificationContent>
    ) {
        content.userInfo = ["aps": ["alert": "Meet at noon"]]
        delivery.deliver(content)
    }
}
