import Foundation
import XCTest

/// swiftc, for type-checking generated Swift against the stand-in UIKit, UserNotifications, SwiftUI,
/// PushKit, CallKit, LiveCommunicationKit and AVFAudio, and the command plugins against PackagePlugin and the stand-in XcodeProjectPlugin.
enum SwiftCompiler {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ExternalTool.run("swiftc", arguments)
        return (result.status, result.output + result.errors)
    }

    /// The directory holding the stand-in modules (`standInModuleNames`), built once per test
    /// run, each after the ones it imports. Throws what the first build met.
    static func standIns() throws -> String { try standInModules.get() }

    /// The directory holding the stand-in XcodeProjectPlugin, on the real PackagePlugin, built
    /// once per test run.
    static func pluginStandIn() throws -> String { try pluginStandInModule.get() }

    private static let standInModules = Result { () throws -> String in
        let directory = try buildDirectory("stand-ins")
        for module in standInModuleNames {
            try buildStandIn(module, into: directory, flags: ["-I", directory])
        }
        return directory
    }

    /// The stand-in modules, each after the ones it imports (`standInImports`).
    static let standInModuleNames = [
        "UserNotifications", "UIKit", "SwiftUI", "AVFAudio", "PushKit", "CallKit", "LiveCommunicationKit",
    ]

    /// The stand-in modules each stand-in imports, which its library links.
    private static let standInImports = [
        "UIKit": ["UserNotifications"], "SwiftUI": ["UserNotifications", "UIKit"], "CallKit": ["AVFAudio"],
    ]

    private static let pluginStandInModule = Result { () throws -> String in
        let directory = try buildDirectory("plugin-stand-in")
        try buildStandIn("XcodeProjectPlugin", into: directory, flags: try pluginFlags())
        return directory
    }

    private struct BuildFailure: Error, CustomStringConvertible { let description: String }

    /// A directory of this test process's, removed when it exits.
    private static func buildDirectory(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pushmatrix-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { SwiftCompiler.removeBuildDirectories() }
        return path
    }

    private static func removeBuildDirectories() {
        for name in ["stand-ins", "plugin-stand-in", "stand-in-libraries"] {
            try? FileManager.default.removeItem(
                atPath: FileManager.default.temporaryDirectory.appendingPathComponent("pushmatrix-\(name)-\(getpid())")
                    .path)
        }
    }

    private static func buildStandIn(_ module: String, into directory: String, flags: [String]) throws {
        let (status, output) = try run(
            [
                "-emit-module", "-parse-as-library", "-suppress-warnings", "-enable-library-evolution",
                "-swift-version", "6",
            ] + flags
                + ["-module-name", module, Fixtures.root.path + "/Tests/StandIns/\(module).swift"]
                + ["-o", directory + "/\(module).swiftmodule"])
        guard status == 0 else { throw BuildFailure(description: "the stand-in \(module) does not build:\n\(output)") }
    }

    /// The flags a plugin is compiled with: the toolchain's PackagePlugin module, the one SwiftPM
    /// compiles plugins against, and the package's tools version, below which its `URL` API is unavailable.
    static func pluginFlags() throws -> [String] {
        let swiftc = URL(fileURLWithPath: try ExternalTool.path("swiftc")).resolvingSymlinksInPath()
        let pluginAPI = swiftc.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "lib/swift/pm/PluginAPI"
        ).path
        XCTAssertTrue(FileManager.default.fileExists(atPath: pluginAPI + "/PackagePlugin.swiftmodule"), pluginAPI)
        return ["-I", pluginAPI, "-Xfrontend", "-package-description-version", "-Xfrontend", "6.0"]
    }

    /// Compiles `files` into a throwaway module, so every diagnostic a build gives is given:
    /// Swift 6's data-race checks (sending values across isolation) run after type-checking, so
    /// `-typecheck` alone passes code that Xcode rejects.
    static func typecheck(_ files: [String], modules: String, as module: String = "PushHandlers", flags: [String] = [])
        throws -> (
            status: Int32, output: String
        )
    {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pushmatrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        return try emitModule(module, files, modules: modules, into: output.path, flags: flags)
    }

    /// Compiles `files` into module `module` in `directory`, where other modules can import it.
    @discardableResult
    static func emitModule(
        _ module: String, _ files: [String], modules: String, into directory: String, flags: [String] = []
    ) throws -> (
        status: Int32, output: String
    ) {
        try run(
            ["-emit-module", "-parse-as-library", "-swift-version", "6", "-I", modules, "-module-name", module] + flags
                + ["-o", directory + "/\(module).swiftmodule"] + files)
    }

    /// Compiles generated module `module` of the output `output` into `directory`, then its test support
    /// against it, as two modules, the way a package builds them: the first failure, or both builds' output.
    @discardableResult
    static func emitModuleAndTestSupport(
        _ module: String, in output: String, modules: String, into directory: String, flags: [String] = []
    ) throws -> (status: Int32, output: String) {
        let runtime = try emitModule(module, sources(in: output + "/Sources/" + module), modules: modules, into: directory, flags: flags)
        guard runtime.status == 0 else { return runtime }
        let support = try emitModule(
            module + "TestSupport", sources(in: output + "/Sources/" + module + "TestSupport"), modules: modules, into: directory,
            flags: ["-I", directory] + flags)
        return (support.status, runtime.output + support.output)
    }

    /// The directory holding the stand-in modules built as shared libraries, to link and run
    /// code against, built once per test run.
    static func standInLibraries() throws -> String { try standInLibraryModules.get() }

    private static let standInLibraryModules = Result { () throws -> String in
        let directory = try buildDirectory("stand-in-libraries")
        for module in standInModuleNames {
            let (status, output) = try run(
                [
                    "-emit-library", "-emit-module", "-parse-as-library", "-suppress-warnings", "-swift-version", "6",
                    "-I", directory,
                    "-L", directory,
                ]
                    + (standInImports[module] ?? []).map { "-l" + $0 }
                    + ["-module-name", module, Fixtures.root.path + "/Tests/StandIns/\(module).swift"]
                    + ["-o", directory + "/lib\(module).so", "-emit-module-path", directory + "/\(module).swiftmodule"])
            guard status == 0 else {
                throw BuildFailure(description: "the stand-in \(module) does not build as a library:\n\(output)")
            }
        }
        return directory
    }

    /// Compiles `files` (one of them `main.swift`) into a program linked with the stand-in
    /// libraries, runs it and gives its exit status (a signal's number when it traps) and output.
    /// The program is one module, named `module`: a generated module and its test support compiled
    /// into it take the runtime's name, so the test support's import of it is its own.
    static func runProgram(_ files: [String], in directory: String, module: String = "Program") throws -> (
        status: Int32, output: String
    ) {
        let libraries = try standInLibraries()
        let program = directory + "/program"
        let (status, output) = try run(
            [
                "-swift-version", "6", "-Onone", "-I", libraries, "-L", libraries,
            ] + standInModuleNames.map { "-l" + $0 }
                + ["-Xlinker", "-rpath", "-Xlinker", libraries, "-module-name", module, "-o", program] + files)
        guard status == 0 else { throw BuildFailure(description: "the program does not build:\n\(output)") }
        let result = try ExternalTool.run(program, [], environment: ["SWIFT_BACKTRACE": "enable=no"])
        return (result.status, result.output + result.errors)
    }

    /// The Swift files of generated module `module` in `output`, then those of its test support.
    static func moduleAndTestSupport(_ module: String, in output: String) -> [String] {
        sources(in: output + "/Sources/" + module) + sources(in: output + "/Sources/" + module + "TestSupport")
    }

    /// The Swift files under a generated `Sources/PushHandlers`.
    static func sources(in root: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift")
        }
        return files.sorted().map { root + "/" + $0 }
    }
}
