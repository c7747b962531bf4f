import Foundation
import XCTest

@testable import PushMatrix

/// The generated VoIP module (Generated/VoIP: the PushVoIPDelegate skeleton), its test support and
/// its suite cannot be compiled on Linux against the SDK, so they are type-checked against the
/// stand-in PushKit, CallKit, LiveCommunicationKit and AVFAudio modules (Tests/StandIns), which
/// declare the SDK's exact signatures. `scripts/voip-app-check` runs the suite against an app.
final class VoIPSkeletonTypeCheckTests: IntegrationTestCase {
    private static let module = "VoIPPushHandlers"

    /// The module's own Swift files.
    private var sources: [String] { SwiftCompiler.sources(in: Fixtures.voipGenerated + "/Sources/" + Self.module) }

    /// The modes app targets build in: Swift 6, Swift 5 with complete checking, and a new Xcode 26
    /// target's default isolation `MainActor`.
    private static let modes = [
        ("Swift 6", [String]()), ("Swift 5, complete checking", ["-swift-version", "5", "-strict-concurrency=complete"]),
        ("default isolation MainActor", ["-default-isolation", "MainActor"]),
    ]

    /// The module, with and without the filtering entitlement's compile flag, then its test support
    /// and an app that uses the module as apps do, in every mode, and its XCTest and Swift Testing
    /// suites in Swift 6 and 5: no error and no warning.
    func testTheVoIPModuleAndItsSuiteBuildInEveryModeAnAppTargetUses() throws {
        let modules = try SwiftCompiler.standIns()
        XCTAssertEqual(
            sources.map { String($0.dropFirst(Fixtures.voipGenerated.count + Self.module.count + 10)) },
            [
                "Dimensions.swift", "FieldRecorder.swift", "PushCallReporter.swift", "Skeleton/PushVoIPDelegate+Provider.swift",
                "Skeleton/PushVoIPDelegate+Reporting.swift", "Skeleton/PushVoIPDelegate.swift",
                "Skeleton/PushVoIPServiceExtension.swift",
            ])
        let testing = Fixtures.temporaryDirectory(self)
        let result = Command.run([
            "generate", "--spec", "builtin:voip", "--module", Self.module, "--tests", "swift-testing", "--output", testing,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let suites = [Fixtures.voipGenerated, testing].map { SwiftCompiler.sources(in: $0 + "/Tests/\(Self.module)ConformanceTests") }
        let app = Fixtures.temporaryDirectory(self) + "/App.swift"
        try Data(("import \(Self.module)\n" + Self.app).utf8).write(to: URL(fileURLWithPath: app))
        for (mode, flags) in Self.modes {
            for filtering in [[], ["-D", "PUSH_VOIP_FILTERING"]] {
                let built = Fixtures.temporaryDirectory(self)
                var (status, output) = try SwiftCompiler.emitModuleAndTestSupport(
                    Self.module, in: Fixtures.voipGenerated, modules: modules, into: built, flags: flags + filtering)
                // Test targets keep nonisolated by default: XCTestCase's initializers are.
                let checked = flags.contains("MainActor") ? [[app]] : suites + [[app]]
                for files in checked where status == 0 {
                    let each = try SwiftCompiler.typecheck(files, modules: modules, as: "Suite", flags: ["-I", built] + flags)
                    (status, output) = (each.status, output + each.output)
                }
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
            let (status, output) = try SwiftCompiler.typecheck(sources + [file], modules: modules)
            XCTAssertNotEqual(status, 0, body)
            XCTAssertTrue(
                output.contains("overrides a 'final' instance method") || output.contains("cannot be overridden"), output)
        }
    }

    /// The delegate methods' SDK signatures are checked, not assumed: a misspelled label or a
    /// missing `@Sendable` leaves a required member unimplemented. The iOS 26.4 method is optional
    /// in the SDK, so a misspelling would compile there too: its declaration is held to the
    /// stand-in's word for word instead.
    func testABrokenVoIPSignatureFailsTheTypeCheck() throws {
        let modules = try SwiftCompiler.standIns()
        let reporting = try String(contentsOfFile: sources.first { $0.hasSuffix("/PushVoIPDelegate+Reporting.swift") }!, encoding: .utf8)
        let requirement =
            "_ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,"
        XCTAssertTrue(
            try String(contentsOfFile: Fixtures.root.path + "/Tests/StandIns/PushKit.swift", encoding: .utf8).contains(requirement))
        XCTAssertTrue(reporting.contains(requirement), "the iOS 26.4 method is declared as PushKit declares it")
        let breakages = [
            ("PushVoIPDelegate+Reporting.swift", "didReceiveIncomingPushWith payload", "didReceiveIncomingPushwith payload"),
            ("PushVoIPDelegate+Reporting.swift", "completion: @escaping @Sendable () -> Void", "completion: @escaping () -> Void"),
            ("PushVoIPDelegate+Provider.swift", "didActivate audioSession: AVAudioSession", "didActivate audioSession: AnyObject"),
        ]
        for (name, old, new) in breakages {
            let file = sources.first { $0.hasSuffix("/" + name) }!
            let original = try String(contentsOfFile: file, encoding: .utf8)
            XCTAssertTrue(original.contains(old), name)
            let broken = Fixtures.temporaryDirectory(self) + "/" + name
            try Data(original.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: broken))
            let (status, output) = try SwiftCompiler.typecheck(
                sources.filter { $0 != file } + [broken], modules: modules)
            XCTAssertNotEqual(status, 0, "\(name): \(new) must fail the type check")
            XCTAssertTrue(output.contains("error:"), output)
        }
    }
}
