import PushMatrixModel
import PushMatrixOutputDirectory
import PushMatrixOutputs
import PushMatrixSpec
import PushMatrixSupport

/// The `pushmatrix` command line. It lives in the library so tests run it in-process.
public enum Command {
    public static let version = "0.1.0"
    static let defaultSpec = "Spec/push-matrix.json"
    static let defaultTemplates = "Templates"
    static let maxPrinted = 1000
    /// The commands `run` knows, as the main help lists them.
    static let commands = Help.commands(nil).map(\.name)
    /// What may stand where a command does.
    static let options = ["--help", "-h", "--version"]

    /// Exit statuses: 0 success, 1 invalid input or stale output, 2 usage error (also 1 if output is not written whole;
    /// see main.swift).
    public struct Result: Sendable { public var status: Int32, stdout = "", stderr = "" }

    /// `colored`: ANSI colour on diagnostics, as the caller decides. `invocation`: the command the user typed (the
    /// plugin's differs), named in the command a stale-output message suggests. `interruptions` tells a writing run the
    /// process was asked to stop.
    public static func run(
        _ arguments: [String], colored: Bool = false, invocation: String = "pushmatrix", interruptions: Interruptions = .none
    ) -> Result {
        guard let command = arguments.first else { return Result(status: 2, stderr: Help.main) }
        let rest = Array(arguments.dropFirst())
        // An unknown command is a usage error whatever follows it, `--help` included.
        if rest.contains("--help") || rest.contains("-h"), (commands + options).contains(command) {
            return Result(status: 0, stdout: help(command, spec: Arguments.spec(in: rest)) ?? Help.main)
        }
        var result = Result(status: 0)
        do {
            switch command {
            case "generate": try generate(rest, &result, invocation: invocation, interruptions: interruptions)
            case "validate": try validate(rest, &result)
            case "explain": try explain(rest, &result)
            case "observe": try observe(rest, &result)
            case "field-kit": try fieldKit(rest, &result, interruptions: interruptions)
            case "specs": try specs(rest, &result)
            case "templates": try templates(rest, &result)
            case "help" where rest.isEmpty, "--help", "-h": result.stdout = Help.main
            case "help":
                guard let text = help(rest[0], spec: nil) else { throw Arguments.UsageError(message: "no help for '\(rest[0])'") }
                result.stdout = text
            case "--version": result.stdout = "pushmatrix \(version)\n"
            default: throw Arguments.UsageError(message: "unknown command '\(command)'" + Suggestion.didYouMean(command, in: commands))
            }
        } catch let error as Arguments.UsageError {
            let help = Help.text(for: command) == nil ? "pushmatrix --help" : "pushmatrix \(command) --help"
            result.stderr += "pushmatrix: error: \(error.message)\nRun '\(help)' for usage.\n"
            result.status = 2
        } catch is Interrupted {
            result.stderr += "pushmatrix: interrupted; the output is as it was\n"
            result.status = 130
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

    /// The help for `topic`; `explain`'s names the options of the spec `option` (`--spec`) or `specPath` finds.
    private static func help(_ topic: String, spec option: String?) -> String? {
        Help.text(for: topic, spec: topic == "explain" ? try? SpecLoader.load(path: specPath(option)).spec : nil)
    }

    /// The spec: `option` (`--spec`), else the one the output remembers, else `Spec/push-matrix.json`, else the
    /// built-in `builtin:current`.
    static func specPath(_ option: String?, remembered: String? = nil) -> String {
        option ?? remembered ?? (FileSystem.kind(defaultSpec) != nil ? defaultSpec : SpecLoader.builtInName)
    }

    /// `--module NAME` (`option`), else the one the output remembers, else `PushHandlers`: the generated module,
    /// checked to be valid.
    static func moduleName(_ option: String?, remembered: String? = nil) throws -> String {
        let module = option ?? remembered ?? Generator.defaultModule
        if let problem = Identifier.problem(module) { throw Arguments.UsageError(message: "--module: '\(module)' \(problem)") }
        if Generator.importedModules.contains(module) {
            throw Arguments.UsageError(
                message: "--module: '\(module)' is a module the generated code imports; a module of that name would shadow it")
        }
        return module
    }

    /// The templates: `--templates`, else the project's `Templates`, else only the built-in ones (nil).
    static func templatesDirectory(_ args: inout Arguments) -> String? {
        if let directory = args.value("--templates") { return directory }
        return FileSystem.kind(defaultTemplates) == .directory ? defaultTemplates : nil
    }

    private static func generate(_ rest: [String], _ result: inout Result, invocation: String, interruptions: Interruptions) throws {
        var args = try Help.generate.arguments(rest)
        let inputs = Inputs(&args)
        let output = args.value("--output") ?? "Generated"
        guard !output.isEmpty else {
            throw Arguments.UsageError(message: "--output: the path is empty; name the directory the outputs go in")
        }
        let tests = try testFramework(args.value("--tests"))
        let check = args.flag("--check")
        let force = args.flag("--force")
        let quiet = args.flag("--quiet")
        let verbose = args.flag("--verbose")
        try args.finish()

        let writer = OutputWriter(directory: output)
        let session = check ? try writer.openForChecking() : try writer.openForWriting(interruptions: interruptions)
        defer { session.close() }
        result.stderr += session.recovered.map { $0.formatted(colored: false) + "\n" }.joined()
        let run = try inputs.run(session.manifest, output: output) { module, _, _ in
            OutputPlan.Job(product: .generate, module: module, tests: tests)
        }
        let current = force ? nil : session.currentFiles(input: run.input)
        if check {
            let checked = try current.map(session.upToDate) ?? session.check(try run.render(), input: run.input)
            let update = command(invocation, spec: run.spec, output: output, module: run.module, tests: tests, templates: inputs.templates)
            for (path, problem) in checked.problems {
                result.stderr += "\(output)/\(path): error: \(problem.rawValue) — run '\(update)' to update\n"
            }
            for path in checked.debris {
                result.stderr += "\(path): error: left by an interrupted run — run '\(update)' to finish or remove it\n"
            }
            result.status = checked.problems.isEmpty && checked.debris.isEmpty ? 0 : 1
            if result.status == 0 && !quiet { result.stdout += "\(output) is up to date (\(checked.fileCount) files)\n" }
            return
        }
        let written =
            try current.map(session.unchanged)
            ?? session.write(try run.render(), input: run.input, remembers: run.remembers, force: force)
        result.stderr += written.warnings.map { $0.formatted(colored: false) + "\n" }.joined()
        if verbose { result.stdout += written.fates.map { "\($0.fate.rawValue.padding(to: 9)) \(output)/\($0.path)\n" }.joined() }
        let count = { (fate: OutputWriter.Fate) in written.fates.filter { $0.fate == fate }.count }
        if !quiet {
            result.stdout +=
                "\(output): \(count(.written)) written, \(count(.unchanged)) unchanged, \(count(.removed)) removed (\(run.spec), module \(run.module))\n"
        }
    }

    /// `--spec`, `--templates` and `--module`, which `generate` and `field-kit` take alike.
    struct Inputs {
        let spec: String?
        let templates: String?
        let module: String?

        init(_ args: inout Arguments) {
            (spec, templates, module) = (args.value("--spec"), templatesDirectory(&args), args.value("--module"))
        }

        /// The run of `output` its manifest and the options decide: the spec (seen from `output`) and the module,
        /// named or remembered, the input digest, and what to remember for the next run.
        func run(
            _ manifest: OutputWriter.Manifest, output: String,
            plan makeRun: (_ module: String, _ spec: String, _ bytes: [UInt8]) -> OutputPlan.Job
        ) throws -> Prepared {
            let module = try moduleName(self.module, remembered: manifest.remembered["module"])
            let remembered = manifest.remembered["spec"].map {
                $0.hasPrefix(BuiltInFiles.prefix) ? $0 : FileSystem.relative(FileSystem.join(output, $0), from: ".")
            }
            let spec = specPath(self.spec, remembered: remembered)
            let library = TemplateLibrary(directory: templates)
            let bytes = try SpecLoader.bytes(path: spec)
            let run = makeRun(module, spec, bytes)
            return Prepared(
                spec: spec, module: module, bytes: bytes, library: library, plan: run,
                input: InputDigest.of(version: Command.version, spec: bytes, library: library, run: run),
                remembers: remembering(spec: spec, module: module, output: output))
        }
    }

    /// A run decided before anything is rendered.
    struct Prepared {
        /// The spec, as the options name it or the manifest remembers it.
        let spec: String
        /// The generated module's name.
        let module: String
        /// The spec's bytes, read once.
        let bytes: [UInt8]
        /// The templates.
        let library: TemplateLibrary
        /// What the run makes.
        let plan: OutputPlan.Job
        /// The inputs' digest, which the manifest records.
        let input: String
        /// What the manifest remembers for the next run.
        let remembers: [(key: String, value: String)]

        /// Every file of the run, rendered from the spec.
        func render() throws -> [OutputFile] {
            try Generator.render(try Matrix(SpecLoader.load(bytes: bytes, file: spec)), library: library, run: plan)
        }
    }

    /// What an output's manifest remembers for the next run without `--spec` or `--module`: a spec file as seen from
    /// the output directory, found from any working directory, with no machine's path written. A name that cannot sit
    /// on one line is not remembered.
    static func remembering(spec: String, module: String, output: String) -> [(key: String, value: String)] {
        let file = spec.hasPrefix(BuiltInFiles.prefix) ? spec : FileSystem.relative(spec, from: output)
        return [("spec", file), ("module", module)].filter { !$0.1.contains("\n") && !$0.1.contains("\r") }
    }

    /// The `generate` command that remakes `output` as it is: the spec always, the other options where they are not the
    /// defaults.
    static func command(
        _ invocation: String, spec: String, output: String, module: String, tests: TestFramework, templates: String?
    ) -> String {
        var words = [invocation, "generate", "--spec", quoted(spec)]
        if output != "Generated" { words += ["--output", quoted(output)] }
        if module != Generator.defaultModule { words += ["--module", module] }
        if tests != .xctest { words += ["--tests", tests.rawValue] }
        if let templates, templates != defaultTemplates { words += ["--templates", quoted(templates)] }
        return words.joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: as is when it is plain, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:@+=,".contains($0)) }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// `--tests`: the conformance suite's framework, xctest without one.
    private static func testFramework(_ value: String?) throws(Arguments.UsageError) -> TestFramework {
        guard let value else { return .xctest }
        guard let framework = TestFramework(rawValue: value) else {
            let allowed = TestFramework.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            throw Arguments.UsageError(message: "--tests: '\(value)' is not a test framework; use \(allowed)")
        }
        return framework
    }

    /// Checks the spec, and that every template (either test framework's, the field kit's) renders with it: one may use
    /// a text it lacks.
    private static func validate(_ rest: [String], _ result: inout Result) throws {
        var args = try Help.validate.arguments(rest)
        let spec = specPath(args.value("--spec"))
        let templates = templatesDirectory(&args)
        let quiet = args.flag("--quiet")
        try args.finish()
        let matrix = try Matrix(SpecLoader.load(path: spec))
        try Generator.renderEverything(matrix, library: TemplateLibrary(directory: templates))
        if !quiet { result.stdout += "\(spec): valid (\(matrix.spec.cells.count) cells)\n" }
    }

    /// `specs`: the built-in matrices, loaded (so a count is never stale) and listed.
    private static func specs(_ rest: [String], _ result: inout Result) throws {
        let args = try Help.specs.arguments(rest)
        try args.finish()
        let rows = try BuiltInFiles.specs.map { spec throws(DiagnosticsError) in
            (spec.reference, String(try SpecLoader.load(bytes: spec.bytes, file: spec.reference).spec.cells.count), spec.covers)
        }
        let width = rows.map(\.0.count).max() ?? 0
        let cells = rows.map(\.1.count).max() ?? 0
        for (name, count, covers) in rows {
            result.stdout +=
                name.padding(to: width + 2) + String(repeating: " ", count: cells - count.count) + count + " cells  " + covers + "\n"
        }
    }

    /// `templates export DIR`: the built-in templates, to start overriding some of them.
    private static func templates(_ rest: [String], _ result: inout Result) throws {
        var args = try Help.templates.arguments(rest)
        let force = args.flag("--force")
        guard args.positionals.count == 2, args.positionals[0] == "export" else {
            throw Arguments.UsageError(message: "expected 'templates export DIR'")
        }
        let directory = args.positionals[1]
        guard !directory.isEmpty else {
            throw Arguments.UsageError(message: "templates export: the directory is empty; name the directory to copy the templates into")
        }
        try args.finish(positionals: 2)
        let writer = OutputWriter(directory: directory)
        for (path, text) in BuiltInFiles.templates.sorted(by: { $0.key < $1.key }) {
            let target = writer.location(path)
            if FileSystem.kind(target) != nil && !force {
                throw DiagnosticsError([Diagnostic(file: target, location: nil, message: "exists; not overwritten (use --force)")])
            }
            try writer.perform(path) { () throws(FileSystem.Failure) in
                try FileSystem.replace(target, with: Array(text.utf8), temporarySuffix: OutputWriter.temporarySuffix)
            }
        }
        result.stdout += "\(directory): \(BuiltInFiles.templates.count) templates; keep the ones you change, delete the rest\n"
    }
}
