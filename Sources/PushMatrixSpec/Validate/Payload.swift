/// A payload combination as bits: bit i is set when the spec's i-th payload key is. Generators meet every combination
/// many times; bits hash, compare and copy for nothing, where key ids cost a string hash each. Validation keeps the
/// keys below 41 (`CellIndex`).
public struct Payload: Hashable, Sendable {
    public let bits: UInt64

    public init(bits: UInt64) { self.bits = bits }

    /// Flags by key id; a key missing from `flags` is not set, an id not in `keys` is ignored.
    public init(_ flags: [String: Bool], keys: [String]) {
        var bits: UInt64 = 0
        for (index, key) in keys.enumerated() where flags[key] == true { bits |= 1 << UInt64(index) }
        self.bits = bits
    }

    /// A cell's payload as the spec writes it (`keys` in spec order, `keyIndex` their positions); the first of repeated
    /// keys counts.
    package init(_ pairs: [(key: Reference, value: Bool)], keys: [String], keyIndex: [String: Int]) {
        var bits: UInt64 = 0
        var seen: UInt64 = 0
        let distinct = keyIndex.count == keys.count  // an id declared twice counts at its first place
        for (n, (key, value)) in pairs.enumerated() {
            // Cells mostly list keys in the spec's order: a look there saves hashing the id.
            guard let index = distinct && n < keys.count && keys[n] == key.id ? n : keyIndex[key.id], seen & (1 << UInt64(index)) == 0
            else { continue }
            seen |= 1 << UInt64(index)
            if value { bits |= 1 << UInt64(index) }
        }
        self.bits = bits
    }

    public func isSet(_ index: Int) -> Bool { bits & (1 << UInt64(index)) != 0 }

    /// The ids of the set keys, in spec order.
    public func setKeys(_ keys: [String]) -> [String] { keys.indices.filter(isSet).map { keys[$0] } }

    /// Every combination of `count` keys in the docs' order: the first key varies slowest, "set" before "not set".
    package static func all(count: Int) -> [Payload] {
        let full: UInt64 = count == 0 ? 0 : (1 << UInt64(count)) - 1
        return (0..<(UInt64(1) << UInt64(count))).map { n in
            // n counts up with the first key as its top bit and 0 meaning "set".
            var bits: UInt64 = 0
            for index in 0..<count where n & (1 << UInt64(count - 1 - index)) == 0 { bits |= 1 << UInt64(index) }
            return Payload(bits: bits & full)
        }
    }
}

/// Payloads that set some keys one way and leave the others free: `alert` set and `content-available` unset, the rest
/// either way.
package struct PayloadCube: Hashable {
    /// The keys it fixes, as bits.
    package var mask: UInt64
    /// The values of the keys `mask` fixes, as bits.
    package var bits: UInt64

    package func contains(_ payload: Payload) -> Bool { payload.bits & mask == bits }

    /// Every cube of `count` keys, the largest first.
    package static func all(count: Int) -> [PayloadCube] {
        var cubes = [PayloadCube(mask: 0, bits: 0)]
        for key in 0..<count {
            let bit = UInt64(1) << UInt64(key)
            cubes += cubes.flatMap {
                [PayloadCube(mask: $0.mask | bit, bits: $0.bits), PayloadCube(mask: $0.mask | bit, bits: $0.bits | bit)]
            }
        }
        return cubes.sorted { $0.mask.nonzeroBitCount < $1.mask.nonzeroBitCount }
    }

    /// Few cubes that together hold exactly `payloads`: largest first, while it covers new ones; past a handful of
    /// keys, one by one.
    package static func cover(_ payloads: [Payload], count: Int) -> [PayloadCube] {
        let full = count >= 64 ? UInt64.max : (UInt64(1) << UInt64(count)) - 1
        guard count <= 6 else { return payloads.map { PayloadCube(mask: full, bits: $0.bits) } }
        let wanted = Set(payloads.map(\.bits))
        var left = wanted
        var chosen: [PayloadCube] = []
        for cube in all(count: count) where !left.isEmpty {
            let members = (0...full).filter { $0 & cube.mask == cube.bits }
            guard members.allSatisfy(wanted.contains), members.contains(where: left.contains) else { continue }
            chosen.append(cube)
            left.subtract(members)
        }
        return chosen.sorted { $0.bits > $1.bits }
    }
}
