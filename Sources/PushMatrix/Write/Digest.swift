/// The digests the manifest records: enough to notice an edit, the same on every machine.
///
/// Outputs are digested with XXH64 (seed 0), which reads eight bytes at a time in four
/// independent lanes: a large matrix writes well over 100 MB, and a byte-at-a-time hash was
/// a twentieth of the whole run. Manifests written before it used FNV-1a, which is kept to
/// read them.
enum Digest: String, Sendable {
    case xxh64
    case fnv1a

    /// What a new manifest uses.
    static let current = Digest.xxh64

    /// Sixteen lower-case hex digits.
    func hex(_ bytes: [UInt8]) -> String {
        let value = switch self {
        case .xxh64: Self.xxh64(bytes)
        case .fnv1a: Self.fnv1a(bytes)
        }
        return Self.hex(value)
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87, p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9, p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// XXH64 of bytes in memory.
    static func xxh64(_ bytes: [UInt8]) -> UInt64 {
        var hasher = XXH64()
        hasher.add(bytes)
        return hasher.value
    }

    /// XXH64 as its specification defines it, fed in pieces: a large output is digested as it
    /// is written, never whole. Words are read little-endian on any machine.
    struct XXH64 {
        private var v1 = p1 &+ p2, v2 = p2, v3: UInt64 = 0, v4 = 0 &- p1
        private var count = 0
        /// Input not yet taken by a 32-byte stripe (fewer than 32 bytes).
        private var pending: [UInt8] = []

        mutating func add(_ bytes: [UInt8]) {
            count += bytes.count
            var from = 0
            if !pending.isEmpty {
                from = min(32 - pending.count, bytes.count)
                pending += bytes[..<from]
                guard pending.count == 32 else { return }
                pending.withUnsafeBytes { _ = stripes($0) }
                pending = []
            }
            bytes.withUnsafeBytes { b in
                let rest = UnsafeRawBufferPointer(rebasing: b[from...])
                let taken = stripes(rest)
                pending += rest[taken...]
            }
        }

        /// Takes every whole stripe; returns how many bytes that was.
        private mutating func stripes(_ b: UnsafeRawBufferPointer) -> Int {
            var at = 0
            while at + 32 <= b.count {
                v1 = round(v1, word(b, at))
                v2 = round(v2, word(b, at + 8))
                v3 = round(v3, word(b, at + 16))
                v4 = round(v4, word(b, at + 24))
                at += 32
            }
            return at
        }

        var value: UInt64 {
            var hash: UInt64
            if count >= 32 {
                hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
                for v in [v1, v2, v3, v4] { hash = (hash ^ round(0, v)) &* p1 &+ p4 }
            } else {
                hash = p5
            }
            hash &+= UInt64(count)
            return pending.withUnsafeBytes { b in
                var at = 0
                while at + 8 <= b.count {
                    hash = rotate(hash ^ round(0, word(b, at)), 27) &* p1 &+ p4
                    at += 8
                }
                if at + 4 <= b.count {
                    let half = UInt64(UInt32(littleEndian: b.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
                    hash = rotate(hash ^ (half &* p1), 23) &* p2 &+ p3
                    at += 4
                }
                while at < b.count {
                    hash = rotate(hash ^ (UInt64(b[at]) &* p5), 11) &* p1
                    at += 1
                }
                hash = (hash ^ (hash >> 33)) &* p2
                hash = (hash ^ (hash >> 29)) &* p3
                return hash ^ (hash >> 32)
            }
        }

        private func word(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
            UInt64(littleEndian: b.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
    }

    private static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
        rotate(lane &+ input &* p2, 31) &* p1
    }

    private static func rotate(_ x: UInt64, _ by: UInt64) -> UInt64 { x << by | x >> (64 - by) }
}
