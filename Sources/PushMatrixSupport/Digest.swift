/// The digest of the manifest and the inputs: XXH64 (seed 0), as sixteen lower-case hex digits; enough to see an edit,
/// same everywhere.
package enum Digest {
    /// How the manifest names it, on its `digest` line.
    package static let name = "xxh64"

    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = String(xxh64(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// XXH64 as its specification defines it; words are read little-endian on any machine.
    package static func xxh64(_ bytes: [UInt8]) -> UInt64 {
        var at = 0
        var hash: UInt64
        if bytes.count >= 32 {
            var v1 = p1 &+ p2
            var v2 = p2
            var v3: UInt64 = 0
            var v4 = 0 &- p1
            while at + 32 <= bytes.count {
                v1 = round(v1, word(bytes, at))
                v2 = round(v2, word(bytes, at + 8))
                v3 = round(v3, word(bytes, at + 16))
                v4 = round(v4, word(bytes, at + 24))
                at += 32
            }
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            for v in [v1, v2, v3, v4] { hash = (hash ^ round(0, v)) &* p1 &+ p4 }
        } else {
            hash = p5
        }
        hash &+= UInt64(bytes.count)
        while at + 8 <= bytes.count {
            hash = rotate(hash ^ round(0, word(bytes, at)), 27) &* p1 &+ p4
            at += 8
        }
        if at + 4 <= bytes.count {
            hash = rotate(hash ^ (word(bytes, at, length: 4) &* p1), 23) &* p2 &+ p3
            at += 4
        }
        while at < bytes.count {
            hash = rotate(hash ^ (UInt64(bytes[at]) &* p5), 11) &* p1
            at += 1
        }
        hash = (hash ^ (hash >> 33)) &* p2
        hash = (hash ^ (hash >> 29)) &* p3
        return hash ^ (hash >> 32)
    }

    /// `length` bytes from `at`, little-endian.
    private static func word(_ bytes: [UInt8], _ at: Int, length: Int = 8) -> UInt64 {
        var value: UInt64 = 0
        for k in 0..<length { value |= UInt64(bytes[at + k]) << (8 * k) }
        return value
    }

    private static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 { rotate(lane &+ input &* p2, 31) &* p1 }

    private static func rotate(_ x: UInt64, _ by: UInt64) -> UInt64 { x << by | x >> (64 - by) }
}
