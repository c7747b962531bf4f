#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations pushmatrix needs, straight on the C library. Foundation is not linked:
/// loading it costs more than a whole `generate --check`, and the tool runs on every build.
enum FileSystem {
    enum Kind { case regular, directory, symbolicLink, other }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// The C library's words for the current `errno`.
        static func current() -> Failure { Failure(description: String(cString: strerror(errno))) }
    }

    /// What is at `path` (a link is not followed), or nil when nothing is.
    static func kind(_ path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// The whole file, or nil when it cannot be read (missing, a directory, no permission).
    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        // Sized to the file, so one read takes it all and a second finds the end (or what a
        // writer added meanwhile).
        var chunk = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        while true {
            let got = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { return bytes }
            bytes += chunk[..<got]
        }
    }

    /// Writes `bytes` to a new file at `path`, replacing one that is there.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .current() }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let failure = Failure.current()
                close(fd)
                throw failure
            }
            written += n
        }
        guard close(fd) == 0 else { throw .current() }
    }

    /// Writes a temporary file beside `path` and renames it into place: a reader, or a run killed
    /// half way, sees the old file or the new one, never a mix.
    static func replace(_ path: String, with bytes: [UInt8], temporarySuffix: String) throws(Failure) {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path
        try createDirectories(folder)
        let temporary = folder + "/." + name + temporarySuffix
        try write(bytes, to: temporary)
        guard rename(temporary, path) == 0 else {
            let failure = Failure.current()
            unlink(temporary)
            throw failure
        }
    }

    /// Creates `path` and any missing parents; an existing directory is fine.
    static func createDirectories(_ path: String) throws(Failure) {
        if path.isEmpty || kind(path) == .directory { return }
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex {
            try createDirectories(String(path[..<slash]))
        }
        guard mkdir(path, 0o755) == 0 || (errno == EEXIST && kind(path) == .directory) else { throw .current() }
    }

    static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 else { throw .current() }
    }

    /// `path` inside `directory`, with exactly one slash between them.
    static func join(_ directory: String, _ path: some StringProtocol) -> String {
        directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}

// read(2) and write(2) under names the methods above do not hide.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
