/// Renders every output in memory: a map from path (relative to the output directory) to bytes.
/// Nothing is written here, so a template error leaves the output directory untouched.
public enum Generator {
    public static func render(_ matrix: Matrix, templates directory: String) throws(DiagnosticsError) -> [String: [UInt8]] {
        let library = TemplateLibrary(directory: directory)
        var files: [String: [UInt8]] = [:]
        for language in matrix.spec.languages {
            let view = DocsView(book: Phrasebook(matrix: matrix, language: language.id)).page()
            let text = try library.render("docs/reception-methods.md", view, format: MarkdownFormat())
            files["Docs/\(language.id)/reception-methods.md"] = Array(text.utf8)
        }
        return files
    }
}
