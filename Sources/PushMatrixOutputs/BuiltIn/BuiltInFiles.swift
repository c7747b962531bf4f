import PushMatrixSpec

/// The built-in templates, compiled in beside the built-in specs (`BuiltInFiles.specs`).
extension BuiltInFiles {
    /// Each template by its path under `Templates/`, as the PushMatrixEmbed plugin compiled it in
    /// through the link beside this file.
    package static let templates = Dictionary(
        uniqueKeysWithValues: EmbeddedFiles.all.map { (String($0.key.dropFirst("Templates/".count)), $0.value) })
}
