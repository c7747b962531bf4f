import PushMatrixJSON
import PushMatrixSupport
import Synchronization

/// The front of the pipeline: bytes → JSON → spec → validated spec, or every problem found. The model stage takes it
/// from there (`Matrix`).
public enum SpecLoader {
    /// Larger specs are refused unparsed (the built-in is about 70 KB, a synthetic 6,144-cell matrix 2 MB): the one
    /// bound on size, which bounds the cells, and validation never looks at more combinations than about twice the
    /// cells given (`CellIndex`).
    public static let maxBytes = 16 << 20
    public static let maxDepth = 64

    /// How the default built-in spec is named in diagnostics and manifests.
    public static var builtInName: String { BuiltInFiles.specs[0].reference }

    /// The spec at `path`, or the built-in one when `path` is nil.
    public static func load(path: String?) throws(DiagnosticsError) -> ValidatedSpec {
        try load(bytes: bytes(path: path), file: path ?? builtInName)
    }

    /// The spec's bytes: the file at `path`, the built-in spec `path` names (`builtin:NAME`), or the default built-in
    /// spec for nil.
    public static func bytes(path: String?) throws(DiagnosticsError) -> [UInt8] {
        guard let path else { return BuiltInFiles.specs[0].bytes }
        if let builtIn = try BuiltInFiles.spec(path) { return builtIn.bytes }
        do {
            return try FileSystem.contents(path)
        } catch {
            throw DiagnosticsError([Diagnostic(file: path, location: nil, message: "cannot read the spec file (\(error))")])
        }
    }

    public static func load(bytes: [UInt8], file: String) throws(DiagnosticsError) -> ValidatedSpec {
        if let known = loaded.withLock({ $0[file] }), known.bytes == bytes { return known.spec }
        let sink = DiagnosticSink(file: file)
        guard let spec = try decode(bytes, sink: sink) else { throw DiagnosticsError(sink.sorted) }
        let cells = Validator.validate(spec, sink: sink)
        if sink.hasErrors { throw DiagnosticsError(sink.sorted) }
        let validated = ValidatedSpec(spec: spec, cells: cells)
        if bytes.count <= rememberedBytes { loaded.withLock { $0[file] = (bytes, validated) } }
        return validated
    }

    /// The last valid spec each file held, with its bytes: a process that loads the same spec again (the plugin's jobs,
    /// the commands the tests run in process) validates it once. Only specs up to `rememberedBytes` are kept.
    private static let loaded = Mutex<[String: (bytes: [UInt8], spec: ValidatedSpec)]>([:])
    private static let rememberedBytes = 1 << 20

    /// The spec as written, or nil with the problems in `sink`. A function of its own so that the JSON tree goes when
    /// it returns: on a large spec the tree takes as much memory as the spec, and the matrix and rendering that come
    /// next need their own.
    private static func decode(_ bytes: [UInt8], sink: DiagnosticSink) throws(DiagnosticsError) -> Spec? {
        guard bytes.count <= maxBytes else {
            sink.error(SourceLocation(line: 1, column: 1), "", "the spec is \(bytes.count) bytes; the limit is \(maxBytes) bytes (16 MiB)")
            throw DiagnosticsError(sink.diagnostics)
        }
        let root = try JSONParser.parse(bytes, file: sink.file, maxDepth: maxDepth)
        return SpecDecoder.decode(root, file: sink.file, sink: sink)
    }
}

/// A spec that passed validation, with the cell index validation built: what loading gives and the model (`Matrix`)
/// takes.
public struct ValidatedSpec: Sendable {
    public let spec: Spec
    /// Every combination's cell; complete, since validation reported any missing one.
    package let cells: CellIndex
}
