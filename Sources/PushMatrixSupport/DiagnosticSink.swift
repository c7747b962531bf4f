/// Collects diagnostics for one input file so every stage can report all problems, not the first.
public final class DiagnosticSink {
    public let file: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(file: String) { self.file = file }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public func error(_ location: SourceLocation?, _ path: String, _ message: String) {
        diagnostics.append(Diagnostic(file: file, location: location, path: path, message: message))
    }

    public func error(_ origin: Origin, _ message: String) { error(origin.location, origin.path, message) }

    /// All diagnostics in document order (stable for equal positions), so output never depends on check order.
    public var sorted: [Diagnostic] {
        let start = SourceLocation(line: 0, column: 0)
        return diagnostics.sorted { ($0.location ?? start) < ($1.location ?? start) }  // Swift's sort is stable
    }
}
