import PushMatrixModel
import PushMatrixSpec

/// The matrix at a glance, on the explorer's page: a row per payload combination, a column per (setup, app state); each
/// cell shows its calls as chips coloured by handler and labelled with the state, and opens its answer; each row links
/// to its table.
extension DocsView {
    /// Colours are assigned by handler position, from a palette the stylesheet defines.
    static let paletteSize = 6

    package func overview() -> TemplateValue {
        let payloads = matrix.payloads
        let chips = Chips()
        return .object([
            "setups": .list(
                spec.setups.map { .object(["name": .inline(book.name($0.name)), "span": .verbatim(String(spec.appStates.count))]) }),
            "states": .list(spec.setups.flatMap { _ in spec.appStates.map { .object(["name": .inline(book.name($0.name))]) } }),
            "rows": .list(
                payloads.map { payload in
                    let keys = payload.setKeys(matrix.payloadKeyIds)
                    return .object([
                        "title": .inline(book.payload(payload)),
                        "href": .verbatim("reception-methods.html#" + anchors.section(payload)),
                        "cells": .list(
                            spec.setups.indices.flatMap { setup in
                                spec.appStates.indices.map { state in
                                    overviewCell(
                                        matrix.cellIndex(payload, setup: setup, state: state),
                                        choice: Anchors.explorer(
                                            keys: keys, setup: spec.setups[setup].id, appState: spec.appStates[state].id),
                                        chips)
                                }
                            }),
                    ])
                }),
            // The legend says what each badge stands for: the handlers the launch badge replaces, and the cell's shown
            // and ignored lines as the matrix page words them.
            "launchMeaning": .inline(
                book.list(spec.handlers.filter(\.launchesApp).map { book.name($0.name) }, lastSeparator: "tapSeparator")),
            "shownMeaning": .inline(book.phrase("notificationCenter")), "ignoredMeaning": .inline(book.phrase("ignored")),
            "nothing": .inline(book.phrase("nothing")),
            // Launching handlers show as a badge, so only the others need a colour.
            "legend": .list(
                spec.handlers.filter { !$0.launchesApp }.map { handler in
                    .object(["color": .verbatim(color(handler.id)), "name": .inline(book.name(handler.name))])
                }),
        ])
    }

    /// The cell at `index` in the spec, whose link carries `choice`, the explorer fragment of its answer.
    private func overviewCell(_ index: Int, choice: String, _ chips: Chips) -> TemplateValue {
        let ignored = spec.cells[index].ignored
        let unobserved = isUnobserved(spec.cells[index])
        return .object(
            cellSource(spec.cells[index]).merging([
                "choice": .text(choice), "ignored": .bool(ignored),
                "cellClass": .verbatim(
                    [ignored ? "ignored" : "", unobserved ? "unobserved" : ""].filter { !$0.isEmpty }.joined(separator: " ")),
                "multiPath": .bool(!spec.cells[index].paths.isEmpty),
                "pathCount": .inline(
                    spec.cells[index].paths.isEmpty
                        ? Inline([]) : book.phrase("pathCount", ["count": .text(String(spec.cells[index].paths.count + 1))])),
                "delivery": .list(spec.cells[index].onDelivery.map { chip($0, chips) }),
                "notificationCenter": .bool(spec.cells[index].notificationCenter),
                "taps": .list(
                    spec.taps.compactMap { tap in
                        spec.cells[index].taps.first { $0.tap.id == tap.id }.map {
                            .object(["name": .inline(book.name(tap.name)), "calls": .list($0.calls.map { chip($0, chips) })])
                        }
                    }),
            ]) as TemplateFields)
    }

    /// Chips by handler and state (`handler/state`), made once: every row of a large matrix shows the same few.
    private final class Chips { var made: [String: TemplateValue] = [:] }

    /// The chip of a call, made once per handler and state.
    private func chip(_ call: Call, _ chips: Chips) -> TemplateValue {
        let key = call.handler.id + "/" + (call.state?.id ?? "")
        if let known = chips.made[key] { return known }
        let handler = matrix.handlers[call.handler.id]!
        let chip: TemplateValue = .object([
            "color": .verbatim(color(handler.id)), "handler": .inline(book.name(handler.name)), "launch": .bool(handler.launchesApp),
            // A call without a state (a service extension, a scene connection) shows its handler's name.
            "state": .inline(call.state.flatMap { matrix.handlerStates[$0.id] }.map { .code($0.swift) } ?? book.name(handler.name)),
        ])
        chips.made[key] = chip
        return chip
    }

    private func color(_ handler: String) -> String { "h\((spec.handlers.firstIndex { $0.id == handler } ?? 0) % Self.paletteSize)" }
}
