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
    /// Each broken handler by its type's name.
    static var named: [String: (Setup, Set<Handler>) -> PushHandlerUnderTest] {
        [
            "SceneAndCenterKeepSeparateState": SceneAndCenterKeepSeparateState.init, "ReadsOnlyLaunchOptions": ReadsOnlyLaunchOptions.init,
            "DelegateAssignedTooLate": DelegateAssignedTooLate.init, "PresentationNeverCompletes": PresentationNeverCompletes.init,
        ]
    }

    /// Scenario name → failures, for every scenario the handler `make` makes fails.
    static func failing(_ make: (Setup, Set<Handler>) -> PushHandlerUnderTest) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for scenario in Scenario.all {
            let failures = ConformanceCheck.failures(scenario, handler: make(scenario.setup, scenario.missing))
            if !failures.isEmpty { result[scenario.name] = failures }
        }
        return result
    }
}
