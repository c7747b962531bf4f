extension Array where Element == UInt8 {
    /// Where `needle` first occurs at or after `start`; nil when it does not occur, and an empty needle occurs at
    /// `start`.
    package func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? { self[start...].firstRange(of: needle)?.lowerBound }

    /// These bytes with every occurrence of `needle`, which must not be empty, taken out.
    package func removing(_ needle: [UInt8]) -> [UInt8] { replacing(needle, with: []) }
}

/// Needles looked for in many texts: each text is read once, comparing at each place only the needles that begin with
/// the two bytes there.
package struct NeedleSet {
    private let needles: [[UInt8]]
    /// The needles by their first two bytes; a one-byte needle is under every byte that may follow.
    private var starting = [[Int]](repeating: [], count: 1 << 16)

    /// `needles` must not contain an empty one.
    package init(_ needles: [[UInt8]]) {
        self.needles = needles
        for (n, needle) in needles.enumerated() {
            for second in needle.count > 1 ? [Int(needle[1])] : Array(0...255) { starting[Int(needle[0]) << 8 | second].append(n) }
        }
    }

    /// The indices of the needles that occur in `bytes`.
    package func found(in bytes: [UInt8]) -> Set<Int> {
        var found: Set<Int> = []
        for index in bytes.indices {
            let pair = Int(bytes[index]) << 8 | Int(index + 1 < bytes.count ? bytes[index + 1] : 0)
            for n in starting[pair] where bytes[index...].starts(with: needles[n]) { found.insert(n) }
        }
        return found
    }
}

/// The bytes parsers look for, by name: inlinable, as other targets compare every byte with them (a stored `let` is
/// read via a call).
extension UInt8 {
    @inlinable package static var newline: UInt8 { 0x0A }
    @inlinable package static var carriageReturn: UInt8 { 0x0D }
    @inlinable package static var space: UInt8 { 0x20 }
    @inlinable package static var tab: UInt8 { 0x09 }
    @inlinable package static var openBrace: UInt8 { 0x7B }
    @inlinable package static var closeBrace: UInt8 { 0x7D }
    @inlinable package static var openBracket: UInt8 { 0x5B }
    @inlinable package static var closeBracket: UInt8 { 0x5D }
    @inlinable package static var quote: UInt8 { 0x22 }
    @inlinable package static var singleQuote: UInt8 { 0x27 }
    @inlinable package static var backslash: UInt8 { 0x5C }
    @inlinable package static var slash: UInt8 { 0x2F }
    @inlinable package static var star: UInt8 { 0x2A }
    @inlinable package static var comma: UInt8 { 0x2C }
    @inlinable package static var colon: UInt8 { 0x3A }
}
