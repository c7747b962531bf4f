import PushMatrixSupport

/// What a report saw bounds what the spec rests on it: a path or a condition that reaches past its scope says so
/// (`"extrapolated": true`) and the scope says why (`"beyond"`); one within it says nothing.
extension Validator {
    /// A scope's cells and taps resolve, and it names where its runs took place.
    func checkScope(_ saw: Scope, of owner: String, at origin: Origin, _ references: References) {
        references.selection(saw.cells)
        references.resolve(saw.taps ?? [], references.taps, "tap")
        if !["device", "simulator", "both", "unstated"].contains(saw.runsOn) {
            sink.error(origin, "\(owner): runsOn '\(saw.runsOn)'; expected device, simulator, both or unstated")
        }
    }

    /// A path resting on a reported source stays within what it saw, every tap included, or is marked extrapolated
    /// and the source says why it goes beyond.
    func checkExtrapolation() {
        let sources = Dictionary(spec.sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var told = Set<String>()
        for cell in spec.cells where !cell.paths.isEmpty {
            let flags = cell.flags
            for path in cell.paths {
                guard let source = sources[path.source.id], source.kind == .reported && source.declaresKind else { continue }
                guard let saw = source.saw else {
                    if told.insert(source.id).inserted {
                        sink.error(source.origin, "source '\(source.id)' backs a path: say what it saw in \"saw\"")
                    }
                    continue
                }
                let within =
                    saw.cells.contains(payload: flags, setup: cell.setup.id, appState: cell.appState.id)
                    && path.taps.allSatisfy { covers(saw, tap: $0.tap.id) }
                if within == path.extrapolated {
                    sink.error(
                        path.origin,
                        within
                            ? "marked \"extrapolated\", but within what '\(source.id)' saw"
                            : "rests on '\(source.id)' beyond what it saw (its \"saw\"); mark the path \"extrapolated\": true")
                }
                if path.extrapolated && saw.beyond == nil && told.insert(source.id).inserted {
                    sink.error(source.origin, "source '\(source.id)' backs extrapolated paths: say why in \"saw\".\"beyond\"")
                }
            }
        }
    }

    /// A condition citing a report says what its sources saw; it applies within that, or is marked extrapolated and
    /// says why it goes beyond. Its cells are those of the spec it selects; its taps, those its changes name (all, for a
    /// change that names none).
    func checkConditionScopes() {
        let reported = Set(spec.sources.filter { $0.kind == .reported && $0.declaresKind }.map(\.id))
        for condition in spec.conditions {
            guard let saw = condition.saw else {
                if condition.sources.contains(where: { reported.contains($0.id) }) {
                    sink.error(condition.origin, "condition '\(condition.id)' cites a report: say what its sources saw in \"saw\"")
                }
                continue
            }
            let cellsWithin = spec.cells.allSatisfy { cell in
                let flags = cell.flags
                let selected = condition.appliesTo.contains(payload: flags, setup: cell.setup.id, appState: cell.appState.id)
                return !selected || saw.cells.contains(payload: flags, setup: cell.setup.id, appState: cell.appState.id)
            }
            let tapsWithin = condition.changes.allSatisfy { change in
                // A change with no place touches every tap.
                change.at.map { $0.id == "delivery" || covers(saw, tap: $0.id) } ?? (saw.taps == nil)
            }
            let within = cellsWithin && tapsWithin
            if within == condition.extrapolated {
                sink.error(
                    condition.origin,
                    within
                        ? "condition '\(condition.id)' is marked \"extrapolated\", but applies within what its sources saw"
                        : "condition '\(condition.id)' applies beyond what its sources saw (its \"saw\"); mark it \"extrapolated\": true")
            }
            if condition.extrapolated && saw.beyond == nil {
                sink.error(condition.origin, "condition '\(condition.id)' is extrapolated: say why in \"saw\".\"beyond\"")
            }
        }
    }

    /// Whether a scope covers a tap: it names the tap, or names none (every tap).
    private func covers(_ saw: Scope, tap: String) -> Bool {
        saw.taps?.contains { $0.id == tap } != false
    }
}
