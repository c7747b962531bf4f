import PushMatrixSpec
import PushMatrixSupport
import Synchronization

/// Templates by relative path, each read and parsed once: the user's directory's file when it has one (it may override
/// just a few), else the built-in. A partial `{{> name}}` is the file `_name.<ext>` beside its user. Rendering threads
/// share one library and cache.
package final class TemplateLibrary: Sendable {
    package let directory: String?
    private let cache = Mutex<[String: Template]>([:])
    /// Each template's file and text as read, or why it could not be: the input digest and the renderer read each file
    /// once between them.
    private let sources = Mutex<[String: Result<(file: String, text: String), DiagnosticsError>]>([:])

    /// Where built-in templates appear in diagnostics.
    static let builtInPrefix = "(built-in)/Templates/"

    package init(directory: String?) { self.directory = directory }

    package func template(_ relativePath: String) throws(DiagnosticsError) -> Template {
        if let cached = cache.withLock({ $0[relativePath] }) { return cached }
        let (file, source) = try self.source(relativePath)
        let template = try Template(source: source, file: file)  // two threads may both parse it: harmless
        cache.withLock { $0[relativePath] = template }
        return template
    }

    /// Every template a run may use: the built-in set, each as overridden here.
    package static let paths = BuiltInFiles.templates.keys.sorted()

    /// The text a template has here (overridden or built-in), or nil.
    package func text(_ relativePath: String) -> String? { try? source(relativePath).text }

    /// A file's name for diagnostics and its text: the user's, else the built-in one.
    package func source(_ relativePath: String) throws(DiagnosticsError) -> (file: String, text: String) {
        if let known = sources.withLock({ $0[relativePath] }) { return try known.get() }
        let read = Result { () throws(DiagnosticsError) in try readSource(relativePath) }
        sources.withLock { $0[relativePath] = read }
        return try read.get()
    }

    private func readSource(_ relativePath: String) throws(DiagnosticsError) -> (file: String, text: String) {
        if let directory {
            let path = FileSystem.join(directory, relativePath)
            if let bytes = FileSystem.read(path) {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw DiagnosticsError([Diagnostic(file: path, location: nil, message: "the template is not UTF-8")])
                }
                return (path, text)
            }
        }
        guard let text = BuiltInFiles.templates[relativePath] else {
            // Named where the user would add it: in their directory, when they have one.
            let expected = directory.map { FileSystem.join($0, relativePath) } ?? Self.builtInPrefix + relativePath
            throw DiagnosticsError([Diagnostic(file: expected, location: nil, message: "no such template")])
        }
        return (Self.builtInPrefix + relativePath, text)
    }

    package func render(_ relativePath: String, _ context: TemplateValue, format: some OutputFormat) throws(DiagnosticsError) -> String {
        String(decoding: try renderBytes(relativePath, context, format: format), as: UTF8.self)
    }

    func renderBytes(_ relativePath: String, _ context: TemplateValue, format: some OutputFormat) throws(DiagnosticsError) -> [UInt8] {
        try template(relativePath).renderBytes(context, format: format, partials: partials(of: relativePath))
    }

    /// "docs/index.md" → partials "docs/_name.md"; built-in paths always have a folder and an extension. A problem with
    /// the partial's file as a whole (missing, not UTF-8) names that file in its message, since the renderer reports it
    /// at the tag that includes the partial.
    private func partials(of relativePath: String) -> (String) throws(DiagnosticsError) -> Template {
        let folder = relativePath.prefix { $0 != "/" }
        let ext = relativePath.split(separator: ".").last ?? ""
        return { (name: String) throws(DiagnosticsError) -> Template in
            do throws(DiagnosticsError) {
                return try self.template("\(folder)/_\(name).\(ext)")
            } catch {
                throw DiagnosticsError(
                    error.diagnostics.map { d in
                        d.location != nil
                            ? d
                            : Diagnostic(file: d.file, location: nil, path: d.path, message: "partial '\(name)' (\(d.file)): \(d.message)")
                    })
            }
        }
    }
}
