import PushMatrixSupport

/// A digest of all a run's outputs depend on: the generator's version, the options, the spec's bytes and every template
/// the run may read (`OutputPlan.templates`). The manifest records it, so a run with unchanged inputs confirms the
/// outputs without rendering them.
package enum InputDigest {
    /// `version` is `Command.version`; the default (XCTest) adds nothing to `generate`'s options line; the field kit's
    /// starts `field-kit`.
    package static func of(
        version: String, spec: [UInt8], library: TemplateLibrary, run: OutputPlan.Job, rows: [OutputPlan.Row] = OutputPlan.rows
    ) -> String {
        let options =
            switch (run.product, run.tests) {
            case (.fieldKit, _): "field-kit \(run.module)"
            case (.generate, .xctest): run.module
            case (.generate, let tests): "\(run.module) --tests \(tests.rawValue)"
            }
        var bytes = Array("pushmatrix \(version) \(options)\n".utf8)
        bytes += spec
        for path in OutputPlan.templates(for: run, rows: rows) {
            bytes += "\0\(path)\0".utf8
            bytes += (library.text(path) ?? "").utf8
        }
        return Digest.hex(bytes)
    }
}
