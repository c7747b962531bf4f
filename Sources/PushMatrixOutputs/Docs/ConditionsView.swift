import PushMatrixModel
import PushMatrixSpec

/// The page of conditions: each with what it is, how to set it, the cells it selects, what its sources saw and why it
/// goes beyond them, how many cells and paths it changes, and its sources.
extension DocsView {
    package func conditions() -> TemplateValue {
        let extrapolated = spec.conditions.filter(\.extrapolated).count
        let counts: KeyValuePairs<String, Inline> = ["extrapolated": .text("\(extrapolated)"), "count": .text("\(spec.conditions.count)")]
        return common(page: "conditions", title: "conditionsTitle").merging([
            "intro": .inline(Self.spans(text("conditionsIntro"))),
            "extrapolatedCount": .inline(extrapolated == 0 ? Inline([]) : book.phrase("conditionsExtrapolatedCount", counts)),
            "conditions": .list(
                spec.conditions.enumerated().map { number, condition in
                    let changes = conditionChanges.compactMap { $0.first { $0.condition == condition.id }?.paths }
                    return conditionFields(number, condition).merging([
                        "howToSet": .inline(Self.spans(book.text(condition.howToSet))),
                        "selects": .inline(book.selection(condition.appliesTo)),
                        "saw": .inline(condition.saw.map(scope) ?? Inline([])),
                        "beyond": .inline(condition.reasonBeyond.map { Self.spans(book.text($0)) } ?? Inline([])),
                        "count": .inline(
                            book.phrase("conditionCount", ["cells": .text("\(changes.count)"), "paths": .text("\(changes.reduce(0, +))")])),
                        "sources": sources(condition.sources.map(\.id)),
                    ])
                }),
            "sources": sources(spec.conditions.flatMap { $0.sources.map(\.id) }),
        ])
    }

    /// What a condition's sources saw, in words: the cells, the taps when not every one, and where, when stated.
    private func scope(_ saw: Scope) -> Inline {
        let taps = (saw.taps ?? []).map { tap in book.name(spec.taps.first { $0.id == tap.id }!.name) }
        let place = ["device": "runsOnDevice", "simulator": "runsOnSimulator", "both": "runsOnBoth"][saw.runsOn].map(text)
        let parts = [book.selection(saw.cells), book.list(taps, lastSeparator: "tapSeparator"), place ?? Inline([])]
        return book.join(parts.filter { !$0.segments.isEmpty }, with: "keySeparator")
    }

    /// A condition's short mark (C1), by its position in the spec: cells name their conditions by it.
    private func mark(_ number: Int) -> Inline { book.phrase("conditionMark", ["number": .text("\(number + 1)")]) }

    /// The conditions that change a cell, each with its mark, name and anchor, so a reader need not look the mark up.
    func cellConditions(_ index: Int) -> TemplateValue {
        let changes = conditionChanges.isEmpty ? [] : conditionChanges[index]
        return .list(
            changes.map { change in
                let number = spec.conditions.firstIndex { $0.id == change.condition }!
                return .object([
                    "mark": .inline(mark(number)), "name": .inline(book.name(spec.conditions[number].name)),
                    "anchor": .verbatim(Anchors.condition(change.condition)),
                ])
            })
    }

    /// Every condition with its mark and anchor, and what it is for the DocC article on the matrix.
    var conditionList: TemplateValue { .list(spec.conditions.enumerated().map { .object(conditionFields($0, $1)) }) }

    /// A condition's mark, anchor, name and text, which every list of conditions shows.
    private func conditionFields(_ number: Int, _ condition: Condition) -> TemplateFields {
        [
            "mark": .inline(mark(number)), "id": .verbatim(Anchors.condition(condition.id)),
            "name": .inline(book.name(condition.name)), "text": .inline(Self.spans(book.text(condition.text))),
        ]
    }
}

extension Anchors {
    /// A condition's anchor on the page of conditions.
    static func condition(_ id: String) -> String { "condition-" + Identifier.hyphenated(id) }
}
