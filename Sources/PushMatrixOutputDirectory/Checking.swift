import PushMatrixSupport

extension OutputWriter {
    /// One `--check` run: each rendered file is compared with what is there. Nothing is written.
    public final class Checking {
        package let writer: OutputWriter
        private let previous: Manifest  // the manifest there
        private var digests: [String: String] = [:]  // each rendered file's outline digest, for the manifest
        private var found: [String: Problem] = [:]

        /// `manifest` is the manifest there, read under the run's lock (read here when not given).
        public init(_ writer: OutputWriter, manifest: Manifest? = nil) {
            (self.writer, previous) = (writer, manifest ?? writer.readManifest())
        }

        /// How many files the run renders, the manifest included.
        public var fileCount: Int { digests.count + 1 }

        /// Compares each rendered file with what is there.
        public func add(_ files: [OutputFile]) {
            for file in files {
                digests[file.path] = Digest.hex(Regions.outline(file.bytes))
                found[file.path] = Self.problem(file.path, file.bytes, in: writer)
            }
        }

        private static func problem(_ path: String, _ bytes: [UInt8], in writer: OutputWriter) -> Problem? {
            guard let existing = writer.isRegularFile(path) ? writer.read(path) : nil else {
                return FileSystem.kind(writer.location(path)) == nil ? .missing : .stale
            }
            return Regions.merge(generated: bytes, existing: existing) == existing ? nil : .stale
        }

        /// What differs between the directory and the rendered files, the manifest included;
        /// empty when up to date. What the manifest remembers does not make it stale: the same
        /// outputs from the same spec bytes are current however the spec was named.
        public func problems(input: String) -> [(path: String, problem: Problem)] {
            var all = found
            if let existing = previous.bytes {
                let expected = writer.manifest(input: input, digests: digests)
                if OutputWriter.forgetting(existing) != OutputWriter.forgetting(expected) { all[OutputWriter.manifestName] = .stale }
            } else {
                all[OutputWriter.manifestName] = .missing
            }
            let extra = previous.entries.keys.sorted().filter {
                digests[$0] == nil && $0 != OutputWriter.manifestName && writer.isRegularFile($0)
            }
            return all.keys.sorted().map { ($0, all[$0]!) } + extra.map { ($0, .extra) }
        }
    }
}
