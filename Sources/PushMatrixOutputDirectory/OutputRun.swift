import PushMatrixSupport

extension OutputWriter {
    /// What a writing run did: each file's fate, and warnings (what an interrupted run left
    /// that could not be finished, region code that `--force` or a template change dropped).
    package struct Written {
        package var fates: [(path: String, fate: Fate)], warnings: [Diagnostic]
    }

    /// What a run asks of the output directory, worked out from the manifest read under its
    /// lock: the input digest, what the new manifest remembers, and how to render the files.
    package struct Request {
        package var input: String, remembers: [(key: String, value: String)], render: () throws -> [OutputFile]
        package init(input: String, remembers: [(key: String, value: String)], render: @escaping () throws -> [OutputFile]) {
            (self.input, self.remembers, self.render) = (input, remembers, render)
        }
    }

    /// The one way a command writes an output directory. With stop requests held, it takes the
    /// directory's lock, finishes or clears what an interrupted run left, reads the manifest
    /// once and asks `request` for the run; then, unless forced or the manifest shows the
    /// outputs are current for its input, it renders the files and lands them whole or not at
    /// all. A stop requested before the update is decided leaves the directory as it was and
    /// throws `Interrupted`.
    package func update(
        force: Bool, interruptions: Interruptions, request: (Manifest) throws -> Request
    ) throws -> Written {
        interruptions.hold()
        defer { interruptions.release() }
        let (lock, recovered) = try OutputLock.forWriting(self)
        defer { lock.release() }
        let (manifest, request, current) = try start(force: force, request)
        if let current { return Written(fates: current.map { ($0, .unchanged) }, warnings: recovered) }
        let files = try request.render()
        if interruptions.isRequested() { throw Interrupted() }
        let writer = OutputWriter(directory: directory, remembers: request.remembers)
        let staging = Staging(writer, force: force, lock: lock, manifest: manifest)
        staging.add(files)
        let fates = try staging.commit(input: request.input, interrupted: interruptions.isRequested)
        return Written(fates: fates, warnings: recovered + staging.warnings)
    }

    /// What a checking run found: each file that is missing, stale or extra, what interrupted
    /// runs left, and how many files the outputs have, the manifest included.
    package struct Checked {
        package var problems: [(path: String, problem: Problem)], debris: [String], fileCount: Int
    }

    /// The one way a command checks an output directory, writing nothing: under a shared lock,
    /// the manifest is read once and `request` asked for the run; the manifest alone answers
    /// when it shows the outputs current for its input (unless forced); otherwise the files are
    /// rendered and compared with what is there.
    package func check(force: Bool, request: (Manifest) throws -> Request) throws -> Checked {
        let lock = try OutputLock.acquire(self, exclusive: false)
        defer { lock.release() }
        let debris = debris()
        let (manifest, request, current) = try start(force: force || !debris.isEmpty, request)
        if let current { return Checked(problems: [], debris: [], fileCount: current.count) }
        let files = try request.render()
        return Checked(problems: problems(files, input: request.input, manifest: manifest), debris: debris, fileCount: files.count + 1)
    }

    /// What `update` and `check` do first, under the lock: read the manifest once and ask
    /// `request` for the run. Unless `force`, when that manifest was written for the run's input
    /// and every file it lists still has the text it was written with, the outputs are current
    /// without rendering anything: `current` is then the files, the manifest included.
    private func start(force: Bool, _ request: (Manifest) throws -> Request) throws -> (Manifest, Request, current: [String]?) {
        let manifest = readManifest(), request = try request(manifest)
        guard !force, manifest.input == request.input, !manifest.entries.isEmpty, manifest.digestIsKnown else {
            return (manifest, request, nil)
        }
        let current = manifest.entries.allSatisfy { path, recorded in
            read(path).map { Digest.hex(Regions.outline($0)) == recorded } ?? false
        }
        return (manifest, request, current ? (manifest.entries.keys + [Self.manifestName]).sorted() : nil)
    }
}
