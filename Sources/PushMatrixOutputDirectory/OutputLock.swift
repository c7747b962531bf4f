import PushMatrixSupport

/// One `generate` at a time per output directory: `flock(2)` on the directory itself, opened through a symbolic link if
/// the output path is one, so every path to it shares the lock; while it does not exist yet, on the hidden directory
/// beside it where the new output is built. The kernel drops the lock however its process ends: a killed run leaves no
/// stale lock, and `OutputWriter.recover` clears what it left.
public final class OutputLock {
    package let writer: OutputWriter
    private var descriptor: Int32?
    /// A missing output directory's hidden build directory and the parents this run made for it; removed unless the
    /// output lands.
    private(set) var fresh: (root: String, made: [String])?

    private init(_ writer: OutputWriter) { self.writer = writer }

    /// Takes the lock, `exclusive` to write, else shared (`--check`); fails at once if another run holds it or the path
    /// is not a directory.
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

    /// A writing run's first step: takes the exclusive lock, finishes or clears what an interrupted run left, and warns
    /// of what it cannot.
    public static func forWriting(_ writer: OutputWriter) throws(DiagnosticsError) -> (lock: OutputLock, warnings: [Diagnostic]) {
        let lock = try acquire(writer, exclusive: true)
        do {
            return (lock, lock.fresh == nil ? try writer.recover() : [])
        } catch {
            lock.release()
            throw error
        }
    }

    /// Locks a missing output directory's hidden build directory, made afresh or emptied; false if the output directory
    /// appeared meanwhile.
    private func makeFreshRoot() throws(DiagnosticsError) -> Bool {
        let root = writer.freshRoot
        let made: [String]
        do {
            made = try FileSystem.createDirectories(FileSystem.parent(of: root))
        } catch {
            throw writer.failure("cannot make the output directory (\(error))")
        }
        let madeRoot: Bool
        do {
            madeRoot = try FileSystem.makeDirectory(root)
        } catch {
            for directory in made.reversed() { FileSystem.removeDirectory(directory) }
            throw writer.failure("cannot make the output directory (\(error))")
        }
        do {
            try take(root, exclusive: true)
        } catch {
            // Another run holds it, so the directory and its contents are that run's, even if this run made it a moment
            // before. Parents made for it stay while anything is in them (rmdir leaves a non-empty directory).
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

    /// Lets go of the lock; a hidden directory that did not land is removed, with the folders made for it.
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
