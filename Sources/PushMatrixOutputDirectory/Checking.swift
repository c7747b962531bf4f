import PushMatrixSupport

extension OutputWriter {
    /// What differs between the directory and the rendered `files`, the manifest included, for
    /// `--check` (nothing is written); empty when up to date. `previous` is the manifest there,
    /// read under the run's lock. What it remembers does not make it stale: the same outputs
    /// from the same spec bytes are current however the spec was named.
    package func problems(_ files: [OutputFile], input: String, manifest previous: Manifest) -> [(path: String, problem: Problem)] {
        var digests: [String: String] = [:], found: [String: Problem] = [:]
        for file in files {
            digests[file.path] = Digest.hex(Regions.outline(file.bytes))
            if let existing = isRegularFile(file.path) ? read(file.path) : nil {
                if Regions.merge(generated: file.bytes, existing: existing) != existing { found[file.path] = .stale }
            } else {
                found[file.path] = FileSystem.kind(location(file.path)) == nil ? .missing : .stale
            }
        }
        if let existing = previous.bytes {
            if Self.forgetting(existing) != Self.forgetting(manifest(input: input, digests: digests)) { found[Self.manifestName] = .stale }
        } else {
            found[Self.manifestName] = .missing
        }
        let extra = previous.entries.keys.sorted().filter { digests[$0] == nil && $0 != Self.manifestName && isRegularFile($0) }
        return found.keys.sorted().map { ($0, found[$0]!) } + extra.map { ($0, .extra) }
    }
}
