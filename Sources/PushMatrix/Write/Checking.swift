extension OutputWriter {
    /// One `--check` run: each rendered file is compared with what is there as rendering hands
    /// it over, from any thread, and a large one piece by piece. Nothing is written, and no
    /// output is ever held whole.
    public final class Checking: @unchecked Sendable {
        let writer: OutputWriter
        private let lock = Lock()
        // Guarded by `lock`:
        private var digests: [String: String] = [:]  // each rendered file's outline digest, for the manifest
        private var found: [String: Problem] = [:]
        private var streams: [String: StreamedFile] = [:]  // files still coming in pieces

        public init(_ writer: OutputWriter) { self.writer = writer }

        /// How many files the run renders, the manifest included.
        public var fileCount: Int { lock.withLock { digests.count + 1 } }

        /// Takes one piece of a rendered file (see `Generator.Emit`).
        public func add(_ path: String, _ bytes: [UInt8], isLast: Bool) {
            let stream = lock.withLock { streams.removeValue(forKey: path) }
            if stream == nil && isLast { return add(path, bytes) }
            // Nothing is written, so nothing here can fail.
            guard let file = stream ?? (try? StreamedFile(nil, comparingWith: writer.location(path))) else { return }
            try? file.write(bytes)
            guard isLast else { return lock.withLock { streams[path] = file } }
            let missing = !file.hadExisting
            switch try? file.finish() {
            case .whole(let bytes)?:
                add(path, bytes)
            case .streamed(let digest, let unchanged)?:
                record(path, digest, missing ? .missing : unchanged ? nil : .stale)
            case .differs?, nil:
                record(path, "", missing ? .missing : .stale)  // its digest is unknown, so the manifest is stale too
            }
        }

        /// Compares one whole rendered file with what is there.
        public func add(_ path: String, _ bytes: [UInt8]) {
            let problem: Problem?
            if let existing = writer.read(path) {
                problem = OutputWriter.merge(bytes, existing) == existing ? nil : .stale
            } else {
                problem = .missing
            }
            record(path, Digest.current.hex(OutputWriter.outline(bytes)), problem)
        }

        private func record(_ path: String, _ digest: String, _ problem: Problem?) {
            lock.withLock {
                digests[path] = digest
                found[path] = problem
            }
        }

        /// What differs between the directory and the rendered files, the manifest included;
        /// empty when up to date.
        public func problems(input: String) -> [(path: String, problem: Problem)] {
            lock.withLock {
                var all = found
                if let existing = writer.read(OutputWriter.manifestName) {
                    if existing != OutputWriter.manifest(input: input, digests: digests) { all[OutputWriter.manifestName] = .stale }
                } else {
                    all[OutputWriter.manifestName] = .missing
                }
                let extra = writer.previouslyGenerated().entries.keys.sorted().filter {
                    digests[$0] == nil && $0 != OutputWriter.manifestName && writer.isRegularFile($0)
                }
                return all.keys.sorted().map { ($0, all[$0]!) } + extra.map { ($0, .extra) }
            }
        }
    }
}
