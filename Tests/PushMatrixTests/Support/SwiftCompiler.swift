import Foundation
import XCTest

/// swiftc, for type-checking generated Swift against the stand-in UIKit, UserNotifications and SwiftUI,
/// and the command plugins against PackagePlugin and the stand-in XcodeProjectPlugin.
enum SwiftCompiler {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ExternalTool.run("swiftc", arguments)
        return (result.status, result.output + result.errors)
    }

    /// Builds the stand-in modules into `directory`, each after the ones it imports.
    static func buildStandIns(into directory: String) throws {
        for module in ["UserNotifications", "UIKit", "SwiftUI"] {
            let (status, output) = try run([
                "-emit-module", "-parse-as-library", "-suppress-warnings", "-enable-library-evolution", "-swift-version", "6",
                "-I", directory, "-module-name", module, Fixtures.root.path + "/Tests/StandIns/\(module).swift",
                "-o", directory + "/\(module).swiftmodule",
            ])
            XCTAssertEqual(status, 0, output)
        }
    }

    /// The flags a plugin is compiled with: the toolchain's PackagePlugin module, the one SwiftPM
    /// compiles plugins against, and the package's tools version, below which its `URL` API is unavailable.
    static func pluginFlags() throws -> [String] {
        let swiftc = URL(fileURLWithPath: try ExternalTool.path("swiftc")).resolvingSymlinksInPath()
        let pluginAPI = swiftc.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/pm/PluginAPI").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: pluginAPI + "/PackagePlugin.swiftmodule"), pluginAPI)
        return ["-I", pluginAPI, "-Xfrontend", "-package-description-version", "-Xfrontend", "6.0"]
    }

    /// Builds the stand-in XcodeProjectPlugin, on the real PackagePlugin, into `directory`.
    static func buildPluginStandIn(into directory: String) throws {
        let (status, output) = try run(
            ["-emit-module", "-parse-as-library", "-suppress-warnings", "-enable-library-evolution", "-swift-version", "6"]
                + pluginFlags() + ["-module-name", "XcodeProjectPlugin", Fixtures.root.path + "/Tests/StandIns/XcodeProjectPlugin.swift"]
                + ["-o", directory + "/XcodeProjectPlugin.swiftmodule"])
        XCTAssertEqual(status, 0, output)
    }

    /// Compiles `files` into a throwaway module, so every diagnostic a build gives is given:
    /// Swift 6's data-race checks (sending values across isolation) run after type-checking, so
    /// `-typecheck` alone passes code that Xcode rejects.
    static func typecheck(_ files: [String], modules: String, as module: String = "PushHandlers", flags: [String] = []) throws -> (
        status: Int32, output: String
    ) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pushmatrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        return try emitModule(module, files, modules: modules, into: output.path, flags: flags)
    }

    /// Compiles `files` into module `module` in `directory`, where other modules can import it.
    @discardableResult
    static func emitModule(_ module: String, _ files: [String], modules: String, into directory: String, flags: [String] = []) throws -> (
        status: Int32, output: String
    ) {
        try run(
            ["-emit-module", "-parse-as-library", "-swift-version", "6", "-I", modules, "-module-name", module] + flags
                + ["-o", directory + "/\(module).swiftmodule"] + files)
    }

    /// The Swift files under a generated `Sources/PushHandlers`.
    static func sources(in root: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return files.sorted().map { root + "/" + $0 }
    }
}
