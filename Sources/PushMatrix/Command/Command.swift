/// The `pushmatrix` command line. It lives in the library so tests run it in-process.
public enum Command {
    public static let version = "0.1.0"
    static let defaultSpec = "Spec/push-matrix.json"
    static let defaultTemplates = "Templates"
    static let maxPrinted = 1000

    /// Exit statuses: 0 success, 1 invalid input or stale output, 2 usage error.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout = ""
        public var stderr = ""
    }

    /// `colored` puts ANSI colour on diagnostics; the caller decides (a terminal, no NO_COLOR).
    /// `invocation` is the command the user typed to start pushmatrix (the package plugin's
    /// differs), named in the command a stale-output message suggests.
    public static func run(_ arguments: [String], colored: Bool = false, invocation: String = "pushmatrix") -> Result {
        var result = Result(status: 0)
        guard let command = arguments.first else {
            result.stderr = Help.main
            result.status = 2
            return result
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            result.stdout = command == "explain" ? Help.explain(try? SpecLoader.load(path: specPath(rest)).spec) : Help.text(for: command) ?? Help.main
            return result
        }
        do {
            switch command {
            case "generate": try generate(rest, &result, invocation: invocation)
            case "validate": try validate(rest, &result)
            case "explain": try explain(rest, &result)
            case "templates": try templates(rest, &result)
            case "help":
                guard let topic = rest.first else { result.stdout = Help.main; break }
                guard let text = Help.text(for: topic) else { throw Arguments.UsageError(message: "no help for '\(topic)'") }
                result.stdout = text
            case "--help", "-h": result.stdout = Help.main
            case "--version": result.stdout = "pushmatrix \(version)\n"
            default:
                let commands = ["generate", "validate", "explain", "templates", "help"]
                throw Arguments.UsageError(message: "unknown command '\(command)'" + Suggestion.didYouMean(command, in: commands))
            }
        } catch let error as Arguments.UsageError {
            let help = Help.text(for: command) == nil ? "pushmatrix --help" : "pushmatrix \(command) --help"
            result.stderr += "pushmatrix: error: \(error.message)\nRun '\(help)' for usage.\n"
            result.status = 2
        } catch let error as DiagnosticsError {
            // Every error up to a screenful of screenfuls; a broken generated spec can have millions.
            result.stderr += error.diagnostics.prefix(maxPrinted).map { $0.formatted(colored: colored) + "\n" }.joined()
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

    /// The spec: `--spec`, else the project's `Spec/push-matrix.json`, else the built-in one (nil).
    static func specPath(_ rest: [String]) -> String? {
        if let index = rest.firstIndex(of: "--spec"), rest.indices.contains(index + 1) { return rest[index + 1] }
        if let option = rest.first(where: { $0.hasPrefix("--spec=") }) { return String(option.dropFirst("--spec=".count)) }
        return FileSystem.kind(defaultSpec) != nil ? defaultSpec : nil
    }

    /// The templates: `--templates`, else the project's `Templates`, else only the built-in ones (nil).
    static func templatesDirectory(_ args: inout Arguments) -> String? {
        if let directory = args.value("--templates") { return directory }
        return FileSystem.kind(defaultTemplates) == .directory ? defaultTemplates : nil
    }

    private static func generate(_ rest: [String], _ result: inout Result, invocation: String) throws {
        var args = try Arguments(rest, valued: ["--spec", "--templates", "--output", "--module"])
        _ = args.value("--spec")
        let templates = templatesDirectory(&args)
        let output = args.value("--output") ?? "Generated"
        let module = args.value("--module") ?? Generator.defaultModule
        if let problem = Identifier.problem(module) { throw Arguments.UsageError(message: "--module: '\(module)' \(problem)") }
        let check = args.flag("--check"), force = args.flag("--force"), quiet = args.flag("--quiet"), verbose = args.flag("--verbose")
        try args.finish(known: ["--spec", "--templates", "--output", "--module", "--check", "--force", "--quiet", "--verbose"])

        let spec = specPath(rest)
        let bytes = try SpecLoader.bytes(path: spec)
        let input = InputDigest.of(spec: bytes, templates: templates, module: module)
        let writer = OutputWriter(directory: output)
        // Same inputs, untouched outputs: nothing to render, nothing to write (no rebuilds downstream).
        if !force, let files = writer.upToDateFiles(input: input) {
            if verbose && !check { result.stdout += files.map { "unchanged \(output)/\($0)\n" }.joined() }
            if !quiet {
                result.stdout += check ? "\(output) is up to date (\(files.count) files)\n" : "\(output): 0 written, \(files.count) unchanged, 0 removed\n"
            }
            return
        }
        let library = TemplateLibrary(directory: templates)
        let matrix = try load(bytes, file: spec ?? SpecLoader.builtInName, parsing: library)
        if !check {
            // Each file is compared and staged as soon as it is rendered, then all land at once.
            let staging = OutputWriter.Staging(writer, force: force)
            do {
                try Generator.render(matrix, library: library, module: module) { path, bytes, isLast throws(DiagnosticsError) in try staging.add(path, bytes, isLast: isLast) }
            } catch {
                staging.abort()
                throw error
            }
            let report = try staging.commit(input: input)
            if verbose { result.stdout += report.map { "\($0.fate.rawValue)\(String(repeating: " ", count: 9 - $0.fate.rawValue.count)) \(output)/\($0.path)\n" }.joined() }
            let count = { (fate: OutputWriter.Fate) in report.filter { $0.fate == fate }.count }
            if !quiet { result.stdout += "\(output): \(count(.written)) written, \(count(.unchanged)) unchanged, \(count(.removed)) removed\n" }
            return
        }
        let checking = OutputWriter.Checking(writer)
        try Generator.render(matrix, library: library, module: module) { path, bytes, isLast in checking.add(path, bytes, isLast: isLast) }
        let problems = checking.problems(input: input)
        for (path, problem) in problems { result.stderr += "\(output)/\(path): error: \(problem.rawValue) — run '\(invocation) generate' to update\n" }
        result.status = problems.isEmpty ? 0 : 1
        if problems.isEmpty && !quiet { result.stdout += "\(output) is up to date (\(checking.fileCount) files)\n" }
    }

    /// Loads the spec while another core parses the templates: for a spec of everyday size the
    /// two take about as long, and rendering then starts with every template ready. Each
    /// template is a job of its own, so that a core that starts late leaves what it has not
    /// reached to the one that loaded the spec; one core is enough for what is left.
    private static func load(_ bytes: [UInt8], file: String, parsing library: TemplateLibrary) throws(DiagnosticsError) -> Matrix {
        let templates = TemplateLibrary.paths
        let loaded = Parallel.map(1 + templates.count, threads: 2) { n -> Swift.Result<Matrix, DiagnosticsError>? in
            guard n == 0 else {
                library.prepare(templates[n - 1])
                return nil
            }
            return Swift.Result { () throws(DiagnosticsError) in try SpecLoader.load(bytes: bytes, file: file) }
        }
        return try loaded[0]!.get()
    }

    /// Checks the spec, and that the templates render with it, since a template may use a text
    /// the spec lacks. Writes nothing.
    private static func validate(_ rest: [String], _ result: inout Result) throws {
        var args = try Arguments(rest, valued: ["--spec", "--templates"])
        _ = args.value("--spec")
        let templates = templatesDirectory(&args)
        let quiet = args.flag("--quiet")
        try args.finish(known: ["--spec", "--templates", "--quiet"])
        let spec = specPath(rest)
        let matrix = try SpecLoader.load(path: spec)
        try Generator.render(matrix, templates: templates) { _, _, _ in }
        if !quiet { result.stdout += "\(spec ?? SpecLoader.builtInName): valid (\(matrix.spec.cells.count) cells)\n" }
    }

    /// `templates export DIR`: the built-in templates, to start overriding some of them.
    private static func templates(_ rest: [String], _ result: inout Result) throws {
        var args = try Arguments(rest, valued: [])
        let force = args.flag("--force")
        guard args.positionals.count == 2, args.positionals[0] == "export" else {
            throw Arguments.UsageError(message: "expected 'templates export DIR'")
        }
        let directory = args.positionals[1]
        try args.finish(known: ["--force"], positionals: 2)
        var written = 0
        for (path, text) in BuiltInFiles.templates.sorted(by: { $0.key < $1.key }) {
            let target = FileSystem.join(directory, path)
            if FileSystem.kind(target) != nil && !force {
                throw DiagnosticsError([Diagnostic(file: target, location: nil, message: "exists; not overwritten (use --force)")])
            }
            do {
                try FileSystem.replace(target, with: Array(text.utf8), temporarySuffix: OutputWriter.temporarySuffix)
            } catch {
                throw DiagnosticsError([Diagnostic(file: target, location: nil, message: "cannot write the file (\(error))")])
            }
            written += 1
        }
        result.stdout += "\(directory): \(written) templates; keep the ones you change, delete the rest\n"
    }
}
