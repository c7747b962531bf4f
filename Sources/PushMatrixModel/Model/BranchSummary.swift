import PushMatrixSpec

/// What leads to one branch of the skeleton's state switches (a handler called in a state), told as a person would: the
/// ways that reach it, grouped by when the call comes (on arrival or after a tap, perhaps only when the app lacks a
/// handler), setups and app states sharing one set of payloads side by side, and that set as few conditions on the
/// keys. Exact: `ways` expands the groups back into every way.
package struct BranchSummary {
    /// A handler called in one of its states: a branch of the skeleton's `state(for…)` switches.
    package struct Branch: Hashable {
        package let handler: String
        package let state: String

        package init(handler: String, state: String) { (self.handler, self.state) = (handler, state) }
    }

    /// One way to reach a branch: a cell, on arrival (`tap` nil) or after a tap, and the optional handlers that every
    /// scenario reaching the branch that way lacks (none: an app with every handler gets there too).
    package struct Way: Hashable {
        package let setup: String
        package let appState: String
        package let payload: Payload
        package let tap: String?
        package let without: [String]
    }

    /// Setups × app states × calls (`taps`, nil: on arrival) × payloads, all reaching the branch, and no other way of
    /// those with them.
    package struct Group: Equatable {
        package var setups: [String]
        package var appStates: [String]
        package var taps: [String?]
        package var without: [String]
        package var payloads: [PayloadCube]

        /// Every way the group stands for: what its words say, expanded.
        package func ways(keyCount: Int) -> [Way] {
            let members = Payload.all(count: keyCount).filter { payload in payloads.contains { $0.contains(payload) } }
            return setups.flatMap { setup in
                appStates.flatMap { appState in
                    taps.flatMap { tap in
                        members.map { Way(setup: setup, appState: appState, payload: $0, tap: tap, without: without) }
                    }
                }
            }
        }
    }

    package let groups: [Group]

    /// Every branch the matrix reaches, summarised; a branch nothing reaches is absent.
    package static func all(_ matrix: Matrix) -> [Branch: BranchSummary] {
        // Each branch's ways without their lacking handlers, in order, and those handlers: the ones every scenario
        // reaching the way lacks.
        struct Reach: Hashable { let setup: String, appState: String, payload: Payload, tap: String? }
        var reaches: [Branch: [Reach: [String]]] = [:]
        for scenario in matrix.scenarios {
            for step in scenario.steps where step.bringsNotification {
                guard let state = step.state else { continue }
                let branch = Branch(handler: step.handler, state: state)
                let tap = step.event.isDelivery ? nil : scenario.tap
                let reach = Reach(setup: scenario.setup, appState: scenario.appState, payload: scenario.payload, tap: tap)
                let lacked = reaches[branch]?[reach].map { $0.filter(scenario.missing.contains) } ?? scenario.missing
                reaches[branch, default: [:]][reach] = lacked
            }
        }
        return reaches.mapValues { ways in
            BranchSummary(
                ways.map {
                    Way(setup: $0.key.setup, appState: $0.key.appState, payload: $0.key.payload, tap: $0.key.tap, without: $0.value)
                },
                spec: matrix.spec)
        }
    }

    /// Groups `ways` (each once) by call and lacking handlers, then setups and app states by payloads, then calls
    /// sharing everything else.
    package init(_ ways: [Way], spec: Spec) {
        let order = Order(spec)
        struct When: Hashable { let tap: String?, without: [String] }
        var payloads: [When: [Pair: Set<UInt64>]] = [:]
        for way in ways {
            payloads[When(tap: way.tap, without: way.without), default: [:]][Pair(setup: way.setup, appState: way.appState), default: []]
                .insert(way.payload.bits)
        }
        var groups: [Group] = []
        for (when, payloadsByPair) in payloads {
            var pairsBySet: [Set<UInt64>: [Pair]] = [:]
            for (pair, bits) in payloadsByPair { pairsBySet[bits, default: []].append(pair) }
            for (bits, pairs) in pairsBySet {
                let cubes = PayloadCube.cover(bits.sorted().map(Payload.init(bits:)), count: spec.payloadKeys.count)
                groups += Self.rectangles(pairs, order).map {
                    Group(setups: $0.setups, appStates: $0.appStates, taps: [when.tap], without: when.without, payloads: cubes)
                }
            }
        }
        self.groups = Self.mergingTaps(groups, order)
    }

    private struct Pair: Hashable { let setup: String, appState: String }

    /// Positions in the spec, which order every list a summary tells.
    private struct Order {
        let setups: [String: Int]
        let appStates: [String: Int]
        let taps: [String: Int]

        init(_ spec: Spec) {
            setups = CellIndex.positions(spec.setups.map(\.id))
            appStates = CellIndex.positions(spec.appStates.map(\.id))
            taps = CellIndex.positions(spec.taps.map(\.id))
        }

        /// On arrival first, then the taps in spec order.
        func tap(_ tap: String?) -> Int { tap.map { 1 + taps[$0]! } ?? 0 }

        /// By call, handlers needed missing, setups, app states and payloads: a total order, so the summary reads the
        /// same on every run.
        func precedes(_ a: Group, _ b: Group) -> Bool {
            let keys = [a, b].map { group in
                let counted = [
                    [tap(group.taps[0]), group.without.count], group.setups.map { setups[$0]! }, group.appStates.map { appStates[$0]! },
                ]
                return counted.flatMap { [$0.count] + $0 }.map(UInt64.init) + group.payloads.flatMap { [~$0.mask, $0.bits] }
            }
            if keys[0] != keys[1] { return keys[0].lexicographicallyPrecedes(keys[1]) }
            return a.without.lexicographicallyPrecedes(b.without)
        }
    }

    /// Every setup of a group with every app state of it.
    private struct Rectangle { let setups: [String], appStates: [String] }

    /// Pairs sharing one set of payloads as few rectangles: app states grouped by setup, or setups by app state,
    /// whichever is fewer.
    private static func rectangles(_ pairs: [Pair], _ order: Order) -> [Rectangle] {
        var setupsOf: [String: [String]] = [:]
        var statesOf: [String: [String]] = [:]
        for pair in pairs {
            setupsOf[pair.appState, default: []].append(pair.setup)
            statesOf[pair.setup, default: []].append(pair.appState)
        }
        let bySetups = together(setupsOf, order.setups, order.appStates).map { Rectangle(setups: $0, appStates: $1) }
        let byStates = together(statesOf, order.appStates, order.setups).map { Rectangle(setups: $1, appStates: $0) }
        return byStates.count < bySetups.count ? byStates : bySetups
    }

    /// The keys that have the same members, together: each list of members with its keys, both in spec order.
    private static func together(_ members: [String: [String]], _ memberRank: [String: Int], _ keyRank: [String: Int]) -> [(
        [String], [String]
    )] {
        var keys: [[String]: [String]] = [:]
        for (key, list) in members { keys[list.sorted { memberRank[$0]! < memberRank[$1]! }, default: []].append(key) }
        return keys.map { ($0.key, $0.value.sorted { keyRank[$0]! < keyRank[$1]! }) }
    }

    /// Groups that differ only in their tap told as one, in a stable order.
    private static func mergingTaps(_ groups: [Group], _ order: Order) -> [Group] {
        var merged: [Group] = []
        for group in groups.sorted(by: order.precedes) {
            if group.taps != [nil],
                let same = merged.firstIndex(where: {
                    $0.taps.first! != nil && $0.setups == group.setups && $0.appStates == group.appStates && $0.without == group.without
                        && $0.payloads == group.payloads
                })
            {
                merged[same].taps += group.taps
            } else {
                merged.append(group)
            }
        }
        return merged
    }
}
