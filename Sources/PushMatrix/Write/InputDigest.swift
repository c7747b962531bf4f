/// A digest of everything the outputs depend on: the generator's version, the options, the
/// spec's bytes and the text of every template. The manifest records it, so a run
/// whose inputs are unchanged can confirm the outputs without rendering them.
enum InputDigest {
    static func of(spec: [UInt8], templates directory: String?, module: String) -> String {
        var bytes = Array("pushmatrix \(Command.version) \(module)\n".utf8)
        bytes += spec
        let library = TemplateLibrary(directory: directory)
        for path in BuiltInFiles.templates.keys.sorted() {
            bytes += "\0\(path)\0".utf8
            bytes += (library.text(path) ?? "").utf8
        }
        return Digest.hex(bytes)
    }
}
