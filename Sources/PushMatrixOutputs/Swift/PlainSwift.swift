import PushMatrixSpec
import PushMatrixSupport

/// A Swift file that never varies but for the generated module's name: copied byte for byte, with the module's name
/// in place of each `{{module}}`, its only placeholder. In a file that has the placeholder, each run of import lines is
/// sorted again, as swift-format's `OrderedImports` wants, since where the module's line goes depends on its name; a
/// file without it is copied as it is.
enum PlainSwift {
    static func copy(_ text: String, module: String, file: String) throws(DiagnosticsError) -> [UInt8] {
        let names = Set(Placeholders.names(text))
        let unknown = names.subtracting(["module"])
        guard unknown.isEmpty else {
            let listed = unknown.sorted().map { "'{{\($0)}}'" }.joined(separator: ", ")
            let message = "\(listed): a plain Swift file may hold only '{{module}}', the generated module's name"
            throw DiagnosticsError([Diagnostic(file: file, location: nil, message: message)])
        }
        guard !names.isEmpty else {
            return Array(text.utf8)
        }
        let filled = Placeholders.filled(text, ["module": module])
        var lines = filled.split(separator: "\n", omittingEmptySubsequences: false)
        var end = 0
        while let start = lines[end...].firstIndex(where: { $0.hasPrefix("import ") }) {
            end = lines[start...].firstIndex { !$0.hasPrefix("import ") } ?? lines.count
            lines[start..<end].sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }
}
