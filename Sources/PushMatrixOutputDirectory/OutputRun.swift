import PushMatrixSupport

extension OutputWriter {
    /// A writing run's result: each file's fate, and warnings (leftovers not finished, region code `--force` or a
    /// template change dropped).
    package struct Written { package var fates: [(path: String, fate: Fate)], warnings: [Diagnostic] }

    /// What a run asks of the output directory, from the manifest read under its lock: the input digest, what to
    /// remember, how to render.
    package struct Request {
        package var input: String
        package var remembers: [(key: String, value: String)]
        package var render: () throws -> [OutputFile]
        package init(input: String, remembers: [(key: String, value: String)], render: @escaping () throws -> [OutputFile]) {
            (self.input, self.remembers, self.render) = (input, remembers, render)
        }
    }

    /// The one way a command writes an output directory: with stop requests held, it takes the lock, finishes or clears
    /// an interrupted run's leftovers, reads the manifest once and asks `request` for the run; unless the manifest
    /// shows the outputs current (and not forced), it renders the files and lands all or none. A stop before the update
    /// is decided throws `Interrupted`, changing nothing. The warnings about an earlier run's leftovers come first, in
    /// the diagnostics thrown as in those returned.
    package func update(force: Bool, interruptions: Interruptions, request: (Manifest) throws -> Request) throws -> Written {
        interruptions.hold()
        defer { interruptions.release() }
        let (lock, recovered) = try OutputLock.forWriting(self)
        defer { lock.release() }
        do {
            let (manifest, request, current) = try start(force: force, request)
            if let current { return Written(fates: current.map { ($0, .unchanged) }, warnings: recovered) }
            let files = try request.render()
            if interruptions.isRequested() { throw Interrupted() }
            let writer = OutputWriter(directory: directory, remembers: request.remembers)
            let staging = Staging(writer, force: force, lock: lock, manifest: manifest)
            staging.add(files)
            let fates = try staging.commit(input: request.input, interrupted: interruptions.isRequested)
            return Written(fates: fates, warnings: recovered + staging.warnings)
        } catch let error as DiagnosticsError {
            throw DiagnosticsError(recovered + error.diagnostics)
        }
    }

    /// What a checking run found: each missing, stale or extra file, interrupted runs' leftovers, and the file count
    /// (manifest included).
    package struct Checked { package var problems: [(path: String, problem: Problem)], debris: [String], fileCount: Int }

    /// How a command checks an output, writing nothing: under a shared lock a current manifest answers (unless forced),
    /// else files compare.
    package func check(force: Bool, request: (Manifest) throws -> Request) throws -> Checked {
        let lock = try OutputLock.acquire(self, exclusive: false)
        defer { lock.release() }
        let debris = debris()
        let (manifest, request, current) = try start(force: force || !debris.isEmpty, request)
        if let current { return Checked(problems: [], debris: [], fileCount: current.count) }
        let files = try request.render()
        return Checked(problems: problems(files, input: request.input, manifest: manifest), debris: debris, fileCount: files.count + 1)
    }

    /// What `update` and `check` do first, under the lock: read the manifest once and ask `request` for the run. Unless
    /// `force`, a manifest written for the run's input whose files all keep their generated text means the outputs are
    /// current: `current` holds the files.
    private func start(force: Bool, _ request: (Manifest) throws -> Request) throws -> (Manifest, Request, current: [String]?) {
        let manifest = readManifest()
        let request = try request(manifest)
        guard !force, manifest.input == request.input, !manifest.entries.isEmpty, manifest.digestIsKnown else {
            return (manifest, request, nil)
        }
        let current = manifest.entries.allSatisfy { path, recorded in
            read(path).map { Digest.hex(Regions.outline($0)) == recorded } ?? false
        }
        return (manifest, request, current ? (manifest.entries.keys + [Self.manifestName]).sorted() : nil)
    }
}
