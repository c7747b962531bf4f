import PushMatrixSpec

/// One way a push can play out: a cell, the user's tap (or none) and the optional handlers the app lacks, with every
/// call iOS makes and what a correct app does on each. One scenario stands for both where iOS calls alike with or
/// without an optional handler (`eitherWay`).
public struct Scenario: Sendable {
    public struct Step: Sendable, Hashable {
        public var handler: String
        public var state: String?
        public var event: Event
        /// The first call that brings this notification: its content is handled here, once.
        public var processesContent: Bool
        /// The call where the app answers the user's tap, once per tap.
        public var respondsToTap: Bool
        /// False for a launch that comes without the notification (see `Call.bringsNotification`).
        public var bringsNotification = true
        /// The app's duty on the call, where a note states one (`Spec.duty(of:)`): paths that differ only in it make
        /// scenarios of their own.
        public var duty: Duty.Report?
    }

    /// What a call means to the app; the classifier's answer.
    public enum Event: Sendable, Hashable {
        case delivered(state: String)
        case launchedByTap
        /// The system started the app in the background for the push, before the call that hands it over.
        case launchedOnArrival
        case tapped(tap: String)
        /// A call in an app extension's process on arrival: the app itself sees nothing of it.
        case outsideApp

        public var isDelivery: Bool {
            switch self {
            case .delivered, .outsideApp, .launchedOnArrival: return true
            case .launchedByTap, .tapped: return false
            }
        }
    }

    // A scenario holds its cell's ids, not the cell: a large matrix has over 100,000 scenarios.
    /// The cell's setup id.
    public var setup: String
    /// The cell's app state id.
    public var appState: String
    /// Whether iOS ignores the push.
    public var ignored: Bool
    /// The cell's payload combination.
    public var payload: Payload
    /// The tap, or nil for the scenario without one.
    public var tap: String?
    /// The optional handlers every app the scenario stands for lacks, in the spec's order.
    public var missing: [String]
    /// The optional handlers an app it stands for may have or lack alike, in the spec's order: iOS makes the same calls
    /// either way.
    public var eitherWay: [String] = []
    /// The paths of the cell that make these calls (1 for the cell's own), the scenario's own first: a scenario exists
    /// for a later path only where its calls differ from every earlier path's, and names it after its first.
    public var paths: [Int] = [1]
    public var path: Int { paths[0] }
    public var steps: [Step]
    /// The conditions this scenario plays out under, in declared order; empty for the matrix's own
    /// (`Matrix.conditionScenarios`).
    public var under: [String] = []
}

extension Matrix {
    /// Every scenario, in spec order: cells, then no tap before each tap, then each subset of optional handlers left
    /// out (none first). Scenarios of one cell, tap and paths making the same calls but for one missing handler are
    /// one, standing for both (`mergingTwins`).
    func allScenarios() -> [Scenario] {
        let optional = spec.handlers.filter(\.optional).map(\.id)
        let subsets = optional.reduce([[String]()]) { partial, id in partial + partial.map { $0 + [id] } }
            .map { (missing: $0, without: Set($0)) }
        let tapIds = spec.taps.map(\.id)
        var all: [Scenario] = []
        for payload in payloads {
            for setup in spec.setups.indices {
                for state in spec.appStates.indices {
                    let cell = spec.cells[cellIndex(payload, setup: setup, state: state)]
                    let paths = cell.allPaths
                    let taps: [String?] = [nil] + tapIds.filter { id in cell.taps.contains { $0.tap.id == id } }
                    for tap in taps {
                        let block = all.count
                        for subset in subsets {
                            let first = all.count
                            for (number, path) in paths.enumerated() {
                                var made = scenario(
                                    path, payload: payload, setup: setup, tap: tap, missing: subset.missing, without: subset.without)
                                if let same = all[first...].firstIndex(where: { $0.steps == made.steps }) {
                                    all[same].paths.append(number + 1)
                                } else {
                                    made.paths = [number + 1]
                                    all.append(made)
                                }
                            }
                        }
                        if !optional.isEmpty { all.replaceSubrange(block..., with: Self.mergingTwins(all[block...], optional: optional)) }
                    }
                }
            }
        }
        return all
    }

    /// A cell and tap's scenarios, with every two that differ only in whether one optional handler is missing, and make
    /// the same calls on the same paths, made one that stands for the app either way. Handler by handler in
    /// `optional`'s order, so what is left stands for disjoint sets of missing handlers; each keeps the place and the
    /// name of the fewest it stands for (its `missing`), which came first.
    static func mergingTwins(_ scenarios: ArraySlice<Scenario>, optional: [String]) -> [Scenario] {
        var kept = Array(scenarios)
        for handler in optional {
            var merged: [Scenario] = []
            merged.reserveCapacity(kept.count)
            for scenario in kept {
                if let position = scenario.missing.firstIndex(of: handler) {
                    var without = scenario.missing
                    without.remove(at: position)
                    if let twin = merged.firstIndex(where: {
                        $0.missing == without && $0.eitherWay == scenario.eitherWay && $0.paths == scenario.paths
                            && $0.steps == scenario.steps
                    }) {
                        merged[twin].eitherWay = optional.filter { $0 == handler || merged[twin].eitherWay.contains($0) }
                        continue
                    }
                }
                merged.append(scenario)
            }
            kept = merged
        }
        return kept
    }

    /// Each set of optional handlers an app `scenario` stands for may lack, in spec order: `missing`, then it plus each
    /// `eitherWay` subset.
    package func conditions(of scenario: Scenario) -> [[String]] {
        let added = scenario.eitherWay.reduce([[String]()]) { partial, id in partial + partial.map { $0 + [id] } }
        let optional = spec.handlers.filter(\.optional).map(\.id)
        return added.map { extra in optional.filter { scenario.missing.contains($0) || extra.contains($0) } }
    }

    /// `without` is `missing` as a set, made once by the caller for every scenario that lacks the same handlers.
    func scenario(_ cell: Cell, payload: Payload, setup: Int, tap: String?, missing: [String], without: Set<String>) -> Scenario {
        let delivery = calls(cell.onDelivery, without: without)
        let tapped = tap.flatMap { id in cell.taps.first { $0.tap.id == id } }.map { calls($0.calls, without: without) } ?? []
        func step(_ call: Call, _ event: Scenario.Event, respondsToTap: Bool = false) -> Scenario.Step {
            Scenario.Step(
                handler: call.handler.id, state: call.state?.id, event: event, processesContent: false, respondsToTap: respondsToTap,
                bringsNotification: call.bringsNotification, duty: call.notes.lazy.compactMap { self.notes[$0.id]?.duty }.first?.report)
        }
        // A handler iOS launches the app with that cannot tell which tap did it (one that carries the tap answers it).
        func launches(_ id: String) -> Bool { handler(id).map { $0.launchesApp && !$0.carriesTap } == true }
        // On arrival a call runs in an extension, starts the app in the background, or hands the push over.
        func arrival(_ call: Call) -> Scenario.Event {
            let declared = handler(call.handler.id)
            if declared?.inExtension == true { return .outsideApp }
            return declared?.launchesApp == true ? .launchedOnArrival : .delivered(state: call.state?.id ?? "")
        }
        var steps = delivery.map { step($0, arrival($0)) }
        // The first non-launch call answers the tap, unless some tap may end with the launch (its follow-up handler
        // missing): then it does.
        let responder = tapped.firstIndex { call in
            call.bringsNotification
                && (!launches(call.handler.id)
                    || !launchAlwaysContinues(launch: call.handler.id, payload: payload, setup: setup, without: without))
        }
        for (position, call) in tapped.enumerated() {
            let event: Scenario.Event = launches(call.handler.id) || !call.bringsNotification ? .launchedByTap : .tapped(tap: tap!)
            steps.append(step(call, event, respondsToTap: position == responder))
        }
        if let first = steps.firstIndex(where: { $0.event != .outsideApp && $0.bringsNotification }) {
            steps[first].processesContent = true
        }
        return Scenario(
            setup: cell.setup.id, appState: cell.appState.id, ignored: cell.ignored, payload: payload, tap: tap, missing: missing,
            steps: steps)
    }

    /// Whether `tap` is a way back that leaves the notification alone (`Tap.touchesNotification`).
    package func leavesNotification(_ tap: String?) -> Bool {
        tap.map { id in spec.taps.first { $0.id == id }?.touchesNotification == false } ?? false
    }

    /// The spec's handler of this id. A look through its few handlers costs less than hashing the id, and every
    /// scenario asks.
    private func handler(_ id: String) -> Handler? { spec.handlers.first { $0.id == id } }

    /// Whether every tap that starts with this launch goes on to another call, in any cell of this payload and setup:
    /// only then can the launch leave the answer to the next call. At launch the app cannot tell which tap started it,
    /// so this is all it can go by.
    func launchAlwaysContinues(launch: String, payload: Payload, setup: Int, without: Set<String>) -> Bool {
        spec.appStates.indices.allSatisfy { state in
            spec.cells[cellIndex(payload, setup: setup, state: state)].allPaths.allSatisfy { path in
                path.taps.allSatisfy { tap in
                    let sequence = leavesNotification(tap.tap.id) ? [] : calls(tap.calls, without: without)
                    return sequence.first?.handler.id != launch || sequence.count > 1
                }
            }
        }
    }
}
