#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A large output written to disk as it is rendered, a piece at a time, so it is never whole
/// in memory. On the way it is digested, compared with the file it may replace, and searched
/// for `pushmatrix:begin`/`end` regions, which only a whole text can merge.
final class StreamedFile {
    let path: String
    private var output: Int32
    /// The file it may replace, read alongside while the two still match; -1 once they differ.
    private var existing: Int32 = -1
    private var hasher = Digest.XXH64()
    private(set) var hasRegions = false
    /// The previous piece's last bytes: a region marker may be cut in two.
    private var tail: [UInt8] = []

    /// Creates the file at `path`; `existing` names the file to compare with, if any.
    init(_ path: String, comparingWith existing: String?) throws(FileSystem.Failure) {
        self.path = path
        output = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .current() }
        if let existing {
            self.existing = open(existing, O_RDONLY | O_CLOEXEC)
            var info = stat()
            if self.existing >= 0 && (fstat(self.existing, &info) != 0 || info.st_mode & S_IFMT != S_IFREG) { stopComparing() }
        }
    }

    func write(_ piece: [UInt8]) throws(FileSystem.Failure) {
        hasher.add(piece)
        if !hasRegions {
            let edge = tail + piece.prefix(Self.marker)  // a marker across the join
            hasRegions = Regions.mayHaveRegions(edge) || Regions.mayHaveRegions(piece)
            tail = Array(piece.suffix(Self.marker))
        }
        if existing >= 0 && FileSystem.read(existing, count: piece.count) != piece { stopComparing() }
        try FileSystem.write(piece, to: output)
    }

    /// Closes the file. `unchanged` when it has the same bytes as the file it may replace.
    func finish() throws(FileSystem.Failure) -> (digest: String, unchanged: Bool) {
        let unchanged = existing >= 0 && FileSystem.read(existing, count: 1) == []
        stopComparing()
        let fd = output
        output = -1
        guard close(fd) == 0 else { throw .current() }
        return (Digest.hex(hasher.value), unchanged)
    }

    /// Closes and removes the file.
    func discard() {
        stopComparing()
        if output >= 0 { close(output) }
        output = -1
        unlink(path)
    }

    private func stopComparing() {
        if existing >= 0 { close(existing) }
        existing = -1
    }

    /// Enough bytes to hold `pushmatrix:` less one.
    private static var marker: Int { "pushmatrix".utf8.count }
}
