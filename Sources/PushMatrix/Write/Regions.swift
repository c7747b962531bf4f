import Foundation

/// Marked regions in generated files — lines between `pushmatrix:begin ID` and
/// `pushmatrix:end ID` — belong to the user: regeneration keeps what they hold.
enum Regions {
    /// Each region's inner lines by id; nil when the markers are unbalanced.
    static func contents(_ text: String) -> [String: [Substring]]? {
        var result: [String: [Substring]] = [:]
        var open: (id: String, lines: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let id = marker("begin", line) {
                guard open == nil, result[id] == nil else { return nil }
                open = (id, [])
            } else if let id = marker("end", line) {
                guard open?.id == id else { return nil }
                result[id] = open!.lines
                open = nil
            } else {
                open?.lines.append(line)
            }
        }
        return open == nil ? result : nil
    }

    /// The text with each region's inside replaced by `fill(id)` (nil keeps it).
    static func replacing(_ text: String, _ fill: (String) -> [Substring]?) -> String {
        var out: [Substring] = []
        var inside: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let id = marker("begin", line) {
                out.append(line)
                if let lines = fill(id) { out += lines; inside = id } else { inside = nil }
            } else if let id = marker("end", line), id == inside || inside == nil {
                out.append(line)
                inside = nil
            } else if inside == nil {
                out.append(line)
            }
        }
        return out.joined(separator: "\n")
    }

    /// The generated text with the user's regions from the existing file put back.
    static func merge(generated: String, existing: String) -> String {
        guard mayHaveRegions(generated), let kept = contents(existing) else { return generated }
        return replacing(generated) { kept[$0] }
    }

    /// The text with every region emptied: what must match the last generated output for the
    /// file to count as unedited outside its regions.
    static func outline(_ text: String) -> String {
        mayHaveRegions(text) ? replacing(text) { _ in [] } : text
    }

    /// Most files have no regions; a byte search says so without splitting them into lines.
    static func mayHaveRegions(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { mayHaveRegions(bytes: $0) }
    }

    static func mayHaveRegions(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle: [UInt8] = Array("pushmatrix:".utf8)
        guard bytes.count >= needle.count else { return false }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0] && (1..<needle.count).allSatisfy({ bytes[i + $0] == needle[$0] }) { return true }
            i += 1
        }
        return false
    }

    /// `// pushmatrix:begin ID` (or after `#` or `<!--`) alone on its line; prose that merely
    /// mentions the markers does not count.
    private static func marker(_ kind: String, _ line: Substring) -> String? {
        // Bytes, not Foundation: every line of a file with regions passes through here.
        var rest = Array(line.utf8)[...]
        rest = rest.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let opener = [Array("//".utf8), Array("#".utf8), Array("<!--".utf8)].first(where: { rest.starts(with: $0) }) else { return nil }
        rest = rest.dropFirst(opener.count).drop { $0 == UInt8(ascii: " ") }
        let prefix = Array("pushmatrix:\(kind) ".utf8)
        guard rest.starts(with: prefix) else { return nil }
        var id = rest.dropFirst(prefix.count)
        while let last = id.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") { id = id.dropLast() }
        if opener.count == 4, id.suffix(3).elementsEqual("-->".utf8) {
            id = id.dropLast(3)
            while let last = id.last, last == UInt8(ascii: " ") { id = id.dropLast() }
        }
        id = id.drop { $0 == UInt8(ascii: " ") }
        return id.isEmpty || id.contains(UInt8(ascii: " ")) ? nil : String(decoding: id, as: UTF8.self)
    }
}
