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
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let verb = arguments.first ?? "generate"
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
            Diagnostics.error("unknown verb '\(verb)': use generate, check, validate or explain")
            throw PluginFailure.usage
        }
        let process = Process()
        process.executableURL = try context.tool(named: "pushmatrix").url
        process.arguments = command
        process.currentDirectoryURL = context.package.directoryURL
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
