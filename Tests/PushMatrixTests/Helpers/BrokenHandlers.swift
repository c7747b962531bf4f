import PushHandlers
import PushHandlersTestSupport

/// Handlers that get the built-in matrix wrong, each in one way developers do. This file
/// imports only the generated module, so a generated package's test target can compile it too.
enum BrokenHandlers {
    /// Takes `.inactive` for `.background`: a tap looks like another background delivery.
    final class InactiveAsBackground: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            router.receive(
                handler, state: state == .inactive ? .background : state, notification: notification, complete: complete
            )
        }
    }

    /// Handles the content on every call, so the iOS 8/9 background-then-inactive pair does it twice.
    final class ProcessesEveryCall: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            var handling = router.receive(handler, state: state, notification: notification, complete: complete)
            handling.processesContent = handling.event != nil
            return handling
        }
    }

    /// Forgets the completion handler.
    final class NeverCompletes: PushHandlerUnderTest {
        let router: PushRouter
        init(setup: PushSetup, missing: Set<PushHandler>) { router = PushRouter(setup: setup, missing: missing) }
        func receive(
            _ handler: PushHandler, state: PushHandlerState?, notification: PushReceivedNotification,
            complete: (() -> Void)?
        )
            -> PushHandling
        {
            router.receive(handler, state: state, notification: notification, complete: nil)
        }
    }

    /// Each broken handler by its type's name.
    static var named: [String: (PushSetup, Set<PushHandler>) -> PushHandlerUnderTest] {
        [
            "InactiveAsBackground": InactiveAsBackground.init, "ProcessesEveryCall": ProcessesEveryCall.init,
            "NeverCompletes": NeverCompletes.init,
        ]
    }

    /// PushScenario name → failures, for every scenario the handlers `make` makes fail, one for each
    /// set of missing handlers the scenario stands for, as the generated suites check them.
    static func failing(_ make: (PushSetup, Set<PushHandler>) -> PushHandlerUnderTest) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for scenario in PushScenario.all {
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
