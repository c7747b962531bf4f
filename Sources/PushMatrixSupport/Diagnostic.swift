/// A position in a text file, 1-based; columns count Unicode scalars.
public struct SourceLocation: Sendable, Hashable, Comparable {
    // 32 bits each: inputs are at most 16 MiB, and a large spec has millions of locations.
    private var storedLine: UInt32
    private var storedColumn: UInt32

    public var line: Int { Int(storedLine) }
    public var column: Int { Int(storedColumn) }

    public init(line: Int, column: Int) { (storedLine, storedColumn) = (UInt32(clamping: line), UInt32(clamping: column)) }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// One problem found in an input, printed the way compilers do so editors and CI can link it: `file:line:column: error:
/// path: message`.
public struct Diagnostic: Error, Sendable, Hashable {
    public enum Severity: String, Sendable { case error, warning, note }

    public var file: String
    public var location: SourceLocation?
    /// Where in the document the problem is, e.g. `cells[14].taps.body[0].handler`; empty for the whole document.
    public var path: String
    /// What is wrong, and what was expected.
    public var message: String
    /// Whether the problem stops the run.
    public var severity: Severity

    public init(file: String, location: SourceLocation?, path: String = "", message: String, severity: Severity = .error) {
        (self.file, self.location, self.path, self.message, self.severity) = (file, location, path, message, severity)
    }

    public var description: String { formatted(colored: false) }

    /// `path:line:column: error: …`, as Xcode, editors' problem matchers and CI annotations read it; with ANSI colour
    /// for a terminal.
    public func formatted(colored: Bool) -> String {
        var place = file
        if let location { place += ":\(location.line):\(location.column)" }
        var severity = "\(self.severity.rawValue):"
        if colored {
            place = "\u{1B}[1m\(place)\u{1B}[0m"
            severity = "\u{1B}[1;\([Severity.error: 31, .warning: 33, .note: 36][self.severity]!)m\(severity)\u{1B}[0m"
        }
        return "\(place): \(severity) " + (path.isEmpty ? "" : "\(path): ") + message
    }
}

/// Thrown when an input has one or more problems; carries all of them, in document order.
public struct DiagnosticsError: Error, Sendable {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
