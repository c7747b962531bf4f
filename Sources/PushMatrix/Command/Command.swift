import Foundation

/// The `pushmatrix` command line. It lives in the library so tests run it in-process.
public enum Command {
    public static let version = "0.1.0"

    /// Exit statuses: 0 success, 1 invalid input or stale output, 2 usage error.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout = ""
        public var stderr = ""
    }

    public static func run(_ arguments: [String]) -> Result {
        var result = Result(status: 0)
        guard let command = arguments.first else {
            result.stderr = Help.main
            result.status = 2
            return result
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            if command == "explain" {
                let spec = rest.firstIndex(of: "--spec").flatMap { rest.indices.contains($0 + 1) ? rest[$0 + 1] : nil } ?? defaultSpec
                result.stdout = Help.explain(try? SpecLoader.load(path: spec).spec)
            } else {
                result.stdout = Help.text(for: command) ?? Help.main
            }
            return result
        }
        do {
            switch command {
            case "generate": try generate(rest, &result)
            case "validate": try validate(rest, &result)
            case "explain": try explain(rest, &result)
            case "help":
                guard let topic = rest.first else { result.stdout = Help.main; break }
                guard let text = Help.text(for: topic) else { throw Arguments.UsageError(message: "no help for '\(topic)'") }
                result.stdout = text
            case "--help", "-h": result.stdout = Help.main
            case "--version": result.stdout = "pushmatrix \(version)\n"
            default:
                throw Arguments.UsageError(message: "unknown command '\(command)'" + Suggestion.didYouMean(command, in: ["generate", "validate", "explain", "help"]))
            }
        } catch let error as Arguments.UsageError {
            let help = Help.text(for: command) == nil ? "pushmatrix --help" : "pushmatrix \(command) --help"
            result.stderr += "pushmatrix: error: \(error.message)\nRun '\(help)' for usage.\n"
            result.status = 2
        } catch let error as DiagnosticsError {
            // Every error up to a screenful of screenfuls; a broken generated spec can have millions.
            result.stderr += error.diagnostics.prefix(maxPrinted).map { $0.description + "\n" }.joined()
            if error.diagnostics.count > maxPrinted {
                result.stderr += "pushmatrix: \(error.diagnostics.count - maxPrinted) more errors not shown\n"
            }
            result.status = 1
        } catch {
            result.stderr += "pushmatrix: error: \(error)\n"
            result.status = 1
        }
        return result
    }

    static let defaultSpec = "Spec/push-matrix.json"
    static let maxPrinted = 1000

    private static func generate(_ rest: [String], _ result: inout Result) throws {
        var args = try Arguments(rest, valued: ["--spec", "--templates", "--output"])
        let spec = args.value("--spec") ?? defaultSpec
        let templates = args.value("--templates") ?? "Templates"
        let output = args.value("--output") ?? "Generated"
        let check = args.flag("--check")
        let force = args.flag("--force")
        try args.finish(known: ["--spec", "--templates", "--output", "--check", "--force"])

        let matrix = try SpecLoader.load(path: spec)
        let files = try Generator.render(matrix, templates: templates)
        let writer = OutputWriter(directory: output)
        if check {
            let problems = writer.check(files)
            for (path, problem) in problems { result.stderr += "\(output)/\(path): error: \(problem.rawValue) — run 'pushmatrix generate' to update\n" }
            result.status = problems.isEmpty ? 0 : 1
            if problems.isEmpty { result.stdout += "\(output) is up to date (\(files.count + 1) files)\n" }
            return
        }
        let report = try writer.write(files, force: force)
        let count = { (fate: OutputWriter.Fate) in report.filter { $0.fate == fate }.count }
        result.stdout += "\(output): \(count(.written)) written, \(count(.unchanged)) unchanged, \(count(.removed)) removed\n"
    }

    /// Checks the spec, and that the templates (when there are any) render with it, since a
    /// template may use a text the spec lacks.
    private static func validate(_ rest: [String], _ result: inout Result) throws {
        var args = try Arguments(rest, valued: ["--spec", "--templates"])
        let spec = args.value("--spec") ?? defaultSpec
        let templates = args.value("--templates") ?? "Templates"
        try args.finish(known: ["--spec", "--templates"])
        let matrix = try SpecLoader.load(path: spec)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: templates, isDirectory: &isDirectory), isDirectory.boolValue {
            _ = try Generator.render(matrix, templates: templates)
        }
        result.stdout += "\(spec): valid (\(matrix.spec.cells.count) cells)\n"
    }
}
