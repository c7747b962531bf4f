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

        /// Compares one rendered file with what is there and stages it when it changed.
        public func add(_ path: String, _ bytes: [UInt8]) throws(DiagnosticsError) {
            let digest = Digest.current.hex(OutputWriter.outline(bytes))
            let existing = fresh == nil ? writer.read(path) : nil
            let merged = existing.map { OutputWriter.merge(bytes, $0) } ?? bytes
            var link: Diagnostic?, isEdited = false, temporary: String?, made: [String] = []
            let knownFolder = known(folder(of: path))
            if let existing, merged == existing {
                // unchanged: nothing to write
            } else if let existing, !force && writer.editedByHand(path, existing, previous) {
                isEdited = true
            } else if fresh == nil, let found = writer.symbolicLink(path, from: knownFolder) {
                link = found
            } else {
                let file = fresh.map { FileSystem.join($0, path) } ?? FileSystem.temporary(for: writer.location(path), suffix: OutputWriter.temporarySuffix)
                try writer.perform(path) { () throws(FileSystem.Failure) in
                    if knownFolder == nil { made = try FileSystem.createDirectories(FileSystem.parent(of: file)) }
                    try FileSystem.write(merged, to: file)
                }
                temporary = file
            }
            lock.withLock {
                if temporary != nil, let folder = folder(of: path) { folders.insert(folder) }
                digests[path] = digest
                madeDirectories += made
                if isEdited { edited.append(path) }
                if let link { links[path] = link }
                if let temporary { staged[path] = temporary }
            }
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
                staged = [:]
                for directory in madeDirectories.sorted(by: >) { FileSystem.removeDirectory(directory) }
                madeDirectories = []
            }
        }
    }
}
