extension OutputWriter {
    /// One run's writes, taken file by file as rendering finishes them, from any thread. A
    /// changed file is written to a temporary file beside its target at once, so rendered
    /// output need not stay in memory; `commit` renames them all into place once every file is
    /// in and nothing conflicts. Until then no output file changes, and `abort` removes what
    /// was staged, directories included.
    ///
    /// An output directory that does not exist yet is built whole in a hidden directory beside
    /// it and renamed into place at the end: there is nothing to compare with or to guard
    /// against, and one rename lands every file.
    public final class Staging: @unchecked Sendable {
        let writer: OutputWriter
        let force: Bool
        let previous: Previous  // the manifest before this run
        /// The hidden directory a new output directory is built in, or nil.
        private let fresh: String?
        private let lock = Lock()
        // Guarded by `lock`:
        private var digests: [String: String] = [:]  // each rendered file's outline digest, for the manifest
        private var staged: [String: String] = [:]  // path → its temporary file
        private var streams: [String: StreamedFile] = [:]  // files still coming in pieces
        private var holding: [String: [UInt8]] = [:]  // pieces of files that will be refused
        private var edited: [String] = []
        private var links: [String: Diagnostic] = [:]
        private var madeDirectories: [String] = []
        /// Folders already found to be real directories: a folder's way is looked up once per
        /// run, not once per file in it.
        private var folders: Set<String> = []

        public init(_ writer: OutputWriter, force: Bool) {
            self.writer = writer
            self.force = force
            previous = writer.previouslyGenerated()
            let root = Self.freshRoot(for: writer.directory)
            fresh = root?.path
            madeDirectories = root?.made ?? []
        }

        /// Makes the hidden directory beside a missing output directory. Nil when the output
        /// directory exists, or the hidden one cannot be made afresh (a killed run's is left
        /// as it was, and files are then staged one by one).
        private static func freshRoot(for directory: String) -> (path: String, made: [String])? {
            var directory = Substring(directory)
            while directory.count > 1 && directory.hasSuffix("/") { directory = directory.dropLast() }
            guard !directory.isEmpty, FileSystem.kind(String(directory)) == nil else { return nil }
            let root = FileSystem.temporary(for: String(directory), suffix: OutputWriter.temporarySuffix)
            guard let parents = try? FileSystem.createDirectories(FileSystem.parent(of: root)), FileSystem.makeDirectory(root) else { return nil }
            return (root, parents + [root])
        }

        /// Takes one piece of a rendered file (see `Generator.Emit`). A file in one piece is
        /// compared in memory; a larger one is written as its pieces come, so it is never whole
        /// in memory.
        public func add(_ path: String, _ bytes: [UInt8], isLast: Bool) throws(DiagnosticsError) {
            let (stream, held) = lock.withLock { (streams.removeValue(forKey: path), holding.removeValue(forKey: path)) }
            if let held { return isLast ? try add(path, held + bytes) : lock.withLock { holding[path] = held + bytes } }
            if stream == nil && isLast { return try add(path, bytes) }
            var file = stream
            do {
                if file == nil {
                    // Nothing is written behind a symbolic link: the whole file is refused as usual.
                    if fresh == nil && writer.symbolicLink(path, from: known(folder(of: path))) != nil {
                        return lock.withLock { holding[path] = bytes }
                    }
                    let target = try place(path)
                    file = try writer.perform(path) { () throws(FileSystem.Failure) in
                        try StreamedFile(target, comparingWith: fresh == nil ? writer.location(path) : nil)
                    }
                }
                let streamed = file!
                try writer.perform(path) { () throws(FileSystem.Failure) in try streamed.write(bytes) }
                if isLast { try finish(streamed, path) } else { lock.withLock { streams[path] = streamed } }
            } catch {
                file?.discard()
                throw error
            }
        }

        /// A streamed file is whole: unchanged, edited by hand, or staged. One with regions is
        /// taken as a whole file, since its regions are merged with the existing file's.
        private func finish(_ file: StreamedFile, _ path: String) throws(DiagnosticsError) {
            switch try writer.perform(path, { () throws(FileSystem.Failure) in try file.finish() }) {
            case .whole(let bytes):
                try add(path, bytes)
            case .differs:
                // Only a file that is not written can lose its text.
                preconditionFailure("a staged file keeps what it wrote")
            case .streamed(let digest, let unchanged):
                var outcome = Outcome(digest: digest)
                if unchanged {
                    file.discard()
                } else if file.hadExisting && !force && writer.editedByHand(path, previous, outlineDigest: { digest in
                    // Digested on the way when it could be; read whole only when it must be.
                    file.existingDigest.flatMap { digest == .current ? $0 : nil } ?? writer.read(path).map { digest.hex(OutputWriter.outline($0)) }
                }) {
                    file.discard()
                    outcome.edited = true
                } else {
                    outcome.temporary = file.path
                }
                record(path, outcome)
            }
        }

        /// Compares one whole rendered file with what is there and stages it when it changed.
        public func add(_ path: String, _ bytes: [UInt8]) throws(DiagnosticsError) {
            var outcome = Outcome(digest: Digest.current.hex(OutputWriter.outline(bytes)))
            let existing = fresh == nil ? writer.read(path) : nil
            let merged = existing.map { OutputWriter.merge(bytes, $0) } ?? bytes
            if let existing, merged == existing {
                // unchanged: nothing to write
            } else if let existing, !force && writer.editedByHand(path, existing, previous) {
                outcome.edited = true
            } else if fresh == nil, let found = writer.symbolicLink(path, from: known(folder(of: path))) {
                outcome.link = found
            } else {
                let file = try place(path)
                try writer.perform(path) { () throws(FileSystem.Failure) in try FileSystem.write(merged, to: file) }
                outcome.temporary = file
            }
            record(path, outcome)
        }

        /// What became of one rendered file.
        private struct Outcome {
            let digest: String
            var edited = false
            var link: Diagnostic?
            var temporary: String?
        }

        private func record(_ path: String, _ outcome: Outcome) {
            lock.withLock {
                digests[path] = outcome.digest
                if outcome.edited { edited.append(path) }
                if let link = outcome.link { links[path] = link }
                if let temporary = outcome.temporary { staged[path] = temporary }
            }
        }

        /// Where a changed file is written until commit, its folders made (and noted, so that
        /// abort removes them) unless already known.
        private func place(_ path: String) throws(DiagnosticsError) -> String {
            let file = fresh.map { FileSystem.join($0, path) } ?? FileSystem.temporary(for: writer.location(path), suffix: OutputWriter.temporarySuffix)
            let folder = folder(of: path)
            guard known(folder) == nil else { return file }
            let made = try writer.perform(path) { () throws(FileSystem.Failure) in try FileSystem.createDirectories(FileSystem.parent(of: file)) }
            lock.withLock {
                madeDirectories += made
                if let folder { folders.insert(folder) }
            }
            return file
        }

        private func folder(of path: String) -> String? {
            path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) }
        }

        private func known(_ folder: String?) -> String? {
            folder.flatMap { folder in lock.withLock { folders.contains(folder) } ? folder : nil }
        }

        /// Renames the staged files into place, writes the manifest and removes files an
        /// earlier run made that are no longer produced. Conflicts stop it before any change.
        public func commit(input: String) throws(DiagnosticsError) -> [(path: String, fate: Fate)] {
            if let fresh { return try land(fresh, manifest: OutputWriter.manifest(input: input, digests: digests)) }
            let removals = previous.entries.keys.sorted().filter {
                digests[$0] == nil && $0 != OutputWriter.manifestName && writer.isRegularFile($0)
            }
            var conflicts = edited.sorted().map(writer.conflict)
            for path in removals where !force && writer.editedByHand(path, writer.read(path) ?? [], previous) {
                conflicts.append(writer.conflict(path))
            }
            let manifest = OutputWriter.manifest(input: input, digests: digests)
            let manifestChanged = writer.read(OutputWriter.manifestName) != manifest
            // Staged files were checked for links when they came in.
            conflicts += (manifestChanged ? [OutputWriter.manifestName] : []).compactMap { writer.symbolicLink($0) }
            conflicts += links.keys.sorted().map { links[$0]! } + removals.compactMap { writer.symbolicLink($0) }
            guard conflicts.isEmpty else {
                abort()
                throw DiagnosticsError(conflicts)
            }
            var report: [(path: String, fate: Fate)] = []
            if manifestChanged {
                try writer.perform(OutputWriter.manifestName) { () throws(FileSystem.Failure) in
                    try FileSystem.replace(writer.location(OutputWriter.manifestName), with: manifest, temporarySuffix: OutputWriter.temporarySuffix)
                }
            }
            report.append((OutputWriter.manifestName, manifestChanged ? .written : .unchanged))
            for path in digests.keys.sorted() {
                guard let temporary = staged[path] else {
                    report.append((path, .unchanged))
                    continue
                }
                try writer.perform(path) { () throws(FileSystem.Failure) in try FileSystem.move(temporary, to: writer.location(path)) }
                staged[path] = nil
                report.append((path, .written))
            }
            for path in removals {
                try writer.perform(path) { () throws(FileSystem.Failure) in try FileSystem.remove(writer.location(path)) }
                report.append((path, .removed))
            }
            return report.sorted { $0.path < $1.path }
        }

        /// Puts the manifest in a new output directory built whole, and renames it into place.
        private func land(_ root: String, manifest: [UInt8]) throws(DiagnosticsError) -> [(path: String, fate: Fate)] {
            let file = FileSystem.join(root, OutputWriter.manifestName)
            do {
                try FileSystem.write(manifest, to: file)
                try FileSystem.move(root, to: writer.directory)
            } catch {
                try? FileSystem.remove(file)
                abort()
                throw DiagnosticsError([Diagnostic(file: writer.directory, location: nil, message: "cannot make the output directory (\(error))")])
            }
            return ([OutputWriter.manifestName] + digests.keys).sorted().map { ($0, .written) }
        }

        /// Removes the staged files and the directories made for them.
        public func abort() {
            lock.withLock {
                for temporary in staged.values { try? FileSystem.remove(temporary) }
                for file in streams.values { file.discard() }
                staged = [:]
                streams = [:]
                holding = [:]
                for directory in madeDirectories.sorted(by: >) { FileSystem.removeDirectory(directory) }
                madeDirectories = []
            }
        }
    }
}
