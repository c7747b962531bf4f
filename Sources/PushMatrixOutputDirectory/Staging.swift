import PushMatrixSupport

extension OutputWriter {
    /// One run's writes, made under the directory's `OutputLock`. Each added file is compared with what is on disk;
    /// only changed ones are kept, in memory. Nothing on disk changes before `commit`, which lands them all once every
    /// file is in and nothing conflicts:
    /// - a new output directory is built whole in the hidden directory beside it, then renamed into place at once:
    ///   complete or absent;
    /// - an existing one goes through a `Transaction`: a write that fails rolls it back, and a run stopped at any
    ///   moment leaves it undone, or done once the next run finishes it.
    public final class Staging {
        package let writer: OutputWriter
        package let force: Bool
        package let previous: Manifest  // the manifest before this run
        private let outputLock: OutputLock
        private var digests: [String: String] = [:]  // each rendered file's outline digest, for the manifest
        private var changed: [String: [UInt8]] = [:]  // the text to write, by path
        private var refused: [String: [Diagnostic]] = [:]  // why a file cannot be written, by path
        private var generatedRegions: [String: Set<[UInt8]>] = [:]  // what this run puts in each region id, in any file
        private var dropping: [(path: String, existing: [UInt8], ids: [String])] = []  // regions a merge leaves out
        /// Warnings from the run, such as region code that `--force` or a template change dropped.
        public private(set) var warnings: [Diagnostic] = []

        /// `lock` must be the output directory's exclusive lock, and `manifest` the manifest read under it (read here
        /// when not given).
        public init(_ writer: OutputWriter, force: Bool, lock outputLock: OutputLock, manifest: Manifest? = nil) {
            (self.writer, self.force, self.outputLock, previous) = (writer, force, outputLock, manifest ?? writer.readManifest())
        }

        /// Keeps the rendered files that differ from what is there; only an update (which can lose regions) records and
        /// compares regions.
        public func add(_ files: [OutputFile]) {
            for file in files {
                let (path, bytes) = (file.path, file.bytes)
                var text: [UInt8]? = bytes
                var problems: [Diagnostic] = []
                var warnings: [Diagnostic] = []
                if outputLock.fresh == nil {
                    if Regions.mayHaveRegions(bytes) {
                        for (id, lines) in Regions.scan(bytes).regions { generatedRegions[id, default: []].insert(Regions.joined(lines)) }
                    }
                    (text, problems, warnings) = compare(path, bytes)
                }
                digests[path] = Digest.hex(Regions.outline(bytes))
                changed[path] = text
                refused[path] = problems.isEmpty ? nil : problems
                self.warnings += warnings
            }
        }

        /// The text to write (nil when the file is unchanged), why it cannot be written, and what writing it loses.
        private func compare(_ path: String, _ bytes: [UInt8]) -> (text: [UInt8]?, problems: [Diagnostic], warnings: [Diagnostic]) {
            let location = writer.location(path)
            if let link = writer.symbolicLink(path) { return (nil, [link], []) }
            switch FileSystem.kind(location) {
            case nil: return (bytes, [], [])
            case .regular?: break
            default:
                let message = "is not a regular file; pushmatrix writes a generated file here"
                return (nil, [Diagnostic(file: location, location: nil, message: message)], [])
            }
            guard let existing = FileSystem.read(location) else { return (bytes, [], []) }
            let merged = Regions.merge(generated: bytes, existing: existing)
            if merged == existing { return (nil, [], []) }
            let broken = Regions.scan(existing).problems.map {
                Diagnostic(
                    file: location, location: SourceLocation(line: $0.line, column: 1),
                    message: $0.message + (force ? "; --force replaced the file, and that region's code is not kept" : ""),
                    severity: force ? .warning : .error)
            }
            if !force && !broken.isEmpty { return (nil, broken, []) }
            if !force && writer.editedByHand(path, existing, previous) { return (nil, [writer.conflict(path)], []) }
            let dropped = Regions.dropped(generated: bytes, existing: existing)
            if !dropped.isEmpty { dropping.append((path, existing, dropped)) }
            return (merged, [], force ? broken : [])
        }

        /// One diagnostic per region `ids` of `existing` with user code that no file of this run puts in a same-id
        /// region (so not a moved region or an untouched default): an error, or under `--force` a warning, the code
        /// appended to a file beside it (`rescueSuffix`).
        private func droppedCode(_ path: String, existing: [UInt8], ids all: [String]) -> [Diagnostic] {
            let regions = Regions.scan(existing).regions
            let ids = all.filter { id in !generatedRegions[id, default: []].contains(Regions.joined(regions[id] ?? [])) }
            guard !ids.isEmpty else { return [] }
            let rescue = path + Self.rescueSuffix
            let name = rescue.split(separator: "/").last.map(String.init) ?? rescue
            if force { changed[rescue] = (writer.read(rescue) ?? []) + Regions.rescue(ids, from: existing, file: path) }
            return ids.map { id in
                Diagnostic(
                    file: writer.location(path), location: nil,
                    message: force
                        ? "region '\(id)' is no longer generated; its code is saved in \(name)"
                        : "region '\(id)' holds code that the file generated now has no place for; nothing was written: move the code out, or run again with --force to save it in \(name)",
                    severity: force ? .warning : .error)
            }
        }

        /// What is added to a file's name to name the file its dropped regions' code is saved in.
        static let rescueSuffix = ".dropped-regions"

        /// Lands every changed file, removes files no longer produced and writes the manifest last; conflicts stop it
        /// before any change, and a write that fails rolls the update back (the error says so). `interrupted` is asked
        /// between staged files: yes removes all that is staged and throws `Interrupted`, the output left as it was.
        public func commit(input: String, interrupted: () -> Bool = { false }) throws -> [(path: String, fate: Fate)] {
            let manifest = writer.manifest(input: input, digests: digests)
            if let fresh = outputLock.fresh { return try land(fresh.root, manifest: manifest, interrupted: interrupted) }
            let removals = writer.leftovers(previous, digests: digests)
            var conflicts = refused.keys.sorted().flatMap { refused[$0]! }
            for path in removals {
                let existing = writer.read(path) ?? []
                if !force && writer.editedByHand(path, existing, previous) { conflicts.append(writer.conflict(path)) }
                dropping.append((path, existing, Regions.dropped(generated: [], existing: existing)))
            }
            for (path, existing, ids) in dropping.sorted(by: { $0.path < $1.path }) {
                let dropped = droppedCode(path, existing: existing, ids: ids)
                if force { warnings += dropped } else { conflicts += dropped }
            }
            let manifestName = OutputWriter.manifestName
            var writes = changed
            if previous.bytes != manifest { writes[manifestName] = manifest }
            let manifestIfWritten = writes[manifestName] != nil ? [manifestName] : []
            conflicts += (manifestIfWritten + removals).compactMap { writer.symbolicLink($0) }
            guard conflicts.isEmpty else { throw DiagnosticsError(conflicts) }

            let files = writes.keys.filter { $0 != manifestName }.sorted()
            if !files.isEmpty || !removals.isEmpty || !manifestIfWritten.isEmpty {
                let staged = (files + manifestIfWritten).map { ($0, writes[$0]!) }
                try stage(staged, under: writer.location(Transaction.directoryName + "/files"), interrupted: interrupted)
                let write = { (path: String) in Transaction.Change.write(path: path, digest: Digest.hex(writes[path]!)) }
                // The manifest goes last: until it lands, the old one describes the directory.
                let changes = files.map(write) + removals.map { .remove(path: $0) } + manifestIfWritten.map(write)
                warnings += try Transaction(changes: changes).commit(in: writer)
            }
            let fates =
                (digests.keys.map { ($0, changed[$0] == nil ? Fate.unchanged : .written) }
                    + [(manifestName, manifestIfWritten.isEmpty ? .unchanged : .written)]
                    + removals.map { ($0, Fate.removed) })
            return fates.sorted { $0.0 < $1.0 }.map { (path: $0.0, fate: $0.1) }
        }

        /// Fills a new output directory's hidden directory and renames it into place.
        private func land(_ root: String, manifest: [UInt8], interrupted: () -> Bool) throws -> [(path: String, fate: Fate)] {
            let files = changed.keys.sorted().map { ($0, changed[$0]!) } + [(OutputWriter.manifestName, manifest)]
            try stage(files, under: root, interrupted: interrupted)
            do {
                try FileSystem.move(root, to: writer.directory)
            } catch {
                throw writer.failure("cannot put the new output directory in place (\(error))")
            }
            outputLock.landed()
            return files.map(\.0).sorted().map { ($0, .written) }
        }

        /// Writes files under this run's staging directory; on failure or interruption it is removed and the output
        /// left as it was.
        private func stage(_ files: [(String, [UInt8])], under root: String, interrupted: () -> Bool) throws {
            let isFresh = outputLock.fresh != nil
            do {
                if !isFresh {
                    do {
                        try FileSystem.makeDirectories(Transaction.directoryName + "/files", under: writer.directory)
                    } catch {
                        throw writer.failure("cannot write in the output directory (\(error))")
                    }
                }
                var folders: Set<String> = []
                for (path, bytes) in files {
                    if interrupted() { throw Interrupted() }
                    if let folder = OutputWriter.folder(of: path), folders.insert(folder).inserted {
                        try writer.perform(folder) { () throws(FileSystem.Failure) in try FileSystem.makeDirectories(folder, under: root) }
                    }
                    try writer.perform(path) { () throws(FileSystem.Failure) in try FileSystem.write(bytes, to: FileSystem.join(root, path))
                    }
                }
                if interrupted() { throw Interrupted() }
            } catch {
                if !isFresh { try? FileSystem.removeTree(writer.location(Transaction.directoryName)) }
                throw error
            }
        }
    }
}
