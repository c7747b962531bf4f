/// Builds the view model the documentation templates read: every text already in the page's
/// language, cells already told as steps, footnotes already numbered.
struct DocsView {
    let book: Phrasebook
    var matrix: Matrix { book.matrix }
    var spec: Spec { matrix.spec }

    func page() -> TemplateValue {
        .object([
            "language": .verbatim(book.language),
            "texts": .object(spec.texts.mapValues { .inline(book.text($0)) }),
            "otherLanguages": .list(spec.languages.filter { $0.id != book.language }.map { language in
                .object(["name": .text(language.name), "id": .verbatim(language.id)])
            }),
            "sources": .list(spec.sources.filter { usedSources.contains($0.id) }.map(source)),
            "initAPIs": .list(spec.initAPIs.map { api in
                .object(["name": .inline(book.name(api.name)), "className": .inline(.code(api.className)),
                         "platforms": .text(api.platforms), "description": .inline(book.text(api.description))])
            }),
            "handlers": .list(spec.handlers.map(handler)),
            "appStates": .list(spec.appStates.map { state in
                .object(["name": .inline(book.name(state.name)), "description": .inline(book.text(state.description))])
            }),
            "handlerStates": .list(spec.handlerStates.map { state in
                .object(["swift": .inline(.code(state.swift)), "objc": .inline(.code(state.objc)), "description": .inline(book.text(state.description))])
            }),
            "designCases": .list(spec.designCases.map(designCase)),
            "sections": .list(Combination.payloads(matrix.payloadKeyIds).map(section)),
        ])
    }

    /// Sources of the page's cells and of the notes they use; the spec's other facts have pages of their own.
    private var usedSources: Set<String> {
        let notes = spec.cells.flatMap(matrix.noteIds(of:))
        return Set(spec.cells.map(\.source.id) + notes.compactMap { matrix.notes[$0]?.source.id })
    }

    private func source(_ source: Source) -> TemplateValue {
        .object(["title": .inline(book.text(source.title)), "caveat": .inline(book.text(source.caveat)), "platforms": .text(source.platforms)])
    }

    private func handler(_ handler: Handler) -> TemplateValue {
        .object([
            "name": .inline(book.name(handler.name)),
            "description": .inline(book.text(handler.description)),
            "methods": .list(methodGroups(handler).map { apis, method in
                let label = apis.count == spec.initAPIs.count ? Inline([])
                    : book.phrase("methodLabel", ["apis": book.list(apis.map { book.name($0.name) }, lastSeparator: "tapSeparator")])
                return .object(["label": .inline(label), "swift": .inline(.code(method.swift)), "objc": .inline(.code(method.objc))])
            }),
        ])
    }

    /// Init APIs that share the same method, told once (with no label when all do).
    private func methodGroups(_ handler: Handler) -> [(apis: [InitAPI], method: MethodName)] {
        var groups: [(apis: [InitAPI], method: MethodName)] = []
        for api in spec.initAPIs {
            guard let method = handler.methods.first(where: { $0.api.id == api.id }) else { continue }
            if let index = groups.firstIndex(where: { $0.method.swift == method.swift && $0.method.objc == method.objc }) {
                groups[index].apis.append(api)
            } else {
                groups.append(([api], method))
            }
        }
        return groups
    }

    private func designCase(_ designCase: DesignCase) -> TemplateValue {
        let flags = Dictionary(designCase.cell.payload.map { ($0.key.id, $0.value) }, uniquingKeysWith: { a, _ in a })
        let cell = matrix.cell(payload: flags, api: designCase.cell.api.id, appState: designCase.cell.appState.id)
        return .object([
            "title": .inline(book.text(designCase.title)),
            "text": .inline(book.text(designCase.text)),
            "cellName": .inline(cellName(cell)),
            "href": .verbatim(Anchors.cell(cell, keys: matrix.payloadKeyIds)),
            "steps": .list(steps(of: cell).map { step in
                .object(["text": .inline(step.text), "items": .list(step.items.map { .object(["text": .inline($0.text)]) })])
            }),
        ])
    }

    private func cellName(_ cell: Cell) -> Inline {
        book.phrase("cellReference", [
            "api": book.name(matrix.initAPIs[cell.api.id]!.name),
            "appState": book.name(matrix.appStates[cell.appState.id]!.name),
            "payload": book.payload(Matrix.flags(cell)),
        ])
    }

    func steps(of cell: Cell) -> [Step] {
        book.steps(onDelivery: cell.onDelivery, notificationCenter: cell.notificationCenter,
                   taps: spec.taps.compactMap { tap in cell.taps.first { $0.tap.id == tap.id }.map { (tap.id, $0.calls) } })
    }

    /// One payload combination: its table (a row per init API, a column per app state) and its
    /// footnotes, numbered in order of first appearance, column notes first.
    private func section(_ payload: [String: Bool]) -> TemplateValue {
        var footnotes = Footnotes(book: book)
        let headers: [TemplateValue] = spec.appStates.map { state in
            .object(["name": .inline(book.name(state.name)), "markers": footnotes.markers(state.notes.map(\.id))])
        }
        var sources: [String] = []
        let rows: [TemplateValue] = spec.initAPIs.map { api in
            .object([
                "api": .inline(book.name(api.name)),
                "cells": .list(spec.appStates.map { state in
                    let cell = matrix.cell(payload: payload, api: api.id, appState: state.id)
                    sources.append(cell.source.id)
                    let steps = steps(of: cell)
                    return .object([
                        "id": .verbatim(Anchors.cell(cell, keys: matrix.payloadKeyIds)),
                        "numbered": .bool(steps.count > 1),
                        "steps": .list(steps.map { step in
                            .object([
                                "text": .inline(step.text),
                                "markers": footnotes.markers(step.notes),
                                "items": .list(step.items.map { .object(["text": .inline($0.text), "markers": footnotes.markers($0.notes)]) }),
                            ])
                        }),
                        "cellMarkers": footnotes.markers(cell.notes.map(\.id)),
                    ])
                }),
            ])
        }
        sources += footnotes.used.map { matrix.notes[$0]!.source.id }
        var seen = Set<String>()
        return .object([
            "id": .verbatim(Anchors.section(payload, keys: matrix.payloadKeyIds)),
            "title": .inline(book.payload(payload)),
            "stateHeaders": .list(headers),
            "rows": .list(rows),
            "footnotes": .list(footnotes.used.enumerated().map { index, id in
                .object(["marker": .inline(footnotes.marker(index + 1)), "text": .inline(book.text(matrix.notes[id]!.text))])
            }),
            "sources": .list(sources.filter { seen.insert($0).inserted }.map { source(matrix.sources[$0]!) }),
        ])
    }
}

/// Per-section footnote numbering: a note gets the next number the first time it appears.
struct Footnotes {
    let book: Phrasebook
    private(set) var used: [String] = []

    init(book: Phrasebook) { self.book = book }

    /// The markers to put after a text, each preceded by the language's separator.
    mutating func markers(_ notes: [String]) -> TemplateValue {
        let separator = book.phrase("markerSeparator")
        return .inline(notes.reduce(Inline([])) { text, id in
            let number = (used.firstIndex(of: id) ?? { used.append(id); return used.count - 1 }()) + 1
            return text + separator + marker(number)
        })
    }

    func marker(_ number: Int) -> Inline {
        let template = book.matrix.spec.languages.first { $0.id == book.language }?.footnoteMarker ?? "{{number}}"
        return book.fill(template, ["number": .text(String(number))])
    }
}

/// Stable anchors, made of spec ids only (lower-case, hyphenated, as hosts expect), so links
/// survive rewording and translation.
enum Anchors {
    static func payloadSlug(_ payload: [String: Bool], keys: [String]) -> String {
        let set = keys.filter { payload[$0] == true }.map(Identifier.hyphenated)
        return set.isEmpty ? "none" : set.joined(separator: "-")
    }


    static func section(_ payload: [String: Bool], keys: [String]) -> String {
        "payload-" + payloadSlug(payload, keys: keys)
    }

    static func cell(_ cell: Cell, keys: [String]) -> String {
        "cell-\(Identifier.hyphenated(cell.api.id))-\(Identifier.hyphenated(cell.appState.id))-" + payloadSlug(Matrix.flags(cell), keys: keys)
    }
}
