import PushMatrixSupport

extension OutputWriter {
    /// A writing run's result: each file's fate, and warnings (leftovers not finished, region code `--force` or a
    /// template change dropped).
    package struct Written {
        /// Each file and what became of it.
        package var fates: [(path: String, fate: Fate)]
        /// What the run warns about.
        package var warnings: [Diagnostic]
    }

    /// One run's hold on an output directory, from `openForWriting` or `openForChecking` to `close`: the lock taken
    /// (with stop requests held, when writing), an interrupted run's leftovers finished or cleared, and the manifest
    /// read once. The command line decides the run from `manifest`, renders, and hands the files to `write` or
    /// `check`: the output directory calls nothing back.
    package final class Session {
        /// The manifest as the run found it.
        package let manifest: Manifest
        /// Warnings about an earlier run's leftovers, which the run reports before anything else.
        package let recovered: [Diagnostic]
        /// Leftovers of interrupted runs that a checking run found, and does not touch.
        package let debris: [String]
        private let writer: OutputWriter
        private let lock: OutputLock
        private let interruptions: Interruptions?

        init(_ writer: OutputWriter, lock: OutputLock, recovered: [Diagnostic], debris: [String], interruptions: Interruptions?) {
            self.writer = writer
            self.lock = lock
            self.recovered = recovered
            self.debris = debris
            self.interruptions = interruptions
            manifest = writer.readManifest()
        }

        /// The files the manifest lists, and the manifest, when it was written for `input` and every file it lists keeps
        /// its generated text: the outputs are current. Nil otherwise, and always when leftovers were found.
        package func currentFiles(input: String) -> [String]? {
            guard debris.isEmpty, manifest.input == input, !manifest.entries.isEmpty, manifest.digestIsKnown else {
                return nil
            }
            let current = manifest.entries.allSatisfy { path, recorded in
                writer.read(path).map { Digest.hex(Regions.outline($0)) == recorded } ?? false
            }
            return current ? (manifest.entries.keys + [OutputWriter.manifestName]).sorted() : nil
        }

        /// Lands `files`, all or none, with a manifest for `input` that remembers `remembers`. A stop requested before
        /// the update is decided throws `Interrupted`, changing nothing. Precondition: opened for writing.
        package func write(_ files: [OutputFile], input: String, remembers: [(key: String, value: String)], force: Bool) throws
            -> Written
        {
            guard let interruptions else {
                preconditionFailure("a session opened for checking writes nothing")
            }
            if interruptions.isRequested() {
                throw Interrupted()
            }
            let staging = Staging(
                OutputWriter(directory: writer.directory, remembers: remembers), force: force, lock: lock, manifest: manifest)
            staging.add(files)
            let fates = try staging.commit(input: input, interrupted: interruptions.isRequested)
            return Written(fates: fates, warnings: staging.warnings)
        }

        /// Each missing, stale or extra file of the output against `files` rendered for `input`, writing nothing.
        package func check(_ files: [OutputFile], input: String) -> Checked {
            let problems = writer.problems(files, input: input, manifest: manifest)
            return Checked(problems: problems, debris: debris, fileCount: files.count + 1)
        }

        /// What a writing run reports when `currentFiles` found the outputs current: every file unchanged.
        package func unchanged(_ files: [String]) -> Written {
            Written(fates: files.map { ($0, .unchanged) }, warnings: [])
        }

        /// What a checking run reports when `currentFiles` found the outputs current: no problem.
        package func upToDate(_ files: [String]) -> Checked {
            Checked(problems: [], debris: [], fileCount: files.count)
        }

        /// Lets go of the lock, and of the stop requests held while writing.
        package func close() {
            lock.release()
            interruptions?.release()
        }
    }

    /// Opens the output directory for a writing run: holds stop requests, takes the lock and finishes or clears an
    /// interrupted run's leftovers. Call `close` when the run is over.
    package func openForWriting(interruptions: Interruptions) throws -> Session {
        interruptions.hold()
        do {
            let (lock, recovered) = try OutputLock.forWriting(self)
            return Session(self, lock: lock, recovered: recovered, debris: [], interruptions: interruptions)
        } catch {
            interruptions.release()
            throw error
        }
    }

    /// Opens the output directory for a checking run, under a shared lock, touching nothing. Call `close` when the
    /// run is over.
    package func openForChecking() throws -> Session {
        let lock = try OutputLock.acquire(self, exclusive: false)
        return Session(self, lock: lock, recovered: [], debris: debris(), interruptions: nil)
    }

    /// What a checking run found: each missing, stale or extra file, interrupted runs' leftovers, and the file count
    /// (manifest included).
    package struct Checked {
        /// Each file that is missing, stale or extra.
        package var problems: [(path: String, problem: Problem)]
        /// Interrupted runs' leftovers.
        package var debris: [String]
        /// How many files the output has, the manifest included.
        package var fileCount: Int
    }
}
