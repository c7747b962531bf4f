// Shared by both command plugins: Plugins/PushMatrixCheck holds a symbolic link to this file,
// because a plugin target can depend on executables only, not on a library of shared code.
import Foundation
import PackagePlugin

/// A command plugin that runs `pushmatrix` in the package's folder, or in an Xcode project's:
/// the spec its output remembers, else its `Spec/push-matrix.json`, else `builtin:current`; its
/// `Templates/` (else the built-in templates) and `Generated/` as the output. Options pass
/// through (`--spec`, `--output`, …).
protocol PushMatrixPlugin: CommandPlugin {
    static var command: PluginCommand { get }
}

extension PushMatrixPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try Self.command.run(
            from: .swiftPackage, tool: context.tool(named: "pushmatrix").url, directory: context.package.directoryURL,
            projectName: context.package.displayName, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PushMatrixPlugin {
    /// Xcode runs the plugin on a project from the project's context menu; the project's folder
    /// plays the package's part.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try Self.command.run(
            from: .xcodeProject, tool: context.tool(named: "pushmatrix").url,
            directory: context.xcodeProject.directoryURL,
            projectName: context.xcodeProject.displayName, arguments: arguments)
    }
}
#endif

/// One of the two plugins: `push-matrix`, which may write into the package, and
/// `push-matrix-check`, which asks for no permission and runs only the verbs that write nothing.
struct PluginCommand {
    let name: String
    let verbs: [PluginVerb]
    let writes: Bool

    static let generating = PluginCommand(
        name: "push-matrix", verbs: [.generate, .check, .validate, .explain], writes: true)
    static let checking = PluginCommand(name: "push-matrix-check", verbs: [.check, .validate, .explain], writes: false)

    /// Runs pushmatrix in `directory` for `arguments`, as typed after the plugin's name: a verb
    /// (the first of `verbs` when left out) and options, or `help`.
    func run(from host: PluginHost, tool: URL, directory: URL, projectName: String, arguments: [String]) throws {
        // Xcode passes the targets picked in its dialog as `--target NAME`; pushmatrix works on the whole folder.
        let arguments = Self.droppingTargets(arguments)
        if let first = arguments.first, ["help", "--help", "-h"].contains(first) {
            print(usage(from: host), terminator: "")
            return
        }
        let verbGiven = arguments.first.map { !$0.hasPrefix("-") } ?? false
        let name = verbGiven ? arguments[0] : verbs[0].name
        guard let verb = verbs.first(where: { $0.name == name }) else {
            let writer = host.invocation(of: .generating)
            let message =
                PluginCommand.generating.verbs.contains { $0.name == name }
                ? "'\(name)' writes, and \(self.name) writes nothing: run '\(writer) \(name)'"
                : "unknown verb '\(name)': use \(verbs.map(\.name).joined(separator: ", ")) or --help"
            Diagnostics.error(message)
            throw PluginFailure.usage
        }
        var rest = Array(arguments.dropFirst(verbGiven ? 1 : 0))
        // Target names are unique across a package graph, and pushmatrix has a PushHandlers
        // target, so a package's own generated module is named after the package.
        if verb.takesModule, !rest.contains(where: { $0.hasPrefix("--module") }) {
            rest += ["--module", projectName.filter { $0.isLetter || $0.isNumber } + "Handlers"]
        }
        let command = verb.arguments + rest
        let process = Process()
        process.executableURL = tool
        process.arguments = command
        process.currentDirectoryURL = directory
        // pushmatrix names this command in the fixes it suggests: regenerating is the writing plugin's job.
        let invocation = ["PUSHMATRIX_INVOCATION": host.invocation(of: .generating)]
        process.environment = ProcessInfo.processInfo.environment.merging(invocation) { _, ours in ours }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error(
                "pushmatrix \(command.joined(separator: " ")) failed with status \(process.terminationStatus)")
            throw PluginFailure.status(process.terminationStatus)
        }
    }

    /// `arguments` without `--target NAME` and `--target=NAME`; after `--` every argument is kept.
    static func droppingTargets(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                return kept + arguments[index...]
            }
            if argument == "--target" {
                index += 2
                continue
            }
            if !argument.hasPrefix("--target=") { kept.append(argument) }
            index += 1
        }
        return kept
    }

    /// The plugin's help, naming the command that runs it in `host`.
    func usage(from host: PluginHost) -> String {
        let verbLines = verbs.enumerated().map { index, verb in
            "  " + verb.name.padding(toLength: 11, withPad: " ", startingAt: 0) + verb.summary
                + (index == 0 ? " (the default verb)" : "")
        }
        let readOnly =
            writes
            ? "" : "\nIt writes nothing: '\(host.invocation(of: .generating)) generate' regenerates the outputs.\n"
        return """
            USAGE: \(host.invocation(of: self)) [<verb>] [options]

            Runs pushmatrix in this \(host.folder): the spec Generated/ remembers, else its
            Spec/push-matrix.json, else builtin:current; its Templates/ (else the built-in
            templates); and Generated/ as the output.
            \(readOnly)
            VERBS:
            \(verbLines.joined(separator: "\n"))
              help       Show this help (also --help, -h)

            OPTIONS, passed on to pushmatrix:
              --spec FILE       The spec: a file or builtin:NAME (default: as above)
              --templates DIR   The templates (default: Templates, else the built-in ones)
              --output DIR      Where outputs go (default: Generated)
              --module NAME     The generated module (default: the \(host.project)'s name + Handlers)
              --force, --quiet, --verbose, and explain's options
              <verb> --help     pushmatrix's own help for the verb, with every option

            """
    }
}

/// A verb of the plugins: the pushmatrix arguments it stands for and its line in the usage.
struct PluginVerb {
    let name: String
    let arguments: [String]
    let summary: String

    /// The verbs that render outputs name the generated module.
    var takesModule: Bool { arguments.first == "generate" }

    static let generate = PluginVerb(
        name: "generate", arguments: ["generate"], summary: "Regenerate Generated/, writing only changed files")
    static let check = PluginVerb(
        name: "check", arguments: ["generate", "--check"],
        summary: "Write nothing; exit 1 listing every missing, stale or extra file")
    static let validate = PluginVerb(
        name: "validate", arguments: ["validate"], summary: "Check the spec and the templates and report every problem")
    static let explain = PluginVerb(
        name: "explain", arguments: ["explain"], summary: "Tell what happens to a push in each setup and app state")
}

/// Where a plugin runs: SwiftPM's command line in a package, the project's menu in Xcode.
enum PluginHost {
    case swiftPackage
    case xcodeProject

    /// What a person runs to start `command` here; the usage and pushmatrix's hints name it.
    func invocation(of command: PluginCommand) -> String {
        switch self {
        case .swiftPackage:
            "swift package " + (command.writes ? "--allow-writing-to-package-directory " : "") + command.name
        case .xcodeProject: command.name
        }
    }

    var project: String { self == .swiftPackage ? "package" : "Xcode project" }
    var folder: String { self == .swiftPackage ? "package's folder" : "Xcode project's folder" }
}

enum PluginFailure: Error {
    case usage
    case status(Int32)
}
