import XCTest

@testable import PushMatrix

/// A cell as a page shows it, in ids, so pages and spec can be compared.
struct CellOutline: Equatable, CustomStringConvertible {
    var onDelivery: [String] = []
    var notificationCenter = false
    var taps: [String: [String]] = [:]
    var notes: Set<String> = []

    var description: String {
        "delivery \(onDelivery), NC \(notificationCenter), taps \(taps.sorted { $0.key < $1.key }), notes \(notes.sorted())"
    }

    static func call(_ handler: String, _ state: String?) -> String { state.map { "\(handler)(\($0))" } ?? handler }

    /// What the spec says of a cell, in the same shape.
    init(_ cell: Cell, matrix: Matrix) {
        onDelivery = cell.onDelivery.map { Self.call($0.handler.id, $0.state?.id) }
        notificationCenter = cell.notificationCenter
        for (tap, calls) in cell.taps { taps[tap.id] = calls.map { Self.call($0.handler.id, $0.state?.id) } }
        notes = Set(matrix.noteIds(of: cell))
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
                payload: Matrix.flags(cell), keys: matrix.payloadKeyIds, setup: cell.setup.id, appState: cell.appState.id)
            XCTAssertEqual(cells[key], CellOutline(cell, matrix: matrix), "\(label) \(cell.origin.path)", file: file, line: line)
        }
    }
}

/// Turns the steps of one rendered cell (plain text, markers already read) back into an outline.
struct StepReader {
    let matcher: PhraseMatcher

    struct Line { var text: String; var isItem: Bool; var notes: [String] }

    func outline(_ lines: [Line]) throws -> CellOutline {
        var cell = CellOutline()
        var shared: [String] = []
        var tapsSoFar: [String] = []
        for line in lines {
            cell.notes.formUnion(line.notes)
            let text = line.text
            let render = { (call: (handler: String, state: String?)) in CellOutline.call(call.handler, call.state) }
            if line.isItem {
                guard
                    let b = matcher.bindings("choiceItem", text).first(where: {
                        matcher.taps($0["tap"]!)?.count == 1 && matcher.calls($0["calls"]!) != nil
                    })
                else {
                    throw ReadError("not a tap choice: \(text)")
                }
                let tap = matcher.taps(b["tap"]!)![0]
                cell.taps[tap] = shared + matcher.calls(b["calls"]!)!.map(render)
            } else if let b = matcher.bindings("onDelivery", text).first(where: { matcher.calls($0["calls"]!) != nil }) {
                cell.onDelivery += matcher.calls(b["calls"]!)!.map(render)
            } else if text == matcher.plain(matcher.book.phrase("notificationCenter")) {
                cell.notificationCenter = true
            } else if let b = matcher.bindings("tap", text).first(where: {
                matcher.taps($0["taps"]!) != nil && matcher.calls($0["calls"]!) != nil
            }) {
                tapsSoFar = matcher.taps(b["taps"]!)!
                shared = matcher.calls(b["calls"]!)!.map(render)
                for tap in tapsSoFar { cell.taps[tap] = shared }
            } else if let b = matcher.bindings("then", text).first(where: { matcher.calls($0["calls"]!) != nil }), tapsSoFar.count == 1 {
                cell.taps[tapsSoFar[0]]! += matcher.calls(b["calls"]!)!.map(render)
            } else if [matcher.book.phrase("choice"), matcher.book.phrase("thenChoice"), matcher.book.phrase("ignored")].map(matcher.plain)
                .contains(text)
            {
                continue
            } else if Source.Kind.allCases.contains(where: { "*\(matcher.plain(matcher.book.phrase(Phrases.kindPhrase($0))))*" == text }) {
                continue  // the label of a cell nobody has observed; DocsInBrowserTests counts those
            } else {
                throw ReadError("unrecognised step: \(text)")
            }
        }
        return cell
    }
}

struct ReadError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
