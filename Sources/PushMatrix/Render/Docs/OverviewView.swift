/// The matrix at a glance: a row per payload combination, a column per (init API, app state);
/// each cell shows its calls as chips coloured by handler and labelled with the state.
extension DocsView {
    /// Colours are assigned by handler position, from a palette the stylesheet defines.
    static let paletteSize = 6

    func overview() -> TemplateValue {
        let payloads = matrix.payloads
        let chips = Chips()
        return .object([
            "apis": .list(spec.initAPIs.map { .object(["name": .inline(book.name($0.name)), "span": .verbatim(String(spec.appStates.count))]) }),
            "states": .list(spec.initAPIs.flatMap { _ in spec.appStates.map { .object(["name": .inline(book.name($0.name))]) } }),
            "rows": .lazyList(lists.list(count: payloads.count, shared: false) { row in
                let payload = payloads[row], section = anchors.section(payload)
                return .object([
                    "title": .inline(book.payload(payload)),
                    "href": .verbatim(section),
                    "cells": .list(spec.initAPIs.indices.flatMap { api in
                        spec.appStates.indices.map { state in overviewCell(matrix.cell(payload, api: api, state: state), href: anchors.cell(api: api, state: state, section: section), chips) }
                    }),
                ])
            }),
            // Handlers without a state (the launch) show as a badge, so only the others need a colour.
            "legend": .list(spec.handlers.filter(\.hasState).map { handler in
                .object(["color": .verbatim(color(handler.id)), "name": .inline(book.name(handler.name))])
            }),
        ])
    }

    private func overviewCell(_ cell: Cell, href: String, _ chips: Chips) -> TemplateValue {
        let chip = { (call: Call) in chips.chip(call) { self.chip(call) } }
        return .object([
            "href": .verbatim(href),
            "ignored": .bool(cell.ignored),
            "delivery": .list(cell.onDelivery.map(chip)),
            "notificationCenter": .bool(cell.notificationCenter),
            "taps": .list(spec.taps.compactMap { tap in
                cell.taps.first { $0.tap.id == tap.id }.map { .object(["name": .inline(book.name(tap.name)), "calls": .list($0.calls.map(chip))]) }
            }),
        ])
    }

    /// Chips by handler and state, made once: every row of a large matrix shows the same few.
    private final class Chips {
        private struct Key: Hashable { let handler: String, state: String? }
        private var made: [Key: TemplateValue] = [:]

        func chip(_ call: Call, _ make: () -> TemplateValue) -> TemplateValue {
            let key = Key(handler: call.handler.id, state: call.state?.id)
            if let known = made[key] { return known }
            made[key] = make()
            return made[key]!
        }
    }

    private func chip(_ call: Call) -> TemplateValue {
        let handler = matrix.handlers[call.handler.id]!
        return .object([
            "color": .verbatim(color(handler.id)),
            "handler": .inline(book.name(handler.name)),
            "launch": .bool(handler.launchesApp),
            "state": .inline(call.state.flatMap { matrix.handlerStates[$0.id] }.map { .code($0.swift) } ?? Inline([])),
        ])
    }

    private func color(_ handler: String) -> String {
        "h\((spec.handlers.firstIndex { $0.id == handler } ?? 0) % Self.paletteSize)"
    }
}
