import Foundation

/// The template files of one directory, each read and parsed once. A partial `{{> name}}` is the
/// file `_name.<ext>` beside the template that uses it.
final class TemplateLibrary {
    let directory: String
    private var cache: [String: Template] = [:]

    init(directory: String) { self.directory = directory }

    func template(_ relativePath: String) throws(DiagnosticsError) -> Template {
        if let cached = cache[relativePath] { return cached }
        let path = (directory as NSString).appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8) else {
            throw DiagnosticsError([Diagnostic(file: path, location: nil, message: "cannot read the template (missing, unreadable or not UTF-8)")])
        }
        let template = try Template(source: source, file: path)
        cache[relativePath] = template
        return template
    }

    func render(_ relativePath: String, _ context: TemplateValue, format: some OutputFormat) throws(DiagnosticsError) -> String {
        let folder = (relativePath as NSString).deletingLastPathComponent
        let ext = (relativePath as NSString).pathExtension
        return try template(relativePath).render(context, format: format) { (name: String) throws(DiagnosticsError) -> Template in
            try self.template((folder as NSString).appendingPathComponent("_\(name).\(ext)"))
        }
    }
}
