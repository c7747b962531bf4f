#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations pushmatrix needs, on libc, not Foundation: loading it costs more than a `generate --check`
/// (run every build).
package enum FileSystem {
    package enum Kind { case regular, directory, symbolicLink, other }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        /// The C library's words for the current `errno`.
        package static func current() -> Failure { Failure(description: String(cString: strerror(errno))) }

        /// The current `errno`'s failure, read before `cleanup` runs (which may set `errno` again).
        package static func current(then cleanup: () -> Void) -> Failure {
            defer { cleanup() }
            return current()
        }

        /// The current `errno`'s failure, naming `path`: the path that failed, when the caller reports another.
        package static func current(at path: String) -> Failure {
            Failure(description: "'\(path)': " + current().description)
        }

        /// What is at `path`, which had to be a directory (or nothing yet), named as what it is instead.
        package static func notADirectory(_ path: String) -> Failure {
            switch kind(path) {
            case .regular?:
                return Failure(description: "'\(path)' is a file, not a directory")
            case .symbolicLink?:
                return Failure(description: "'\(path)' is a symbolic link, not a directory")
            default:
                return Failure(description: "'\(path)' is not a directory")
            }
        }
    }

    /// What is at `path` (a link is not followed), or nil when nothing is.
    package static func kind(_ path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Whether both paths exist and are one file (links followed).
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// The whole file, or nil when it cannot be read (missing, not a regular file, no permission).
    package static func read(_ path: String) -> [UInt8]? { try? contents(path) }

    /// The file at `path`, which must be a regular file: a FIFO, device or directory is refused at once (opening a
    /// writerless FIFO blocks).
    package static func contents(_ path: String) throws(Failure) -> [UInt8] {
        // O_NONBLOCK makes the open of a FIFO return at once; a regular file's reads ignore it.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .current() }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .current() }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(description: "is not a regular file") }
        return try readToEnd(fd, expected: Int(info.st_size))
    }

    /// The system clock, in whole seconds since 1970 (UTC), as APNs dates are written.
    package static func now() -> Int { Int(time(nil)) }

    /// Everything on standard input up to its end; waits for it as long as the writer takes.
    package static func standardInput() throws(Failure) -> [UInt8] { try readToEnd(0, expected: 1 << 16) }

    /// An open file's bytes. The first read asks for one byte beyond `expected`, so a file that size ends there; one
    /// that grew is read on.
    private static func readToEnd(_ fd: Int32, expected: Int) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(expected, 0) + 1)
        var got = 0
        while true {
            if got == bytes.count { bytes += repeatElement(0, count: 1 << 16) }
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .current() }
            if n == 0 {
                bytes.removeLast(bytes.count - got)
                return bytes
            }
            got += n
        }
    }

    /// Writes `bytes` to a new file at `path`, replacing one that is there.
    package static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .current() }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .current { close(fd) } }
            written += n
        }
        guard close(fd) == 0 else { throw .current() }
    }

    /// Writes a temporary file beside `path`, renamed into place: a reader, or a run killed midway, sees the old or new
    /// file, never a mix. On failure the temporary file is removed.
    package static func replace(_ path: String, with bytes: [UInt8], temporarySuffix: String) throws(Failure) {
        let temporary = temporary(for: path, suffix: temporarySuffix)
        try createDirectories(parent(of: temporary))
        do {
            try write(bytes, to: temporary)
            try move(temporary, to: path)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// The hidden file beside `path` that a replacement is written to first.
    package static func temporary(for path: String, suffix: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." + path + suffix }
        return path[...slash] + "." + path[path.utf8.index(after: slash)...] + suffix
    }

    package static func parent(of path: String) -> String { path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? "." }

    /// Renames `from` over `to` in one step; on failure both stay as they were.
    package static func move(_ from: String, to: String) throws(Failure) {
        guard rename(from, to) == 0 else { throw .current() }
    }

    /// Gives the file at `existing` the second name `newPath` (a hard link; a symbolic link is linked, not followed).
    package static func link(_ existing: String, as newPath: String) throws(Failure) {
        guard systemLink(existing, newPath) == 0 else { throw .current() }
    }

    /// Makes `path` and missing parents (existing is fine), returning those it made, outermost first (another thread
    /// may make some).
    @discardableResult
    package static func createDirectories(_ path: String) throws(Failure) -> [String] {
        if path.isEmpty || kind(path) == .directory { return [] }
        var made: [String] = []
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex {
            made = try createDirectories(String(path[..<slash]))
        }
        if try makeDirectory(path) { return made + [path] }
        guard kind(path) == .directory else { throw .notADirectory(path) }
        return made
    }

    /// Makes each folder of `relative` (a path of folders, `/`-separated) under `root`, which must already be a
    /// directory (it may be reached through a symbolic link), returning those it made, outermost first. A component
    /// that is a symbolic link or not a directory is refused: nothing is made through a link. A failure names the
    /// folder it stopped at.
    @discardableResult
    package static func makeDirectories(
        _ relative: some StringProtocol, under root: String
    ) throws(Failure) -> [String] {
        var current = root
        var made: [String] = []
        for component in relative.split(separator: "/") {
            current = join(current, component)
            if try makeDirectory(current) {
                made.append(current)
            } else if kind(current) != .directory {
                throw .notADirectory(current)
            }
        }
        return made
    }

    /// Removes `path` and, if it is a directory, everything in it. Symbolic links are removed, never followed. Missing
    /// is fine.
    package static func removeTree(_ path: String) throws(Failure) {
        guard let found = kind(path) else { return }
        if found == .directory { for name in try entries(path) { try removeTree(join(path, name)) } }
        guard (found == .directory ? rmdir(path) : unlink(path)) == 0 || errno == ENOENT else { throw .current() }
    }

    /// The names in a directory, without `.` and `..`.
    package static func entries(_ directory: String) throws(Failure) -> [String] {
        guard let stream = opendir(directory) else { throw .current() }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `path` is a directory, following a symbolic link to it.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Makes one directory: true when made, false when something is already there. A failure names `path`.
    package static func makeDirectory(_ path: String) throws(Failure) -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        guard errno == EEXIST else { throw .current(at: path) }
        return false
    }

    /// Removes `path` if it is an empty directory; anything else is left alone.
    package static func removeDirectory(_ path: String) { rmdir(path) }

    package static func remove(_ path: String) throws(Failure) { guard unlink(path) == 0 else { throw .current() } }

    /// Locks the directory at `path` with `flock(2)`, shared or `exclusive`, without waiting: the descriptor holding it
    /// until `unlock`, or nil when another process holds one that excludes it. The error says whether the directory
    /// could not be opened or locked.
    package static func lockDirectory(_ path: String, exclusive: Bool) throws(Failure) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "cannot open the directory (\(Failure.current()))") }
        guard flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = Failure.current { close(descriptor) }
            if busy { return nil }
            throw Failure(description: "cannot lock the output directory (\(reason))")
        }
        return descriptor
    }

    package static func unlock(_ descriptor: Int32) { close(descriptor) }

    /// `path` as seen from `directory` (either may be relative), by name alone: `Spec/a.json` from `Generated` is
    /// `../Spec/a.json`.
    package static func relative(_ path: String, from directory: String) -> String {
        let target = components(absolute(path))
        let base = components(absolute(directory))
        let shared = zip(target, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - shared) + target[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A relative `path` joined to the working directory.
    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        return join(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), path)
    }

    /// The names along `path`, with `.` dropped and each `..` taking the name before it back.
    private static func components(_ path: String) -> [String] {
        var parts: [String] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(String(part)) }
        }
        return parts
    }

    /// `path` inside `directory`, with exactly one slash between them.
    package static func join(_ directory: String, _ path: some StringProtocol) -> String {
        directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}

// read(2), write(2) and link(2) under names the methods above do not hide.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemLink(_ existing: String, _ newPath: String) -> Int32 { link(existing, newPath) }
