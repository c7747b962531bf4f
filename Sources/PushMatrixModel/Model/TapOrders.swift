import PushMatrixSpec

/// What a tap calls with one setup, read from the cells: one sequence of calls, with the tap and the app states (and,
/// only where the payload changes the calls, the payloads) that lead to it. The call-order page tells these.
package struct TapOrder {
    package var tap: String
    /// Ids of the app states in which the tap makes these calls, in spec order.
    package var appStates: [String]
    /// Empty when every payload that allows the tap in these app states leads to these calls; otherwise the payloads
    /// that do.
    package var payloads: [Payload]
    /// The calls in order, as the first cell read gives them (the others agree in handlers, states and notes).
    package var calls: [Call]
    /// For calls no first path makes: the later path (a cell, from `Cell.allPaths`) that first made them, for source
    /// and versions.
    package var laterPath: Cell?
}

extension Matrix {
    /// The tap orders of setup `setup`, taps in spec order; app states whose cells call alike share one; a tap calling
    /// nothing has none.
    package func tapOrders(setup: Int) -> [TapOrder] {
        // Per tap and app state, the payloads grouped by the calls the tap makes, in order of first sight. Each cell is
        // read once.
        let states = spec.appStates.count
        typealias Group = (calls: [Call], payloads: [Payload], laterPath: Cell?)
        var groups = [[Group]](repeating: [], count: spec.taps.count * states)
        var allowing = [[Payload]](repeating: [], count: spec.taps.count * states)
        for payload in payloads {
            for state in 0..<states {
                let paths = spec.cells[cellIndex(payload, setup: setup, state: state)].allPaths
                for (number, path) in paths.enumerated() {
                    for tapped in path.taps {
                        guard let tap = spec.taps.firstIndex(where: { $0.id == tapped.tap.id }) else { continue }
                        let slot = tap * states + state
                        if number == 0 { allowing[slot].append(payload) }
                        if let group = groups[slot].firstIndex(where: { Self.same($0.calls, tapped.calls) }) {
                            if !groups[slot][group].payloads.contains(payload) { groups[slot][group].payloads.append(payload) }
                            if number == 0 { groups[slot][group].laterPath = nil }
                        } else {
                            groups[slot].append((tapped.calls, [payload], number == 0 ? nil : path))
                        }
                    }
                }
            }
        }
        var orders: [TapOrder] = []
        for (tap, id) in spec.taps.map(\.id).enumerated() {
            let first = orders.count
            for state in 0..<states {
                let slot = tap * states + state
                let found = groups[slot]
                let appState = spec.appStates[state].id
                // A group every payload that allows the tap reaches names no payloads.
                let every = { (group: Group) in group.payloads.count == allowing[slot].count }
                if found.count == 1,
                    let same = orders[first...].firstIndex(where: {
                        $0.payloads.isEmpty && $0.laterPath == nil && Self.same($0.calls, found[0].calls)
                    })
                {
                    orders[same].appStates.append(appState)
                } else {
                    orders += found.map {
                        TapOrder(
                            tap: id, appStates: [appState], payloads: every($0) ? [] : $0.payloads, calls: $0.calls, laterPath: $0.laterPath
                        )
                    }
                }
            }
        }
        return orders.filter { !$0.calls.isEmpty }  // opening the app from its icon may call nothing: no order to tell
    }

    /// The same calls, by ids (not where the spec wrote them): handlers, states and notes.
    private static func same(_ a: [Call], _ b: [Call]) -> Bool {
        a.elementsEqual(b) { x, y in
            x.handler.id == y.handler.id && x.state?.id == y.state?.id && x.notes.elementsEqual(y.notes) { $0.id == $1.id }
        }
    }
}
