import PushMatrixModel
import PushMatrixOutputDirectory
import PushMatrixOutputs
import PushMatrixSpec

extension Command {
    /// `field-kit --output DIR`: the payload files, the probe app and the runbook for measuring
    /// the spec on devices, written the way `generate` writes (whole or not at all, only what changed).
    static func fieldKit(_ rest: [String], _ result: inout Result, interruptions: Interruptions) throws {
        var args = try Help.fieldKit.arguments(rest)
        let specOption = args.value("--spec")
        let templates = templatesDirectory(&args)
        guard let output = args.value("--output"), !output.isEmpty else {
            throw Arguments.UsageError(message: "--output: name the directory the field kit goes in")
        }
        let previous = OutputWriter(directory: output).readManifest()
        let module = try moduleName(&args, remembered: previous.remembered("module"))
        let force = args.flag("--force")
        try args.finish()

        let spec = specPath(specOption, remembered: rememberedSpec(previous, in: output))
        let bytes = try SpecLoader.bytes(path: spec)
        let library = TemplateLibrary(directory: templates)
        let run = OutputPlan.Run(product: .fieldKit, module: module, specName: BuiltInFiles.name(of: spec, bytes: bytes))
        let input = InputDigest.of(version: Command.version, spec: bytes, library: library, run: run)
        let writer = OutputWriter(directory: output, remembers: remembering(spec: spec, module: module, output: output))
        let written = try writer.update(input: input, force: force, interruptions: interruptions) {
            try Generator.render(try Matrix(SpecLoader.load(bytes: bytes, file: spec)), library: library, run: run)
        }
        result.stderr += written.warnings.map { $0.formatted(colored: false) + "\n" }.joined()
        let count = written.fates.filter { $0.fate == .written }.count
        result.stdout += "\(output): \(count) written, \(written.fates.count - count) unchanged or removed\n"
    }
}
