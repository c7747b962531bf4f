import PushMatrixSupport

extension OutputWriter {
    /// What differs between the directory and the rendered `files`, manifest included, for `--check` (writes nothing);
    /// empty when current. `previous` is the manifest read under the lock; what it remembers never makes it stale (same
    /// outputs, same spec bytes: current).
    package func problems(_ files: [OutputFile], input: String, manifest previous: Manifest) -> [(path: String, problem: Problem)] {
        var digests: [String: String] = [:]
        var found: [String: Problem] = [:]
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
        return found.keys.sorted().map { ($0, found[$0]!) } + leftovers(previous, digests: digests).map { ($0, .extra) }
    }

    /// The files `previous` lists that are still there but that a run rendering the files of `digests` no longer
    /// produces.
    func leftovers(_ previous: Manifest, digests: [String: String]) -> [String] {
        previous.entries.keys.sorted().filter { digests[$0] == nil && $0 != Self.manifestName && isRegularFile($0) }
    }
}
