import PushMatrixModel
import PushMatrixSpec
import PushMatrixSupport

/// A wrapper's page: the matrix in the wrapper's events, setup by setup, where its code sees nothing (cells, taps and
/// conditions), and each rule with the lines of source it was read in.
extension DocsView {
    func wrapperPage(_ wrapper: Wrapper) -> TemplateValue {
        let name = book.name(wrapper.name)
        let commit = Inline.code(String(wrapper.commit.prefix(12)))
        let answers = wrapperAnswers[wrapper.id] ?? WrapperAnswers(matrix, wrapper)
        let taken = answers.taken
        let wrapped = answers.wrapped
        return common(page: OutputPlan.wrapperPage(wrapper.id), titled: book.phrase("wrapperPageTitle", ["wrapper": name])).merging([
            "intro": .inline(
                book.phrase(
                    "wrapperPageIntro",
                    [
                        "wrapper": name, "versions": .text(wrapper.package + " ") + book.text(wrapper.versions),
                        "language": .text(wrapper.language),
                    ])),
            "commitLink": .verbatim("\(wrapper.repository)/tree/\(wrapper.commit)"),
            "commit": .inline(commit), "delegate": .inline(book.text(wrapper.delegate)),
            "ownMessage": .inline(
                wrapper.ownMessageKey.map { book.phrase("wrapperOwnMessage", ["key": .code($0)]) } ?? book.phrase("wrapperEveryPush")),
            "hasSettled": .bool(!wrapper.settles.isEmpty),
            "settled": .list(
                wrapper.settles.map { id in
                    let condition = spec.conditions.first { $0.id == id.id }!
                    return .object(["name": .inline(book.name(condition.name)), "anchor": .verbatim(Anchors.condition(id.id))])
                }),
            "events": .list(
                wrapper.events.map { event in
                    .object([
                        "id": .inline(.code(event.id)), "api": .inline(.code(event.api)), "text": .inline(book.text(event.text)),
                        "stored": .bool(event.stored),
                    ])
                }),
            "appStates": .list(spec.appStates.map { .object(["name": .inline(book.name($0.name))]) }),
            "tables": .list(spec.setups.indices.map { wrapperTable($0, wrapper, wrapped) }),
            "silent": .list(silentLines(wrapped).map { .inline($0) }),
            "hasTaken": .bool(!taken.isEmpty),
            "taken": .list(
                taken.map { taken in
                    let condition = spec.conditions.first { $0.id == taken.condition }!
                    return .object([
                        "name": .inline(book.name(condition.name)), "anchor": .verbatim(Anchors.condition(taken.condition)),
                        "text": .inline(
                            book.phrase(
                                "wrapperTaken", ["events": apis(taken.events, of: wrapper), "cells": .text("\(taken.cells)")])),
                    ])
                }),
            "rules": .list(wrapper.rules.map { rule($0, of: wrapper) }),
            // The tables are the cells' calls in other words: they rest on the cells' sources.
            "sources": sources(spec.cells.flatMap { [$0.source.id] + $0.paths.map(\.source.id) }),
        ])
    }

    /// One setup's table: a row per payload combination, a column per app state, each cell its paths' events by place
    /// (`wrapped`, by the cell's place in the spec).
    private func wrapperTable(_ setup: Int, _ wrapper: Wrapper, _ wrapped: [[[WrappedPlace]]]) -> TemplateValue {
        // Few places and events recur across the cells: each line is worded once.
        var lines: [[String]: Inline] = [:]
        let rows = matrix.payloads.map { payload in
            let cells = spec.appStates.indices.map { state in
                let index = matrix.cellIndex(payload, setup: setup, state: state)
                // Paths the wrapper tells apart, each once; labelled only where there are several.
                let paths = wrapped[index].enumerated().map { number, places in (number: number, places: Self.told(places)) }
                    .uniqued { $0.places.map { $0.joined(separator: " ") }.joined(separator: "\n") }
                let all = spec.cells[index].allPaths
                return TemplateValue.object([
                    "paths": .list(
                        paths.map { path in
                            .object([
                                "label": .inline(paths.count > 1 ? book.pathLabel(path.number + 1, all[path.number]) : Inline([])),
                                "places": .list(
                                    path.places.map { place in
                                        let line = lines[place] ?? self.line(place)
                                        lines[place] = line
                                        return .inline(line)
                                    }),
                            ])
                        })
                ])
            }
            return TemplateValue.object(["payload": .inline(book.payload(payload)), "cells": .list(cells)])
        }
        return .object(["name": .inline(book.name(spec.setups[setup].name)), "rows": .list(rows)])
    }

    /// A path's places as the tables tell them, each as its place and event ids: each place with a call; for a path
    /// that makes none, one empty place, which `line` words as the `ignored` phrase.
    private static func told(_ places: [WrappedPlace]) -> [[String]] {
        let told = places.filter { !$0.calls.isEmpty }.map { [$0.place] + $0.events }
        return told.isEmpty ? [[]] : told
    }

    /// A place's line (`on arrival: onMessage`, by event id), or `nothing` where its calls reach no event; the
    /// `ignored` phrase for a path without calls (`[]`).
    private func line(_ place: [String]) -> Inline {
        guard let at = place.first else { return book.phrase("ignored") }
        let name = at == "delivery" ? book.phrase("arrival") : book.name(matrix.taps[at]!.name)
        // Cells name events by id, which the list of events gives with its full name: the tables stay short.
        let events = place.count == 1 ? book.phrase("wrapperNothing") : book.join(place.dropFirst().map(Inline.code), with: "callSeparator")
        return book.phrase("choiceItem", ["tap": name, "calls": events])
    }

    /// The events' names as the app's code writes them.
    private func apis(_ events: [String], of wrapper: Wrapper) -> Inline {
        let names = events.map { id in Inline.code(wrapper.events.first { $0.id == id }!.api) }
        return book.join(names, with: "callSeparator")
    }

    /// Where the wrapper hands the app's code nothing on arrival (on every path of the cell): by app state, the setups
    /// with the same payloads, and those payloads.
    private func silentLines(_ wrapped: [[[WrappedPlace]]]) -> [Inline] {
        let silent = spec.cells.indices.filter { index in
            wrapped[index].allSatisfy { places in places.first { $0.place == "delivery" }?.events.isEmpty != false }
        }.map { spec.cells[$0] }
        let bySetup = silent.grouped { [$0.appState.id, $0.setup.id] }.map { key, cells in
            (state: key[0], setup: key[1], payloads: cells.map { matrix.payload(of: $0) })
        }
        let all = matrix.payloads.count
        return spec.appStates.flatMap { state in
            bySetup.filter { $0.state == state.id }.grouped { $0.payloads }.map { payloads, setups in
                let names = setups.map { book.name(matrix.setups[$0.setup]!.name) }
                return book.phrase(
                    "wrapperSilent",
                    [
                        "appState": book.name(state.name), "setups": book.list(names, lastSeparator: "tapSeparator"),
                        "payloads": payloads.count == all ? book.phrase("wrapperAnyPayload") : book.condition(payloads),
                    ])
            }
        }
    }

    /// A rule as the page lists it: its call, its events, what the code does, and a link to its lines at the commit.
    private func rule(_ rule: Wrapper.Rule, of wrapper: Wrapper) -> TemplateValue {
        let handler = book.name(matrix.handlers[rule.handler.id]!.name)
        let commit = rule.commit ?? wrapper.commit
        let first = rule.lines.prefix { $0 != "," }
        let link = "\(wrapper.repository)/blob/\(commit)/\(rule.file)#L" + first.replacing("-", with: "-L")
        let details = book.wrapperDetails(rule)
        return .object([
            "id": .verbatim(rule.id), "handler": .inline(handler),
            "events": .inline(rule.events.isEmpty ? book.phrase("wrapperNothing") : apis(rule.events.map(\.id), of: wrapper)),
            "says": .inline(book.text(rule.says)), "cited": .inline(details[0]), "link": .verbatim(link),
            "details": .list(details.dropFirst().map { .inline($0) }),
        ])
    }
}

extension Array {
    /// The elements in order, each once by `key`.
    func uniqued(by key: (Element) -> String) -> [Element] {
        var seen = Set<String>()
        return filter { seen.insert(key($0)).inserted }
    }
}
