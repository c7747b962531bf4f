extension Generator {
    /// The field kit, by path: the payload files and, for each language of the spec, the runbook
    /// (in English where no runbook template exists for the language).
    static func renderFieldKit(_ matrix: Matrix, library: TemplateLibrary) throws(DiagnosticsError) -> [(path: String, bytes: [UInt8])] {
        let view = FieldKitView(matrix: matrix)
        let out = Output(library: library, common: SwiftView(matrix: matrix).common)
        var files = view.payloadFiles()
        for language in matrix.spec.languages.map(\.id) {
            let template = "fieldkit/runbook.\(language).md"
            let known = library.text(template) != nil
            files.append(
                try out.file(
                    "Runbook/\(language)/runbook.md", known ? template : "fieldkit/runbook.en.md", view.runbook(language),
                    format: MarkdownFormat()))
        }
        return files
    }
}
