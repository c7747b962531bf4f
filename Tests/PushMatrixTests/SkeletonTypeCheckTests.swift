import Foundation
import XCTest

/// The iOS skeleton cannot be compiled on Linux, so it is type-checked against stand-in UIKit
/// and UserNotifications modules (Tests/StandIns) that declare the SDK's exact signatures.
final class SkeletonTypeCheckTests: XCTestCase {
    private var sources: [String] {
        let root = Fixtures.generated + "/Sources/PushHandlers"
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return files.sorted().map { root + "/" + $0 }
    }

    /// Builds the stand-in modules into a fresh directory; returns it.
    private func standIns() throws -> String {
        let directory = Fixtures.temporaryDirectory(self)
        for module in ["UIKit", "UserNotifications"] {
            let (status, output) = try swiftc(["-emit-module", "-parse-as-library", "-suppress-warnings", "-enable-library-evolution", "-swift-version", "6",
                                               "-module-name", module, Fixtures.root.path + "/Tests/StandIns/\(module).swift",
                                               "-o", directory + "/\(module).swiftmodule"])
            XCTAssertEqual(status, 0, output)
        }
        return directory
    }

    private func swiftc(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExternalTool.path("swiftc"))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    private func typecheck(_ files: [String], modules: String) throws -> (Int32, String) {
        try swiftc(["-typecheck", "-swift-version", "6", "-I", modules] + files)
    }

    func testTheSkeletonTypeChecksWithoutWarnings() throws {
        let modules = try standIns()
        let (status, output) = try typecheck(sources, modules: modules)
        XCTAssertEqual(status, 0, output)
        XCTAssertFalse(output.contains("warning:"), output)
        XCTAssertTrue(try String(contentsOfFile: sources.first { $0.hasSuffix("PushAppDelegate.swift") }!, encoding: .utf8).contains("#if canImport(UIKit)"))
    }

    func testABrokenSignatureFailsTheTypeCheck() throws {
        let modules = try standIns()
        let skeleton = sources.first { $0.hasSuffix("PushAppDelegate.swift") }!
        let others = sources.filter { $0 != skeleton }
        let original = try String(contentsOfFile: skeleton, encoding: .utf8)
        let breakages = [
            ("a misspelled selector", "didReceiveRemoteNotification userInfo", "didReceiveRemoteNotifications userInfo"),
            ("a missing @escaping", "fetchCompletionHandler completionHandler: @escaping", "fetchCompletionHandler completionHandler:"),
            ("a wrong parameter type", "launchOptions: [UIApplication.LaunchOptionsKey: Any]?", "launchOptions: [String: Any]?"),
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
}
