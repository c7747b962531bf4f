import PushMatrixModel
import PushMatrixSupport

/// Renders the output plan's files (path relative to the output directory, bytes); writes nothing: the caller decides
/// what they become.
public enum Generator {
    /// The generated module's default name; a package depending on pushmatrix picks another (target names are unique in
    /// a package graph).
    public static let defaultModule = "PushHandlers"

    /// The modules the built-in templates' Swift imports, and Swift itself, which every file imports: a generated
    /// module with one of these names would shadow it, so none may be chosen. (A test keeps this list in step with the
    /// templates.)
    package static let importedModules = ["Swift", "Foundation", "UIKit", "UserNotifications", "XCTest", "Testing"]

    /// Every file of `generate` in memory, by path. `templates` overrides some or all built-in ones (nil: none);
    /// `tests`: the framework.
    public static func render(
        _ matrix: Matrix, templates directory: String?, module: String = defaultModule, tests: TestFramework = .xctest
    ) throws(DiagnosticsError) -> [String: [UInt8]] {
        let run = OutputPlan.Job(product: .generate, module: module, tests: tests)
        return Dictionary(
            uniqueKeysWithValues: try render(matrix, library: TemplateLibrary(directory: directory), run: run).map { ($0.path, $0.bytes) })
    }

    /// Every file of `run`, in the plan's order (`rows`: the table, unless a test adds to it).
    package static func render(
        _ matrix: Matrix, library: TemplateLibrary, run: OutputPlan.Job, rows: [OutputPlan.Row] = OutputPlan.rows
    ) throws(DiagnosticsError) -> [OutputFile] {
        try render(OutputPlan.files(matrix, for: run, rows: rows), matrix, library: library, run: run)
    }

    /// For `validate`: renders in memory each file of every run a spec can have, once: `generate` with either
    /// framework, and the field kit.
    package static func renderEverything(
        _ matrix: Matrix, library: TemplateLibrary, rows: [OutputPlan.Row] = OutputPlan.rows
    ) throws(DiagnosticsError) {
        let run = OutputPlan.Job(product: .generate, module: defaultModule)
        _ = try render(OutputPlan.everyFile(matrix, module: defaultModule, rows: rows), matrix, library: library, run: run)
    }

    /// Renders the files in order; files sharing a model are one parallel job. Every job runs; the first failure in
    /// file order is thrown.
    private static func render(_ files: [PlannedFile], _ matrix: Matrix, library: TemplateLibrary, run: OutputPlan.Job)
        throws(DiagnosticsError) -> [OutputFile]
    {
        let jobs = Dictionary(grouping: files.indices) { files[$0].key }.values.sorted { $0[0] < $1[0] }
        let models = Models(matrix: matrix, run: run)
        let results = jobs.parallelMap { job in
            Result { () throws(DiagnosticsError) -> [[UInt8]] in
                let model = models.model(files[job[0]].key)
                return try job.map { index throws(DiagnosticsError) in try render(files[index], model, library: library) }
            }
        }
        var rendered = [[UInt8]?](repeating: nil, count: files.count)
        var firstFailure: (index: Int, error: DiagnosticsError)?
        for (job, result) in zip(jobs, results) {
            switch result {
            case .success(let bytes): for (index, file) in zip(job, bytes) { rendered[index] = file }
            case .failure(let error): if job[0] < firstFailure?.index ?? .max { firstFailure = (job[0], error) }
            }
        }
        if let firstFailure { throw firstFailure.error }
        return zip(files, rendered).map { OutputFile(path: $0.path, bytes: $1!) }
    }

    private static func render(_ file: PlannedFile, _ model: Models.Model, library: TemplateLibrary) throws(DiagnosticsError) -> [UInt8] {
        switch model {
        case .bytes(let bytes): return bytes
        case .plain(let module):
            guard let template = file.template else { return [] }
            let (name, text) = try library.source(template)
            return try PlainSwift.copy(text, module: module, file: name)
        case .template(let value):
            guard var template = file.template else { return [] }
            if let fallback = file.fallback, library.text(template) == nil { template = fallback }
            switch file.format {
            case .markdown: return try library.renderBytes(template, value, format: MarkdownFormat())
            case .html: return try library.renderBytes(template, value, format: HTMLFormat())
            case .swift, .json: preconditionFailure("\(file.path): a Swift or JSON file is plain or printed whole")
            }
        }
    }
}
