import CurrentPushHandlers

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
        init(setup: Setup, missing: Set<Handler>) {
            scene = PushRouter(setup: setup, missing: missing)
            center = PushRouter(setup: setup, missing: missing)
        }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            (handler == .sceneConnect ? scene : center).receive(handler, state: state, userInfo: userInfo, complete: complete)
        }
    }

    /// Looks for a tap in the launch options only: the scene's connection options go unread.
    final class ReadsOnlyLaunchOptions: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: Setup, missing: Set<Handler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            if handler == .sceneConnect { return Handling(event: nil, processesContent: false, respondsToTap: false) }
            return router.receive(handler, state: state, userInfo: userInfo, complete: complete)
        }
    }

    /// Sets the notification-center delegate after launching has finished, so the first
    /// notification-center call of a cold start never reaches the app (and is never completed).
    final class DelegateAssignedTooLate: PushHandlerUnderTest {
        let router: PushRouter
        private var justLaunched = false
        init(setup: Setup, missing: Set<Handler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            let dropped = justLaunched && (handler == .action || handler == .presentation)
            if handler.launchesApp {
                justLaunched = true
            } else if handler == .action || handler == .presentation {
                justLaunched = false
            }
            if dropped { return Handling(event: nil, processesContent: false, respondsToTap: false) }
            return router.receive(handler, state: state, userInfo: userInfo, complete: complete)
        }
    }

    /// A `willPresent` that never calls its completion handler.
    final class PresentationNeverCompletes: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: Setup, missing: Set<Handler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            router.receive(handler, state: state, userInfo: userInfo, complete: handler == .presentation ? nil : complete)
        }
    }
    /// Reads the tap from the scene's connection options only: once a scene has connected, it
    /// takes the next `didReceive` for one the connection already answered, so a cold start
    /// whose options held no response leaves the tap unanswered.
    final class ReadsOnlyConnectionOptions: PushHandlerUnderTest {
        let router: PushRouter
        private var connected = false
        init(setup: Setup, missing: Set<Handler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            var handling = router.receive(handler, state: state, userInfo: userInfo, complete: complete)
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
        init(setup: Setup, missing: Set<Handler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            var handling = router.receive(handler, state: state, userInfo: userInfo, complete: complete)
            if handler == .presentation { handling.processesContent = true }
            return handling
        }
    }

    /// Once the system has started the app in the background for a push, takes every later tap
    /// for a cold start: it waits for a launching call before answering, so a warm tap on the
    /// app still running from that launch is never answered.
    final class EveryTapAfterBackgroundLaunchIsCold: PushHandlerUnderTest {
        let router: PushRouter
        private var waitingForLaunch = false
        init(setup: Setup, missing: Set<Handler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(_ handler: Handler, state: HandlerState?, userInfo: [AnyHashable: Any], complete: (() -> Void)?) -> Handling {
            var handling = router.receive(handler, state: state, userInfo: userInfo, complete: complete)
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

    /// Each broken handler by its type's name.
    static var named: [String: (Setup, Set<Handler>) -> PushHandlerUnderTest] {
        [
            "SceneAndCenterKeepSeparateState": SceneAndCenterKeepSeparateState.init, "ReadsOnlyLaunchOptions": ReadsOnlyLaunchOptions.init,
            "DelegateAssignedTooLate": DelegateAssignedTooLate.init, "PresentationNeverCompletes": PresentationNeverCompletes.init,
            "ReadsOnlyConnectionOptions": ReadsOnlyConnectionOptions.init, "HandlesEveryPresentation": HandlesEveryPresentation.init,
            "EveryTapAfterBackgroundLaunchIsCold": EveryTapAfterBackgroundLaunchIsCold.init,
        ]
    }

    /// Scenario name → failures, for every scenario the handlers `make` makes fail, one for each
    /// set of missing handlers the scenario stands for, as the generated suites check them.
    static func failing(_ make: (Setup, Set<Handler>) -> PushHandlerUnderTest) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for scenario in Scenario.all {
            let failures = ConformanceCheck.failures(scenario) { make(scenario.setup, $0) }
            if !failures.isEmpty { result[scenario.name] = failures }
        }
        return result
    }
}
