import PushMatrixSupport

/// One `generate` at a time per output directory.
///
/// The lock is `flock(2)` on the output directory itself, opened through a symbolic link if
/// the output path is one, so every path to a directory shares its lock. While the output
/// directory does not exist yet, the lock is on the hidden directory beside it in which the
/// new output is built. The kernel drops a lock when its process ends, however it ends, so a
/// killed run never leaves a stale lock behind; what it leaves on disk, the next run clears
/// (`OutputWriter.recover`).
public final class OutputLock {
    package let writer: OutputWriter
    private var descriptor: Int32?
    /// For an output directory that does not exist yet: the hidden directory it is built in,
    /// and the parent folders this run made for it. Both go again unless the output lands.
    private(set) var fresh: (root: String, made: [String])?

    private init(_ writer: OutputWriter) { self.writer = writer }

    /// Takes the lock: `exclusive` to write, shared to only read (`--check`). Fails at once,
    /// saying so, when another run holds it; also when the output path is not a directory.
    public static func acquire(_ writer: OutputWriter, exclusive: Bool) throws(DiagnosticsError) -> OutputLock {
        let lock = OutputLock(writer)
        for _ in 0..<8 {
            try writer.checkDirectory()
            if FileSystem.isDirectory(writer.directory) {
                try lock.take(writer.directory, exclusive: exclusive)
                return lock
            }
            guard exclusive else { return lock }  // nothing to read, nothing to guard
            if try lock.makeFreshRoot() { return lock }
        }
        throw writer.failure("the output directory keeps appearing and disappearing; is another program using it?")
    }

    /// Takes the exclusive lock and finishes or clears what an interrupted run left: what every
    /// writing run does first. Returns the lock and warnings about what could not be finished.
    public static func forWriting(_ writer: OutputWriter) throws(DiagnosticsError) -> (lock: OutputLock, warnings: [Diagnostic]) {
        let lock = try acquire(writer, exclusive: true)
        do {
            return (lock, lock.fresh == nil ? try writer.recover() : [])
        } catch {
            lock.release()
            throw error
        }
    }

    /// Locks the hidden directory a missing output directory is built in, made afresh or left
    /// by a killed run (then emptied). False when the output directory appeared meanwhile.
    private func makeFreshRoot() throws(DiagnosticsError) -> Bool {
        let root = writer.freshRoot
        let made: [String]
        do {
            made = try FileSystem.createDirectories(FileSystem.parent(of: root))
        } catch {
            throw writer.failure("cannot make the output directory (\(error))")
        }
        let madeRoot = FileSystem.makeDirectory(root)
        do {
            try take(root, exclusive: true)
        } catch {
            // Another run holds it: the directory and what is in it are that run's, even when
            // this run made it a moment before that run locked it. Parents made for it stay
            // while anything is in them (rmdir leaves a non-empty directory).
            for directory in made.reversed() { FileSystem.removeDirectory(directory) }
            throw error
        }
        fresh = (root, made + (madeRoot ? [root] : []))
        do {
            if !madeRoot { for name in try FileSystem.entries(root) { try FileSystem.removeTree(FileSystem.join(root, name)) } }
        } catch {
            release()
            throw writer.failure("cannot clear \(root), left by an interrupted run (\(error))")
        }
        guard FileSystem.isDirectory(writer.directory) else { return true }
        release()
        return false
    }

    private func take(_ path: String, exclusive: Bool) throws(DiagnosticsError) {
        do {
            descriptor = try FileSystem.lockDirectory(path, exclusive: exclusive)
        } catch {
            throw writer.failure(error.description)
        }
        guard descriptor != nil else {
            throw writer.failure("another pushmatrix run is using this output directory; run again when it has finished")
        }
    }

    /// The hidden directory has become the output directory: it is no longer this run's to remove.
    func landed() { fresh = nil }

    /// Lets go of the lock; a hidden directory that did not land is removed, with the folders
    /// made for it.
    public func release() {
        if let fresh {
            try? FileSystem.removeTree(fresh.root)
            for directory in fresh.made.reversed() { FileSystem.removeDirectory(directory) }
            self.fresh = nil
        }
        descriptor.map(FileSystem.unlock)
        descriptor = nil
    }

    deinit { release() }
}
