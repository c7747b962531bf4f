import PushMatrixSupport

/// An update of an existing output that ends wholly done or wholly undone, wherever a run stops and whichever file
/// cannot be written. Changed files are staged under `.pushmatrix-tmp/files/`, then the journal
/// `.pushmatrix-tmp/journal` is renamed into place: the update is decided. Its changes apply in order: staged files
/// renamed over their targets, files no longer produced removed, the manifest last. Each file about to be replaced or
/// removed is first kept under `.pushmatrix-tmp/old/`, so every change can be undone until the manifest lands; once it
/// has, the update is done and the staging directory goes, journal first. How far each change got is read from the
/// disk, never remembered, so applying or undoing picks up wherever a run stopped. A change that fails undoes the
/// update: the manifest never lists a file that is not in place. A run finding a journal applies the rest of it,
/// checking staged files' digests, and undoes it on a mismatch or a failure; a staging directory without a journal was
/// never decided, and is removed.
struct Transaction: Equatable {
    static let directoryName = ".pushmatrix-tmp"
    /// The journal's first line.
    private static let header = "pushmatrix update 2"
    /// The first line of a journal whose update kept no files: such an update can be finished, not undone.
    private static let headerWithoutKeptFiles = "pushmatrix update 1"

    enum Change: Equatable {
        /// A staged file, with the XXH64 of its bytes, renamed over its target.
        case write(path: String, digest: String)
        case remove(path: String)
    }

    package var changes: [Change]
    /// Whether the files the update replaces or removes were kept under `old/`, so that it can be undone.
    private(set) var keptFiles = true

    /// Why a change could not be made or undone: the output file's path, and what went wrong, with the system's reason.
    struct Stop: Error {
        let path: String
        let problem: String
    }

    static func staged(_ path: String, in writer: OutputWriter) -> String {
        FileSystem.join(writer.location(directoryName + "/files"), path)
    }

    /// Where the file at `path` waits while the update can still be undone.
    static func kept(_ path: String, in writer: OutputWriter) -> String {
        FileSystem.join(writer.location(directoryName + "/old"), path)
    }

    private static func journal(in writer: OutputWriter) -> String { writer.location(directoryName + "/journal") }

    package var text: [UInt8] {
        let lines = changes.map { change in
            switch change {
            case .write(let path, let digest): "write \(digest) \(path)\n"
            case .remove(let path): "remove \(path)\n"
            }
        }
        return Array((Self.header + "\n" + lines.joined()).utf8)
    }

    /// A journal read back; nil when it is not one (a power cut may leave it empty).
    package init?(text bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard let first = lines.first, first == Self.header || first == Self.headerWithoutKeptFiles else { return nil }
        var changes: [Change] = []
        for line in lines.dropFirst() {
            let words = line.split(separator: " ", maxSplits: 2)
            switch (words.first, words.count) {
            case ("write"?, 3) where OutputWriter.isInside(words[2]):
                changes.append(.write(path: String(words[2]), digest: String(words[1])))
            case ("remove"?, 2) where OutputWriter.isInside(words[1]): changes.append(.remove(path: String(words[1])))
            default: return nil
            }
        }
        self.changes = changes
        keptFiles = first == Self.header
    }

    package init(changes: [Change]) { self.changes = changes }

    /// Decides the update (the journal lands in one rename), then applies it; the staged files must be in place. Throws
    /// when the update could not be made, saying whether the output is as it was; the warnings returned say what is
    /// left over from an update made.
    func commit(in writer: OutputWriter) throws(DiagnosticsError) -> [Diagnostic] {
        do {
            try FileSystem.replace(Self.journal(in: writer), with: text, temporarySuffix: OutputWriter.temporarySuffix)
        } catch {
            try? FileSystem.removeTree(writer.location(Self.directoryName))
            throw writer.failure("cannot write in the output directory (\(error)); the output is as it was")
        }
        return try finish(in: writer, recovering: false)
    }

    /// What the next run does with a staging directory it finds: finishes or undoes a decided update, or removes an
    /// undecided one. The warnings say which.
    static func finishInterrupted(in writer: OutputWriter) throws(DiagnosticsError) -> [Diagnostic] {
        if let update = FileSystem.read(journal(in: writer)).flatMap({ Transaction(text: $0) }) {
            return try update.finish(in: writer, recovering: true)
        }
        do {
            try FileSystem.removeTree(writer.location(directoryName))
        } catch {
            throw DiagnosticsError([unremovable(error, in: writer, severity: .error)])
        }
        return []
    }

    /// Applies the update, undoing it if a change fails, then removes the staging directory. `recovering`, the update
    /// is an earlier run's: staged files are checked against the journal, and one undone is a warning (this run goes on
    /// from the output as it was before).
    private func finish(in writer: OutputWriter, recovering: Bool) throws(DiagnosticsError) -> [Diagnostic] {
        var madeFolders: [String] = []
        let skipped: [String]
        do {
            skipped = try apply(in: writer, verifying: recovering, madeFolders: &madeFolders)
        } catch {
            return try undo(after: error, in: writer, madeFolders: madeFolders, recovering: recovering)
        }
        var warnings = skipped.map { path in
            Diagnostic(
                file: writer.location(path), location: nil,
                message: "an interrupted run could not finish writing this file; "
                    + "run 'pushmatrix generate --force' to bring the output up to date",
                severity: .warning)
        }
        if recovering && skipped.isEmpty {
            let message = "an earlier run's unfinished update was completed"
            warnings.append(Diagnostic(file: writer.directory, location: nil, message: message, severity: .warning))
        }
        do {
            try Self.clear(in: writer)
        } catch {
            // The output is whole; only the staging directory is left, for the next run to remove.
            guard recovering else { return warnings + [Self.unremovable(error, in: writer, severity: .warning)] }
            throw DiagnosticsError(warnings + [Self.unremovable(error, in: writer, severity: .error)])
        }
        return warnings
    }

    /// Applies the changes not made yet, in order, keeping each file it replaces or removes. `verifying`, a staged file
    /// whose bytes do not match the journal (a power cut can leave one empty) stops it; in an update that kept no
    /// files, that file and the manifest are skipped instead, and returned. Folders made for new files are added to
    /// `madeFolders`.
    private func apply(in writer: OutputWriter, verifying: Bool, madeFolders: inout [String]) throws(Stop) -> [String] {
        var skipped: [String] = []
        for change in changes {
            switch change {
            case .write(let path, let digest):
                let staged = Self.staged(path, in: writer)
                guard FileSystem.kind(staged) == .regular else { continue }  // moved in before
                let afterSkipped = path == OutputWriter.manifestName && !skipped.isEmpty
                if verifying && (Self.isDamaged(staged, digest) || afterSkipped) {
                    guard !keptFiles else {
                        let problem = "its staged copy does not match the journal (a power cut can empty a file)"
                        throw Stop(path: path, problem: problem)
                    }
                    skipped.append(path)
                    continue
                }
                do {
                    try Self.keep(path, in: writer)
                    if let folder = OutputWriter.folder(of: path) {
                        madeFolders += try FileSystem.makeDirectories(folder, under: writer.directory)
                    }
                    try FileSystem.move(staged, to: writer.location(path))
                } catch {
                    throw Stop(path: path, problem: "cannot write the file (\(error))")
                }
            case .remove(let path):
                let target = writer.location(path)
                guard FileSystem.kind(target) == .regular else { continue }  // removed before, or not there
                do {
                    try Self.makeKeptFolder(for: path, in: writer)
                    try FileSystem.move(target, to: Self.kept(path, in: writer))
                } catch {
                    throw Stop(path: path, problem: "cannot remove the file (\(error))")
                }
            }
        }
        return skipped
    }

    /// Whether the staged file's bytes are not those the journal's `digest` was made of.
    private static func isDamaged(_ staged: String, _ digest: String) -> Bool {
        FileSystem.read(staged).map { Digest.hex($0) } != digest
    }

    /// Keeps the file at `path`, about to be replaced, under `old/`: a second name for it, so that it stays in place
    /// until the staged file is renamed over it, or where the file system has no second names, the file itself moved
    /// there. A kept file already there is the one this update found, kept by a run that stopped before replacing it.
    private static func keep(_ path: String, in writer: OutputWriter) throws(FileSystem.Failure) {
        let target = writer.location(path)
        let kept = Self.kept(path, in: writer)
        guard let found = FileSystem.kind(target), found != .directory, FileSystem.kind(kept) == nil else { return }
        try makeKeptFolder(for: path, in: writer)
        do {
            try FileSystem.link(target, as: kept)
        } catch {
            try FileSystem.move(target, to: kept)
        }
    }

    private static func makeKeptFolder(for path: String, in writer: OutputWriter) throws(FileSystem.Failure) {
        let folder = OutputWriter.folder(of: path).map { "old/" + $0 } ?? "old"
        try FileSystem.makeDirectories(folder, under: writer.location(directoryName))
    }

    /// Undoes every change made, last first: a file moved in goes back under `files/` and the file kept for it, if any,
    /// back in place; a removed file comes back; then each of `madeFolders` goes if empty. Like `apply`, it reads how
    /// far each change got from the disk: an update stopped while being undone can be applied, or undone, again.
    private func rollBack(in writer: OutputWriter, madeFolders: [String]) throws(Stop) {
        for change in changes.reversed() {
            switch change {
            case .write(let path, _):
                let staged = Self.staged(path, in: writer)
                let target = writer.location(path)
                let kept = Self.kept(path, in: writer)
                do {
                    if FileSystem.kind(staged) == nil && FileSystem.kind(target) == .regular {
                        try FileSystem.move(target, to: staged)
                    }
                    if FileSystem.kind(kept) != nil { try FileSystem.move(kept, to: target) }
                } catch {
                    throw Stop(path: path, problem: "cannot put the earlier file back (\(error))")
                }
            case .remove(let path):
                let target = writer.location(path)
                let kept = Self.kept(path, in: writer)
                guard FileSystem.kind(kept) != nil && FileSystem.kind(target) == nil else { continue }
                do {
                    try FileSystem.move(kept, to: target)
                } catch {
                    throw Stop(path: path, problem: "cannot put the removed file back (\(error))")
                }
            }
        }
        for folder in madeFolders.reversed() { FileSystem.removeDirectory(folder) }
    }

    /// After `stop` ended applying the update: undoes it and removes the staging directory, or, when it cannot be
    /// undone, leaves it for the next run to finish. Throws the diagnostics saying which, with the file and the reason;
    /// an earlier run's update undone is only a warning, returned (the output is as it was before that run, and this
    /// run can go on).
    private func undo(
        after stop: Stop, in writer: OutputWriter, madeFolders: [String], recovering: Bool
    ) throws(DiagnosticsError) -> [Diagnostic] {
        let unfinished = "; the output is part old, part new: the next run finishes the update once this is fixed"
        let failed = Diagnostic(file: writer.location(stop.path), location: nil, message: stop.problem)
        guard keptFiles else {
            throw DiagnosticsError([Diagnostic(file: failed.file, location: nil, message: stop.problem + unfinished)])
        }
        do {
            try rollBack(in: writer, madeFolders: madeFolders)
        } catch {
            let stuck = Diagnostic(file: writer.location(error.path), location: nil, message: error.problem + unfinished)
            throw DiagnosticsError([failed, stuck])
        }
        let outcome =
            recovering
            ? "; an earlier run's unfinished update was rolled back, and the output is as it was before it"
            : "; the update was rolled back, and the output is as it was"
        var diagnostics = [
            Diagnostic(file: failed.file, location: nil, message: stop.problem + outcome, severity: recovering ? .warning : .error)
        ]
        do {
            try Self.clear(in: writer)
        } catch {
            diagnostics.append(Self.unremovable(error, in: writer, severity: recovering ? .error : .warning))
            throw DiagnosticsError(diagnostics)
        }
        guard recovering else { throw DiagnosticsError(diagnostics) }
        return diagnostics
    }

    /// Removes the staging directory, journal first: once the journal is gone, what is left is never taken for an
    /// update to apply.
    private static func clear(in writer: OutputWriter) throws(FileSystem.Failure) {
        if FileSystem.kind(journal(in: writer)) != nil { try FileSystem.remove(journal(in: writer)) }
        try FileSystem.removeTree(writer.location(directoryName))
    }

    /// The staging directory could not be removed: the output is whole, and the next run takes care of what is left.
    private static func unremovable(
        _ error: FileSystem.Failure, in writer: OutputWriter, severity: Diagnostic.Severity
    ) -> Diagnostic {
        let message = "cannot remove the folder an update is staged in (\(error)); the next run takes care of it"
        return Diagnostic(file: writer.location(directoryName), location: nil, message: message, severity: severity)
    }
}
