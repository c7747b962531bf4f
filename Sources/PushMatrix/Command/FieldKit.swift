import PushMatrixModel
import PushMatrixOutputDirectory
import PushMatrixOutputs
import PushMatrixSpec

extension Command {
    /// `field-kit --output DIR`: payload files, probe app and runbook for measuring the spec on devices, written as
    /// `generate` writes.
    static func fieldKit(_ rest: [String], _ result: inout Result, interruptions: Interruptions) throws {
        var args = try Help.fieldKit.arguments(rest)
        let inputs = Inputs(&args)
        guard let output = args.value("--output"), !output.isEmpty else {
            throw Arguments.UsageError(message: "--output: name the directory the field kit goes in")
        }
        let force = args.flag("--force")
        try args.finish()

        let session = try OutputWriter(directory: output).openForWriting(interruptions: interruptions)
        defer { session.close() }
        result.stderr += session.recovered.map { $0.formatted(colored: false) + "\n" }.joined()
        let run = try inputs.run(session.manifest, output: output) {
            OutputPlan.Job(product: .fieldKit, module: $0, specName: BuiltInFiles.name(of: $1, bytes: $2))
        }
        let current = force ? nil : session.currentFiles(input: run.input)
        let written =
            try current.map(session.unchanged)
            ?? session.write(try run.render(), input: run.input, remembers: run.remembers, force: force)
        result.stderr += written.warnings.map { $0.formatted(colored: false) + "\n" }.joined()
        let count = written.fates.filter { $0.fate == .written }.count
        result.stdout += "\(output): \(count) written, \(written.fates.count - count) unchanged or removed\n"
    }
}
