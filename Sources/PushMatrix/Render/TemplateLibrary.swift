import Foundation

/// Templates by relative path, each read and parsed once: from the user's directory when it has
/// the file (so a directory may override just a few), else the built-in one. A partial
/// `{{> name}}` is the file `_name.<ext>` beside the template that uses it.
final class TemplateLibrary {
    let directory: String?
    private var cache: [String: Template] = [:]

    /// Where built-in templates appear in diagnostics.
    static let builtInPrefix = "(built-in)/Templates/"

    init(directory: String?) { self.directory = directory }

    func template(_ relativePath: String) throws(DiagnosticsError) -> Template {
        if let cached = cache[relativePath] { return cached }
        let (file, source) = try self.source(relativePath)
        let template = try Template(source: source, file: file)
        cache[relativePath] = template
        return template
    }

    /// The text a template has here (overridden or built-in), or nil.
    func text(_ relativePath: String) -> String? { try? source(relativePath).text }

    private func source(_ relativePath: String) throws(DiagnosticsError) -> (file: String, text: String) {
        if let directory {
            let path = (directory as NSString).appendingPathComponent(relativePath)
            if let data = FileManager.default.contents(atPath: path) {
                guard let text = String(data: data, encoding: .utf8) else {
                    throw DiagnosticsError([Diagnostic(file: path, location: nil, message: "the template is not UTF-8")])
                }
                return (path, text)
            }
        }
        guard let text = BuiltInFiles.templates[relativePath] else {
            throw DiagnosticsError([Diagnostic(file: Self.builtInPrefix + relativePath, location: nil, message: "no such template")])
        }
        return (Self.builtInPrefix + relativePath, text)
    }

    func render(_ relativePath: String, _ context: TemplateValue, format: some OutputFormat) throws(DiagnosticsError) -> String {
        let folder = (relativePath as NSString).deletingLastPathComponent
        let ext = (relativePath as NSString).pathExtension
        return try template(relativePath).render(context, format: format) { (name: String) throws(DiagnosticsError) -> Template in
            try self.template((folder as NSString).appendingPathComponent("_\(name).\(ext)"))
        }
    }
}
