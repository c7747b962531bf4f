/// A digest of everything the outputs depend on: the generator's version, the options, the
/// spec's bytes and the text of every template the options can use. The manifest records it,
/// so a run whose inputs are unchanged can confirm the outputs without rendering them.
enum InputDigest {
    /// The XCTest suite, the default, adds nothing to the options' line, so outputs written
    /// before `--tests` existed are still fresh.
    static func of(spec: [UInt8], templates directory: String?, module: String, tests: TestFramework = .xctest) -> String {
        let options = tests == .xctest ? module : "\(module) --tests \(tests.rawValue)"
        var bytes = Array("pushmatrix \(Command.version) \(options)\n".utf8)
        bytes += spec
        let library = TemplateLibrary(directory: directory), unused = tests.unusedTemplates
        for path in BuiltInFiles.templates.keys.sorted() where !unused.contains(path) {
            bytes += "\0\(path)\0".utf8
            bytes += (library.text(path) ?? "").utf8
        }
        return Digest.hex(bytes)
    }
}
