import Foundation
import XCTest

/// The VoIP skeleton (Templates/swift/voip) cannot be compiled on Linux, so it is type-checked
/// against the stand-in PushKit, CallKit, LiveCommunicationKit and AVFAudio modules
/// (Tests/StandIns), which declare the SDK's exact signatures, and run against them as libraries.
/// Its templates hold no placeholder, so they are compiled as they are.
final class VoIPSkeletonTypeCheckTests: IntegrationTestCase {
    private static let directory = Fixtures.templates + "/swift/voip"

    private var templates: [String] { SwiftCompiler.sources(in: Self.directory) }

    /// The modes app targets build in: Swift 6, Swift 5 with complete checking, and a new Xcode 26
    /// target's default isolation `MainActor`.
    private static let modes = [
        ("Swift 6", [String]()), ("Swift 5, complete checking", ["-swift-version", "5", "-strict-concurrency=complete"]),
        ("default isolation MainActor", ["-default-isolation", "MainActor"]),
    ]

    /// Each template, with and without the filtering entitlement's compile flag, and beside an app
    /// that uses it as apps do: no error and no warning in any mode.
    func testTheVoIPSkeletonTypeChecksInEveryModeAnAppTargetUses() throws {
        let modules = try SwiftCompiler.standIns()
        XCTAssertEqual(
            templates.map { String($0.dropFirst(Self.directory.count + 1)) },
            [
                "PushCallReporter.swift", "PushVoIPDelegate+Provider.swift", "PushVoIPDelegate+Reporting.swift",
                "PushVoIPDelegate.swift", "PushVoIPServiceExtension.swift", "TestSupport/PushVoIPDelegateUnderTest.swift",
            ])
        for file in templates {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            XCTAssertFalse(text.contains("{{"), "\(file): a placeholder")
            XCTAssertTrue(text.contains("#if canImport("), "\(file): not behind #if canImport")
        }
        let app = Fixtures.temporaryDirectory(self) + "/App.swift"
        try Data(Self.app.utf8).write(to: URL(fileURLWithPath: app))
        for (mode, flags) in Self.modes {
            for filtering in [[], ["-D", "PUSH_VOIP_FILTERING"]] {
                let (status, output) = try SwiftCompiler.typecheck(
                    templates + [app], modules: modules, as: "App", flags: flags + filtering)
                XCTAssertEqual(status, 0, "\(mode) \(filtering): \(output)")
                XCTAssertFalse(output.contains("warning:"), "\(mode) \(filtering): \(output)")
            }
        }
    }

    /// An app's own subclass, filling the regions it needs, and its app delegate, which installs
    /// it first at launch; on iOS 26.4, a LiveCommunicationKit reporter instead of CallKit's.
    private static let app = """
        import AVFAudio
        import CallKit
        import Foundation
        import LiveCommunicationKit
        import PushKit
        import UIKit

        final class Calls: PushVoIPDelegate {
            private var server: [UUID: String] = [:]

            override func describeCall(_ payload: [AnyHashable: Any]) -> PushCallDecision {
                guard let caller = payload["caller"] as? String, payload["ended"] == nil else { return .drop }
                return .ring(PushIncomingCall(handle: caller, callerName: payload["name"] as? String))
            }

            override func connect(_ call: PushIncomingCall) async {
                server[call.id] = call.handle
            }

            override func answer(_ call: UUID) async throws {
                try await Task.sleep(nanoseconds: 1_000)
                server[call] = nil
            }

            override func decline(_ call: UUID) async throws {
                server[call] = nil
            }

            override func audioActivated(_ audioSession: AVAudioSession) {}

            override func didUpdate(voipToken: String) {
                server[UUID()] = voipToken
            }
        }

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            let calls = Calls()

            func application(
                _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
            ) -> Bool {
                calls.install()
                return true
            }

            func application(
                _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
            ) {
                completionHandler(.noData)
            }

            @available(iOS 26.4, *)
            func reportThroughConversations(_ manager: ConversationManager) {
                calls.reporter = PushConversationReporter(manager: manager)
            }
        }

        """

    /// The methods PushKit and CallKit call are final: a subclass that overrides one, and so could
    /// return without reporting, does not compile.
    func testASubclassCannotOverrideTheMethodsPushKitAndCallKitCall() throws {
        let modules = try SwiftCompiler.standIns()
        let overrides = [
            """
            override func pushRegistry(
                _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
                completion: @escaping @Sendable () -> Void
            ) {}
            """,
            """
            override func pushRegistry(
                _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
                withCompletionHandler completion: @escaping @Sendable () -> Void
            ) {}
            """,
            "override func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {}",
            "override func install() {}",
        ]
        for body in overrides {
            let file = Fixtures.temporaryDirectory(self) + "/App.swift"
            let app = "import CallKit\nimport PushKit\n\nfinal class Calls: PushVoIPDelegate {\n\(body)\n}\n"
            try Data(app.utf8).write(to: URL(fileURLWithPath: file))
            let (status, output) = try SwiftCompiler.typecheck(templates + [file], modules: modules)
            XCTAssertNotEqual(status, 0, body)
            XCTAssertTrue(
                output.contains("overrides a 'final' instance method") || output.contains("cannot be overridden"), output)
        }
    }

    /// The delegate methods' SDK signatures are checked, not assumed: a misspelled label or a
    /// missing `@Sendable` leaves a required member unimplemented.
    func testABrokenVoIPSignatureFailsTheTypeCheck() throws {
        let modules = try SwiftCompiler.standIns()
        let breakages = [
            ("PushVoIPDelegate+Reporting.swift", "didReceiveIncomingVoIPPushWith payload", "didReceiveIncomingVoipPushWith payload"),
            ("PushVoIPDelegate+Reporting.swift", "completion: @escaping @Sendable () -> Void", "completion: @escaping () -> Void"),
            ("PushVoIPDelegate+Provider.swift", "didActivate audioSession: AVAudioSession", "didActivate audioSession: AnyObject"),
        ]
        for (name, old, new) in breakages {
            let file = Self.directory + "/" + name
            let original = try String(contentsOfFile: file, encoding: .utf8)
            XCTAssertTrue(original.contains(old), name)
            let broken = Fixtures.temporaryDirectory(self) + "/" + name
            try Data(original.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: broken))
            let (status, output) = try SwiftCompiler.typecheck(
                templates.filter { $0 != file } + [broken], modules: modules)
            XCTAssertNotEqual(status, 0, "\(name): \(new) must fail the type check")
            XCTAssertTrue(output.contains("error:"), output)
        }
    }

    /// Driven through `PushVoIPDelegateUnderTest`, the skeleton reports every push that must be
    /// reported before the PushKit method returns, calls the completion handler once, drops only
    /// where `mustReport` is false, and ends a call it reported for an undescribed push; an answer
    /// is fulfilled, or failed when the region throws.
    func testTheVoIPSkeletonReportsBeforeReturningAndCompletesOnce() throws {
        let directory = Fixtures.temporaryDirectory(self)
        let main = directory + "/main.swift"
        try Data(Self.driver.utf8).write(to: URL(fileURLWithPath: main))
        let (status, output) = try SwiftCompiler.runProgram(templates + [main], in: directory)
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(
            output,
            """
            classic, a call: before return 1, after 0, completions 1, ended 0, dropped false, keeps the rule true
            classic, no call: before return 1, after 0, completions 1, ended 1, dropped false, keeps the rule true
            26.4, a call: before return 1, after 0, completions 1, ended 0, dropped false, keeps the rule true
            26.4, no call, mustReport: before return 1, after 0, completions 1, ended 1, dropped false, keeps the rule true
            26.4, no call, may drop: before return 0, after 0, completions 1, ended 0, dropped true, keeps the rule true
            answer: fulfilled failed
            decline: fulfilled
            ended: ["failed", "failed"]

            """)
    }

    /// An app's subclass that rings for a payload naming a caller and answers one call, driven
    /// through every kind of push and both of the user's actions.
    private static let driver = """
        import CallKit
        import Foundation
        import PushKit

        struct Refused: Error {}

        final class Calls: PushVoIPDelegate {
            var answered: [UUID] = []

            override func describeCall(_ payload: [AnyHashable: Any]) -> PushCallDecision {
                guard let caller = payload["caller"] as? String else { return .drop }
                return .ring(PushIncomingCall(handle: caller))
            }

            override func answer(_ call: UUID) async throws {
                guard answered.isEmpty else { throw Refused() }
                answered.append(call)
            }
        }

        let driver = PushVoIPDelegateUnderTest(Calls())
        for (name, delivery) in [
            ("classic, a call", await driver.deliverClassic(["caller": "alice"])),
            ("classic, no call", await driver.deliverClassic([:])),
            ("26.4, a call", await driver.deliver(["caller": "bob"], mustReport: true)),
            ("26.4, no call, mustReport", await driver.deliver([:], mustReport: true)),
            ("26.4, no call, may drop", await driver.deliver([:], mustReport: false)),
        ] {
            print(
                "\\(name): before return \\(delivery.reportedBeforeReturn), after \\(delivery.reportedAfterReturn),",
                "completions \\(delivery.completions), ended \\(delivery.ended), dropped \\(delivery.isDropped),",
                "keeps the rule \\(delivery.keepsTheRule)")
        }
        print("answer:", await driver.answer(UUID()), await driver.answer(UUID()))
        print("decline:", await driver.decline(UUID()))
        print("ended:", driver.reporter.ended.map { "\\($0.reason)" })

        """
}
