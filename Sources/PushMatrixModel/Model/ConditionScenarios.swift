import PushMatrixSpec

extension Matrix {
    /// The scenarios conditions make that the matrix's own do not: each path and tap of each selected cell, played out
    /// under each condition (`conditioned`) for an app with every optional handler, in spec order; one stands for all
    /// conditions and paths making the same app calls (`under`, `paths`). One whose app calls begin the cell's own
    /// scenario is left out, as that replay checks it (replays skip extensions' calls). A held call comes after a tap
    /// that opens the app: no source orders them, and that handover asks most of the app.
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
                    let index = cellIndex(payload, setup: setup, state: state)
                    let cell = spec.cells[index]
                    let flags = cell.flags
                    let selecting = changing.filter {
                        $0.appliesTo.contains(payload: flags, setup: cell.setup.id, appState: cell.appState.id)
                    }
                    guard !selecting.isEmpty else { continue }
                    // Each path under each condition, worked out once for every tap; a path a condition leaves as it
                    // was is skipped.
                    let paths = cell.allPaths
                    let known = own[index] ?? []
                    let under = selecting.map { condition in
                        paths.map { path -> (cell: Cell, held: [Call])? in
                            let played = conditioned(path, by: condition)
                            return Self.same(played.cell, path) && played.held.isEmpty ? nil : played
                        }
                    }
                    for tap in [nil] + spec.taps.map(\.id) where tap == nil || cell.taps.contains(where: { $0.tap.id == tap }) {
                        var made: [(scenario: Scenario, inApp: [Scenario.Step])] = []
                        for (condition, played) in zip(selecting, under) {
                            for (number, outcome) in played.enumerated() {
                                guard let (path, held) = outcome, tap == nil || path.taps.contains(where: { $0.tap.id == tap }) else {
                                    continue
                                }
                                var scenario = scenario(path, payload: payload, setup: setup, tap: tap, missing: [], without: [])
                                if opens(tap) { scenario.steps += heldSteps(held, after: scenario.steps) }
                                let steps = Self.inApp(scenario.steps)
                                if known.contains(where: { $0.starts(with: steps) }) { continue }
                                if let same = made.firstIndex(where: { $0.inApp == steps }) {
                                    if !made[same].scenario.under.contains(condition.id) { made[same].scenario.under.append(condition.id) }
                                    if !made[same].scenario.paths.contains(number + 1) { made[same].scenario.paths.append(number + 1) }
                                } else {
                                    (scenario.paths, scenario.under) = ([number + 1], [condition.id])
                                    made.append((scenario, steps))
                                }
                            }
                        }
                        all += made.map(\.scenario)
                    }
                }
            }
        }
        return all
    }

    /// For `observe`: the scenario of `tap` in `cell` for an app lacking `without`, under `conditions` in order,
    /// labelled with their ids, and the calls each path of the cell may make. An unknown call (a condition's, or one the
    /// cell marks) is listed made and not, a held one after the tap's calls and before.
    package func paths(of cell: Cell, tap: String?, without: [String], under conditions: [Condition]) -> (
        scenario: Scenario, paths: [(number: Int, steps: [Scenario.Step])]
    ) {
        let payload = payload(of: cell)
        let setup = setupIndex[cell.setup.id]!
        var label: Scenario?
        var paths: [(number: Int, steps: [Scenario.Step])] = []
        for (number, path) in cell.allPaths.enumerated() {
            for keepingUnknown in [false, true] {
                var (under, held) = conditions.reduce((path, [Call]())) { sum, condition in
                    let next = conditioned(sum.0, by: condition, keepingUnknown: keepingUnknown)
                    return (next.cell, sum.1 + next.held)
                }
                if !keepingUnknown {
                    under.onDelivery.removeAll(where: \.unknown)
                    for index in under.taps.indices { under.taps[index].calls.removeAll(where: \.unknown) }
                }
                guard tap == nil || under.taps.contains(where: { $0.tap.id == tap }) else { continue }
                var made = scenario(under, payload: payload, setup: setup, tap: tap, missing: without, without: Set(without))
                let split = made.steps.firstIndex { !$0.event.isDelivery } ?? made.steps.count
                let before = Array(made.steps[..<split])
                let variants =
                    opens(tap) && !held.isEmpty
                    ? [made.steps + heldSteps(held, after: made.steps), before + heldSteps(held, after: before) + made.steps[split...]]
                    : [made.steps]
                for steps in variants where !paths.contains(where: { $0.number == number + 1 && $0.steps == steps }) {
                    paths.append((number + 1, steps))
                }
                made.under = conditions.map(\.id)
                label = label ?? made
            }
        }
        return (label ?? scenario(cell, payload: payload, setup: setup, tap: tap, missing: without, without: Set(without)), paths)
    }

    /// Whether a tap of this id brings the app to the foreground; false for none.
    private func opens(_ tap: String?) -> Bool { tap.map { id in spec.taps.first { $0.id == id }?.opensApp != false } ?? false }

    /// Held calls as the app gets them once opened: deliveries, the first to bring the content if `steps` did not.
    private func heldSteps(_ held: [Call], after steps: [Scenario.Step]) -> [Scenario.Step] {
        held.enumerated().map { index, call in
            Scenario.Step(
                handler: call.handler.id, state: call.state?.id, event: .delivered(state: call.state?.id ?? ""),
                processesContent: index == 0 && !steps.contains(where: \.processesContent), respondsToTap: false)
        }
    }

    /// Whether a condition left `path` making the same calls: it only removes and adds calls, so their numbers tell.
    static func same(_ conditioned: Cell, _ path: Cell) -> Bool {
        conditioned.notificationCenter == path.notificationCenter && conditioned.onDelivery.count == path.onDelivery.count
            && conditioned.taps.map(\.calls.count) == path.taps.map(\.calls.count)
    }

    /// The calls the app itself gets: replays skip an extension's.
    private static func inApp(_ steps: [Scenario.Step]) -> [Scenario.Step] { steps.filter { $0.event != .outsideApp } }
}
