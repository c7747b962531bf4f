import PushMatrixSupport

/// Brings an output directory in line with the rendered files: writes changed files only (each via a temporary file
/// renamed into place), removes files an earlier run generated that are no longer produced, touches nothing else. Code
/// in `pushmatrix:begin`/`end` regions is kept; a file edited elsewhere is reported, not overwritten, unless forced
/// (the manifest's digest of its text outside regions tells).
public struct OutputWriter: Sendable {
    public static let manifestName = ".pushmatrix-manifest"

    public enum Fate: String, Sendable { case written, unchanged, removed }
    public enum Problem: String, Sendable { case missing, stale, extra }

    public let directory: String
    /// How the outputs were made, for a later run to reuse: the spec (as `--spec` names it) and the module; one line
    /// each, no newline.
    public var remembers: [(key: String, value: String)]

    public init(directory: String, remembers: [(key: String, value: String)] = []) {
        (self.directory, self.remembers) = (directory, remembers)
    }

    /// The inputs' digest, what the outputs remember, how files are digested, then each file's outline digest and path,
    /// in path order.
    package func manifest(input: String, digests: [String: String]) -> [UInt8] {
        let header = ["input \(input)\n"] + remembers.map { "\($0.key) \($0.value)\n" } + ["digest \(Digest.name)\n"]
        return Array((header + digests.keys.sorted().map { "\(digests[$0]!) \($0)\n" }).joined().utf8)
    }

    /// A manifest without the lines of what it remembers: those of its header, before the `digest` line, but `input`.
    static func forgetting(_ manifest: [UInt8]) -> [ArraySlice<UInt8>] {
        let lines = manifest.split(separator: UInt8(ascii: "\n"))
        let digest = lines.firstIndex { $0.starts(with: "digest ".utf8) } ?? lines.endIndex
        return lines[..<digest].filter { $0.starts(with: "input ".utf8) } + lines[digest...]
    }

    /// A file is the user's when the manifest does not list it, its digest is of an unknown kind, or its text outside
    /// regions changed.
    func editedByHand(_ path: String, _ existing: [UInt8], _ previous: Manifest) -> Bool {
        guard let recorded = previous.entries[path], previous.digestIsKnown else { return true }
        return Digest.hex(Regions.outline(existing)) != recorded
    }

    func conflict(_ path: String) -> Diagnostic {
        Diagnostic(
            file: location(path), location: nil,
            message:
                "edited by hand outside pushmatrix:begin/end regions (or not made by pushmatrix); not overwritten — move the edits into a region, or run again with --force"
        )
    }

    // MARK: files

    /// Names what pushmatrix stages before renaming into place: a temporary file beside its target, the hidden
    /// directory a new output directory is built in (`.NAME.pushmatrix-tmp`, beside it), and the update staged inside
    /// an existing one (`Transaction`).
    package static let temporarySuffix = ".pushmatrix-tmp"

    /// The hidden directory beside the output directory in which a new one is built.
    var freshRoot: String {
        var directory = Substring(directory)
        while directory.count > 1 && directory.hasSuffix("/") { directory = directory.dropLast() }
        return FileSystem.temporary(for: String(directory), suffix: Self.temporarySuffix)
    }

    package func failure(_ message: String) -> DiagnosticsError {
        DiagnosticsError([Diagnostic(file: directory, location: nil, message: message)])
    }

    /// The output path must name a directory or nothing yet; a symbolic link to a directory is fine, to nothing not (it
    /// would be replaced).
    func checkDirectory() throws(DiagnosticsError) {
        switch FileSystem.kind(directory) {
        case nil, .directory?: return
        case .symbolicLink? where FileSystem.isDirectory(directory): return
        case .symbolicLink?: throw failure("is a symbolic link to nothing; --output names the directory the outputs go in")
        case .regular?, .other?: throw failure("is not a directory; --output names the directory the outputs go in")
        }
    }

    /// An interrupted run's leftovers: the update staged in the output directory, and the hidden directory beside it
    /// unless a run holds it.
    package func debris() -> [String] {
        let inside = location(Transaction.directoryName)
        let beside = freshRoot
        var found = FileSystem.kind(inside) != nil ? [inside] : []
        if FileSystem.kind(beside) == .directory, let held = try? FileSystem.lockDirectory(beside, exclusive: false) {
            FileSystem.unlock(held)
            found.append(beside)
        }
        return found
    }

    /// Finishes an interrupted run's decided update (journal written), or rolls it back when it cannot be finished,
    /// else removes what it left; call under the exclusive lock. The warnings say what it did.
    func recover() throws(DiagnosticsError) -> [Diagnostic] {
        let found = debris()
        let warnings = try found.contains(location(Transaction.directoryName)) ? Transaction.finishInterrupted(in: self) : []
        if found.contains(freshRoot) { try? FileSystem.removeTree(freshRoot) }
        return warnings
    }

    /// A symbolic link on the way to an output file could send the write outside the output directory: the writer
    /// refuses, not follows, it.
    package func symbolicLink(_ path: String) -> Diagnostic? {
        var current = directory
        for component in path.split(separator: "/") {
            current = FileSystem.join(current, component)
            switch FileSystem.kind(current) {
            case .symbolicLink?:
                return Diagnostic(
                    file: current, location: nil,
                    message: "is a symbolic link; pushmatrix writes only inside the output directory and does not follow links")
            case nil: return nil
            default: continue
            }
        }
        return nil
    }

    /// An output file's path as diagnostics show it and system calls take it.
    package func location(_ path: String) -> String { FileSystem.join(directory, path) }

    package func read(_ path: String) -> [UInt8]? { FileSystem.read(location(path)) }

    @discardableResult
    package func perform<T>(_ path: String, _ action: () throws(FileSystem.Failure) -> T) throws(DiagnosticsError) -> T {
        do {
            return try action()
        } catch {
            throw DiagnosticsError([Diagnostic(file: location(path), location: nil, message: "cannot write the file (\(error))")])
        }
    }

    /// The folder an output file's `path` is in, made before the file lands; nil at the top.
    static func folder(of path: String) -> String? { path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } }

    func isRegularFile(_ path: String) -> Bool { FileSystem.kind(location(path)) == .regular }

    /// The manifest there, read once for the run that asks.
    public func readManifest() -> Manifest { Manifest(read(Self.manifestName)) }

    /// Whether a manifest entry's path stays inside the output directory (relative; no empty, `.` or `..` component);
    /// others are ignored.
    static func isInside(_ path: Substring) -> Bool {
        !path.hasPrefix("/")
            && !path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains {
                $0.isEmpty || $0.elementsEqual(".".utf8) || $0.elementsEqual("..".utf8)
            }
    }
}
