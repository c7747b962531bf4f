// How the skeleton program makes the app for a scenario of the current matrix.

import Foundation
import UIKit

/// The scenarios each broken subclass is run on: a background delivery, then a tap.
let chosenScenarios = ["alert_contentAvailable__scenes__background__tapBody"]

/// An app: a PushAppDelegate subclass whose code does what `behaviour` says.
final class DrivenApp: PushAppDelegate {
    private let fixedSetup: Setup, missing: Set<Handler>, behaviour: Behaviour

    init(setup: Setup, missing: Set<Handler>, behaviour: Behaviour) {
        (fixedSetup, self.missing, self.behaviour) = (setup, missing, behaviour)
        super.init()
    }

    override var setup: Setup { fixedSetup }
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
    let app = DrivenApp(setup: scenario.setup, missing: missing, behaviour: behaviour)
    app.completionDeadline = 0.1
    return app
}
