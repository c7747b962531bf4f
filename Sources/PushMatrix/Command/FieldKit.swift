extension Command {
    /// `field-kit --output DIR`: the payload files, the probe app and the runbook for measuring
    /// the spec on devices, written the way `generate` writes (whole or not at all, only what changed).
    static func fieldKit(_ rest: [String], _ result: inout Result) throws {
        var args = try Help.fieldKit.arguments(rest)
        _ = args.value("--spec")
        let templates = templatesDirectory(&args)
        guard let output = args.value("--output"), !output.isEmpty else {
            throw Arguments.UsageError(message: "--output: name the directory the field kit goes in")
        }
        let module = try moduleName(&args)
        let force = args.flag("--force")
        try args.finish()

        let spec = specPath(rest)
        let bytes = try SpecLoader.bytes(path: spec)
        let matrix = try SpecLoader.load(bytes: bytes, file: spec ?? SpecLoader.builtInName)
        let files = try Generator.renderFieldKit(
            matrix, library: TemplateLibrary(directory: templates), module: module, specName: BuiltInFiles.name(of: spec, bytes: bytes))
        let writer = OutputWriter(directory: output)
        let held = Interruption.hold()
        defer { Interruption.release(held) }
        let (lock, recovered) = try OutputLock.forWriting(writer)
        defer { lock.release() }
        result.stderr += recovered.map { $0.formatted(colored: false) + "\n" }.joined()
        let input = InputDigest.of(spec: bytes, templates: templates, module: "field-kit " + module)
        let report = try land(files, in: writer, input: input, force: force, lock: lock, &result)
        let written = report.filter { $0.fate == .written }.count
        result.stdout += "\(output): \(written) written, \(report.count - written) unchanged or removed\n"
    }
}
