import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSpec

/// The iOS skeleton cannot be compiled on Linux, so it is type-checked against stand-in UIKit
/// and UserNotifications modules (Tests/StandIns) that declare the SDK's exact signatures.
final class SkeletonTypeCheckTests: IntegrationTestCase {
    private var sources: [String] { SwiftCompiler.sources(in: Fixtures.generated + "/Sources/PushHandlers") }

    private func standIns() throws -> String { try SwiftCompiler.standIns() }

    private func typecheck(_ files: [String], modules: String) throws -> (Int32, String) {
        try SwiftCompiler.typecheck(files, modules: modules)
    }

    func testTheSkeletonTypeChecksWithoutWarnings() throws {
        let modules = try standIns()
        let (status, output) = try typecheck(sources, modules: modules)
        XCTAssertEqual(status, 0, output)
        XCTAssertFalse(output.contains("warning:"), output)
        for name in [
            "PushAppDelegate", "PushAppDelegate+Machinery", "PushAppDelegate+States", "PushAppDelegate+Routing",
        ] {
            let file = try XCTUnwrap(sources.first { $0.hasSuffix("/\(name).swift") }, name)
            XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("#if canImport(UIKit)"), name)
        }
    }

    /// The current matrix's scaffolding: the scene-aware app delegate, the scene delegate, the
    /// SwiftUI `App` and the notification service extension, each behind `#if canImport(UIKit)`.
    func testTheCurrentSkeletonsTypeCheckWithoutWarnings() throws {
        let modules = try standIns()
        let current = SwiftCompiler.sources(in: Fixtures.currentGenerated + "/Sources/CurrentPushHandlers")
        let (status, output) = try typecheck(current, modules: modules)
        XCTAssertEqual(status, 0, output)
        XCTAssertFalse(output.contains("warning:"), output)
        for name in [
            "PushAppDelegate", "PushAppDelegate+Machinery", "PushAppDelegate+States", "PushSceneDelegate",
            "PushSwiftUIApp",
            "PushNotificationService",
        ] {
            let file = try XCTUnwrap(current.first { $0.hasSuffix("/\(name).swift") }, name)
            XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("#if canImport(UIKit)"), name)
        }
    }

    /// Where apps are made: both matrices' modules, skeleton included, and their test support, each
    /// built as a new Xcode 26 target builds it (default isolation `MainActor`), in Swift 6 mode, and
    /// in Swift 5 mode with complete concurrency checking: no error and no warning in any.
    func testTheGeneratedSourcesBuildInEveryModeAnAppTargetUses() throws {
        let modules = try standIns()
        let outputs = [(Fixtures.generated, "PushHandlers"), (Fixtures.currentGenerated, "CurrentPushHandlers")]
        let modes = [
            ("default isolation MainActor", ["-default-isolation", "MainActor"]), ("Swift 6", []),
            ("Swift 5, complete checking", ["-swift-version", "5", "-strict-concurrency=complete"]),
        ]
        for (output, module) in outputs {
            for (mode, flags) in modes {
                let (status, log) = try SwiftCompiler.emitModuleAndTestSupport(
                    module, in: output, modules: modules, into: Fixtures.temporaryDirectory(self), flags: flags)
                XCTAssertEqual(status, 0, "\(module), \(mode): \(log)")
                XCTAssertFalse(log.contains("warning:"), "\(module), \(mode): \(log)")
            }
        }
    }

    /// An app's own `Event`, `Handler`, `Payload`… live beside the generated module: its sources
    /// copied into the app target, or the module imported by it, with the app's delegate
    /// overriding the skeleton's methods by their plain signatures.
    func testTheGeneratedSourcesLiveBesideAnAppsOwnTypes() throws {
        let modules = try standIns()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushmatrix-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (root, module) in [
            (Fixtures.generated + "/Sources/PushHandlers", "PushHandlers"),
            (Fixtures.currentGenerated + "/Sources/CurrentPushHandlers", "CurrentPushHandlers"),
        ] {
            let sources = SwiftCompiler.sources(in: root)
            let vendored = directory + "/Vendored\(module).swift"
            try Self.app(importing: nil, current: module == "CurrentPushHandlers").write(
                toFile: vendored, atomically: true, encoding: .utf8)
            let (status, output) = try SwiftCompiler.typecheck(
                sources + [vendored], modules: modules, as: "App", flags: ["-default-isolation", "MainActor"])
            XCTAssertEqual(status, 0, "\(module) copied into the app: \(output)")
            XCTAssertFalse(output.contains("warning:"), "\(module) copied into the app: \(output)")

            let built = directory + "/" + module
            try FileManager.default.createDirectory(atPath: built, withIntermediateDirectories: true)
            let (moduleStatus, moduleOutput) = try SwiftCompiler.emitModule(
                module, sources, modules: modules, into: built)
            XCTAssertEqual(moduleStatus, 0, moduleOutput)
            let importing = directory + "/Importing\(module).swift"
            try Self.app(importing: module, current: module == "CurrentPushHandlers").write(
                toFile: importing, atomically: true, encoding: .utf8)
            let (appStatus, appOutput) = try SwiftCompiler.typecheck(
                [importing], modules: modules, as: "App", flags: ["-I", built, "-default-isolation", "MainActor"])
            XCTAssertEqual(appStatus, 0, "the app importing \(module): \(appOutput)")
            XCTAssertFalse(appOutput.contains("warning:"), "the app importing \(module): \(appOutput)")
        }
    }

    /// An app that names its own types as apps do, with the generated module's former plain names,
    /// and a delegate that subclasses the skeleton: the current skeleton's `async` methods, or
    /// the field-tested one's `done`.
    private static func app(importing module: String?, current: Bool) -> String {
        let own = [
            "AppState", "Classification", "Classifier", "CompletionOnce", "ConformanceCheck", "ContentDelivery",
            "Event", "FieldRecorder",
            "Handler", "HandlerState", "Handling", "InitAPI", "Payload", "PayloadValue", "PendingDeliveries",
            "PermissionStatus",
            "ReceivedNotification",
            "Scenario", "Setup", "Step", "Tap",
        ]
        let overrides =
            current
            ? """
                override func processContent(_ content: PushContent) async -> UIBackgroundFetchResult {
                    let mine = Event(id: content.userInfo.count)
                    onMainActor { _ = mine.id }
                    return .newData
                }

                override func respondToTap(_ tap: PushTapResponse) async {
                    _ = (Tap(), Handler(), Payload(), Scenario(), Handling(), Setup(), tap.userText)
                }
            """
            : """
                override func processContent(
                    _ userInfo: [AnyHashable: Any], event: PushEvent, done: @escaping @Sendable (UIBackgroundFetchResult) -> Void
                ) {
                    let mine = Event(id: userInfo.count)
                    onMainActor { _ = mine.id }
                    done(.newData)
                }

                override func respondToTap(_ userInfo: [AnyHashable: Any], event: PushEvent, actionIdentifier: String?) {
                    _ = (Tap(), Handler(), Payload(), Scenario(), Handling(), Setup())
                }
            """
        return """
            \(module.map { "import \($0)\n" } ?? "")import UIKit
            import UserNotifications

            \(own.map { "struct \($0) { var id = 0 }" }.joined(separator: "\n"))
            func onMainActor(_ work: () -> Void) { work() }

            final class AppDelegate: PushAppDelegate {
            \(overrides)
            }

            """
    }

    /// The current skeleton's conformance suites, XCTest and Swift Testing, compile where UIKit
    /// exists (its branch active against the stand-ins), in Swift 6 and in Swift 5 mode, with no
    /// warning: the handler is made and driven on the main actor.
    func testTheSuitesCompileWhereUIKitExists() throws {
        let modules = try standIns()
        let built = Fixtures.temporaryDirectory(self)
        let (moduleStatus, moduleOutput) = try SwiftCompiler.emitModuleAndTestSupport(
            "CurrentPushHandlers", in: Fixtures.currentGenerated, modules: modules, into: built)
        XCTAssertEqual(moduleStatus, 0, moduleOutput)
        let testing = Fixtures.temporaryDirectory(self)
        let result = Command.run([
            "generate", "--spec", "builtin:current", "--module", "CurrentPushHandlers", "--tests", "swift-testing",
            "--output", testing,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let suites = [
            (
                "XCTest",
                SwiftCompiler.sources(in: Fixtures.currentGenerated + "/Tests/CurrentPushHandlersConformanceTests")
            ),
            ("Swift Testing", SwiftCompiler.sources(in: testing + "/Tests/CurrentPushHandlersConformanceTests")),
        ]
        for (framework, files) in suites {
            XCTAssertTrue(files.contains { $0.hasSuffix("/HandlerUnderTest.swift") }, framework)
            for mode in ["6", "5"] {
                let (status, output) = try SwiftCompiler.typecheck(
                    files, modules: modules, as: "Suite", flags: ["-I", built, "-swift-version", mode])
                XCTAssertEqual(status, 0, "\(framework), Swift \(mode): \(output)")
                XCTAssertFalse(output.contains("warning:"), "\(framework), Swift \(mode): \(output)")
            }
        }
    }

    /// The methods iOS calls are final, in the app delegate and in the service extension: a
    /// subclass that overrides one, and so could leave out `super` and lose every push, does not
    /// compile.
    func testASubclassCannotOverrideTheMethodsIOSCalls() throws {
        let modules = try standIns()
        let current = SwiftCompiler.sources(in: Fixtures.currentGenerated + "/Sources/CurrentPushHandlers")
        let overrides = [
            (
                "PushAppDelegate",
                """
                override func application(
                    _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                    fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
                ) {}
                """
            ),
            (
                "PushAppDelegate",
                """
                override func application(
                    _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
                ) -> Bool { true }
                """
            ),
            (
                "PushAppDelegate",
                """
                override func userNotificationCenter(
                    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
                ) {}
                """
            ),
            (
                "PushNotificationService",
                """
                override func didReceive(
                    _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
                ) {}
                """
            ),
        ]
        for (superclass, body) in overrides {
            let file = Fixtures.temporaryDirectory(self) + "/App.swift"
            let app = "import UIKit\nimport UserNotifications\n\nfinal class App: \(superclass) {\n\(body)\n}\n"
            try Data(app.utf8).write(to: URL(fileURLWithPath: file))
            let (status, output) = try typecheck(current + [file], modules: modules)
            XCTAssertNotEqual(status, 0, body)
            XCTAssertTrue(output.contains("overrides a 'final' instance method"), output)
        }
    }

    /// The scene delegate's and the service extension's SDK signatures are checked, not assumed.
    func testABrokenCurrentSignatureFailsTheTypeCheck() throws {
        let modules = try standIns()
        let current = SwiftCompiler.sources(in: Fixtures.currentGenerated + "/Sources/CurrentPushHandlers")
        let breakages = [
            (
                "PushSceneDelegate", "options connectionOptions: UIScene.ConnectionOptions",
                "options connectionOptions: [String: Any]"
            ),
            (
                "PushNotificationService", "withContentHandler contentHandler: @escaping",
                "withContentHandler contentHandler:"
            ),
        ]
        for (name, old, new) in breakages {
            let file = try XCTUnwrap(current.first { $0.hasSuffix("/\(name).swift") }, name)
            let original = try String(contentsOfFile: file, encoding: .utf8)
            XCTAssertTrue(original.contains(old), name)
            let broken = Fixtures.temporaryDirectory(self) + "/\(name).swift"
            try Data(original.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: broken))
            let (status, output) = try typecheck(current.filter { $0 != file } + [broken], modules: modules)
            XCTAssertNotEqual(status, 0, "\(name): \(new) must fail the type check")
            XCTAssertTrue(output.contains("error:"), output)
        }
    }

    func testABrokenSignatureFailsTheTypeCheck() throws {
        let modules = try standIns()
        let skeleton = sources.first { $0.hasSuffix("PushAppDelegate.swift") }!
        let others = sources.filter { $0 != skeleton }
        let original = try String(contentsOfFile: skeleton, encoding: .utf8)
        let breakages = [
            (
                "a misspelled selector", "didReceiveRemoteNotification userInfo",
                "didReceiveRemoteNotifications userInfo"
            ),
            (
                "a missing @escaping", "fetchCompletionHandler completionHandler: @escaping",
                "fetchCompletionHandler completionHandler:"
            ),
            (
                "a wrong parameter type", "launchOptions: [UIApplication.LaunchOptionsKey: Any]?",
                "launchOptions: [String: Any]?"
            ),
        ]
        for (name, old, new) in breakages {
            XCTAssertTrue(original.contains(old), name)
            let broken = Fixtures.temporaryDirectory(self) + "/PushAppDelegate.swift"
            try Data(original.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: broken))
            let (status, output) = try typecheck(others + [broken], modules: modules)
            XCTAssertNotEqual(status, 0, "\(name) must fail the type check")
            XCTAssertTrue(output.contains("error:"), output)
        }
    }

    /// Spec text cannot break generated code: the hostile-text fixture's Swift type-checks.
    func testHostileTextGeneratesSwiftThatTypeChecks() throws {
        let output = Fixtures.temporaryDirectory(self)
        let result = Command.run([
            "generate", "--spec", Fixtures.fixture("hostile-text.json"), "--templates", Fixtures.templates, "--output",
            output,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let dimensions = try String(contentsOfFile: output + "/Sources/PushHandlers/Dimensions.swift", encoding: .utf8)
        XCTAssertTrue(
            dimensions.contains(#"/// The action */ /* """ \(x) # \ handler."#), "the text is there, as a comment")
        let (status, log) = try SwiftCompiler.emitModuleAndTestSupport(
            "PushHandlers", in: output, modules: try SwiftCompiler.standIns(), into: Fixtures.temporaryDirectory(self))
        XCTAssertEqual(status, 0, log)
    }
}
