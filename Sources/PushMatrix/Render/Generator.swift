/// Renders every output in memory: a map from path (relative to the output directory) to bytes.
/// Nothing is written here, so a template error leaves the output directory untouched.
public enum Generator {
    /// The generated Swift module's default name; a package that depends on pushmatrix picks
    /// another, since target names are unique across a package graph.
    public static let defaultModule = "PushHandlers"

    /// `templates` may override some or all of the built-in templates; nil uses the built-in ones.
    public static func render(_ matrix: Matrix, templates directory: String?, module: String = defaultModule) throws(DiagnosticsError) -> [String: [UInt8]] {
        let sources = "Sources/\(module)", tests = "Tests/\(module)ConformanceTests"
        let library = TemplateLibrary(directory: directory)
        var files: [String: [UInt8]] = [:]
        let formats: [(ext: String, format: any OutputFormat)] = [("md", MarkdownFormat()), ("html", HTMLFormat())]
        for language in matrix.spec.languages {
            let view = DocsView(book: Phrasebook(matrix: matrix, language: language.id))
            for page in DocsView.pages {
                let model = view.page(page.id)  // one view model for both formats
                for (ext, format) in formats {
                    files["Docs/\(language.id)/\(page.id).\(ext)"] = try library.renderBytes("docs/\(page.id).\(ext)", model, format: format)
                }
            }
        }
        let swift = SwiftView(matrix: matrix)
        let format = SwiftCommentFormat()
        files["\(sources)/Dimensions.swift"] = try library.renderBytes("swift/Dimensions.swift", swift.dimensions(), format: format)
        files["\(sources)/Classifier.swift"] = try library.renderBytes("swift/Classifier.swift", swift.classifier(), format: format)
        files["\(sources)/Skeleton/PushAppDelegate.swift"] = try library.renderBytes("swift/Skeleton.swift", swift.skeleton(), format: format)
        files["\(sources)/Runtime.swift"] = try library.renderBytes("swift/Runtime.swift", .object([:]), format: format)
        files["\(sources)/Scenarios/ScenarioTable.swift"] = try library.renderBytes("swift/ScenarioTable.swift", swift.scenarioTable(), format: format)
        let moduleView: TemplateValue = .object(["module": .verbatim(module)])
        files["\(tests)/Conformance.swift"] = try library.renderBytes("swift/Tests/Conformance.swift", moduleView, format: format)
        files["\(tests)/HandlerUnderTest.swift"] = try library.renderBytes("swift/Tests/HandlerUnderTest.swift", moduleView, format: format)
        for (payload, scenarios) in swift.groups {
            let name = SwiftView.typeName(payload, keys: matrix.payloadKeyIds)
            files["\(sources)/Scenarios/\(name).swift"] = try library.renderBytes("swift/ScenarioGroup.swift", swift.scenarioFile(payload, scenarios), format: format)
            files["\(tests)/\(name)ConformanceTests.swift"] = try library.renderBytes("swift/Tests/ConformanceTests.swift", swift.testFile(payload, scenarios, module: module), format: format)
        }
        return files
    }
}
