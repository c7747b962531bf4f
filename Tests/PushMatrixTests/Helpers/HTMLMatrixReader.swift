import Foundation

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// Reads the matrix tables of a generated HTML page back into cells, as the Markdown reader
/// does: sections give the payload, row headers the setup, columns the app state.
struct HTMLMatrixReader {
    let book: Phrasebook
    var matrix: Matrix { book.matrix }

    func read(_ page: HTMLElement) throws -> (cells: [String: CellOutline], tables: Int) {
        let keys = matrix.payloadKeyIds
        let sections = Dictionary(
            uniqueKeysWithValues: Combination.payloads(keys).map { (Anchors.section($0, keys: keys), $0) })
        var cells: [String: CellOutline] = [:]
        var tables = 0
        let notes = footnotes(page)  // the page's, after its tables
        for section in page.all("section") {
            guard let id = section.id, let payload = sections[id] else { continue }
            for table in section.all("table", where: { $0.classes.contains("matrix") }) {
                tables += 1
                try read(table, payload: payload, notes: notes, into: &cells)
            }
        }
        return (cells, tables)
    }

    private func read(
        _ table: HTMLElement, payload: [String: Bool], notes: [String: String], into cells: inout [String: CellOutline]
    )
        throws
    {
        let headers = table.all("th", where: { $0.attributes["scope"] == "col" }).dropFirst()
        guard headers.count == matrix.spec.appStates.count else { throw ReadError("\(headers.count) state columns") }
        let states = try zip(matrix.spec.appStates, headers).map { state, header in
            guard header.text(skipping: { $0.name == "sup" }) == book.name(state.name).plainText else {
                throw ReadError("column is not \(state.id)")
            }
            return (state.id, Set(markers(header).compactMap { notes[$0] }))
        }
        let reader = StepReader(matcher: PhraseMatcher(book: book))
        for row in table.all("tbody").first?.all("tr") ?? [] {
            let label = row.all("th").first?.text() ?? ""
            guard let setup = matrix.spec.setups.first(where: { book.name($0.name).plainText == label }) else {
                throw ReadError("row \(label)")
            }
            for ((state, columnNotes), cell) in zip(states, row.all("td")) {
                var outline = try reader.outline(lines(cell, notes: notes))
                outline.notes.formUnion(columnNotes)
                outline.notes.formUnion(
                    cell.elements.filter { $0.name == "sup" }.flatMap(markers).compactMap { notes[$0] })
                cells[Combination.key(payload: payload, keys: matrix.payloadKeyIds, setup: setup.id, appState: state)] =
                    outline
            }
        }
    }

    /// A cell's steps (`<p>`, `<div>` for one that branches by tap, or `<ol><li>`) and their
    /// alternatives (`<ul><li>`), in page order,
    /// with the labels of its paths (`p.path`).
    private func lines(_ cell: HTMLElement, notes: [String: String]) -> [StepReader.Line] {
        // A `p.kind` labels a cell nobody has observed (DocsInBrowserTests counts those); a `p.ask` links to the
        // explorer.
        let steps = cell.elements.flatMap { element -> [HTMLElement] in
            if ["p", "div"].contains(element.name) && !element.classes.contains("kind")
                && !element.classes.contains("ask")
            {
                return [element]
            }
            return element.name == "ol" ? element.elements : []
        }
        return steps.flatMap { step -> [StepReader.Line] in
            let items = step.elements.filter { $0.name == "ul" }.flatMap(\.elements)
            return [line(step, isItem: false, notes: notes)] + items.map { line($0, isItem: true, notes: notes) }
        }
    }

    private func line(_ element: HTMLElement, isItem: Bool, notes: [String: String]) -> StepReader.Line {
        let own = element.elements.filter { $0.name == "sup" }.flatMap(markers)
        return .init(
            text: element.text(skipping: { $0.name == "sup" || $0.name == "ul" }), isItem: isItem,
            notes: own.compactMap { notes[$0] })
    }

    /// Note anchors a `<sup>` links to.
    private func markers(_ element: HTMLElement) -> [String] {
        element.all("a").compactMap { $0.attributes["href"].map { String($0.dropFirst()) } }
    }

    /// Footnote anchor → note id, by the note's text.
    private func footnotes(_ section: HTMLElement) -> [String: String] {
        var result: [String: String] = [:]
        for item in section.all("ol", where: { $0.classes.contains("notes") }).flatMap(\.elements) {
            let text = item.text(skipping: { $0.classes.contains("marker") || $0.classes.contains("back") })
                .trimmingCharacters(
                    in: .whitespaces)
            result[item.id ?? ""] = matrix.spec.notes.first { book.text($0.text).plainText == text }?.id
        }
        return result
    }
}
