import PushMatrixSupport

extension OutputWriter {
    /// An output directory's manifest, read once per run: the inputs' digest it was written for, what it remembers
    /// (the caller's key and value pairs, such as the command line's `spec` and `module`), each listed file's outline
    /// digest, and whether those digests are made as this version makes
    /// them (its `digest` line names the same digest). Entries that could point outside the directory are ignored; a
    /// missing or non-UTF-8 manifest lists nothing.
    public struct Manifest: Sendable {
        /// The file's bytes; nil when there is none.
        public let bytes: [UInt8]?
        package var input: String?
        package var remembered: [String: String] = [:]
        package var entries: [String: String] = [:]
        var digestIsKnown = false

        package init(_ bytes: [UInt8]?) {
            self.bytes = bytes
            guard let bytes, let text = String(validating: bytes, as: UTF8.self) else { return }
            if text.hasPrefix("input ") { input = String(text.dropFirst("input ".count).prefix { $0 != "\n" }) }
            let hex = Set("0123456789abcdefABCDEF".utf8)
            var header = true  // what a manifest remembers comes before its `digest` line
            for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
                let line = Substring(line)
                if line.hasPrefix("input ") { continue }
                if line.hasPrefix("digest ") {
                    (digestIsKnown, header) = (line.dropFirst("digest ".count) == Digest.name, false)
                    continue
                }
                guard let space = line.utf8.firstIndex(of: UInt8(ascii: " ")) else { continue }
                let first = Substring(line.utf8[..<space])
                let rest = Substring(line.utf8[line.utf8.index(after: space)...])
                if header {
                    remembered[String(first)] = remembered[String(first)] ?? String(rest)
                    continue
                }
                guard first.utf8.count == 16, first.utf8.allSatisfy(hex.contains), OutputWriter.isInside(rest) else { continue }
                entries[String(rest)] = String(first)
            }
        }
    }
}
