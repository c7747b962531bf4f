extension Array where Element == UInt8 {
    /// Where `needle` first occurs at or after `start`, searching bytes: a scan for its first
    /// byte, then a comparison of the rest. Nil when it does not occur; an empty needle occurs
    /// at `start`. Texts are short and needles shorter, so nothing cleverer pays.
    package func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first else { return start }
        return stride(from: start, through: count - needle.count, by: 1).first { index in
            self[index] == first && self[index..<index + needle.count].elementsEqual(needle)
        }
    }

    /// These bytes with every occurrence of `needle`, which must not be empty, taken out.
    package func removing(_ needle: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty else { return self }
        var kept: [UInt8] = [], start = 0
        while let found = firstIndex(of: needle, from: start) {
            kept += self[start..<found]
            start = found + needle.count
        }
        return kept + self[start...]
    }
}

/// The bytes the parsers look for by name.
extension UInt8 {
    package static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " "),
        tab = UInt8(ascii: "\t")
    package static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
}
