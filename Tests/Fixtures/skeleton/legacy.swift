// How the skeleton program makes the app for a scenario of the field-tested iOS 8-10 matrix.

import Foundation
import UIKit
import UserNotifications

/// The scenarios each broken subclass is run on: a background delivery, then a tap.
let chosenScenarios = ["alert_contentAvailable__ios10__background__tapBody"]

/// A system on the scenario's init API, which the skeleton's router reads.
@MainActor
final class FakeSystem: PushSystem {
    let setup: PushSetup
    init(setup: PushSetup) { self.setup = setup }
    var applicationState: UIApplication.State = .active
    func setNotificationCenterDelegate(_ delegate: UNUserNotificationCenterDelegate) {}
    func registerForRemoteNotifications() {}
    func permissionStatus(
        askedBefore: Bool, _ completion: @escaping @MainActor @Sendable (PushPermissionStatus) -> Void
    ) {}
    func requestPermission(_ completion: @escaping @MainActor @Sendable () -> Void) {}
    func openSettings() {}
}

/// An app: a PushAppDelegate subclass whose code does what `behaviour` says.
final class DrivenApp: PushAppDelegate {
    private let missing: Set<PushHandler>
    private let behaviour: Behaviour

    init(missing: Set<PushHandler>, behaviour: Behaviour) {
        (self.missing, self.behaviour) = (missing, behaviour)
        super.init()
    }

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
func handsNotification(_ handler: PushHandler, in scenario: PushScenario) -> Bool {
    handler.handsNotification(scenario.setup)
}

/// Whether the app sees `handler`'s calls.
func runsInApp(_ handler: PushHandler) -> Bool { true }  // every handler of this matrix runs in the app

@MainActor func makeDelegate(_ behaviour: Behaviour, for scenario: PushScenario, missing: Set<PushHandler>)
    -> PushAppDelegate
{
    let app = DrivenApp(missing: missing, behaviour: behaviour)
    app.system = FakeSystem(setup: scenario.setup)
    app.completionDeadline = 0.5
    return app
}

@MainActor let application = UIApplication()

/// The traffic cases: a name, and what runs them.
@MainActor var traffic: [(String, (Behaviour, Completions) -> Expected)] {
    [
        // Two reminders with one payload, tapped one after the other on iOS 8/9, where a tap is
        // a reception in `.inactive` that hands over the payload alone.
        (
            "identicalTapsOnIOS8or9",
            { behaviour, completions in
                let app = DrivenApp(missing: [], behaviour: behaviour)
                let system = FakeSystem(setup: .ios8_9)
                (app.system, app.memoryStore, app.completionDeadline) = (system, PushMemoryInMemory(), 0.5)
                system.applicationState = .inactive
                let reminder: [AnyHashable: Any] = ["aps": ["alert": "Time to stretch"]]
                app.application(application, didReceiveRemoteNotification: reminder) { completions.fetch($0) }
                app.application(application, didReceiveRemoteNotification: reminder) { completions.fetch($0) }
                return Expected(content: 2...2, taps: 2, completions: 2)
            }
        )
    ]
}

/// The content as each behaviour handles it, and `done` as it treats it.
@MainActor func answer(
    _ behaviour: Behaviour, _ event: PushEvent, _ done: @escaping @Sendable (UIBackgroundFetchResult) -> Void
) {
    if behaviour == .ignoresUnexpected, case .delivered(.inactive) = event { return done(.noData) }
    Seen.contentHandled += 1
    if behaviour == .answersTapTwice, case .tapped = event { Seen.tapsAnswered += 1 }
    switch behaviour {
    case .skeleton, .ignoresUnexpected, .answersTapTwice, .slowTap: done(.newData)
    case .dropsDone: return
    case .keepsDone: Seen.keptDones.append(done)
    case .answersAfterDeadline:
        // After the fixtures' deadline (0.5 s), which leaves an answer from another thread or a task time to arrive on
        // a busy machine.
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { done(.newData) }
    case .finishesOffMain:
        DispatchQueue.global().async { done(.newData) }
    case .finishesInTask:
        Task.detached { done(.newData) }
    case .failsOffline:
        done(.failed)  // this skeleton's processContent is not told of a retry
    }
}

/// The current skeleton's own cases (current.swift); this skeleton has none.
@MainActor func extraChecks() -> [String] { [] }
