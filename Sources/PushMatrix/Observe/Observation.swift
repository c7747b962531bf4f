/// Field runs held against the scenarios the spec predicts: per scenario (cell, tap and missing
/// handlers), whether what was observed confirms the spec, contradicts it, or disagrees with itself.
struct Observation {
    /// One scenario that was run, with every run of it.
    struct Outcome {
        var scenario: Scenario
        var expected: [FieldLog.Call]
        var runs: [FieldLog.Run]

        /// The distinct call sequences observed, in the order first seen.
        var observed: [[FieldLog.Call]] {
            var seen: [[FieldLog.Call]] = []
            for run in runs where !seen.contains(run.calls) { seen.append(run.calls) }
            return seen
        }

        var confirms: Bool { observed == [expected] }
        /// Runs of the same scenario that saw different calls.
        var isInconsistent: Bool { observed.count > 1 }
    }

    var outcomes: [Outcome]
    /// Scenarios of the spec that no run covered.
    var unobserved: Int
    /// Each outcome's index by its scenario's `key`.
    private var index: [String: Int] = [:]

    var confirmed: [Outcome] { outcomes.filter(\.confirms) }
    var contradicted: [Outcome] { outcomes.filter { !$0.confirms } }
    var inconsistent: [Outcome] { outcomes.filter(\.isInconsistent) }

    /// Groups `runs` by scenario, in the spec's scenario order.
    init(matrix: Matrix, runs: [FieldLog.Run]) {
        var byKey: [String: [FieldLog.Run]] = [:]
        for run in runs { byKey[Self.key(run.payload, run.setup, run.appState, run.tap, run.without), default: []].append(run) }
        outcomes = matrix.scenarios.compactMap { scenario in
            let key = Self.key(scenario.payload, scenario.setup, scenario.appState, scenario.tap, scenario.missing.sorted())
            guard let runs = byKey[key] else { return nil }
            return Outcome(
                scenario: scenario, expected: scenario.steps.map { FieldLog.Call(handler: $0.handler, state: $0.state) }, runs: runs)
        }
        unobserved = matrix.scenarios.count - outcomes.count
        for (n, outcome) in outcomes.enumerated() {
            let scenario = outcome.scenario
            index[Self.key(scenario.payload, scenario.setup, scenario.appState, scenario.tap, scenario.missing.sorted())] = n
        }
    }

    /// The runs of one scenario of an app with every handler, if any.
    func outcome(_ payload: Payload, setup: String, appState: String, tap: String?) -> Outcome? {
        index[Self.key(payload, setup, appState, tap, [])].map { outcomes[$0] }
    }

    /// A scenario's identity: its cell, its tap and the handlers it leaves out (sorted).
    private static func key(_ payload: Payload, _ setup: String, _ state: String, _ tap: String?, _ without: [String]) -> String {
        "\(payload.bits)|\(setup)|\(state)|\(tap ?? "")|\(without.joined(separator: ","))"
    }

    /// `payload: alert, category · setup: scenes · appState: terminated · tap: body`, and the
    /// handlers the app lacks, if any.
    static func label(_ scenario: Scenario, _ matrix: Matrix) -> String {
        let keys = scenario.payload.setKeys(matrix.payloadKeyIds)
        var parts = [
            "payload: " + (keys.isEmpty ? "none" : keys.joined(separator: ", ")), "\(matrix.spec.naming.label): \(scenario.setup)",
            "appState: \(scenario.appState)", "tap: " + (scenario.tap ?? "none"),
        ]
        if !scenario.missing.isEmpty { parts.append("without: " + scenario.missing.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    /// Where `observed` first departs from `expected`, in words: a state flipped, a call missing,
    /// an extra call, the same calls in another order, or another call.
    static func difference(expected: [FieldLog.Call], observed: [FieldLog.Call]) -> String? {
        guard expected != observed else { return nil }
        let i = zip(expected, observed).prefix { $0 == $1 }.count
        let step = "step \(i + 1)"
        if expected.count == observed.count, expected[i].handler == observed[i].handler,
            Array(expected[(i + 1)...]) == Array(observed[(i + 1)...])
        {
            return "\(step): \(expected[i].handler) ran in state \(name(observed[i].state)), expected \(name(expected[i].state))"
        }
        if observed.count + 1 == expected.count, Array(expected[(i + 1)...]) == Array(observed[i...]) {
            return "\(step): expected call \(describe(expected[i])) is missing"
        }
        if observed.count == expected.count + 1, Array(observed[(i + 1)...]) == Array(expected[i...]) {
            return "\(step): extra call \(describe(observed[i]))"
        }
        if expected.count == observed.count, counts(expected) == counts(observed) {
            return "\(step): the same calls in another order"
        }
        let seen = i < observed.count ? describe(observed[i]) : "no call"
        let wanted = i < expected.count ? describe(expected[i]) : "no call"
        return "\(step): observed \(seen), expected \(wanted)"
    }

    static func describe(_ call: FieldLog.Call) -> String { call.state.map { "\(call.handler)(.\($0))" } ?? call.handler }

    private static func name(_ state: String?) -> String { state.map { "." + $0 } ?? "none" }

    private static func counts(_ calls: [FieldLog.Call]) -> [FieldLog.Call: Int] {
        calls.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}
