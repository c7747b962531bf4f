/// Regions between `pushmatrix:begin ID` and `pushmatrix:end ID` are the user's: regeneration keeps them. Bytes: every
/// run checks.
enum Regions {
    package typealias Line = ArraySlice<UInt8>

    private static func lines(_ bytes: [UInt8]) -> [Line] { bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) }

    /// A marker that does not pair up: its 1-based line and what is wrong.
    struct Problem: Equatable { package let line: Int, message: String }

    /// Each closed region's inner lines by id, and every unpaired marker: an open or mismatched region's lines are not
    /// told apart.
    package static func scan(_ bytes: [UInt8]) -> (regions: [String: [Line]], problems: [Problem]) {
        var regions: [String: [Line]] = [:]
        var problems: [Problem] = []
        var open: (id: String, line: Int, lines: [Line])?
        func unclosed(_ region: (id: String, line: Int, lines: [Line]), _ why: String) {
            problems.append(Problem(line: region.line, message: "'pushmatrix:begin \(region.id)' is not closed: \(why)"))
        }
        for (index, line) in lines(bytes).enumerated() {
            if let id = marker(begin, line) {
                if let region = open { unclosed(region, "another 'pushmatrix:begin' comes first, at line \(index + 1)") }
                if regions[id] != nil { problems.append(Problem(line: index + 1, message: "region '\(id)' is marked a second time")) }
                open = (id, index + 1, [])
            } else if let id = marker(end, line) {
                guard let region = open else {
                    problems.append(Problem(line: index + 1, message: "'pushmatrix:end \(id)' has no 'pushmatrix:begin \(id)' before it"))
                    continue
                }
                if region.id == id {
                    regions[id] = region.lines
                } else {
                    let message = "'pushmatrix:end \(id)' closes 'pushmatrix:begin \(region.id)' of line \(region.line)"
                    problems.append(Problem(line: index + 1, message: message))
                }
                open = nil
            } else {
                open?.lines.append(line)
            }
        }
        if let region = open { unclosed(region, "'pushmatrix:end \(region.id)' is missing") }
        return (regions, problems)
    }

    /// A region's lines as one text, to compare regions by.
    package static func joined(_ lines: [Line]) -> [UInt8] { Array(lines.joined(separator: [UInt8(ascii: "\n")])) }

    /// The text with each region's inside replaced by `fill(id)` (nil keeps it).
    package static func replacing(_ bytes: [UInt8], _ fill: (String) -> [Line]?) -> [UInt8] {
        var out: [Line] = []
        var inside: String?
        for line in lines(bytes) {
            if let id = marker(begin, line) {
                let filled = fill(id)
                out.append(line)
                out += filled ?? []
                inside = filled == nil ? nil : id  // a region kept as it is goes on line by line
            } else if let id = marker(end, line), id == inside || inside == nil {
                out.append(line)
                inside = nil
            } else if inside == nil {
                out.append(line)
            }
        }
        return Array(out.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// The generated text with the user's regions put back from the existing file: every closed region, even when other
    /// markers are broken.
    package static func merge(generated: [UInt8], existing: [UInt8]) -> [UInt8] {
        guard mayHaveRegions(generated) else { return generated }
        let kept = scan(existing).regions
        return replacing(generated) { kept[$0] }
    }

    /// Ids of the existing text's regions that hold code (a non-blank line) but have no place in the generated text, so
    /// merging drops it.
    package static func dropped(generated: [UInt8], existing: [UInt8]) -> [String] {
        guard mayHaveRegions(existing) else { return [] }
        let places = Set(lines(generated).compactMap { marker(begin, $0) })
        return scan(existing).regions.filter { id, lines in
            !places.contains(id)
                && lines.contains { $0.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") } }
        }.keys.sorted()
    }

    /// The existing regions `ids`' code, each between its markers, under a line naming its source: what `--force` saves
    /// beside the file.
    static func rescue(_ ids: [String], from existing: [UInt8], file: String) -> [UInt8] {
        let regions = scan(existing).regions
        var text = Array("pushmatrix: code of regions that \(file) no longer has; move it where it belongs.\n".utf8)
        for id in ids {
            text += Array("pushmatrix:begin \(id)\n".utf8)
            for line in regions[id] ?? [] { text += line + [UInt8(ascii: "\n")] }
            text += Array("pushmatrix:end \(id)\n".utf8)
        }
        return text
    }

    /// The text with every region emptied: what must match the last generated output for the file to count as unedited
    /// outside its regions.
    static func outline(_ bytes: [UInt8]) -> [UInt8] { mayHaveRegions(bytes) ? replacing(bytes) { _ in [] } : bytes }

    /// Most files have no regions, which a byte search for `pushmatrix:` tells unsplit; Horspool's skips read one byte
    /// in eleven.
    static func mayHaveRegions(_ bytes: [UInt8]) -> Bool {
        var end = word.count - 1
        while end < bytes.count {
            if bytes[end] == UInt8(ascii: ":") && bytes[(end + 1 - word.count)...end].elementsEqual(word) { return true }
            end += shift[Int(bytes[end])]
        }
        return false
    }

    private static let word = Array("pushmatrix:".utf8)
    private static let shift = (0..<256).map { byte in word.count - 1 - (word.dropLast().lastIndex(of: UInt8(byte)) ?? -1) }

    // Spelled once: every line of a file with regions is looked at.
    /// The prefix of a region's opening marker.
    private static let begin = Array("pushmatrix:begin ".utf8)
    /// The prefix of a region's closing marker.
    private static let end = Array("pushmatrix:end ".utf8)
    /// The comment openers a marker may follow.
    private static let openers = [Array("//".utf8), Array("#".utf8), Array("<!--".utf8)]

    /// `// pushmatrix:begin ID` (or after `#` or `<!--`) alone on its line; prose naming the markers does not count.
    /// `prefix`: begin/end.
    private static func marker(_ prefix: [UInt8], _ line: Line) -> String? {
        var rest = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = rest.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "#") || first == UInt8(ascii: "<") else {
            return nil
        }
        guard let opener = openers.first(where: { rest.starts(with: $0) }) else { return nil }
        rest = rest.dropFirst(opener.count).drop { $0 == UInt8(ascii: " ") }
        guard rest.starts(with: prefix) else { return nil }
        var id = rest.dropFirst(prefix.count)
        while let last = id.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") {
            id = id.dropLast()
        }
        if opener.count == 4, id.suffix(3).elementsEqual("-->".utf8) {
            id = id.dropLast(3)
            while let last = id.last, last == UInt8(ascii: " ") { id = id.dropLast() }
        }
        id = id.drop { $0 == UInt8(ascii: " ") }
        return id.isEmpty || id.contains(UInt8(ascii: " ")) ? nil : String(decoding: id, as: UTF8.self)
    }
}
