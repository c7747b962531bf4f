import PushMatrixModel
import PushMatrixSpec
import PushMatrixSupport

/// The reception matrix page: terms, design cases and one table per
/// payload combination, with cells told as steps; then the page's notes, each numbered once for
/// every table that cites it, and its sources, which path labels link to.
extension DocsView {
    func receptionMethods() -> TemplateValue {
        let payloads = matrix.payloads
        let footnotes = Footnotes(book: book)
        let headings = SectionHeadings(self)
        let sections = payloads.map { section($0, headings, footnotes) }  // numbers the notes, so made before they are listed
        // The sources of the cells and of the notes they cite; the spec's other facts have pages of their own.
        let used = Set(
            spec.cells.flatMap { [$0.source.id] + $0.paths.map(\.source.id) }
                + footnotes.used.flatMap { matrix.notes[$0]!.sources.map(\.id) })
        return common(page: "reception-methods", title: "title").merging([
            "sources": .list(spec.sources.filter { used.contains($0.id) }.map { source($0, detailed: false) }),
            "setups": .list(
                spec.setups.map { setup in
                    .object([
                        "name": .inline(book.name(setup.name)), "className": .inline(setup.className.map(Inline.code) ?? Inline([])),
                        "hasClass": .bool(setup.className != nil),
                        "platforms": .text(book.text(setup.platforms).plainText), "description": .inline(book.text(setup.description)),
                    ])
                }),
            "handlers": .list(spec.handlers.map(handler)),
            "appStates": .list(
                spec.appStates.map { state in
                    .object(["name": .inline(book.name(state.name)), "description": .inline(book.text(state.description))])
                }),
            "hasHandlerStates": .bool(!spec.handlerStates.isEmpty),
            "handlerStates": .list(
                spec.handlerStates.map { state in
                    .object([
                        "swift": .inline(.code(state.swift)), "objc": .inline(.code(state.objc)),
                        "description": .inline(book.text(state.description)),
                    ])
                }),
            "designCases": .list(spec.designCases.map(designCase)),
            "conditions": conditionList, "hasConditions": .bool(!spec.conditions.isEmpty),
            "contents": .list(payloads.map { .object(["id": .verbatim(anchors.section($0)), "title": .inline(book.payload($0))]) }),
            "sections": .list(sections), "hasFootnotes": .bool(!footnotes.used.isEmpty), "footnotes": footnotes.notes(),
            "kinds": kinds, "hasKinds": .bool(spec.showsSourceKinds),
            "laterPaths": laterPaths(),
        ])
    }

    /// Each later path, by its label, with the cells that take it, in spec order: where the matrix lists more than one
    /// path.
    private func laterPaths() -> TemplateValue {
        let taken = spec.cells.flatMap { cell in
            cell.allPaths.enumerated().dropFirst().map { number, path in
                (label: book.pathLabel(number + 1, path), cell: cellName(cell, matrix.payload(of: cell)))
            }
        }
        return .list(
            taken.grouped(by: \.label).map { label, paths in
                .object(["label": .inline(label), "cells": .list(paths.map { .inline($0.cell) })])
            })
    }

    /// A handler's terms: its methods, and those with an Objective-C selector (a Swift-only one has none).
    private func handler(_ handler: Handler) -> TemplateValue {
        let methods = methodGroups(handler).map { setups, method in
            let names = book.list(setups.map { book.name($0.name) }, lastSeparator: "tapSeparator")
            return (label: setups.count == spec.setups.count ? Inline([]) : book.phrase("methodLabel", ["setups": names]), method: method)
        }
        return .object([
            "name": .inline(book.name(handler.name)),
            "description": .inline(book.text(handler.description)),
            "methods": .list(methods.map { .object(["label": .inline($0.label), "swift": .inline(.code($0.method.swift))]) }),
            "objcMethods": .list(
                methods.compactMap { label, method in method.objc.map { .object(["label": .inline(label), "objc": .inline(.code($0))]) } }),
        ])
    }

    /// Init APIs that share the same method, told once (with no label when all do).
    private func methodGroups(_ handler: Handler) -> [(setups: [Setup], method: MethodName)] {
        let methods = spec.setups.compactMap { setup in
            handler.methods.first { $0.setup.id == setup.id }.map { (setup: setup, method: $0) }
        }
        return methods.grouped { [$0.method.swift, $0.method.objc ?? ""] }.map { ($0.members.map(\.setup), $0.members[0].method) }
    }

    private func designCase(_ designCase: DesignCase) -> TemplateValue {
        let payload = Payload(designCase.cell.payload, keys: matrix.payloadKeyIds, keyIndex: matrix.keyIndex)
        let setup = matrix.setupIndex[designCase.cell.setup.id]!
        let state = matrix.stateIndex[designCase.cell.appState.id]!
        let index = matrix.cellIndex(payload, setup: setup, state: state)
        let cell = spec.cells[index]
        return .object([
            "title": .inline(book.text(designCase.title)), "text": .inline(book.text(designCase.text)),
            "cellName": .inline(cellName(cell, payload)),
            "href": .verbatim(anchors.cell(setup: setup, state: state, section: anchors.section(payload))),
            "steps": .list(
                steps(ofCell: index).map { step in
                    .object([
                        "text": .inline(step.text), "hasItems": .bool(!step.items.isEmpty),
                        "items": .list(step.items.map { .object(["text": .inline($0.text)]) }),
                        "lines": .list(step.lines.map { .inline($0) }),
                    ])
                }),
        ])
    }

    private func cellName(_ cell: Cell, _ payload: Payload) -> Inline {
        book.phrase(
            "cellReference",
            [
                "setup": book.name(matrix.setups[cell.setup.id]!.name),
                "appState": book.name(matrix.appStates[cell.appState.id]!.name),
                "payload": book.payload(payload),
            ])
    }

    /// The steps of the cell at `index` in the spec.
    package func steps(ofCell index: Int) -> [ToldStep] {
        let taps = spec.cells[index].taps
        return book.steps(
            onDelivery: spec.cells[index].onDelivery, notificationCenter: spec.cells[index].notificationCenter,
            taps: spec.taps.compactMap { tap in taps.first { $0.tap.id == tap.id }.map { (tap.id, $0.calls) } })
    }

    /// Adds `notes` to the last text of `steps`.
    private static func mark(_ steps: inout [ToldStep], _ notes: [String]) {
        guard !notes.isEmpty, var last = steps.popLast() else { return }
        if last.items.isEmpty { last.notes += notes } else { last.items[last.items.count - 1].notes += notes }
        steps.append(last)
    }

    /// What every section's table heads its columns and rows with, and where it marks the columns' notes: worked out
    /// once per page.
    private struct SectionHeadings {
        let states: [Inline]
        let setups: [Inline]
        /// A column's notes about every setup, marked on its header, by app state.
        let headerNotes: [[String]]
        /// A column's notes about some setups only, marked in the cells of those rows, by init API and app state.
        let cellNotes: [[[String]]]

        init(_ view: DocsView) {
            let spec = view.spec
            let matrix = view.matrix
            states = spec.appStates.map { view.book.name($0.name) }
            setups = spec.setups.map { view.book.name($0.name) }
            let aboutEvery = { (note: String) in spec.setups.allSatisfy { matrix.note(note, isAbout: $0.id) } }
            headerNotes = spec.appStates.map { $0.notes.map(\.id).filter(aboutEvery) }
            cellNotes = spec.setups.map { setup in
                spec.appStates.map { $0.notes.map(\.id).filter { !aboutEvery($0) && matrix.note($0, isAbout: setup.id) } }
            }
        }
    }

    /// Steps as the matrix table's partials read them, with their footnote markers, and whether they are numbered or
    /// one.
    private func stepList(_ steps: [ToldStep], _ footnotes: Footnotes) -> TemplateFields {
        let list: [TemplateValue] = steps.map { step in
            .object([
                "text": .inline(step.text), "markers": footnotes.markers(step.notes), "hasItems": .bool(!step.items.isEmpty),
                "items": .list(step.items.map { .object(["text": .inline($0.text), "markers": footnotes.markers($0.notes)]) }),
                "lines": .list(step.lines.map { .inline($0) }),
            ])
        }
        return ["numbered": .bool(steps.count > 1), "single": .bool(steps.count == 1), "steps": .list(list)]
    }

    /// `footnotes`' notes, and the sources of `cited` and of those notes, as a table's footnotes and sources partials
    /// read them; asked once every marker of the table is made.
    func footnoted(_ footnotes: Footnotes, sources cited: [String]) -> TemplateFields {
        let sources = self.sources(cited + footnotes.used.flatMap { matrix.notes[$0]!.sources.map(\.id) })
        return ["hasFootnotes": .bool(!footnotes.used.isEmpty), "footnotes": footnotes.notes(), "sources": sources]
    }

    /// One payload combination: its table, a row per setup and a column per app state. Notes are numbered on the page
    /// in order of first appearance, the header's column notes first.
    private func section(_ payload: Payload, _ headings: SectionHeadings, _ footnotes: Footnotes) -> TemplateValue {
        let anchor = anchors.section(payload)
        let headers: [TemplateValue] = spec.appStates.indices.map { state in
            .object(["name": .inline(headings.states[state]), "markers": footnotes.markers(headings.headerNotes[state])])
        }
        let rows: [TemplateValue] = spec.setups.indices.map { setup in
            .object([
                "setup": .inline(headings.setups[setup]),
                "cells": .list(
                    spec.appStates.indices.map { state in
                        let index = matrix.cellIndex(payload, setup: setup, state: state)
                        let cell = spec.cells[index]
                        // The cell's own notes are marked with the last text's, in one run of markers.
                        let own = headings.cellNotes[setup][state] + cell.notes.map(\.id)
                        var steps = steps(ofCell: index)
                        var laterSteps = zip(cell.allPaths.dropFirst(), cell.paths).map { book.steps(ofPath: $0, differs: $1) }
                        if laterSteps.isEmpty { Self.mark(&steps, own) } else { Self.mark(&laterSteps[laterSteps.count - 1], own) }
                        return .object(
                            cellSource(cell).merging(stepList(steps, footnotes)).merging([
                                "id": .verbatim(anchors.cell(setup: setup, state: state, section: anchor)),
                                "state": .text(headings.states[state].plainText),
                                "explore": .text(
                                    Anchors.explorer(
                                        keys: payload.setKeys(matrix.payloadKeyIds), setup: spec.setups[setup].id,
                                        appState: spec.appStates[state].id)),
                                "multiPath": .bool(!cell.paths.isEmpty),
                                "firstLabel": .inline(cell.paths.isEmpty ? Inline([]) : book.pathLabel(1, cell.allPaths[0])),
                                "paths": .list(
                                    zip(cell.allPaths.dropFirst(), laterSteps).enumerated().map { n, pair in
                                        let label: TemplateFields = ["label": .inline(book.pathLabel(n + 2, pair.0))]
                                        return .object(stepList(pair.1, footnotes).merging(label) as TemplateFields)
                                    }),
                                "changedBy": cellConditions(index),
                                "hasConditions": .bool(!conditionChanges.isEmpty && !conditionChanges[index].isEmpty),
                            ]) as TemplateFields)
                    }),
            ])
        }
        return [
            "id": .verbatim(anchor), "title": .inline(book.payload(payload)), "stateCount": .verbatim(String(spec.appStates.count)),
            "stateHeaders": .list(headers), "rows": .list(rows),
        ]
    }
}

/// Per-section footnote numbering: a note gets the next number the first time it appears. Each marker also gets ids, so
/// HTML can link a marker to its note and the note back. (A class: the section's closures share one, where a struct
/// holding the phrasebook would be copied field by field.)
final class Footnotes {
    package let book: Phrasebook
    package let section: String
    package private(set) var used: [String] = []
    private var references: [String: Int] = [:]
    /// Marker n and its note's id at n - 1: made once, used at every reference.
    private var filled: [(marker: Inline, note: String)] = []
    // Looked up once per section rather than per marker.
    /// What goes between a text and its first marker (`markerSeparator`).
    private let separator: Inline
    /// What goes between two markers (`markerBetween`).
    private let between: Inline
    /// The pattern a marker is filled from.
    private let markerTemplate: String

    package init(book: Phrasebook, section: String = "") {
        self.book = book
        self.section = section
        separator = book.phrase("markerSeparator")
        between = book.phrase("markerBetween")
        markerTemplate = book.matrix.spec.languages.first { $0.id == book.language }?.footnoteMarker ?? "{{number}}"
    }

    /// The markers to put after a text, in number order: `text` (after the language's separator, and `markerBetween`
    /// between two) for Markdown, `list` with link targets for HTML.
    package func markers(_ notes: [String]) -> TemplateValue {
        if notes.isEmpty { return Self.noMarkers }  // most texts; shared rather than built each time
        var text = Inline([])
        var list: [TemplateValue] = []
        let numbered = notes.map { id in
            if !used.contains(id) { used.append(id) }
            return (id: id, number: used.firstIndex(of: id)! + 1)
        }
        for (id, number) in numbered.sorted(by: { $0.number < $1.number }) {
            references[id, default: 0] += 1
            while filled.count < number { filled.append((marker(filled.count + 1), noteId(filled.count + 1))) }
            text += list.isEmpty ? separator : between
            text += filled[number - 1].marker
            list.append(
                .object([
                    "label": .inline(filled[number - 1].marker), "note": .verbatim(filled[number - 1].note),
                    // Only the first marker of a note is a target: its note links back there.
                    "id": .verbatim(references[id]! == 1 ? referenceId(number, 1) : ""),
                ]))
        }
        return .object(["text": .inline(text), "list": .list(list)])
    }

    private static let noMarkers: TemplateValue = ["text": .inline(Inline([])), "list": .list([])]

    /// The notes used so far, by number, as the `footnotes` partials read them: each links back to its first marker.
    package func notes() -> TemplateValue {
        .list(
            used.enumerated().map { index, id in
                .object([
                    "marker": .inline(marker(index + 1)), "text": .inline(book.text(book.matrix.notes[id]!.text)),
                    "id": .verbatim(noteId(index + 1)), "backref": .verbatim(referenceId(index + 1, 1)),
                ])
            })
    }

    func noteId(_ number: Int) -> String { section.isEmpty ? "note-\(number)" : "\(section)-note-\(number)" }
    func referenceId(_ number: Int, _ occurrence: Int) -> String {
        section.isEmpty ? "ref-\(number)-\(occurrence)" : "\(section)-ref-\(number)-\(occurrence)"
    }

    package func marker(_ number: Int) -> Inline { book.fill(markerTemplate, ["number": .text(String(number))]) }
}

/// Stable anchors, made of spec ids only (lower-case, hyphenated, as hosts expect), so links survive rewording and
/// translation.
struct Anchors {
    // Worked out once, since every cell's anchor uses three of them.
    /// The payload keys as anchors spell them, in spec order.
    private let keys: [String]
    /// The setups as anchors spell them, in spec order.
    private let setups: [String]
    /// The app states as anchors spell them, in spec order.
    private let states: [String]

    package init(_ spec: Spec) {
        keys = spec.payloadKeys.map { Identifier.hyphenated($0.id) }
        setups = spec.setups.map { Identifier.hyphenated($0.id) }
        states = spec.appStates.map { Identifier.hyphenated($0.id) }
    }

    package func section(_ payload: Payload) -> String { Self.section(payload.setKeys(keys)) }

    /// A source's entry in a page's source list.
    package func source(_ id: String) -> String { "source-" + Identifier.hyphenated(id) }

    /// A cell's anchor: its setup and app state (by index), then its section's payload slug.
    package func cell(setup: Int, state: Int, section: String) -> String {
        "cell-\(setups[setup])-\(states[state])-\(section.dropFirst(Self.sectionPrefix.count))"
    }

    package static func section(_ payload: Payload, keys: [String]) -> String { section(payload.setKeys(keys).map(Identifier.hyphenated)) }

    private static let sectionPrefix = "payload-"

    private static func section(_ setKeys: [String]) -> String {
        sectionPrefix + (setKeys.isEmpty ? "none" : setKeys.joined(separator: "-"))
    }
}
