// How the skeleton program makes the app for a scenario of the current matrix.

import Foundation
@_spi(Testing) import UIKit
@_spi(Testing) import UserNotifications

/// The scenarios each broken subclass is run on: a background delivery, then a tap.
let chosenScenarios = ["alert_contentAvailable__scenes__background__tapBody"]

/// An app: a PushAppDelegate subclass whose code does what `behaviour` says.
final class DrivenApp: PushAppDelegate {
    private let fixedSetup: PushSetup
    private let missing: Set<PushHandler>
    private let behaviour: Behaviour

    init(setup: PushSetup, missing: Set<PushHandler>, behaviour: Behaviour) {
        (fixedSetup, self.missing, self.behaviour) = (setup, missing, behaviour)
        super.init()
    }

    override var setup: PushSetup { fixedSetup }
    override var missingHandlers: Set<PushHandler> { missing }

    override func processContent(_ content: PushContent) async -> UIBackgroundFetchResult {
        Seen.events.append("content \(content.event)" + (content.isRetry ? " retry" : ""))
        return await answer(behaviour, content.event, isRetry: content.isRetry)
    }

    override func respondToTap(_ tap: PushTapResponse) async {
        Seen.tapsAnswered += 1
        Seen.taps.append("\(tap.event) \(tap.actionIdentifier ?? "body")" + (tap.userText.map { " \"\($0)\"" } ?? ""))
        Seen.events.append("tap \(tap.event)")
        if behaviour == .slowTap { try? await Task.sleep(nanoseconds: 200_000_000) }
        Seen.events.append("tap done")
    }
}

/// The content as each behaviour handles it, and what it returns.
@MainActor func answer(_ behaviour: Behaviour, _ event: PushEvent, isRetry: Bool) async -> UIBackgroundFetchResult {
    if behaviour == .ignoresUnexpected, case .delivered(.inactive) = event { return .noData }
    Seen.contentHandled += 1
    if behaviour == .answersTapTwice, case .tapped = event { Seen.tapsAnswered += 1 }
    switch behaviour {
    case .skeleton, .ignoresUnexpected, .answersTapTwice, .slowTap: return .newData
    case .dropsDone, .keepsDone:
        try? await Task.sleep(nanoseconds: 3_600_000_000_000)  // never returns within a test
        return .newData
    case .answersAfterDeadline:
        // After the fixtures' deadline (0.5 s), which leaves an answer from another thread or a task time to arrive on
        // a busy machine.
        try? await Task.sleep(nanoseconds: 800_000_000)
        return .newData
    case .finishesOffMain, .finishesInTask:
        return await Task.detached { UIBackgroundFetchResult.newData }.value
    case .failsOffline:
        return isRetry ? .newData : .failed
    }
}

/// The scenario's setup, by name.
func setupName(_ scenario: PushScenario) -> String { scenario.setup.rawValue }

/// Whether `handler` hands over the notification in the scenario's setup.
func handsNotification(_ handler: PushHandler, in scenario: PushScenario) -> Bool {
    handler.handsNotification(scenario.setup)
}

/// Whether the app sees `handler`'s calls.
func runsInApp(_ handler: PushHandler) -> Bool { handler.runsInApp }

@MainActor func makeDelegate(_ behaviour: Behaviour, for scenario: PushScenario, missing: Set<PushHandler>)
    -> PushAppDelegate
{
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

@MainActor let application = UIApplication()
@MainActor let center = UNUserNotificationCenter()

/// A scenes app launched with `behaviour`, its system, and the store its pushes are kept in.
@MainActor func launched(_ behaviour: Behaviour, store: PushMemoryStore = PushMemoryInMemory()) -> (
    DrivenApp, FakeSystem
) {
    let app = DrivenApp(setup: .scenes, missing: [], behaviour: behaviour)
    let system = FakeSystem()
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
                let original: [AnyHashable: Any] = [
                    "aps": ["alert": "secret", "content-available": 1, "mutable-content": 1]
                ]
                let service = EditingService()
                var delivered: [AnyHashable: Any] = [:]
                service.didReceive(makeNotification(userInfo: original, identifier: "e", date: Date()).request) {
                    delivered = $0.userInfo
                }
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
                app.userNotificationCenter(center, didReceive: makeResponse(to: push(reminder, "c"))) {
                    completions.plain()
                }
                return Expected(content: 1...1, taps: 1, completions: 1, contentBeforeTap: true)
            }
        ),
        // A service extension replaces the payload, mark and all; the app in front gets both forms.
        (
            "extensionReplaced",
            { behaviour, completions in
                let (app, _) = launched(behaviour)
                let original: [AnyHashable: Any] = [
                    "aps": ["alert": "secret", "content-available": 1, "mutable-content": 1]
                ]
                let service = ReplacingService()
                var delivered: [AnyHashable: Any] = [:]
                service.didReceive(makeNotification(userInfo: original, identifier: "r", date: Date()).request) {
                    delivered = $0.userInfo
                }
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
                RunLoop.main.run(until: Date() + 0.6)  // the content's work ends, or its deadline passes
                let (second, system) = launched(behaviour, store: store)
                system.applicationState = .inactive
                second.userNotificationCenter(center, didReceive: makeResponse(to: notification)) {
                    completions.plain()
                }
                return Expected(content: 1...1, taps: 1, completions: 2)
            }
        ),
        // A delivery in a state the matrix does not list: Notification Center pulled down.
        (
            "unmodelledState",
            { behaviour, completions in
                let (app, system) = launched(behaviour)
                system.applicationState = .inactive
                app.application(application, didReceiveRemoteNotification: ["aps": ["content-available": 1]]) {
                    completions.fetch($0)
                }
                return Expected(content: 1...1, taps: 0, completions: 1)
            }
        ),
        // The app's own reminder, with a date in its payload: not a push, never a crash.
        (
            "localNotificationWithDate",
            { behaviour, completions in
                let (app, _) = launched(behaviour)
                let local = makeNotification(
                    userInfo: ["fireAt": Date(), "blob": Data([1])], identifier: "l", date: Date(), local: true)
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
                app.userNotificationCenter(center, willPresent: push(reminder, "second")) {
                    completions.presentation($0)
                }
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
                let button = push(chat, "b")
                let dismissed = push(chat, "d")
                app.userNotificationCenter(center, didReceive: makeResponse(to: button, actionIdentifier: "reply")) {
                    completions.plain()
                }
                system.applicationState = .background
                app.userNotificationCenter(
                    center,
                    didReceive: makeResponse(to: dismissed, actionIdentifier: UNNotificationDismissActionIdentifier)
                ) {
                    completions.plain()
                }
                wait { completions.count == 2 }
                if Seen.taps.suffix(2) != [
                    "tapped(.actionButton) reply", "tapped(.dismiss) \(UNNotificationDismissActionIdentifier)",
                ] {
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
        _ content: UNMutableNotificationContent, of request: UNNotificationRequest,
        delivery: PushContentDelivery<UNNotificationContent>
    ) {
        content.userInfo["decrypted"] = "Meet at noon"
        delivery.deliver(content)
    }
}

/// A service extension whose code builds the payload anew, dropping every key it was given.
final class ReplacingService: PushNotificationService {
    override func modifyContent(
        _ content: UNMutableNotificationContent, of request: UNNotificationRequest,
        delivery: PushContentDelivery<UNNotificationContent>
    ) {
        content.userInfo = ["aps": ["alert": "Meet at noon"]]
        delivery.deliver(content)
    }
}

/// An app whose `processContent` calls `super` first, as UIKit habit has it, then does the real work.
final class SuperFirstApp: PushAppDelegate {
    override var setup: PushSetup { .scenes }

    override func processContent(_ content: PushContent) async -> UIBackgroundFetchResult {
        _ = await super.processContent(content)
        try? await Task.sleep(nanoseconds: 300_000_000)
        Seen.events.append("real work done")
        return .newData
    }

    override func didRegister(deviceToken: String) {
        Seen.events.append("token \(deviceToken)")
    }
}

/// Runs the main run loop until `done` or two seconds pass.
@MainActor func wait(until done: () -> Bool) {
    let deadline = Date() + 2
    while !done() && Date() < deadline { RunLoop.main.run(until: Date() + 0.01) }
}

/// The cases only the current skeleton has: content that failed or was cut off comes back, a
/// tap's work ends before iOS is told, `super` is harmless, a generic key is not an id, and the
/// device token arrives as hex. Each prints a line only where the app's code saw something else.
@MainActor func extraChecks() -> [String] {
    var problems: [String] = []
    let alert: [AnyHashable: Any] = ["aps": ["alert": "New message", "content-available": 1], "gcm.message_id": "m3"]

    // The app answers .failed offline; the user's tap brings the content back as a retry.
    Seen.events = []
    let (offline, offlineSystem) = launched(.failsOffline)
    offlineSystem.applicationState = .background
    var fetched: [UIBackgroundFetchResult] = []
    offline.application(application, didReceiveRemoteNotification: alert) { fetched.append($0) }
    wait { fetched.count == 1 }
    offlineSystem.applicationState = .inactive
    let done1 = Completions()
    offline.userNotificationCenter(center, didReceive: makeResponse(to: push(alert, "a"))) { done1.plain() }
    wait { done1.count == 1 }
    let expected = ["content delivered(.background)", "content tapped(.body) retry", "tap tapped(.body)", "tap done"]
    if fetched != [.failed] || Seen.events != expected { problems.append("failed content: \(fetched), \(Seen.events)") }

    // iOS ends the process while the content is worked on; the tap relaunches the app.
    Seen.events = []
    let store = PushMemoryInMemory()
    let (cutOff, cutOffSystem) = launched(.dropsDone, store: store)
    cutOffSystem.applicationState = .background
    cutOff.application(application, didReceiveRemoteNotification: alert) { _ in }
    wait { !Seen.events.isEmpty }
    let (relaunched, relaunchedSystem) = launched(.skeleton, store: store)
    relaunchedSystem.applicationState = .inactive
    let done2 = Completions()
    relaunched.userNotificationCenter(center, didReceive: makeResponse(to: push(alert, "b"))) { done2.plain() }
    wait { done2.count == 1 }
    if !Seen.events.contains("content tapped(.body) retry") {
        problems.append("content cut off by a restart: \(Seen.events)")
    }

    // A reply typed into a text input action, sent while the app is in the background: iOS's
    // completion handler waits for the tap's work.
    Seen.events = []
    Seen.taps = []
    let (replying, replyingSystem) = launched(.slowTap)
    replyingSystem.applicationState = .background
    let chat: [AnyHashable: Any] = ["aps": ["alert": "Reply?", "category": "chat"], "gcm.message_id": "m4"]
    let done3 = Completions()
    let reply = makeTextResponse(to: push(chat, "c"), actionIdentifier: "reply", userText: "On my way")
    replying.userNotificationCenter(center, didReceive: reply) {
        MainActor.assumeIsolated { Seen.events.append("iOS completion") }
        done3.plain()
    }
    wait { done3.count == 1 }
    if Seen.events.suffix(2) != ["tap done", "iOS completion"]
        || Seen.taps != ["tapped(.actionButton) reply \"On my way\""]
    {
        problems.append("reply: \(Seen.events), \(Seen.taps)")
    }

    // A subclass that calls super.processContent first: iOS hears once the real work is done.
    Seen.events = []
    let superFirst = SuperFirstApp()
    let superSystem = FakeSystem()
    superSystem.applicationState = .background
    superFirst.system = superSystem
    superFirst.memoryStore = PushMemoryInMemory()
    superFirst.completionDeadline = 2
    _ = superFirst.application(application, willFinishLaunchingWithOptions: nil)
    superFirst.application(application, didReceiveRemoteNotification: alert) { result in
        MainActor.assumeIsolated { Seen.events.append("iOS told \(result)") }
    }
    wait { Seen.events.count == 2 }
    if Seen.events != ["real work done", "iOS told newData"] { problems.append("super first: \(Seen.events)") }

    // The device token, as hex.
    Seen.events = []
    superFirst.application(application, didRegisterForRemoteNotificationsWithDeviceToken: Data([0x0a, 0xff, 0x00]))
    if Seen.events != ["token 0aff00"] { problems.append("device token: \(Seen.events)") }

    // A backend that puts a constant "_" (not Airship) or a "custom.i" that is no UUID in every payload.
    for generic in [["_": 2], ["custom": ["i": "order"]]] as [[AnyHashable: Any]] {
        Seen.contentHandled = 0
        Seen.tapsAnswered = 0
        let (app, system) = launched(.skeleton)
        system.applicationState = .inactive
        for (text, id) in [("Order shipped", "A"), ("Order delivered", "B")] {
            let payload = generic.merging(["aps": ["alert": text]]) { first, _ in first }
            let done4 = Completions()
            app.userNotificationCenter(center, didReceive: makeResponse(to: push(payload, id))) { done4.plain() }
            wait { done4.count == 1 }
        }
        if (Seen.contentHandled, Seen.tapsAnswered) != (2, 2) {
            problems.append(
                "generic key \(generic.keys.first!): content \(Seen.contentHandled), taps \(Seen.tapsAnswered)")
        }
    }

    // Scene configurations: a window scene gets PushSceneDelegate unless Info.plist names a
    // delegate, which is kept; another role keeps what Info.plist says.
    let (scenes, _) = launched(.skeleton)
    let cases: [(UISceneSession.Role, AnyClass?, String)] = [
        (.windowApplication, nil, "PushSceneDelegate"), (.windowApplication, OwnSceneDelegate.self, "OwnSceneDelegate"),
        (.windowExternalDisplayNonInteractive, nil, "none"),
    ]
    for (role, declared, expected): (UISceneSession.Role, AnyClass?, String) in cases {
        let session = makeSession(role: role, delegateClass: declared)
        let configuration = scenes.application(
            application, configurationForConnecting: session, options: makeConnectionOptions())
        let named = configuration.delegateClass.map { String(describing: $0) } ?? "none"
        if named != expected || configuration.role != role {
            problems.append("scene \(role.rawValue): \(named), expected \(expected)")
        }
    }
    return problems
}

/// An app's own scene delegate, named in its Info.plist.
final class OwnSceneDelegate: PushSceneDelegate {}
