extension Array where Element == UInt8 {
    /// Where `needle` first occurs at or after `start`, searching bytes: a scan for its first
    /// byte, then a comparison of the rest. Nil when it does not occur; an empty needle occurs
    /// at `start`. Texts are short and needles shorter, so nothing cleverer pays.
    package func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first else { return start }
        guard count >= needle.count else { return nil }
        var index = start
        let last = count - needle.count
        while index <= last {
            if self[index] == first {
                var matched = 1
                while matched < needle.count && self[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// These bytes with every occurrence of `needle`, which must not be empty, taken out.
    package func removing(_ needle: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty, var found = firstIndex(of: needle) else { return self }
        var kept: [UInt8] = [], start = 0
        kept.reserveCapacity(count)
        while true {
            kept += self[start..<found]
            start = found + needle.count
            guard let next = firstIndex(of: needle, from: start) else { break }
            found = next
        }
        return kept + self[start...]
    }
}

/// The bytes the parsers look for by name: inlinable constants, since other targets compare
/// every byte of a file with them (a stored `let` is read through a call from another module).
extension UInt8 {
    @inlinable package static var newline: UInt8 { 0x0A }
    @inlinable package static var carriageReturn: UInt8 { 0x0D }
    @inlinable package static var space: UInt8 { 0x20 }
    @inlinable package static var tab: UInt8 { 0x09 }
    @inlinable package static var openBrace: UInt8 { 0x7B }
    @inlinable package static var closeBrace: UInt8 { 0x7D }
}
