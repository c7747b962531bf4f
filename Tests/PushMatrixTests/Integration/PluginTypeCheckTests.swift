import Foundation
import XCTest

/// SwiftPM builds the command plugins without their Xcode half, which compiles only where
/// XcodeProjectPlugin exists. Both halves are type-checked here, against the toolchain's
/// PackagePlugin and the stand-in XcodeProjectPlugin (Tests/StandIns), which makes
/// `canImport(XcodeProjectPlugin)` true.
final class PluginTypeCheckTests: IntegrationTestCase {
    private let plugins = Fixtures.root.appendingPathComponent("Plugins").path
    private var shared: String { plugins + "/PushMatrixCommand/PushMatrixPlugin.swift" }

    private func sources(_ plugin: String) -> [String] { SwiftCompiler.sources(in: plugins + "/" + plugin) }

    private func typecheck(_ files: [String], standIns: Bool = true) throws -> (status: Int32, output: String) {
        let modules = standIns ? try SwiftCompiler.pluginStandIn() : Fixtures.temporaryDirectory(self)
        return try SwiftCompiler.typecheck(files, modules: modules, as: "Plugin", flags: SwiftCompiler.pluginFlags())
    }

    func testBothPluginsTypeCheckForPackagesAndXcodeProjectsWithoutWarnings() throws {
        for plugin in ["PushMatrixCommand", "PushMatrixCheck"] {
            let files = sources(plugin)
            XCTAssertEqual(
                files.map { URL(fileURLWithPath: $0).lastPathComponent }, ["\(plugin).swift", "PushMatrixPlugin.swift"])
            let (status, output) = try typecheck(files)
            XCTAssertEqual(status, 0, "\(plugin): \(output)")
            XCTAssertFalse(output.contains("warning:"), "\(plugin): \(output)")
            let entry = try String(contentsOfFile: files[0], encoding: .utf8)
            XCTAssertTrue(entry.contains("#if canImport(XcodeProjectPlugin)"), plugin)
            XCTAssertTrue(entry.contains("extension \(plugin): XcodeCommandPlugin {}"), plugin)
        }
        // One source for both: the check plugin's copy is a link to the command plugin's.
        let linked = URL(fileURLWithPath: plugins + "/PushMatrixCheck/PushMatrixPlugin.swift").resolvingSymlinksInPath()
        XCTAssertEqual(linked.path, URL(fileURLWithPath: shared).resolvingSymlinksInPath().path)
    }

    /// Each entry point is checked against the API it implements: a wrong signature or property
    /// fails, on the Xcode side only where the stand-in is found.
    func testAWrongSignatureFailsTheTypeCheck() throws {
        let original = try String(contentsOfFile: shared, encoding: .utf8)
        let xcodeEntry = "func performCommand(context: XcodePluginContext, arguments: [String]) throws {"
        let breakages = [
            (
                "an async Xcode entry point", xcodeEntry,
                "func performCommand(context: XcodePluginContext, arguments: [String]) async throws {"
            ),
            (
                "an Xcode project's Path for its URL", "context.xcodeProject.directoryURL",
                "context.xcodeProject.directory"
            ),
            (
                "Xcode arguments of the wrong type", xcodeEntry,
                "func performCommand(context: XcodePluginContext, arguments: [Substring]) throws {"
            ),
            ("a package's Path for its URL", "context.package.directoryURL", "context.package.directory"),
            (
                "a misspelled SwiftPM entry point", "func performCommand(context: PluginContext,",
                "func performCommands(context: PluginContext,"
            ),
        ]
        for (name, old, new) in breakages {
            XCTAssertTrue(original.contains(old), name)
            let broken = Fixtures.temporaryDirectory(self) + "/PushMatrixPlugin.swift"
            try Data(original.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: broken))
            let (status, output) = try typecheck([plugins + "/PushMatrixCommand/PushMatrixCommand.swift", broken])
            XCTAssertNotEqual(status, 0, "\(name) must fail the type check")
            XCTAssertTrue(output.contains("error:"), output)
        }
    }

    /// Without the stand-in the Xcode half is left out, as SwiftPM leaves it out: a broken Xcode
    /// entry point passes, so the test above checks it only because the stand-in is on the path.
    func testTheXcodeHalfIsCheckedOnlyAgainstTheStandIn() throws {
        let original = try String(contentsOfFile: shared, encoding: .utf8)
        let broken = Fixtures.temporaryDirectory(self) + "/PushMatrixPlugin.swift"
        try Data(
            original.replacingOccurrences(of: "context.xcodeProject.directoryURL", with: "context.xcodeProject.folder")
                .utf8
        )
        .write(to: URL(fileURLWithPath: broken))
        let files = [plugins + "/PushMatrixCommand/PushMatrixCommand.swift", broken]
        XCTAssertEqual(try typecheck(files, standIns: false).status, 0)
        XCTAssertNotEqual(try typecheck(files).status, 0)
    }
}
