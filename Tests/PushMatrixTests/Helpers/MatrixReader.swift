import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSpec

/// A cell as a page shows it, in ids, so pages and spec can be compared.
struct CellOutline: Equatable, CustomStringConvertible {
    /// A later path as a page tells it: its calls on delivery where it states them, and the taps
    /// it names.
    struct Path: Equatable {
        var number: Int
        var onDelivery: [String]?
        var taps: [String: [String]] = [:]
    }

    var onDelivery: [String] = []
    var notificationCenter = false
    var taps: [String: [String]] = [:]
    var notes: Set<String> = []
    var paths: [Path] = []
    /// The ids of the conditions that change the cell.
    var conditions: [String] = []

    var description: String {
        "delivery \(onDelivery), NC \(notificationCenter), taps \(taps.sorted { $0.key < $1.key }), notes \(notes.sorted()), paths \(paths)"
            + ", conditions \(conditions)"
    }

    /// `handler(state)`; a call without the notification reads `handler(!)`.
    static func call(_ handler: String, _ state: String?) -> String { state.map { "\(handler)(\($0))" } ?? handler }
    static func call(_ call: Call) -> String {
        Self.call(call.handler.id, call.bringsNotification ? call.state?.id : "!")
    }

    /// What the spec says of a cell, in the same shape.
    init(_ cell: Cell, matrix: Matrix) {
        onDelivery = cell.onDelivery.map(Self.call)
        notificationCenter = cell.notificationCenter
        for (tap, calls) in cell.taps { taps[tap.id] = calls.map(Self.call) }
        notes = Set(matrix.noteIds(of: cell))
        conditions = matrix.conditionChanges(of: cell).map(\.condition)
        for (number, (path, differs)) in zip(cell.allPaths.dropFirst(), cell.paths).enumerated() {
            let named = Set(differs.taps.map(\.tap.id))
            var outline = Path(
                number: number + 2, onDelivery: differs.onDelivery.map { _ in path.onDelivery.map(Self.call) })
            for (tap, calls) in path.taps where named.contains(tap.id) { outline.taps[tap.id] = calls.map(Self.call) }
            paths.append(outline)
            for call in (differs.onDelivery ?? []) + differs.taps.flatMap(\.calls) {
                notes.formUnion(call.notes.map(\.id))
            }
        }
    }

    init() {}

    /// Read-back cells must be exactly the spec's cells.
    static func assertEqual(
        _ cells: [String: CellOutline], _ matrix: Matrix, _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(cells.count, matrix.spec.cells.count, "cells in \(label)", file: file, line: line)
        for cell in matrix.spec.cells {
            let key = Combination.key(
                payload: cell.flags, keys: matrix.payloadKeyIds, setup: cell.setup.id, appState: cell.appState.id)
            XCTAssertEqual(
                cells[key], CellOutline(cell, matrix: matrix), "\(label) \(cell.origin.path)", file: file, line: line)
        }
    }
}

/// Turns the steps of one rendered cell (plain text, markers already read) back into an outline.
struct StepReader {
    let matcher: PhraseMatcher

    struct Line {
        var text: String
        var isItem: Bool
        var notes: [String]
    }

    func outline(_ lines: [Line]) throws -> CellOutline {
        var cell = CellOutline()
        var path: CellOutline.Path?  // the later path being read, once its label is
        var shared: [String] = []
        var tapsSoFar: [String] = []
        /// Where what is read goes: the later path being read, else the cell.
        func add(delivery calls: [String]) {
            if path != nil { path!.onDelivery = (path!.onDelivery ?? []) + calls } else { cell.onDelivery += calls }
        }
        func set(_ tap: String, _ calls: [String]) {
            if path != nil { path!.taps[tap] = calls } else { cell.taps[tap] = calls }
        }
        func calls(of tap: String) -> [String] { (path != nil ? path!.taps[tap] : cell.taps[tap]) ?? [] }
        for line in lines {
            cell.notes.formUnion(line.notes)
            let text = line.text
            let render = { (call: (handler: String, state: String?)) in CellOutline.call(call.handler, call.state) }
            if let number = pathNumber(text) {
                if let path { cell.paths.append(path) }
                path = number > 1 ? CellOutline.Path(number: number) : nil
                (shared, tapsSoFar) = ([], [])
            } else if line.isItem {
                guard
                    let b = matcher.bindings("choiceItem", text).first(where: {
                        matcher.taps($0["tap"]!)?.count == 1 && matcher.calls($0["calls"]!) != nil
                    })
                else {
                    throw ReadError("not a tap choice: \(text)")
                }
                set(matcher.taps(b["tap"]!)![0], shared + matcher.calls(b["calls"]!)!.map(render))
            } else if matcher.book.matrix.spec.phrases["pathDeliversNothing"] != nil,
                text == matcher.plain(matcher.book.phrase("pathDeliversNothing"))
            {
                add(delivery: [])
            } else if let b = matcher.bindings("onDelivery", text).first(where: { matcher.calls($0["calls"]!) != nil }) {
                add(delivery: matcher.calls(b["calls"]!)!.map(render))
            } else if text == matcher.plain(matcher.book.phrase("notificationCenter")) {
                cell.notificationCenter = true
            } else if let b = matcher.bindings("tap", text).first(where: {
                matcher.taps($0["taps"]!) != nil && matcher.calls($0["calls"]!) != nil
            }) {
                tapsSoFar = matcher.taps(b["taps"]!)!
                shared = matcher.calls(b["calls"]!)!.map(render)
                for tap in tapsSoFar { set(tap, shared) }
            } else if let b = matcher.bindings("then", text).first(where: { matcher.calls($0["calls"]!) != nil }),
                tapsSoFar.count == 1
            {
                set(tapsSoFar[0], calls(of: tapsSoFar[0]) + matcher.calls(b["calls"]!)!.map(render))
            } else if [
                matcher.book.phrase("choice"), matcher.book.phrase("thenChoice"), matcher.book.phrase("ignored"),
            ].map(matcher.plain)
                .contains(text)
            {
                continue
            } else if let conditions = conditions(text) {
                cell.conditions = conditions
            } else if Source.Kind.allCases.contains(where: {
                matcher.plain(matcher.book.phrase(Phrases.kindPhrase($0))) == text.replacing("**", with: "")
            }) {
                continue  // the label of a cell nobody has observed, bold in Markdown; DocsInBrowserTests counts those
            } else {
                throw ReadError("unrecognised step: \(text)")
            }
        }
        if let path { cell.paths.append(path) }
        return cell
    }

    /// The conditions a cell's line names by their marks and names (`Changed by: C1: Background App Refresh off; C4: …`),
    /// as ids; nil for another line.
    private func conditions(_ text: String) -> [String]? {
        let spec = matcher.book.matrix.spec
        guard let label = spec.texts["cellConditionsLabel"].map({ matcher.plain(matcher.book.text($0)) }) else {
            return nil
        }
        let glue = matcher.book.glue
        guard text.hasPrefix(label + glue["space"]!) else { return nil }
        // A name may hold the separator (、), so each entry is found by its mark and the colon after it.
        let entries = text.dropFirst(label.count + glue["space"]!.count).components(separatedBy: glue["colon"]!).dropLast()
        return entries.map { before in
            let mark = before.reversed().prefix { $0.isNumber }.reversed()
            return spec.conditions[Int(String(mark))! - 1].id
        }
    }

    /// The number of the path a label (`Path 2 — reported: …`, bold in Markdown, perhaps with the condition it is taken
    /// under after it) starts.
    private func pathNumber(_ text: String) -> Int? {
        let spec = matcher.book.matrix.spec
        guard spec.phrases["pathLabel"] != nil else { return nil }
        var label = text.hasPrefix("**") && text.hasSuffix("**") ? String(text.dropFirst(2).dropLast(2)) : text
        if spec.phrases["pathOnlyUnder"] != nil, let path = matcher.bindings("pathOnlyUnder", label).first?["path"] {
            label = path
        }
        return (matcher.bindings("pathLabelSeen", label) + matcher.bindings("pathLabel", label)).lazy.compactMap {
            $0["number"].flatMap(Int.init)
        }
        .first
    }
}

struct ReadError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
