import PushMatrixSpec

extension Matrix {
    /// The scenarios the conditions make that the matrix's own do not: each path and tap of each cell a condition selects, played
    /// out under it (`conditioned`) for an app with every optional handler, in spec order. One scenario stands for every condition
    /// and path that make the same calls in the app (`under`, `paths`). One whose calls in the app begin a scenario of the matrix's
    /// own for the cell is left out: that scenario's replay checks each of them already (and replays skip the extensions' calls).
    package func conditionScenarios() -> [Scenario] {
        let changing = spec.conditions.filter { $0.changes.contains { $0.effect != .likely } }
        guard !changing.isEmpty else { return [] }
        var own: [Int: [[Scenario.Step]]] = [:]
        for scenario in scenarios where scenario.missing.isEmpty {
            let cell = cellIndex(scenario.payload, setup: setupIndex[scenario.setup]!, state: stateIndex[scenario.appState]!)
            own[cell, default: []].append(Self.inApp(scenario.steps))
        }
        var all: [Scenario] = []
        for payload in payloads {
            for setup in spec.setups.indices {
                for state in spec.appStates.indices {
                    let index = cellIndex(payload, setup: setup, state: state), cell = spec.cells[index], flags = cell.flags
                    let selecting = changing.filter {
                        $0.appliesTo.contains(payload: flags, setup: cell.setup.id, appState: cell.appState.id)
                    }
                    for tap in [nil] + spec.taps.map(\.id)
                    where !selecting.isEmpty && (tap == nil || cell.taps.contains { $0.tap.id == tap }) {
                        let first = all.count
                        for condition in selecting {
                            for (number, path) in cell.allPaths.enumerated() {
                                guard let made = scenario(path, under: condition, payload: payload, setup: setup, tap: tap) else {
                                    continue
                                }
                                let steps = Self.inApp(made.steps)
                                if own[index, default: []].contains(where: { $0.starts(with: steps) }) { continue }
                                if let same = all[first...].firstIndex(where: { Self.inApp($0.steps) == steps }) {
                                    if !all[same].under.contains(condition.id) { all[same].under.append(condition.id) }
                                    if !all[same].paths.contains(number + 1) { all[same].paths.append(number + 1) }
                                } else {
                                    all.append(made.with(path: number + 1, under: condition.id))
                                }
                            }
                        }
                    }
                }
            }
        }
        return all
    }

    /// `path` and `tap` played out under `condition`, or nil where the condition leaves no such tap. A held call comes after the
    /// calls of a tap that opens the app: no source orders them, and that handover asks most of the app.
    private func scenario(_ path: Cell, under condition: Condition, payload: Payload, setup: Int, tap: String?) -> Scenario? {
        let (cell, held) = conditioned(path, by: condition)
        guard tap == nil || cell.taps.contains(where: { $0.tap.id == tap }) else { return nil }
        var made = scenario(cell, payload: payload, setup: setup, tap: tap, missing: [], without: [])
        guard let tap, spec.taps.first(where: { $0.id == tap })?.opensApp != false else { return made }
        for call in held {
            made.steps.append(
                Scenario.Step(
                    handler: call.handler.id, state: call.state?.id, event: .delivered(state: call.state?.id ?? ""),
                    processesContent: !made.steps.contains(where: \.processesContent), respondsToTap: false))
        }
        return made
    }

    /// The calls the app itself gets: replays skip an extension's.
    private static func inApp(_ steps: [Scenario.Step]) -> [Scenario.Step] { steps.filter { $0.event != .outsideApp } }
}

extension Scenario {
    fileprivate func with(path: Int, under condition: String) -> Scenario {
        var copy = self
        (copy.paths, copy.under) = ([path], [condition])
        return copy
    }
}
