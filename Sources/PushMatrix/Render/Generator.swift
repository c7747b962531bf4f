/// Renders every output: a path (relative to the output directory) and its bytes. Nothing is
/// written here; the caller decides what a rendered file becomes.
public enum Generator {
    /// The generated Swift module's default name; a package that depends on pushmatrix picks
    /// another, since target names are unique across a package graph.
    public static let defaultModule = "PushHandlers"

    /// The modules the built-in templates' Swift imports, and Swift itself, which every file
    /// imports: a generated module with one of these names would shadow it, so none may be
    /// chosen. (A test keeps this list in step with the templates.)
    static let importedModules = ["Swift", "Foundation", "UIKit", "UserNotifications", "XCTest"]

    /// Renders some files through `out`; jobs are independent, so they run in parallel.
    /// (Untyped throws: the compiler cannot yet lower these closures with a typed one; every
    /// error they throw is a DiagnosticsError.)
    typealias Job = @Sendable (_ out: Output) throws -> Void

    /// Takes each file as it is rendered, on the thread that renders it, in pieces: a large file
    /// comes a chunk at a time, so a page of many megabytes is never whole in memory. A file's
    /// pieces come in order, the last one marked; most files come in one.
    public typealias Emit = @Sendable (_ path: String, _ bytes: [UInt8], _ isLast: Bool) throws(DiagnosticsError) -> Void

    /// Where jobs render to: a template, its view model and format make the file at a path.
    struct Output: Sendable {
        let library: TemplateLibrary
        let emit: Emit

        func file(_ path: String, _ template: String, _ model: TemplateValue, format: some OutputFormat) throws(DiagnosticsError) {
            try library.render(template, model, format: format) { (bytes: [UInt8], isLast: Bool) throws(DiagnosticsError) in try emit(path, bytes, isLast) }
        }
    }

    /// `templates` may override some or all of the built-in templates; nil uses the built-in ones.
    /// Every job runs; the first failure in job order is reported, whichever thread met it.
    public static func render(_ matrix: Matrix, templates directory: String?, module: String = defaultModule, emit: @escaping Emit) throws(DiagnosticsError) {
        try render(matrix, library: TemplateLibrary(directory: directory), module: module, emit: emit)
    }

    static func render(_ matrix: Matrix, library: TemplateLibrary, module: String, emit: @escaping Emit) throws(DiagnosticsError) {
        let jobs = docsJobs(matrix) + swiftJobs(matrix, module: module)
        let out = Output(library: library, emit: emit)
        let results = Parallel.map(jobs.count) { n in
            Result { try jobs[n](out) }
                .mapError { $0 as? DiagnosticsError ?? DiagnosticsError([Diagnostic(file: "", location: nil, message: "\($0)")]) }
        }
        for result in results { try result.get() }
    }

    /// Every file in memory, by path.
    public static func render(_ matrix: Matrix, templates directory: String?, module: String = defaultModule) throws(DiagnosticsError) -> [String: [UInt8]] {
        let files = Collected()
        try render(matrix, templates: directory, module: module) { path, bytes, _ in files.add(path, bytes) }
        return files.all
    }

    private final class Collected: @unchecked Sendable {
        private let lock = Lock()
        private var files: [String: [UInt8]] = [:]
        func add(_ path: String, _ bytes: [UInt8]) { lock.withLock { if files[path] == nil { files[path] = bytes } else { files[path]! += bytes } } }
        var all: [String: [UInt8]] { lock.withLock { files } }
    }

    /// A job per page and language; one view model serves both formats, which read its lazy
    /// lists together. The matrix pages, by far the largest, go first so that no thread is left
    /// with one at the end.
    private static func docsJobs(_ matrix: Matrix) -> [Job] {
        let formats: [(ext: String, format: any OutputFormat)] = [("md", MarkdownFormat()), ("html", HTMLFormat())]
        let pages = DocsView.pages.filter { $0.id == "reception-methods" } + DocsView.pages.filter { $0.id != "reception-methods" }
        return pages.flatMap { page in
            matrix.spec.languages.map { language in
                { @Sendable out throws in
                    let lists = SharedLists(readers: formats.count)
                    let model = DocsView(book: Phrasebook(matrix: matrix, language: language.id), lists: lists).page(page.id)
                    try lists.read { reader in
                        let (ext, format) = formats[reader]
                        try out.file("Docs/\(language.id)/\(page.id).\(ext)", "docs/\(page.id).\(ext)", model, format: format)
                    }
                }
            }
        }
    }

    /// A job for the module's fixed files, and one per payload combination (its scenarios and tests).
    private static func swiftJobs(_ matrix: Matrix, module: String) -> [Job] {
        let sources = "Sources/\(module)", tests = "Tests/\(module)ConformanceTests"
        let swift = SwiftView(matrix: matrix)
        let format = SwiftCommentFormat()
        let moduleView: TemplateValue = .object(["module": .verbatim(module)])
        let fixed: Job = { @Sendable out throws in
            let sites = SwiftView.callSites(matrix)  // the matrix inverted: the classifier and the skeleton read it
            try out.file("\(sources)/Dimensions.swift", "swift/Dimensions.swift", swift.dimensions(), format: format)
            try out.file("\(sources)/Classifier.swift", "swift/Classifier.swift", swift.classifier(sites), format: format)
            try out.file("\(sources)/Skeleton/PushAppDelegate.swift", "swift/Skeleton.swift", swift.skeleton(sites), format: format)
            try out.file("\(sources)/Runtime.swift", "swift/Runtime.swift", .object([:]), format: format)
            try out.file("\(sources)/Scenarios/ScenarioTable.swift", "swift/ScenarioTable.swift", swift.scenarioTable(), format: format)
            try out.file("\(tests)/Conformance.swift", "swift/Tests/Conformance.swift", moduleView, format: format)
            try out.file("\(tests)/HandlerUnderTest.swift", "swift/Tests/HandlerUnderTest.swift", moduleView, format: format)
        }
        return [fixed] + swift.scenarioGroups.map { payload, scenarios in
            { @Sendable out throws in
                let group = SwiftView.Group(payload, scenarios, keys: matrix.payloadKeyIds)
                try out.file("\(sources)/Scenarios/\(group.typeName).swift", "swift/ScenarioGroup.swift", swift.scenarioFile(group), format: format)
                try out.file("\(tests)/\(group.typeName)ConformanceTests.swift", "swift/Tests/ConformanceTests.swift", swift.testFile(group, module: module), format: format)
            }
        }
    }
}
