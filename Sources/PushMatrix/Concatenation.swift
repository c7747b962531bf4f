extension String {
    /// The parts one after another, made in one allocation of the exact size. A chain of `+`
    /// makes a string at every step, and `+=` checks and grows its buffer at each: names, anchors
    /// and paths are made hundreds of thousands of times on a large matrix.
    init(concatenating parts: String...) { self.init(concatenating: parts) }

    init(concatenating parts: [String]) {
        var count = 0
        for part in parts { count += part.utf8.count }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: bytes)
                    end += bytes.count
                }
            }
            return end
        }
    }
}
