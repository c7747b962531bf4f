import PushMatrixSpec

extension Matrix {
    /// One path's outcome under the conditions that select its cell, in the order given: calls
    /// removed, held from delivery until the app is next opened, added, or left unsettled.
    /// `changedBy` names each condition that changed a call or what the user sees.
    func conditioned(_ outcome: Outcome, by conditions: [Condition]) -> Outcome {
        var result = outcome
        for condition in conditions
        where condition.appliesTo.contains(payload: outcome.payload, setup: outcome.setup, appState: outcome.appState) {
            let before = result
            for change in condition.changes { apply(change, to: &result) }
            if before.onDelivery != result.onDelivery || before.taps.map(\.calls) != result.taps.map(\.calls)
                || before.notificationCenter != result.notificationCenter || before.held != result.held
                || before.unsettled != result.unsettled
            {
                result.changedBy.append(condition.id)
            }
        }
        result.ignored = result.onDelivery.isEmpty && !result.notificationCenter
        return result
    }

    private func apply(_ change: Condition.Change, to outcome: inout Outcome) {
        func matches(_ call: Call) -> Bool {
            call.handler.id == change.handler?.id && change.state.map { $0.id == call.state?.id } != false
        }
        func edit(_ calls: inout [Call], at place: String) {
            guard change.at.map({ $0.id == place }) != false else { return }
            switch change.effect {
            case .removed: calls.removeAll(where: matches)
            case .heldUntilOpen:
                outcome.held += calls.filter(matches)
                calls.removeAll(where: matches)
            case .unknown: outcome.unsettled += calls.filter(matches).filter { !outcome.unsettled.contains($0) }
            case .added: calls += change.call.map { [$0] } ?? []
            case .likely, .notShown: break
            }
        }
        if change.effect == .notShown {
            outcome.notificationCenter = false
            outcome.taps = []
        }
        edit(&outcome.onDelivery, at: "delivery")
        for index in outcome.taps.indices { edit(&outcome.taps[index].calls, at: outcome.taps[index].tap) }
    }

    /// The paths (the cell's own first), with `unlikelyUnder` marked on those without the call a
    /// `likely` change names, when another path makes it.
    func markLikely(_ outcomes: [Outcome], by conditions: [Condition]) -> [Outcome] {
        var paths = outcomes
        for condition in conditions {
            for change in condition.changes where change.effect == .likely {
                let makes = paths.map { path in
                    condition.appliesTo.contains(payload: path.payload, setup: path.setup, appState: path.appState)
                        && ((change.at.map { $0.id == "delivery" } != false ? path.onDelivery : [])
                            + path.taps.filter { tap in change.at.map { $0.id == tap.tap } != false }.flatMap(\.calls))
                            .contains { $0.handler.id == change.handler?.id }
                }
                guard makes.contains(true) else { continue }
                for index in paths.indices where !makes[index] && !paths[index].unlikelyUnder.contains(condition.id) {
                    paths[index].unlikelyUnder.append(condition.id)
                }
            }
        }
        return paths
    }

    /// For each condition that changes some path of `cell` (a call, what the user sees, or which
    /// path is likely), in declared order: its id and how many of the cell's paths it changes.
    /// The cell's paths are worked out once, then each condition that selects it is applied.
    package func conditionChanges(of cell: Cell) -> [(condition: String, paths: Int)] {
        let payload = cell.flags
        let selecting = spec.conditions.filter { $0.appliesTo.contains(payload: payload, setup: cell.setup.id, appState: cell.appState.id) }
        guard !selecting.isEmpty else { return [] }
        var first = explain(ExplainQuery(payload: payload, setups: [cell.setup.id], appStates: [cell.appState.id]))[0]
        let later = first.paths
        first.paths = []
        return selecting.compactMap { condition in
            let changed = markLikely([first] + later, by: [condition]).map { conditioned($0, by: [condition]) }
                .filter { !$0.changedBy.isEmpty || !$0.unlikelyUnder.isEmpty }.count
            return changed == 0 ? nil : (condition.id, changed)
        }
    }
}
