#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A large output taken a piece at a time as it renders, so it is never whole in memory: it
/// is written to a file (unless only checked), compared with the file it may replace, and
/// digested on the way.
///
/// A text with `pushmatrix:begin`/`end` regions can only be merged whole, so from its first
/// marker on it is gathered instead; the part before is read back from disk, from the file
/// written or the file compared (it matched that far).
final class StreamedFile {
    /// What a whole output turned out to be.
    enum Outcome {
        /// Streamed to the end: its digest, and whether it matches the file it may replace.
        case streamed(digest: String, unchanged: Bool)
        /// It has regions: the whole text, to be taken like any file in one piece.
        case whole([UInt8])
        /// It has regions, but differs from the file there before them, and nothing was
        /// written: it is stale, and its digest cannot be known without its text.
        case differs
    }

    /// Where the output is written; nil when it is only compared.
    let path: String?
    private var output: Int32 = -1
    /// The file it may replace, read alongside to its end: compared while the two match, and
    /// digested, so that a changed file's edits can be told without reading it whole.
    private var existing: Int32 = -1
    private var matching = true
    private var hasher = Digest.XXH64()
    private var count = 0
    private var markers = MarkerSearch()
    private var gathered: [UInt8]?
    private var lost = false
    private var old = (hasher: Digest.XXH64(), markers: MarkerSearch(), hasRegions: false, unreadable: false)
    /// Whether there was a regular file to compare with when it started.
    private(set) var hadExisting = false
    /// The outline digest (XXH64) of the file it may replace, once finished; nil when there was
    /// none, or it has regions (its outline needs it whole), or it could not be read.
    private(set) var existingDigest: String?

    /// Creates the file at `path` (if any); `existing` names the file to compare with, if any.
    init(_ path: String?, comparingWith existing: String?) throws(FileSystem.Failure) {
        self.path = path
        if let path {
            output = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)  // read back if regions come
            guard output >= 0 else { throw .current() }
        }
        if let existing {
            self.existing = open(existing, O_RDONLY | O_CLOEXEC)
            var info = stat()
            if self.existing >= 0 && (fstat(self.existing, &info) != 0 || info.st_mode & S_IFMT != S_IFREG) { stopComparing() }
            hadExisting = self.existing >= 0
        }
    }

    func write(_ piece: [UInt8]) throws(FileSystem.Failure) {
        if gathered != nil || lost { return gathered?.append(contentsOf: piece) ?? () }
        if markers.found(in: piece) {
            if output >= 0 {
                guard let text = FileSystem.read(output, at: 0, count: count), text.count == count else { throw .current() }
                gathered = text + piece
            } else if existing >= 0 && matching, let text = FileSystem.read(existing, at: 0, count: count), text.count == count {
                gathered = text + piece
            } else {
                lost = true
            }
            return
        }
        hasher.add(piece)
        count += piece.count
        if existing >= 0 && readExisting(piece.count) != piece { matching = false }
        if output >= 0 { try FileSystem.write(piece, to: output) }
    }

    /// The existing file's next bytes, digested and searched for markers on the way.
    private func readExisting(_ count: Int) -> [UInt8] {
        guard let bytes = FileSystem.read(existing, count: count) else {
            old.unreadable = true
            return []
        }
        old.hasher.add(bytes)
        if !old.hasRegions && old.markers.found(in: bytes) { old.hasRegions = true }
        return bytes
    }

    /// Closes the files; a file written for a text gathered whole is removed.
    func finish() throws(FileSystem.Failure) -> Outcome {
        var longer = false
        if existing >= 0 && gathered == nil && !lost {
            while !old.unreadable, !readExisting(1 << 20).isEmpty { longer = true }
            if !old.unreadable && !old.hasRegions { existingDigest = Digest.hex(old.hasher.value) }
        }
        let unchanged = existing >= 0 && matching && !longer && !old.unreadable
        stopComparing()
        if output >= 0 {
            let fd = output
            output = -1
            guard close(fd) == 0 else { throw .current() }
        }
        if let gathered {
            discard()
            return .whole(gathered)
        }
        return lost ? .differs : .streamed(digest: Digest.hex(hasher.value), unchanged: unchanged)
    }

    /// A file dropped half way (rendering failed) closes what it had open; staging removes the
    /// file written.
    deinit {
        stopComparing()
        if output >= 0 { close(output) }
    }

    /// Closes and removes the file written.
    func discard() {
        stopComparing()
        if output >= 0 { close(output) }
        output = -1
        if let path { unlink(path) }
    }

    private func stopComparing() {
        if existing >= 0 { close(existing) }
        existing = -1
    }
}

/// Finds region markers in bytes taken a piece at a time, however the pieces cut them.
private struct MarkerSearch {
    /// The last bytes so far: enough to hold `pushmatrix:` less one.
    private var tail: [UInt8] = []
    private static var kept: Int { "pushmatrix".utf8.count }

    mutating func found(in piece: [UInt8]) -> Bool {
        let edge = tail + piece.prefix(Self.kept)  // a marker across the join
        tail = piece.count >= Self.kept ? Array(piece[(piece.count - Self.kept)...]) : Array((tail + piece).suffix(Self.kept))
        return Regions.mayHaveRegions(edge) || Regions.mayHaveRegions(piece)
    }
}
