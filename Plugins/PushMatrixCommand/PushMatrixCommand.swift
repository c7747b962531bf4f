import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory push-matrix generate|check|validate|explain [options]`
///
/// Runs `pushmatrix` in the package's own directory, so its defaults apply there: the
/// package's `Spec/push-matrix.json` (else the built-in spec), its `Templates/` (else the
/// built-in templates) and `Generated/` as the output. Options pass through (`--spec`,
/// `--templates`, `--output`, `--verbose`, …).
@main
struct PushMatrixCommand: CommandPlugin {
    /// How a person runs this plugin. pushmatrix names it (in `PUSHMATRIX_INVOCATION`) in the
    /// commands its messages suggest, so a hint to regenerate names this command, not the CLI.
    static let invocation = "swift package --allow-writing-to-package-directory push-matrix"

    static let usage = """
        USAGE: \(invocation) [<verb>] [options]

        Runs pushmatrix in this package's folder: its Spec/push-matrix.json (else the built-in
        spec), its Templates/ (else the built-in templates), and Generated/ as the output.

        VERBS:
          generate   Regenerate Generated/, writing only changed files (the default verb)
          check      Write nothing; exit 1 listing every missing, stale or extra file
          validate   Check the spec and the templates and report every problem
          explain    Tell what happens to a push in each init API and app state
          help       Show this help (also --help, -h)

        OPTIONS, passed on to pushmatrix:
          --spec FILE       The spec (default: Spec/push-matrix.json, else the built-in one)
          --templates DIR   The templates (default: Templates, else the built-in ones)
          --output DIR      Where outputs go (default: Generated)
          --module NAME     The generated module (default: the package's name + Handlers)
          --force, --quiet, --verbose, and explain's options
          <verb> --help     pushmatrix's own help for the verb, with every option

        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let verb = arguments.first ?? "generate"
        if ["help", "--help", "-h"].contains(verb) {
            print(Self.usage, terminator: "")
            return
        }
        var rest = Array(arguments.dropFirst())
        // Target names are unique across a package graph, and pushmatrix has a PushHandlers
        // target, so a package's own generated module is named after the package.
        if ["generate", "check"].contains(verb), !rest.contains(where: { $0.hasPrefix("--module") }) {
            rest += ["--module", context.package.displayName.filter { $0.isLetter || $0.isNumber } + "Handlers"]
        }
        let command: [String]
        switch verb {
        case "generate": command = ["generate"] + rest
        case "check": command = ["generate", "--check"] + rest
        case "validate", "explain": command = [verb] + rest
        default:
            Diagnostics.error("unknown verb '\(verb)': use generate, check, validate or explain (or --help)")
            throw PluginFailure.usage
        }
        let process = Process()
        process.executableURL = try context.tool(named: "pushmatrix").url
        process.arguments = command
        process.currentDirectoryURL = context.package.directoryURL
        process.environment = ProcessInfo.processInfo.environment.merging(["PUSHMATRIX_INVOCATION": Self.invocation]) { _, ours in ours }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("pushmatrix \(command.joined(separator: " ")) failed with status \(process.terminationStatus)")
            throw PluginFailure.status(process.terminationStatus)
        }
    }
}

enum PluginFailure: Error {
    case usage
    case status(Int32)
}
