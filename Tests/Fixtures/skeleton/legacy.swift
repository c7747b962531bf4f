// How the skeleton program makes the app for a scenario of the field-tested iOS 8-10 matrix.

import Foundation
import UIKit
import UserNotifications

/// The scenarios each broken subclass is run on: a background delivery, then a tap.
let chosenScenarios = ["alert_contentAvailable__ios10__background__tapBody"]

/// A system on the scenario's init API, which the skeleton's router reads.
@MainActor
final class FakeSystem: PushSystem {
    let api: InitAPI
    init(api: InitAPI) { self.api = api }
    var applicationState: UIApplication.State { .active }
    func setNotificationCenterDelegate(_ delegate: UNUserNotificationCenterDelegate) {}
    func registerForRemoteNotifications() {}
    func permissionStatus(askedBefore: Bool, _ completion: @escaping @MainActor @Sendable (PermissionStatus) -> Void) {}
    func requestPermission(_ completion: @escaping @MainActor @Sendable () -> Void) {}
    func openSettings() {}
}

/// An app: a PushAppDelegate subclass whose code does what `behaviour` says.
final class DrivenApp: PushAppDelegate {
    private let missing: Set<Handler>, behaviour: Behaviour

    init(missing: Set<Handler>, behaviour: Behaviour) {
        (self.missing, self.behaviour) = (missing, behaviour)
        super.init()
    }

    override var missingHandlers: Set<Handler> { missing }

    override func processContent(_ userInfo: [AnyHashable: Any], event: Event, done: @escaping @Sendable (UIBackgroundFetchResult) -> Void) {
        Seen.events.append("content \(event)")
        answer(behaviour, done)
    }

    override func respondToTap(_ userInfo: [AnyHashable: Any], event: Event, actionIdentifier: String?) {
        Seen.tapsAnswered += 1
        Seen.taps.append("\(event) \(actionIdentifier ?? "body")")
    }
}

@MainActor func makeDelegate(_ behaviour: Behaviour, for scenario: Scenario, missing: Set<Handler>) -> PushAppDelegate {
    let app = DrivenApp(missing: missing, behaviour: behaviour)
    app.system = FakeSystem(api: scenario.api)
    app.completionDeadline = 0.1
    return app
}
