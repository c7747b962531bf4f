/// Checks the cells against the declared dimensions: one cell per combination, and the domain
/// rules every field-tested cell obeys. The rules use the roles the spec declares
/// (`makesVisible`, `running`, `launchesApp`, `hasState`, `requires`), never particular ids.
struct CellRules {
    let spec: Spec
    let sink: DiagnosticSink

    func check() {
        let keys = spec.payloadKeys.map(\.id)
        var firstCell: [String: Int] = [:]
        for (index, cell) in spec.cells.enumerated() {
            let payload = Dictionary(cell.payload.map { ($0.key.id, $0.value) }, uniquingKeysWith: { a, _ in a })
            let key = Combination.key(payload: payload, keys: keys, api: cell.api.id, appState: cell.appState.id)
            if let earlier = firstCell[key] {
                sink.error(cell.origin, "duplicate cell: cells[\(earlier)] already covers this payload, init API and app state")
            } else {
                firstCell[key] = index
            }
            rules(cell, payload: payload)
        }
        let cellsLocation = spec.cells.first?.origin.location ?? SourceLocation(line: 1, column: 1)
        for combination in Combination.all(spec) where firstCell[combination.key] == nil {
            sink.error(cellsLocation, "cells", "missing cell for \(combination.description)")
        }
    }

    private func rules(_ cell: Cell, payload: [String: Bool]) {
        guard let appState = spec.appStates.first(where: { $0.id == cell.appState.id }) else { return }
        let visible = spec.payloadKeys.contains { $0.makesVisible && payload[$0.id] == true }
        if cell.notificationCenter && !visible {
            let names = spec.payloadKeys.filter(\.makesVisible).map(\.id).joined(separator: ", ")
            sink.error(cell.origin, "notificationCenter is true, but no key that makes a notification visible (\(names)) is set")
        }
        if !appState.running, let first = cell.onDelivery.first {
            sink.error(first.origin, "app state '\(appState.id)' has no running app, so no handler can be called on delivery")
        }
        if cell.ignored != (cell.onDelivery.isEmpty && !cell.notificationCenter) {
            sink.error(cell.origin, cell.ignored
                ? "ignored is true, but the cell calls a handler or shows the notification"
                : "ignored is false, but the cell calls no handler and shows nothing")
        }
        cell.onDelivery.forEach { check($0, position: 0, inTap: false, running: appState.running) }
        noRepeats(cell.onDelivery, columnNotes: appState.notes)
        cell.taps.forEach { noRepeats($0.calls, columnNotes: appState.notes) }
        let tapped = Set(cell.taps.map(\.tap.id))
        for tap in spec.taps {
            let possible = cell.notificationCenter && tap.requires.allSatisfy { payload[$0.id] == true }
            if possible && !tapped.contains(tap.id) {
                sink.error(cell.origin, "missing tap '\(tap.id)': the notification is in Notification Center and the payload allows it")
            }
        }
        for (tap, calls) in cell.taps {
            guard let declared = spec.taps.first(where: { $0.id == tap.id }) else { continue }
            if !cell.notificationCenter {
                sink.error(tap.origin, "tap '\(tap.id)' is impossible: the notification is not in Notification Center")
            } else if let needed = declared.requires.first(where: { payload[$0.id] != true }) {
                sink.error(tap.origin, "tap '\(tap.id)' needs payload key '\(needed.id)' to be set")
            }
            if calls.isEmpty { sink.error(tap.origin, "a tap must call at least one handler") }
            for (position, call) in calls.enumerated() { check(call, position: position, inTap: true, running: appState.running) }
        }
    }

    /// The same call twice in a row of calls, or a column's note again on a call, would only
    /// repeat a step or a marker in the docs.
    private func noRepeats(_ calls: [Call], columnNotes: [Reference]) {
        var seen = Set<String>()
        for call in calls {
            if !seen.insert("\(call.handler.id)|\(call.state?.id ?? "")").inserted {
                sink.error(call.origin, "the same call is listed twice")
            }
            for note in call.notes where columnNotes.contains(where: { $0.id == note.id }) {
                sink.error(note.origin, "note '\(note.id)' already applies to the whole column")
            }
        }
    }

    /// Rules for one call: state only where the handler has one; a handler that launches the app
    /// comes first in each tap on an app that is not running, and nowhere else.
    private func check(_ call: Call, position: Int, inTap: Bool, running: Bool) {
        guard let handler = spec.handlers.first(where: { $0.id == call.handler.id }) else { return }
        if handler.hasState && call.state == nil {
            sink.error(call.origin, "handler '\(handler.id)' runs with a state: add \"state\"")
        } else if !handler.hasState, let state = call.state {
            sink.error(state.origin, "handler '\(handler.id)' runs before the app has a state: remove \"state\"")
        }
        let mustLaunch = inTap && !running && position == 0
        if mustLaunch && !handler.launchesApp {
            let launchers = spec.handlers.filter(\.launchesApp).map(\.id).joined(separator: ", ")
            sink.error(call.handler.origin, "a tap on an app that is not running starts it: the first call must be a launching handler (\(launchers))")
        } else if handler.launchesApp && !mustLaunch {
            sink.error(call.handler.origin, "handler '\(handler.id)' launches the app, so it can only be the first call of a tap on an app that is not running")
        }
        var seen = Set<String>()
        for note in call.notes {
            if !seen.insert(note.id).inserted { sink.error(note.origin, "note '\(note.id)' given twice") }
            if let fallback = spec.notes.first(where: { $0.id == note.id })?.whenMissing, fallback.handler.id != handler.id {
                sink.error(note.origin, "note '\(note.id)' is about a missing '\(fallback.handler.id)' handler but is attached to a call of '\(handler.id)'")
            }
        }
    }
}
