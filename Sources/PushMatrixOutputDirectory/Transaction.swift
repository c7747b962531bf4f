import PushMatrixSupport

/// An update of an existing output that a run stopped at any moment leaves undone or, once the next run finishes it, done. Changed files go
/// under `.pushmatrix-tmp/files/`, then the journal `.pushmatrix-tmp/journal` is renamed into place: the update is decided. Changes apply
/// in order (staged files renamed over targets, files no longer produced removed, the manifest last), then the staging directory goes. A
/// run finding one applies the rest of its journal, checking staged files' digests; without a journal it removes it.
struct Transaction: Equatable {
    static let directoryName = ".pushmatrix-tmp"
    private static let header = "pushmatrix update 1"

    enum Change: Equatable {
        /// A staged file, with the XXH64 of its bytes, renamed over its target.
        case write(path: String, digest: String)
        case remove(path: String)
    }

    package var changes: [Change]

    static func staged(_ path: String, in writer: OutputWriter) -> String {
        FileSystem.join(writer.location(directoryName + "/files"), path)
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
        guard lines.first == Substring(Self.header) else { return nil }
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
    }

    package init(changes: [Change]) { self.changes = changes }

    /// Decides the update (the journal lands in one rename), then applies it. The staged files must be in place.
    func commit(in writer: OutputWriter) throws(DiagnosticsError) {
        try writer.perform(Self.directoryName) { () throws(FileSystem.Failure) in
            try FileSystem.replace(Self.journal(in: writer), with: text, temporarySuffix: OutputWriter.temporarySuffix)
        }
        _ = try apply(in: writer, verifying: false)
    }

    /// Applies the changes not yet done, then removes the staging directory. A staged file already gone was moved before; one whose bytes
    /// do not match the journal (a power cut can leave it empty) is not moved, nor then the manifest: the warnings say so.
    private func apply(in writer: OutputWriter, verifying: Bool) throws(DiagnosticsError) -> [Diagnostic] {
        var damaged: [String] = []
        for change in changes {
            switch change {
            case .write(let path, let digest):
                let staged = Self.staged(path, in: writer)
                guard FileSystem.kind(staged) == .regular else { continue }
                if verifying
                    && (FileSystem.read(staged).map { Digest.hex($0) } != digest || (path == OutputWriter.manifestName && !damaged.isEmpty))
                {
                    damaged.append(path)
                    continue
                }
                try writer.perform(path) { () throws(FileSystem.Failure) in
                    if let folder = OutputWriter.folder(of: path) { try FileSystem.makeDirectories(folder, under: writer.directory) }
                    try FileSystem.move(staged, to: writer.location(path))
                }
            case .remove(let path): if FileSystem.kind(writer.location(path)) == .regular { try? FileSystem.remove(writer.location(path)) }
            }
        }
        try writer.perform(Self.directoryName) { () throws(FileSystem.Failure) in
            try FileSystem.removeTree(writer.location(Self.directoryName))
        }
        return damaged.map {
            Diagnostic(
                file: writer.location($0), location: nil,
                message:
                    "an interrupted run could not finish writing this file; run 'pushmatrix generate --force' to bring the output up to date",
                severity: .warning)
        }
    }

    /// What the next run does with a staging directory it finds: finishes a decided update, or removes an undecided one (with no changes).
    static func finishInterrupted(in writer: OutputWriter) throws(DiagnosticsError) -> [Diagnostic] {
        let update = FileSystem.read(journal(in: writer)).flatMap { Transaction(text: $0) } ?? Transaction(changes: [])
        return try update.apply(in: writer, verifying: true)
    }
}
