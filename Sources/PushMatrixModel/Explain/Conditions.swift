import PushMatrixSpec

extension Condition.CallChange {
    /// Whether `call` is one of this change's: its handler's, in its state where it names one.
    package func matches(_ call: Call) -> Bool { call.handler.id == handler?.id && state.map { $0.id == call.state?.id } != false }
    /// Whether the change reaches the calls made at `place`, `delivery` or a tap's id.
    package func reaches(_ place: String) -> Bool { at.map { $0.id == place } != false }
    /// Whether a call of this change's handler is among `onDelivery` and the calls of the `taps` it reaches.
    func isMade(onDelivery: [Call], taps: [(tap: String, calls: [Call])]) -> Bool {
        ((reaches("delivery") ? onDelivery : []) + taps.filter { reaches($0.tap) }.flatMap(\.calls)).contains {
            $0.handler.id == handler?.id
        }
    }
}

extension Matrix {
    /// One path's outcome under the conditions that select its cell, in the order given: calls removed, held from
    /// delivery until the app is next opened, added, or left unsettled (a call no source settles already stays as it is
    /// marked). `changedBy` names each condition that changed a call or what the user sees.
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

    private func apply(_ change: Condition.CallChange, to outcome: inout Outcome) {
        func edit(_ calls: inout [Call], at place: String) {
            guard change.reaches(place) else { return }
            switch change.effect {
            case .removed: calls.removeAll(where: change.matches)
            case .heldUntilOpen:
                outcome.held += calls.filter(change.matches)
                calls.removeAll(where: change.matches)
            case .unknown: outcome.unsettled += calls.filter(change.matches).filter { !$0.unknown && !outcome.unsettled.contains($0) }
            case .added: calls += change.call.map { [$0] } ?? []
            case .likely, .notShown: break
            }
        }
        if change.effect == .notShown {
            outcome.notificationCenter = false
            outcome.taps.removeAll { !leavesNotification($0.tap) }  // the app icon still opens the app
        }
        edit(&outcome.onDelivery, at: "delivery")
        for index in outcome.taps.indices { edit(&outcome.taps[index].calls, at: outcome.taps[index].tap) }
    }

    /// `path` (a cell of one path) as the suites play it out under `condition`, and the calls it holds from delivery
    /// until the app is next opened. A call whose happening is unknown is left out (the matrix's own scenario has it),
    /// or kept when `keepingUnknown`.
    func conditioned(_ path: Cell, by condition: Condition, keepingUnknown: Bool = false) -> (cell: Cell, held: [Call]) {
        var cell = path
        var held: [Call] = []
        for change in condition.changes where !(keepingUnknown && change.effect == .unknown) {
            if change.effect == .notShown {
                cell.notificationCenter = false
                cell.taps.removeAll { !leavesNotification($0.tap.id) }  // the app icon still opens the app
            }
            if change.effect == .heldUntilOpen && change.reaches("delivery") { held += cell.onDelivery.filter(change.matches) }
            for index in cell.taps.indices where change.reaches(cell.taps[index].tap.id) && Self.edits(cell.taps[index].calls, by: change) {
                Self.edit(&cell.taps[index].calls, by: change)
            }
            if change.reaches("delivery") && Self.edits(cell.onDelivery, by: change) { Self.edit(&cell.onDelivery, by: change) }
        }
        return (cell, held)
    }

    /// Whether `change` edits `calls`: checked first, since a copy of a cell shares its calls until one is edited.
    private static func edits(_ calls: [Call], by change: Condition.CallChange) -> Bool {
        switch change.effect {
        case .removed, .unknown, .heldUntilOpen: return calls.contains(where: change.matches)
        case .added: return change.handler != nil
        case .likely, .notShown: return false
        }
    }

    private static func edit(_ calls: inout [Call], by change: Condition.CallChange) {
        switch change.effect {
        case .removed, .unknown, .heldUntilOpen: calls.removeAll(where: change.matches)
        case .added: calls += change.call.map { [$0] } ?? []
        case .likely, .notShown: break
        }
    }

    /// The paths (the cell's own first), with `unlikelyUnder` on those without the call a `likely` change names, if
    /// another path makes it.
    func markLikely(_ outcomes: [Outcome], by conditions: [Condition]) -> [Outcome] {
        var paths = outcomes
        for condition in conditions {
            for change in condition.changes where change.effect == .likely {
                let makes = paths.map { path in
                    condition.appliesTo.contains(payload: path.payload, setup: path.setup, appState: path.appState)
                        && change.isMade(onDelivery: path.onDelivery, taps: path.taps.map { ($0.tap, $0.calls) })
                }
                guard makes.contains(true) else { continue }
                for index in paths.indices where !makes[index] && !paths[index].unlikelyUnder.contains(condition.id) {
                    paths[index].unlikelyUnder.append(condition.id)
                }
            }
        }
        return paths
    }

    /// `outcome` and its paths, each marked with the spec's conditions under which another path is the likely one.
    package func markingLikely(_ outcome: Outcome) -> Outcome {
        let marked = markLikely([outcome] + outcome.paths, by: spec.conditions)
        var result = marked[0]
        result.paths = Array(marked.dropFirst())
        return result
    }

    /// Each condition changing a path of `cell` (a call, what the user sees, the likely path), in declared order, and
    /// how many it changes.
    package func conditionChanges(of cell: Cell) -> [(condition: String, paths: Int)] {
        let payload = cell.flags
        let selecting = spec.conditions.filter { $0.appliesTo.contains(payload: payload, setup: cell.setup.id, appState: cell.appState.id) }
        guard !selecting.isEmpty else { return [] }
        let paths = cell.allPaths
        return selecting.compactMap { condition in
            // A `likely` change marks the paths without its call, where another path makes it.
            let unlikely = condition.changes.filter { $0.effect == .likely }.map { change in
                paths.map { change.isMade(onDelivery: $0.onDelivery, taps: $0.taps.map { ($0.tap.id, $0.calls) }) }
            }.filter { $0.contains(true) }
            let changed = paths.indices.filter { index in
                let played = conditioned(paths[index], by: condition)
                return !Self.same(played.cell, paths[index]) || !played.held.isEmpty || unlikely.contains { !$0[index] }
            }.count
            return changed == 0 ? nil : (condition.id, changed)
        }
    }
}
