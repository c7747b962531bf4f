import Foundation

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// Reads the matrix tables of a generated Markdown page back into cells, knowing only the
/// spec's wording: section anchors give the payload, row labels the setup, columns the app state.
struct MarkdownMatrixReader {
    let book: Phrasebook
    var matrix: Matrix { book.matrix }
    /// Footnote marker number → its text (`*1`).
    private let marks: [Int: String]
    /// Every way a cell's text can end in a marker, with the marker's number, in the order tried.
    private let markerSuffixes: [(suffix: String, number: Int)]

    init(book: Phrasebook) {
        self.book = book
        let marks = Dictionary(
            uniqueKeysWithValues: (1...Self.markerLimit).map { ($0, Footnotes(book: book).marker($0).plainText) })
        self.marks = marks
        // Between two markers, `markerBetween`; before the first, `markerSeparator`.
        let glues = ["markerBetween", "markerSeparator"].map { book.phrase($0).plainText }
        markerSuffixes = (1...Self.markerLimit).flatMap { number in
            glues.map { (suffix: $0 + marks[number]!, number: number) }
        }
    }

    /// Cells keyed by `Combination.key`, plus how many tables were read.
    func read(_ markdown: String) throws -> (cells: [String: CellOutline], tables: Int) {
        let lines = markdown.components(separatedBy: "\n")
        let sections = Dictionary(
            uniqueKeysWithValues: Combination.payloads(matrix.payloadKeyIds).map {
                (Anchors.section($0, keys: matrix.payloadKeyIds), $0)
            })
        var cells: [String: CellOutline] = [:]
        var tables = 0
        var index = 0
        // The page's notes, after its tables: every table cites them by the same numbers.
        let notesStart = lines.firstIndex(of: "<a id=\"notes\"></a>") ?? lines.endIndex
        let notes = footnotes(lines[notesStart...].dropFirst().prefix { !$0.hasPrefix("<a id=") })
        while index < lines.count {
            defer { index += 1 }
            guard let id = anchor(lines[index]), let payload = sections[id] else { continue }
            var start = index + 1
            while start < lines.count && !lines[start].hasPrefix("|") { start += 1 }
            var end = start
            while end < lines.count && lines[end].hasPrefix("|") { end += 1 }
            try table(Array(lines[start..<end]), payload: payload, notes: notes, into: &cells)
            tables += 1
            index = end
        }
        return (cells, tables)
    }

    private func table(
        _ rows: [String], payload: [String: Bool], notes: [Int: String], into cells: inout [String: CellOutline]
    ) throws {
        guard rows.count == matrix.spec.setups.count + 2 else { throw ReadError("table has \(rows.count) lines") }
        let header = Array(Self.cells(rows[0]).dropFirst())
        guard header.count == matrix.spec.appStates.count else {
            throw ReadError("header has \(header.count) state columns")
        }
        let states = try zip(matrix.spec.appStates, header).map { state, text in
            let (name, numbers) = markers(Self.unescape(text))
            guard name == book.name(state.name).plainText else {
                throw ReadError("column '\(name)' is not \(state.id)")
            }
            return (state.id, Set(numbers.compactMap { notes[$0] }))
        }
        let reader = StepReader(matcher: PhraseMatcher(book: book))
        for row in rows.dropFirst(2) {
            let columns = Self.cells(row)
            guard
                let setup = matrix.spec.setups.first(where: {
                    book.name($0.name).plainText == Self.unescape(columns[0])
                })
            else {
                throw ReadError("unknown setup row '\(columns[0])'")
            }
            for ((state, columnNotes), text) in zip(states, columns.dropFirst()) {
                var outline = try reader.outline(lines(of: text, notes: notes))
                outline.notes.formUnion(columnNotes)
                cells[Combination.key(payload: payload, keys: matrix.payloadKeyIds, setup: setup.id, appState: state)] =
                    outline
            }
        }
    }

    /// A cell's `<br>`-separated lines, without numbering, with their footnote markers read.
    private func lines(of cell: String, notes: [Int: String]) -> [StepReader.Line] {
        var text = cell
        if let close = text.range(of: "></a>"), text.hasPrefix("<a id=") { text = String(text[close.upperBound...]) }
        return text.components(separatedBy: "<br>").map { raw in
            var part = Self.unescape(raw)
            let isItem = part.hasPrefix(Self.itemPrefix)
            if isItem { part.removeFirst(Self.itemPrefix.count) }
            if let dot = part.range(of: #"^[0-9]+\. "#, options: .regularExpression) { part.removeSubrange(dot) }
            let (body, numbers) = markers(part)
            return .init(text: body, isItem: isItem, notes: numbers.compactMap { notes[$0] })
        }
    }

    /// The page's footnote texts: marker number → note id.
    private func footnotes(_ lines: ArraySlice<String>) -> [Int: String] {
        var result: [Int: String] = [:]
        for line in lines {
            // how Markdown keeps a line break
            let text = Self.unescape(line.replacingOccurrences(of: "<br>", with: "\n"))
            for number in 1...Self.markerLimit {
                let marker = marks[number]! + " "
                guard text.hasPrefix(marker) else { continue }
                let body = String(text.dropFirst(marker.count))
                result[number] = matrix.spec.notes.first { book.text($0.text).plainText == body }?.id
            }
        }
        return result
    }

    /// Strips trailing ` *1 *2` markers; returns the text and the numbers, in order.
    private func markers(_ text: String) -> (String, [Int]) {
        var text = text
        var numbers: [Int] = []
        while let (suffix, number) = markerSuffixes.first(where: { text.hasSuffix($0.suffix) }) {
            text.removeLast(suffix.count)
            numbers.insert(number, at: 0)
        }
        return (text, numbers)
    }

    /// How the template starts a tap alternative inside a cell.
    static let itemPrefix = "• "
    /// More notes than any page cites.
    static let markerLimit = 60

    private func anchor(_ line: String) -> String? {
        guard line.hasPrefix("<a id=\""), line.hasSuffix("\"></a>") else { return nil }
        return String(line.dropFirst(7).dropLast(6))
    }

    /// A table row's cells, split at `|` that are not escaped.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for c in row {
            if c == "|" && !escaped {
                cells.append(current)
                current = ""
            } else {
                current.append(c)
            }
            escaped = c == "\\" && !escaped
        }
        return cells.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Markdown source → the plain text a reader sees: backslash escapes undone, code fences removed.
    static func unescape(_ markdown: String) -> String {
        var out = ""
        var chars = Array(markdown)[...]
        while let c = chars.popFirst() {
            if c == "\\", let next = chars.first, next.isASCII, next.isPunctuation || next.isSymbol {
                out.append(chars.removeFirst())
            } else if c == "`" {
                var fence = 1
                while chars.first == "`" {
                    chars.removeFirst()
                    fence += 1
                }
                var code = ""
                while !chars.isEmpty, !chars.starts(with: repeatElement("`", count: fence)) {
                    code.append(chars.removeFirst())
                }
                chars = chars.dropFirst(fence)
                if code.hasPrefix(" ") && code.hasSuffix(" ") && code.count > 1 {
                    code = String(code.dropFirst().dropLast())
                }
                out += code.replacingOccurrences(of: "\\|", with: "|")
            } else {
                out.append(c)
            }
        }
        return out
    }
}
