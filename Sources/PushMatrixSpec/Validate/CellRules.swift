import PushMatrixSupport

/// Checks the cells against the dimensions: one cell per combination, and the domain rules every cell obeys, by the
/// roles the spec declares (`makesVisible`, `running`, `launchesInBackground`, `launchesApp`, `hasState`, `process`,
/// `opensApp`, `requires`, `mattersOnlyIn`), never particular ids.
struct CellRules {
    package let spec: Spec
    let sink: DiagnosticSink

    /// Checks the cells through `index`, made from the same spec.
    package func check(_ index: CellIndex) {
        let keys = spec.payloadKeys.map(\.id)
        let keyIndex = index.keyIndex
        let cellsLocation = spec.cells.first?.origin.location ?? SourceLocation(line: 1, column: 1)
        if !index.coverable {
            sink.error(
                cellsLocation, "payloadKeys",
                "\(keys.count) payload keys, \(index.setups) \(spec.naming.words)s and \(index.states) app states need a cell for each of "
                    + (index.combinations == .max ? "more than \(Int.max)" : "\(index.combinations)")
                    + " combinations; the spec has \(spec.cells.count) cells")
        }
        for (cell, earlier) in index.repeats {
            sink.error(
                spec.cells[cell].origin,
                "duplicate cell: cells[\(earlier)] already covers this payload, \(spec.naming.words) and app state")
        }
        let duties = Set(spec.notes.filter { $0.duty != nil }.map(\.id))
        for note in (spec.appStates.flatMap(\.notes) + spec.cells.flatMap(\.notes)) where duties.contains(note.id) {
            sink.error(note.origin, "note '\(note.id)' states a duty on a call: attach it to that call, not to a cell or a column")
        }
        for cell in spec.cells {
            let payload = Payload(cell.payload, keys: keys, keyIndex: keyIndex)
            rules(cell, isSet: { keyIndex[$0].map(payload.isSet) ?? false })
        }
        guard index.coverable else { return }
        sameWithoutUnneededKeys(index)
        for payload in Payload.all(count: keys.count) {
            for setup in 0..<index.setups {
                for state in 0..<index.states where index.cell(payload, setup, state) < 0 {
                    let flags = keys.indices.map { "\(keys[$0]): \(payload.isSet($0))" }.joined(separator: ", ")
                    let cell = "\(spec.naming.words) '\(spec.setups[setup].id)', app state '\(spec.appStates[state].id)'"
                    sink.error(cellsLocation, "cells", "missing cell for payload {\(flags)}, \(cell)")
                }
            }
        }
    }

    /// `isSet` tells whether the cell's payload sets a key, by id.
    private func rules(_ cell: Cell, isSet: (String) -> Bool) {
        guard let appState = spec.appStates.first(where: { $0.id == cell.appState.id }) else { return }
        // A spec with no key that makes a notification visible shows something else there (a call screen).
        let visible = spec.payloadKeys.contains { $0.makesVisible && isSet($0.id) } || !spec.payloadKeys.contains(where: \.makesVisible)
        if cell.notificationCenter && !visible {
            let names = spec.payloadKeys.filter(\.makesVisible).map(\.id).joined(separator: ", ")
            sink.error(cell.origin, "notificationCenter is true, but no key that makes a notification visible (\(names)) is set")
        }
        if cell.ignored != (cell.onDelivery.isEmpty && !cell.notificationCenter) {
            sink.error(
                cell.origin,
                cell.ignored
                    ? "ignored is true, but the cell calls a handler or shows the notification"
                    : "ignored is false, but the cell calls no handler and shows nothing")
        }
        let tapped = Set(cell.taps.map(\.tap.id))
        for tap in spec.taps
        where tap.touchesNotification && cell.notificationCenter && tap.requires.allSatisfy({ isSet($0.id) }) && !tapped.contains(tap.id) {
            sink.error(cell.origin, "missing tap '\(tap.id)': the notification is in Notification Center and the payload allows it")
        }
        for (tap, _) in cell.taps {
            guard let declared = spec.taps.first(where: { $0.id == tap.id }) else { continue }
            if !cell.notificationCenter && declared.touchesNotification {
                sink.error(tap.origin, "tap '\(tap.id)' is impossible: the notification is not in Notification Center")
            } else if let needed = declared.requires.first(where: { !isSet($0.id) }) {
                sink.error(tap.origin, "tap '\(tap.id)' needs payload key '\(needed.id)' to be set")
            }
        }
        let paths = cell.allPaths
        for (number, path) in paths.enumerated() {
            calls(path, appState: appState, repeatsAllowed: number > 0)
            let signature = signature(path)
            if let earlier = paths[..<number].firstIndex(where: { self.signature($0) == signature }) {
                sink.error(path.origin, "duplicate path: it takes the same calls as path \(earlier + 1) of this cell")
            }
        }
    }

    /// The rules for the calls of one path; a later path may repeat a call (iOS 18.0's doubled presentation is what
    /// such a path is for).
    private func calls(_ path: Cell, appState: AppState, repeatsAllowed: Bool) {
        if !appState.running && !appState.launchesInBackground, let first = path.onDelivery.first(where: { !inExtension($0) }) {
            sink.error(first.origin, "app state '\(appState.id)' has no running app, so no handler can be called on delivery")
        }
        // The system may start the app for the push: then a launch may be its first call there.
        let firstInApp = appState.launchesInBackground ? path.onDelivery.firstIndex { !inExtension($0) } : nil
        for (position, call) in path.onDelivery.enumerated() {
            check(call, position: position, tap: nil, running: appState.running, setup: path.setup.id, launchesHere: position == firstInApp)
        }
        noRepeats(path.onDelivery, columnNotes: appState.notes, allowed: repeatsAllowed)
        // An app the system started in the background on arrival may still run at the tap.
        let startedOnArrival = !appState.running && path.onDelivery.contains { !inExtension($0) }
        for (tap, calls) in path.taps {
            noRepeats(calls, columnNotes: appState.notes, allowed: repeatsAllowed)
            guard let declared = spec.taps.first(where: { $0.id == tap.id }) else { continue }
            if !declared.touchesNotification {
                if let call = calls.first(where: \.bringsNotification) {
                    sink.error(call.origin, "tap '\(tap.id)' leaves the notification alone: add \"withoutNotification\": true")
                }
            } else if calls.isEmpty {
                sink.error(tap.origin, "a tap must call at least one handler")
            } else if !calls.contains(where: { $0.bringsNotification }) {
                sink.error(tap.origin, "tap '\(tap.id)': no call brings the notification, so nothing can answer the tap")
            }
            for (position, call) in calls.enumerated() {
                check(
                    call, position: position, tap: declared, running: appState.running, setup: path.setup.id,
                    mayBeRunning: startedOnArrival)
            }
        }
    }

    /// What a path calls, on delivery and per tap, with the calls no source settles and the app's duties on them: two
    /// paths alike here are one path.
    private func signature(_ path: Cell) -> [[String]] {
        func calls(_ list: [Call]) -> [String] {
            list.map { call in
                "\(call.handler.id)|\(call.state?.id ?? "")|\(call.bringsNotification)" + (call.unknown ? "|unknown" : "")
                    + (spec.duty(of: call).map { "|" + $0.word } ?? "")
            }
        }
        return [calls(path.onDelivery)] + path.taps.map { [$0.tap.id] + calls($0.calls) }
    }

    /// The same call twice in a row of calls, or a column's note again on a call, would only repeat a step or a marker
    /// in the docs.
    private func noRepeats(_ calls: [Call], columnNotes: [Reference], allowed: Bool) {
        var seen = Set<String>()
        for call in calls {
            if !seen.insert("\(call.handler.id)|\(call.state?.id ?? "")").inserted && !allowed {
                sink.error(call.origin, "the same call is listed twice")
            }
            for note in call.notes where columnNotes.contains(where: { $0.id == note.id }) {
                sink.error(note.origin, "note '\(note.id)' already applies to the whole column")
            }
        }
    }

    private func inExtension(_ call: Call) -> Bool { spec.handlers.first { $0.id == call.handler.id }?.inExtension == true }

    /// Rules for one call (`tap` is nil on delivery): the handler has a method for the cell's setup; state only where
    /// the handler has one; an extension's handler only on delivery; a handler that launches the app comes first in
    /// each tap that opens an app that is not running (unless it `mayBeRunning`, started in the background on arrival),
    /// and nowhere but first in a tap on such an app or where it `launchesHere`, the first app call on delivery to an app
    /// the system starts in the background; one that carries the tap (a scene connection) may also come first in a tap
    /// on a running app, whose scene UIKit may have disconnected. A call states one duty at most.
    private func check(
        _ call: Call, position: Int, tap: Tap?, running: Bool, setup: String, mayBeRunning: Bool = false, launchesHere: Bool = false
    ) {
        guard let handler = spec.handlers.first(where: { $0.id == call.handler.id }) else { return }
        let inTap = tap != nil
        if !handler.methods.isEmpty && !handler.methods.contains(where: { $0.setup.id == setup }) {
            sink.error(call.handler.origin, "handler '\(handler.id)' has no method for \(spec.naming.words) '\(setup)'")
        }
        if handler.inExtension && inTap {
            sink.error(call.handler.origin, "handler '\(handler.id)' runs in an extension, which only a delivery calls, not a tap")
        }
        if !call.bringsNotification && !handler.launchesApp {
            sink.error(call.origin, "only a call that launches the app can come without the notification: remove \"withoutNotification\"")
        }
        if handler.hasState && call.state == nil {
            sink.error(call.origin, "handler '\(handler.id)' runs with a state: add \"state\"")
        } else if !handler.hasState, let state = call.state {
            sink.error(state.origin, "handler '\(handler.id)' runs before the app has a state: remove \"state\"")
        }
        let mayLaunch = inTap && !running && position == 0
        let mustLaunch = mayLaunch && tap?.opensApp != false && !mayBeRunning
        if mustLaunch && !handler.launchesApp {
            let launchers = spec.handlers.filter(\.launchesApp).map(\.id).joined(separator: ", ")
            sink.error(
                call.handler.origin,
                "a tap on an app that is not running starts it: the first call must be a launching handler (\(launchers))")
        } else if handler.launchesApp && !mayLaunch && !launchesHere && !(handler.carriesTap && inTap && position == 0) {
            sink.error(
                call.handler.origin,
                "handler '\(handler.id)' launches the app, so it can only be the first call of a tap on an app that is not running, "
                    + "or the first app call on delivery where the system starts the app in the background")
        }
        var seen = Set<String>()
        var duty: String?
        for note in call.notes {
            if !seen.insert(note.id).inserted { sink.error(note.origin, "note '\(note.id)' given twice") }
            let declared = spec.notes.first { $0.id == note.id }
            if declared?.duty != nil {
                if let earlier = duty { sink.error(note.origin, "a call has one duty at most, and note '\(earlier)' states one already") }
                duty = duty ?? note.id
            }
            if let fallback = declared?.whenMissing, fallback.handler.id != handler.id {
                sink.error(
                    note.origin,
                    "note '\(note.id)' is about a missing '\(fallback.handler.id)' handler but is attached to a call of '\(handler.id)'")
            }
        }
    }

    /// An input that changes nothing in a cell leaves it as its twin without the input: a key that `requires` others
    /// while one is unset (in its calls, visibility and taps), any input outside its `mattersOnlyIn` (in all it tells).
    /// A missing twin is reported elsewhere.
    private func sameWithoutUnneededKeys(_ cells: CellIndex) {
        let keys = spec.payloadKeys.map(\.id)
        for (index, key) in spec.payloadKeys.enumerated() where !key.requires.isEmpty || key.mattersOnlyIn != nil {
            let required = key.requires.compactMap { cells.keyIndex[$0.id] }
            for payload in Payload.all(count: keys.count) where payload.isSet(index) {
                let without = Payload(bits: payload.bits & ~(1 << UInt64(index)))
                let flags = Dictionary(keys.indices.map { (keys[$0], payload.isSet($0)) }, uniquingKeysWith: { a, _ in a })
                for setup in 0..<cells.setups {
                    for state in 0..<cells.states {
                        let (a, b) = (cells.cell(payload, setup, state), cells.cell(without, setup, state))
                        guard a >= 0, b >= 0 else { continue }
                        let (cell, twin) = (spec.cells[a], spec.cells[b])
                        let outside = key.mattersOnlyIn?.contains(payload: flags, setup: cell.setup.id, appState: cell.appState.id) == false
                        let reason =
                            !required.allSatisfy(payload.isSet) && Self.outcome(cell) != Self.outcome(twin)
                            ? "matters only with \(key.requires.map(\.id).joined(separator: ", "))"
                            : outside && told(cell) != told(twin)
                                ? "matters only in the cells its \"mattersOnlyIn\" selects" : nil
                        guard let reason else { continue }
                        sink.error(
                            cell.origin, "payload key '\(key.id)' \(reason), so this cell must match cells[\(b)], the same cell without it")
                    }
                }
            }
        }
    }

    /// What a cell does: its calls (handlers, states and notes), visibility and taps.
    private static func outcome(_ cell: Cell) -> [String] {
        func calls(_ list: [Call]) -> String {
            list.map { "\($0.handler.id)|\($0.state?.id ?? "")|\($0.notes.map(\.id))" }.joined(separator: ",")
        }
        return [calls(cell.onDelivery), "\(cell.notificationCenter) \(cell.ignored)"] + cell.taps.map { $0.tap.id + ":" + calls($0.calls) }
    }

    /// All a cell tells but its payload: its notes, and each path's outcome, calls, source and premise.
    private func told(_ cell: Cell) -> [String] {
        let paths = cell.allPaths.flatMap { path -> [String] in
            let about = [path.source.id, path.seenOn ?? "", path.premise?.id ?? "", "\(path.extrapolated)"]
            return Self.outcome(path) + signature(path).joined() + about
        }
        return [cell.notes.map(\.id).joined(separator: ",")] + paths
    }
}
