/// Renders every output: a path (relative to the output directory) and its bytes. Nothing is
/// written here; the caller decides what a rendered file becomes.
public enum Generator {
    /// The generated Swift module's default name; a package that depends on pushmatrix picks
    /// another, since target names are unique across a package graph.
    public static let defaultModule = "PushHandlers"

    /// The modules the built-in templates' Swift imports, and Swift itself, which every file
    /// imports: a generated module with one of these names would shadow it, so none may be
    /// chosen. (A test keeps this list in step with the templates.)
    static let importedModules = ["Swift", "Foundation", "UIKit", "UserNotifications", "XCTest", "Testing"]

    /// Renders some files; jobs are independent, so they run in parallel. (Untyped throws: the
    /// compiler cannot yet lower these closures with a typed one; every error they throw is a
    /// DiagnosticsError.)
    typealias Job = @Sendable (_ out: Output) throws -> [(path: String, bytes: [UInt8])]

    /// Where jobs render from: a template, its view model and format make the file at a path.
    struct Output: Sendable {
        let library: TemplateLibrary

        /// Fields every model of this output has besides its own (the Swift naming).
        let common: TemplateFields

        func file(_ path: String, _ template: String, _ model: TemplateValue, format: some OutputFormat) throws(DiagnosticsError) -> (
            path: String, bytes: [UInt8]
        ) {
            var fields = common
            if case .object(let own) = model { for name in own.names { fields[name] = own[name] } }
            return (path, format.finish(try library.renderBytes(template, .object(fields), format: format)))
        }
    }

    /// Every file in memory, by path. `templates` may override some or all of the built-in
    /// templates; nil uses the built-in ones. `tests` is the conformance suite's framework.
    public static func render(
        _ matrix: Matrix, templates directory: String?, module: String = defaultModule, tests: TestFramework = .xctest
    ) throws(DiagnosticsError) -> [String: [UInt8]] {
        Dictionary(
            uniqueKeysWithValues: try render(matrix, library: TemplateLibrary(directory: directory), module: module, tests: tests).map {
                ($0.path, $0.bytes)
            })
    }

    /// Every file, in job order.
    static func render(_ matrix: Matrix, library: TemplateLibrary, module: String, tests: TestFramework = .xctest) throws(DiagnosticsError)
        -> [(path: String, bytes: [UInt8])]
    {
        let out = Output(library: library, common: SwiftView(matrix: matrix).common)
        return try run(docsJobs(matrix) + swiftJobs(matrix, module: module, tests: tests) + doccJobs(matrix, module: module), out)
    }

    /// Renders, in memory, every file a spec can be rendered into: the outputs of `generate` with
    /// either test framework, and the field kit. For `validate`.
    static func renderEverything(_ matrix: Matrix, library: TemplateLibrary) throws(DiagnosticsError) {
        _ = try render(matrix, library: library, module: defaultModule)
        let out = Output(library: library, common: SwiftView(matrix: matrix).common)
        _ = try run(swiftJobs(matrix, module: defaultModule, tests: .swiftTesting), out)
        _ = try renderFieldKit(matrix, library: library, module: defaultModule, specName: "spec")
    }

    /// The files of `jobs`, in job order. Every job runs; the first failure in job order is
    /// reported, whichever thread met it.
    static func run(_ jobs: [Job], _ out: Output) throws(DiagnosticsError) -> [(path: String, bytes: [UInt8])] {
        let results = jobs.parallelMap { job in
            Result { try job(out) }
                .mapError { $0 as? DiagnosticsError ?? DiagnosticsError([Diagnostic(file: "", location: nil, message: "\($0)")]) }
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for result in results { files += try result.get() }
        return files
    }

    /// A job per page, language and format, each making its own view model: the largest page's
    /// two formats then render on two cores at once. (Two threads reading one model would
    /// contend for its reference counts.)
    private static func docsJobs(_ matrix: Matrix) -> [Job] {
        let formats: [(ext: String, format: any OutputFormat)] = [("md", MarkdownFormat()), ("html", HTMLFormat())]
        return DocsView.pages(matrix.spec).flatMap { page in
            matrix.spec.languages.flatMap { language in
                formats.map { ext, format in
                    { @Sendable out throws in
                        let model = DocsView(book: Phrasebook(matrix: matrix, language: language.id)).page(page.id)
                        return [try out.file("Docs/\(language.id)/\(page.id).\(ext)", "docs/\(page.id).\(ext)", model, format: format)]
                    }
                }
            }
        }
    }

    /// A job for the module's fixed files, and one per payload combination (its scenarios and
    /// its tests, written for `tests`).
    static func swiftJobs(_ matrix: Matrix, module: String, tests framework: TestFramework) -> [Job] {
        let sources = "Sources/\(module)", tests = "Tests/\(module)ConformanceTests"
        let swift = SwiftView(matrix: matrix)
        let format = SwiftCommentFormat()
        let moduleView: TemplateValue = .object(["module": .verbatim(module)])
        /// The spec's app scaffolding: the sources read the call sites, the tests only the module.
        @Sendable func scaffolding(_ out: Output, _ sites: [SwiftView.CallSite]) throws -> [(path: String, bytes: [UInt8])] {
            let model = swift.skeleton(sites), files = matrix.spec.swiftFiles
            return try files.sources.map { try out.file("\(sources)/\($0.file)", $0.template, model, format: format) }
                + files.tests.map { try out.file("\(tests)/\($0.file)", $0.template, moduleView, format: format) }
        }
        let fixed: Job = { @Sendable out throws in
            let sites = SwiftView.callSites(matrix)  // the matrix inverted: the classifier and the skeleton read it
            return [
                try out.file("\(sources)/Dimensions.swift", "swift/Dimensions.swift", swift.dimensions(), format: format),
                try out.file("\(sources)/Classifier.swift", "swift/Classifier.swift", swift.classifier(sites), format: format),
                try out.file("\(sources)/Runtime.swift", "swift/Runtime.swift", swift.runtime(), format: format),
                try out.file(
                    "\(sources)/Scenarios/ScenarioTable.swift", "swift/ScenarioTable.swift", swift.scenarioTable(), format: format),
                try out.file(
                    "\(tests)/Conformance.swift", framework.supportTemplate, swift.testSupport(framework, module: module), format: format),
                try out.file("\(tests)/HandlerUnderTest.swift", "swift/Tests/HandlerUnderTest.swift", moduleView, format: format),
            ] + (try scaffolding(out, sites))
        }
        return [fixed]
            + swift.scenarioGroups.map { payload, scenarios in
                { @Sendable out throws in
                    let group = SwiftView.Group(payload, scenarios, keys: matrix.payloadKeyIds)
                    return [
                        try out.file(
                            "\(sources)/Scenarios/\(group.typeName).swift", "swift/ScenarioGroup.swift", swift.scenarioFile(group),
                            format: format),
                        try out.file(
                            "\(tests)/\(group.typeName)ConformanceTests.swift", framework.suiteTemplate,
                            swift.testFile(group, module: module, framework: framework), format: format),
                    ]
                }
            }
    }
}
