/// What a tap calls with one init API, read from the cells: one sequence of calls, with the tap
/// and the app states (and, only where the payload changes the calls, the payloads) that lead
/// to it. The call-order page tells these.
struct TapOrder {
    var tap: String
    /// Ids of the app states in which the tap makes these calls, in spec order.
    var appStates: [String]
    /// Empty when every payload that allows the tap in these app states leads to these calls;
    /// otherwise the payloads that do.
    var payloads: [Payload]
    /// The calls in order, as the first cell read gives them (the others agree in handlers,
    /// states and notes).
    var calls: [Call]
}

extension Matrix {
    /// Every tap order of the init API at position `api`: taps in spec order, each tap's orders
    /// by their first app state. App states whose cells all make the same calls share an order.
    func tapOrders(api: Int) -> [TapOrder] {
        var orders: [TapOrder] = []
        let payloads = self.payloads  // computed: worked out once
        for tap in spec.taps {
            let first = orders.count
            for state in spec.appStates.indices {
                // The payloads of this app state, grouped by the calls the tap makes, in order of first sight.
                var groups: [(key: [CallKey], calls: [Call], payloads: [Payload])] = []
                for payload in payloads {
                    let index = cellIndex(payload, api: api, state: state)  // read in place: a copy retains every field
                    guard let calls = spec.cells[index].taps.first(where: { $0.tap.id == tap.id })?.calls else { continue }
                    let key = calls.map(CallKey.init)
                    if let group = groups.firstIndex(where: { $0.key == key }) {
                        groups[group].payloads.append(payload)
                    } else {
                        groups.append((key, calls, [payload]))
                    }
                }
                let id = spec.appStates[state].id
                if groups.count == 1, let same = orders[first...].firstIndex(where: { $0.payloads.isEmpty && $0.calls.map(CallKey.init) == groups[0].key }) {
                    orders[same].appStates.append(id)
                } else {
                    orders += groups.map { TapOrder(tap: tap.id, appStates: [id], payloads: groups.count == 1 ? [] : $0.payloads, calls: $0.calls) }
                }
            }
        }
        return orders
    }
}

/// A call as ids, without where the spec wrote it: equal for the same call in two cells.
private struct CallKey: Hashable {
    let handler: String, state: String?, notes: [String]

    init(_ call: Call) {
        handler = call.handler.id
        state = call.state?.id
        notes = call.notes.map(\.id)
    }
}
