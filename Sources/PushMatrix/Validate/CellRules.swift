/// Checks the cells against the declared dimensions: one cell per combination, and the domain
/// rules every field-tested cell obeys. The rules use the roles the spec declares
/// (`makesVisible`, `running`, `launchesApp`, `hasState`, `requires`), never particular ids.
struct CellRules {
    let spec: Spec
    let sink: DiagnosticSink

    func check() {
        let keys = spec.payloadKeys.map(\.id)
        let keyIndex = Matrix.positions(keys), apiIndex = Matrix.positions(spec.initAPIs.map(\.id))
        let stateIndex = Matrix.positions(spec.appStates.map(\.id))
        let apis = spec.initAPIs.count, states = spec.appStates.count
        // Coverage needs a cell per combination; past the cell limit it cannot hold, and
        // enumerating 2^keys combinations would never end.
        let coverable = keys.count <= 16 && (1 << keys.count) * apis * states <= SpecLoader.maxCells
        if !coverable {
            sink.error(
                spec.cells.first?.origin.location ?? SourceLocation(line: 1, column: 1), "payloadKeys",
                "\(keys.count) payload keys, \(apis) init APIs and \(states) app states need more cells than the limit of \(SpecLoader.maxCells)"
            )
        }
        var firstCell = [Int](repeating: -1, count: coverable ? (1 << keys.count) * apis * states : 0)
        for index in spec.cells.indices where coverable {
            let payload = Payload(spec.cells[index].payload, keys: keys, keyIndex: keyIndex)
            if let api = apiIndex[spec.cells[index].api.id], let state = stateIndex[spec.cells[index].appState.id] {
                let slot = Matrix.slot(payload, api, state, apis: apis, states: states)
                if firstCell[slot] >= 0 {
                    sink.error(
                        spec.cells[index].origin,
                        "duplicate cell: cells[\(firstCell[slot])] already covers this payload, init API and app state")
                } else {
                    firstCell[slot] = index
                }
            }
        }
        let rules = CellRules(spec: spec, sink: sink)
        for cell in spec.cells {
            let payload = Payload(cell.payload, keys: keys, keyIndex: keyIndex)
            rules.rules(cell, isSet: { keyIndex[$0].map(payload.isSet) ?? false })
        }
        guard coverable else { return }
        let cellsLocation = spec.cells.first?.origin.location ?? SourceLocation(line: 1, column: 1)
        for payload in Payload.all(count: keys.count) {
            for api in 0..<apis {
                for state in 0..<states where firstCell[Matrix.slot(payload, api, state, apis: apis, states: states)] < 0 {
                    let missing = Combination(
                        payload: payload.flags(keys), api: spec.initAPIs[api].id, appState: spec.appStates[state].id, keys: keys)
                    sink.error(cellsLocation, "cells", "missing cell for \(missing.description)")
                }
            }
        }
    }

    /// `isSet` tells whether the cell's payload sets a key, by id.
    private func rules(_ cell: Cell, isSet: (String) -> Bool) {
        guard let appState = spec.appStates.first(where: { $0.id == cell.appState.id }) else { return }
        let visible = spec.payloadKeys.contains { $0.makesVisible && isSet($0.id) }
        if cell.notificationCenter && !visible {
            let names = spec.payloadKeys.filter(\.makesVisible).map(\.id).joined(separator: ", ")
            sink.error(cell.origin, "notificationCenter is true, but no key that makes a notification visible (\(names)) is set")
        }
        if !appState.running, let first = cell.onDelivery.first {
            sink.error(first.origin, "app state '\(appState.id)' has no running app, so no handler can be called on delivery")
        }
        if cell.ignored != (cell.onDelivery.isEmpty && !cell.notificationCenter) {
            sink.error(
                cell.origin,
                cell.ignored
                    ? "ignored is true, but the cell calls a handler or shows the notification"
                    : "ignored is false, but the cell calls no handler and shows nothing")
        }
        cell.onDelivery.forEach { check($0, position: 0, inTap: false, running: appState.running) }
        noRepeats(cell.onDelivery, columnNotes: appState.notes)
        cell.taps.forEach { noRepeats($0.calls, columnNotes: appState.notes) }
        let tapped = Set(cell.taps.map(\.tap.id))
        for tap in spec.taps {
            let possible = cell.notificationCenter && tap.requires.allSatisfy { isSet($0.id) }
            if possible && !tapped.contains(tap.id) {
                sink.error(cell.origin, "missing tap '\(tap.id)': the notification is in Notification Center and the payload allows it")
            }
        }
        for (tap, calls) in cell.taps {
            guard let declared = spec.taps.first(where: { $0.id == tap.id }) else { continue }
            if !cell.notificationCenter {
                sink.error(tap.origin, "tap '\(tap.id)' is impossible: the notification is not in Notification Center")
            } else if let needed = declared.requires.first(where: { !isSet($0.id) }) {
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
            sink.error(
                call.handler.origin,
                "a tap on an app that is not running starts it: the first call must be a launching handler (\(launchers))")
        } else if handler.launchesApp && !mustLaunch {
            sink.error(
                call.handler.origin,
                "handler '\(handler.id)' launches the app, so it can only be the first call of a tap on an app that is not running")
        }
        var seen = Set<String>()
        for note in call.notes {
            if !seen.insert(note.id).inserted { sink.error(note.origin, "note '\(note.id)' given twice") }
            if let fallback = spec.notes.first(where: { $0.id == note.id })?.whenMissing, fallback.handler.id != handler.id {
                sink.error(
                    note.origin,
                    "note '\(note.id)' is about a missing '\(fallback.handler.id)' handler but is attached to a call of '\(handler.id)'")
            }
        }
    }
}
