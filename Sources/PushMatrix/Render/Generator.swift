/// Renders every output: a path (relative to the output directory) and its bytes. Nothing is
/// written here; the caller decides what a rendered file becomes.
public enum Generator {
    /// The generated Swift module's default name; a package that depends on pushmatrix picks
    /// another, since target names are unique across a package graph.
    public static let defaultModule = "PushHandlers"

    /// Renders some files, handing each to `emit` as soon as it is done (so a large page is not
    /// held while the next renders); jobs are independent, so they run in parallel.
    /// (Untyped throws: the compiler cannot yet lower these closures with a typed one; every
    /// error they throw is a DiagnosticsError.)
    typealias Job = @Sendable (_ emit: @escaping Emit) throws -> Void

    /// Takes each file as soon as it is rendered, on the thread that rendered it.
    public typealias Emit = @Sendable (_ path: String, _ bytes: [UInt8]) throws -> Void

    /// `templates` may override some or all of the built-in templates; nil uses the built-in ones.
    /// Every job runs; the first failure in job order is reported, whichever thread met it.
    public static func render(_ matrix: Matrix, templates directory: String?, module: String = defaultModule, emit: @escaping Emit) throws(DiagnosticsError) {
        let library = TemplateLibrary(directory: directory)
        let jobs = docsJobs(matrix, library) + swiftJobs(matrix, library, module: module)
        let results = Parallel.map(jobs.count) { n in
            Result { try jobs[n](emit) }
                .mapError { $0 as? DiagnosticsError ?? DiagnosticsError([Diagnostic(file: "", location: nil, message: "\($0)")]) }
        }
        for result in results { try result.get() }
    }

    /// Every file in memory, by path.
    public static func render(_ matrix: Matrix, templates directory: String?, module: String = defaultModule) throws(DiagnosticsError) -> [String: [UInt8]] {
        let files = Collected()
        try render(matrix, templates: directory, module: module) { path, bytes in files.add(path, bytes) }
        return files.all
    }

    private final class Collected: @unchecked Sendable {
        private let lock = Lock()
        private var files: [String: [UInt8]] = [:]
        func add(_ path: String, _ bytes: [UInt8]) { lock.withLock { files[path] = bytes } }
        var all: [String: [UInt8]] { lock.withLock { files } }
    }

    /// A job per page and language; one view model serves both formats. The matrix pages, by far
    /// the largest, go first so that no thread is left with one at the end.
    private static func docsJobs(_ matrix: Matrix, _ library: TemplateLibrary) -> [Job] {
        let formats: [(ext: String, format: any OutputFormat)] = [("md", MarkdownFormat()), ("html", HTMLFormat())]
        let pages = DocsView.pages.filter { $0.id == "reception-methods" } + DocsView.pages.filter { $0.id != "reception-methods" }
        return pages.flatMap { page in
            matrix.spec.languages.map { language in
                { @Sendable emit throws in
                    let model = DocsView(book: Phrasebook(matrix: matrix, language: language.id)).page(page.id)
                    for (ext, format) in formats {
                        try emit("Docs/\(language.id)/\(page.id).\(ext)", try library.renderBytes("docs/\(page.id).\(ext)", model, format: format))
                    }
                }
            }
        }
    }

    /// A job for the module's fixed files, and one per payload combination (its scenarios and tests).
    private static func swiftJobs(_ matrix: Matrix, _ library: TemplateLibrary, module: String) -> [Job] {
        let sources = "Sources/\(module)", tests = "Tests/\(module)ConformanceTests"
        let swift = SwiftView(matrix: matrix)
        let format = SwiftCommentFormat()
        let moduleView: TemplateValue = .object(["module": .verbatim(module)])
        let fixed: Job = { @Sendable emit throws in
            let sites = SwiftView.callSites(matrix)  // the matrix inverted: the classifier and the skeleton read it
            try emit("\(sources)/Dimensions.swift", try library.renderBytes("swift/Dimensions.swift", swift.dimensions(), format: format))
            try emit("\(sources)/Classifier.swift", try library.renderBytes("swift/Classifier.swift", swift.classifier(sites), format: format))
            try emit("\(sources)/Skeleton/PushAppDelegate.swift", try library.renderBytes("swift/Skeleton.swift", swift.skeleton(sites), format: format))
            try emit("\(sources)/Runtime.swift", try library.renderBytes("swift/Runtime.swift", .object([:]), format: format))
            try emit("\(sources)/Scenarios/ScenarioTable.swift", try library.renderBytes("swift/ScenarioTable.swift", swift.scenarioTable(), format: format))
            try emit("\(tests)/Conformance.swift", try library.renderBytes("swift/Tests/Conformance.swift", moduleView, format: format))
            try emit("\(tests)/HandlerUnderTest.swift", try library.renderBytes("swift/Tests/HandlerUnderTest.swift", moduleView, format: format))
        }
        return [fixed] + swift.groups.map { payload, scenarios in
            { @Sendable emit throws in
                let name = SwiftView.typeName(payload, keys: matrix.payloadKeyIds)
                try emit("\(sources)/Scenarios/\(name).swift", try library.renderBytes("swift/ScenarioGroup.swift", swift.scenarioFile(payload, scenarios), format: format))
                try emit("\(tests)/\(name)ConformanceTests.swift", try library.renderBytes("swift/Tests/ConformanceTests.swift", swift.testFile(payload, scenarios, module: module), format: format))
            }
        }
    }
}
