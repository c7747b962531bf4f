extension Generator {
    /// The field kit, by path: the generated module `module` as a package of its own (the
    /// recorder included), the probe app on it (its runs naming the spec `specName`), the payload
    /// files and, for each language of the spec, the runbook (in English where no runbook
    /// template exists for the language).
    static func renderFieldKit(_ matrix: Matrix, library: TemplateLibrary, module: String, specName: String) throws(DiagnosticsError)
        -> [(path: String, bytes: [UInt8])]
    {
        let view = FieldKitView(matrix: matrix)
        let out = Output(library: library, common: SwiftView(matrix: matrix).common)
        let probe = view.probe(module: module, specName: specName)
        let shared = ["ProbePlan", "ProbeStore", "ProbeWords", "ProbeScreen"].map { ("Shared/\($0).swift", "swift/probe/\($0).swift") }
        let sources = "Sources/\(module)/"
        var files =
            try run(swiftJobs(matrix, module: module, tests: .xctest), out).filter { $0.path.hasPrefix(sources) } + view.payloadFiles()
        files.append(try out.file("Package.swift", "fieldkit/Package.swift", probe, format: SwiftCommentFormat()))
        for (file, template) in shared + matrix.spec.swiftFiles.probe.map({ ($0.file, $0.template) }) {
            files.append(try out.file("Probe/\(file)", template, probe, format: SwiftCommentFormat()))
        }
        for language in matrix.spec.languages.map(\.id) {
            let template = "fieldkit/runbook.\(language).md"
            let known = library.text(template) != nil
            files.append(
                try out.file(
                    "Runbook/\(language)/runbook.md", known ? template : "fieldkit/runbook.en.md", view.runbook(language, module: module),
                    format: MarkdownFormat()))
        }
        return files
    }
}
