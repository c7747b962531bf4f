import CurrentPushHandlers
import CurrentPushHandlersTestSupport
import Foundation

/// Handlers that get the current-iOS matrix wrong in the ways developers report for scenes,
/// SwiftUI and service extensions. This file imports only the generated module, so a generated
/// package's test target can compile it too.
enum CurrentBrokenHandlers {
    /// Keeps one router for the scene delegate and another for the notification-center delegate,
    /// so a cold-start tap answered from the scene's connection options is answered again when
    /// `didReceive` brings the same response.
    final class SceneAndCenterKeepSeparateState: PushHandlerUnderTest {
        let scene: PushRouter
        let center: PushRouter
        init(setup: PushSetup, missing: Set<PushHandler>) {
            scene = PushRouter(setup: setup, missing: missing)
            center = PushRouter(setup: setup, missing: missing)
        }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            (handler == .sceneConnect ? scene : center).receive(
                handler, state: state, notification: notification, complete: complete)
        }
    }

    /// Looks for a tap in the launch options only: the scene's connection options go unread.
    final class ReadsOnlyLaunchOptions: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            if handler == .sceneConnect {
                return PushHandling(event: nil, processesContent: false, respondsToTap: false)
            }
            return router.receive(handler, state: state, notification: notification, complete: complete)
        }
    }

    /// Sets the notification-center delegate after launching has finished, so the first
    /// notification-center call of a cold start never reaches the app (and is never completed).
    final class DelegateAssignedTooLate: PushHandlerUnderTest {
        let router: PushRouter
        private var justLaunched = false
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            let dropped = justLaunched && (handler == .action || handler == .presentation)
            if handler.launchesApp {
                justLaunched = true
            } else if handler == .action || handler == .presentation {
                justLaunched = false
            }
            if dropped { return PushHandling(event: nil, processesContent: false, respondsToTap: false) }
            return router.receive(handler, state: state, notification: notification, complete: complete)
        }
    }

    /// Leaves a content-available push's content to the background wake: no tap's call handles
    /// it, as if iOS always woke the app first.
    final class TrustsTheBackgroundWake: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            var handling = router.receive(handler, state: state, notification: notification, complete: complete)
            let aps = notification.userInfo["aps"] as? [String: Any]
            if aps?["content-available"] as? Int == 1 && handling.event?.isDelivery == false {
                handling.processesContent = false
            }
            return handling
        }
    }

    /// A `willPresent` that never calls its completion handler.
    final class PresentationNeverCompletes: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            router.receive(
                handler, state: state, notification: notification, complete: handler == .presentation ? nil : complete)
        }
    }
    /// Reads the tap from the scene's connection options only: once a scene has connected, it
    /// takes the next `didReceive` for one the connection already answered, so a cold start
    /// whose options held no response leaves the tap unanswered.
    final class ReadsOnlyConnectionOptions: PushHandlerUnderTest {
        let router: PushRouter
        private var connected = false
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            var handling = router.receive(handler, state: state, notification: notification, complete: complete)
            if handler == .sceneConnect {
                connected = true
            } else if handler == .action && connected {
                connected = false
                handling.respondsToTap = false
            }
            return handling
        }
    }

    /// Handles the content in every `willPresent`, so iOS 18.0's second call for the same push
    /// handles it again.
    final class HandlesEveryPresentation: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            var handling = router.receive(handler, state: state, notification: notification, complete: complete)
            if handler == .presentation { handling.processesContent = true }
            return handling
        }
    }

    /// A classifier that has lost the presentation handler's foreground row: the router still
    /// hands the content over, as it does for any call the matrix does not list, but takes the
    /// call for an unexpected one.
    final class LosesTheForegroundPresentation: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            var handling = router.receive(handler, state: state, notification: notification, complete: complete)
            if handler == .presentation && state == .active { handling.unexpected = true }
            return handling
        }
    }

    /// Once the system has started the app in the background for a push, takes every later tap
    /// for a cold start: it waits for a launching call before answering, so a warm tap on the
    /// app still running from that launch is never answered.
    final class EveryTapAfterBackgroundLaunchIsCold: PushHandlerUnderTest {
        let router: PushRouter
        private var waitingForLaunch = false
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            var handling = router.receive(handler, state: state, notification: notification, complete: complete)
            if handling.event == .delivered(.background) {
                waitingForLaunch = true
            } else if handler.launchesApp {
                waitingForLaunch = false
            } else if waitingForLaunch, case .tapped = handling.event {
                handling.respondsToTap = false
            }
            return handling
        }
    }

    /// Tells pushes apart by a digest of the payload alone: the same payload sent again is taken
    /// for the push already handled, so its content is skipped and its tap goes unanswered.
    final class DedupesByPayloadDigest: PushHandlerUnderTest {
        private let dedupe: Dedupe
        init(setup: PushSetup, missing: Set<PushHandler>) {
            dedupe = Dedupe(setup: setup, missing: missing) { _ in nil }
        }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            dedupe.receive(handler, state: state, notification: notification, complete: complete)
        }
    }

    /// Tells pushes apart by the request identifier alone (the payload where a call has none):
    /// an update sent with the same `apns-collapse-id` is taken for the push it replaces.
    final class DedupesByRequestIdentifier: PushHandlerUnderTest {
        private let dedupe: Dedupe
        init(setup: PushSetup, missing: Set<PushHandler>) {
            dedupe = Dedupe(setup: setup, missing: missing) { $0.requestIdentifier }
        }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            dedupe.receive(handler, state: state, notification: notification, complete: complete)
        }
    }

    /// The reference router's meaning and tap answer for each call, with content and taps
    /// remembered by one key: `key` where it gives one, else a digest of the payload.
    final class Dedupe {
        private let setup: PushSetup
        private let missing: Set<PushHandler>
        private let key: (PushReceivedNotification) -> String?
        private var content: Set<String> = []
        private var taps: Set<String> = []
        init(setup: PushSetup, missing: Set<PushHandler>, key: @escaping (PushReceivedNotification) -> String?) {
            (self.setup, self.missing, self.key) = (setup, missing, key)
        }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            // A fresh router remembers nothing: it says what the call means and whether it answers a tap.
            var handling = PushRouter(setup: setup, missing: missing).receive(
                handler, state: state, notification: notification, complete: complete)
            guard handling.event != nil else { return handling }
            let id = key(notification) ?? Self.digest(notification.userInfo)
            handling.processesContent = content.insert(id).inserted
            handling.respondsToTap = handling.respondsToTap && taps.insert(id).inserted
            return handling
        }
        private static func digest(_ userInfo: [AnyHashable: Any]) -> String {
            let object = Dictionary(userInfo.map { ("\($0.key)", $0.value) }, uniquingKeysWith: { first, _ in first })
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Each broken handler by its type's name.
    static var named: [String: (PushSetup, Set<PushHandler>) -> PushHandlerUnderTest] {
        [
            "SceneAndCenterKeepSeparateState": SceneAndCenterKeepSeparateState.init,
            "ReadsOnlyLaunchOptions": ReadsOnlyLaunchOptions.init,
            "DelegateAssignedTooLate": DelegateAssignedTooLate.init,
            "PresentationNeverCompletes": PresentationNeverCompletes.init,
            "ReadsOnlyConnectionOptions": ReadsOnlyConnectionOptions.init,
            "HandlesEveryPresentation": HandlesEveryPresentation.init,
            "EveryTapAfterBackgroundLaunchIsCold": EveryTapAfterBackgroundLaunchIsCold.init,
            "DedupesByPayloadDigest": DedupesByPayloadDigest.init,
            "DedupesByRequestIdentifier": DedupesByRequestIdentifier.init,
        ]
    }

    /// PushScenario name → failures, for every scenario of `scenarios` the handlers `make` makes fail, one for each
    /// set of missing handlers the scenario stands for, as the generated suites check them.
    static func failing(
        _ make: (PushSetup, Set<PushHandler>) -> PushHandlerUnderTest, scenarios: [PushScenario] = PushScenario.all
    ) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for scenario in scenarios {
            let failures = PushConformanceCheck.failures(scenario) { make(scenario.setup, $0) }
            if !failures.isEmpty { result[scenario.name] = failures }
        }
        return result
    }

    /// Sequence name → failures, for every sequence of several pushes the handler `make` makes fails.
    static func failingSequences(_ make: (PushSetup, Set<PushHandler>) -> PushHandlerUnderTest) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for sequence in PushSequence.all {
            let failures = PushConformanceCheck.failures(sequence, handler: make(sequence.setup, []))
            if !failures.isEmpty { result[sequence.name] = failures }
        }
        return result
    }
}
