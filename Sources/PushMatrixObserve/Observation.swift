import PushMatrixModel
import PushMatrixSpec
import PushMatrixSupport

/// Field runs against the spec's scenarios: per scenario (cell, tap, missing handlers), whether runs confirm it,
/// contradict it or disagree.
package struct Observation {
    /// One scenario that was run (a cell, a tap and the handlers left out), with every path the spec lists for it and
    /// every run of it.
    package struct Outcome {
        /// The scenario of the cell's first path, lacking just the handlers the runs were made without: what labels the
        /// outcome.
        package var scenario: Scenario
        /// The calls a field log shows on each distinct path, with the numbers of the cell's paths that make them, in
        /// order.
        package var paths: [(numbers: [Int], calls: [FieldLog.Call])]
        /// The field log's runs of the scenario.
        package var runs: [FieldLog.Run]

        /// The distinct call sequences observed, in the order first seen.
        package var observed: [[FieldLog.Call]] { runs.grouped(by: \.calls).map(\.key) }

        /// The runs that made `calls`.
        package func runs(making calls: [FieldLog.Call]) -> [FieldLog.Run] { runs.filter { $0.calls == calls } }

        /// The numbers of the paths that make `calls`; empty when none does.
        package func paths(of calls: [FieldLog.Call]) -> [Int] { paths.filter { $0.calls == calls }.flatMap(\.numbers) }

        /// The paths the runs took, in path order.
        package var confirmedPaths: [Int] { observed.flatMap(paths(of:)).sorted() }
        /// Every run took a path the spec lists.
        package var confirms: Bool { observed.allSatisfy { !paths(of: $0).isEmpty } }
        /// Runs of the same scenario that saw different calls, one of them on no listed path.
        package var isInconsistent: Bool { observed.count > 1 && !confirms }

        /// The listed path `calls` comes nearest: one with the same calls in another order, else the one it follows
        /// longest before departing (counting calls to the same handler in another state as half); the lower path on a
        /// tie.
        package func nearest(to calls: [FieldLog.Call]) -> (numbers: [Int], calls: [FieldLog.Call]) {
            let counts = Observation.counts(calls)
            func score(_ path: [FieldLog.Call]) -> Int {
                let same = zip(path, calls).prefix { $0 == $1 }.count
                let handlers = zip(path, calls).prefix { $0.handler == $1.handler }.count
                return (Observation.counts(path) == counts ? 4 * calls.count + 4 : 0) + 2 * same + handlers
            }
            return paths.dropFirst().reduce(paths[0]) { best, path in score(path.calls) > score(best.calls) ? path : best }
        }
    }

    package var outcomes: [Outcome] = []
    /// Runs not yet made: scenarios of the spec (first paths) that no run covered, with any of the sets of missing
    /// handlers they stand for. An open from the icon is no run of its own: the run without a tap logs what it logs.
    package var unobserved = 0
    /// Each outcome's index by its scenario's `key`.
    private var index: [String: Int] = [:]

    package var confirmed: [Outcome] { outcomes.filter(\.confirms) }
    package var contradicted: [Outcome] { outcomes.filter { !$0.confirms } }
    package var inconsistent: [Outcome] { outcomes.filter(\.isInconsistent) }

    /// Groups `runs` by scenario, in spec order; a scenario's paths share one outcome. A scenario standing for an app
    /// with or without a handler has an outcome per set of missing handlers runs were made with (a run says which),
    /// labelled with it: either's runs tell whether iOS made the same calls. A launch without the notification leaves
    /// no field log line, so the expected calls leave it out.
    package init(matrix: Matrix, runs: [FieldLog.Run]) {
        var byKey: [String: [FieldLog.Run]] = [:]
        var conditioned: [String] = []
        for run in runs {
            var key = Self.key(run.payload, run.setup, run.appState, run.tap, run.without)
            if !run.conditions.isEmpty {
                key += "|" + run.conditions.joined(separator: ",")
                if byKey[key] == nil { conditioned.append(key) }
            }
            byKey[key, default: []].append(run)
        }
        for scenario in matrix.scenarios {
            let calls = Self.calls(scenario.steps)
            var observed = false
            for missing in scenario.eitherWay.isEmpty ? [scenario.missing] : matrix.conditions(of: scenario) {
                let key = Self.key(scenario.payload, scenario.setup, scenario.appState, scenario.tap, missing.sorted())
                if let known = index[key] {
                    outcomes[known].paths.append((scenario.paths, calls))
                } else if let runs = byKey[key] {
                    var seen = scenario
                    (seen.missing, seen.eitherWay) = (missing, [])
                    index[key] = outcomes.count
                    outcomes.append(Outcome(scenario: seen, paths: [(scenario.paths, calls)], runs: runs))
                } else {
                    continue
                }
                observed = true
            }
            if !observed && scenario.path == 1 && !matrix.leavesNotification(scenario.tap) { unobserved += 1 }
        }
        for key in conditioned { outcomes.append(Self.underConditions(byKey[key]!, matrix)) }
    }

    /// The outcome of runs of one scenario under the same conditions, held against the cell's paths under them
    /// (`Matrix.paths(of:tap:without:under:)`), after the matrix's own; when no path is left, against none.
    private static func underConditions(_ runs: [FieldLog.Run], _ matrix: Matrix) -> Outcome {
        let run = runs[0]
        let cell = matrix.cell(run.payload, setup: matrix.setupIndex[run.setup]!, state: matrix.stateIndex[run.appState]!)
        let conditions = run.conditions.compactMap { id in matrix.spec.conditions.first { $0.id == id } }
        let (scenario, listed) = matrix.paths(of: cell, tap: run.tap, without: run.without, under: conditions)
        // A path may be listed more than once, with one sequence of calls or with several.
        let paths = listed.grouped { Self.calls($0.steps) }.map { (numbers: Set($0.members.map(\.number)).sorted(), calls: $0.key) }
        return Outcome(scenario: scenario, paths: paths.isEmpty ? [([], [])] : paths, runs: runs)
    }

    /// The calls a field log shows of `steps`: a launch without the notification leaves no line.
    private static func calls(_ steps: [Scenario.Step]) -> [FieldLog.Call] {
        steps.filter(\.bringsNotification).map { FieldLog.Call(handler: $0.handler, state: $0.state) }
    }

    /// The runs of one scenario of an app with every handler, if any.
    package func outcome(_ payload: Payload, setup: String, appState: String, tap: String?) -> Outcome? {
        index[Self.key(payload, setup, appState, tap, [])].map { outcomes[$0] }
    }

    /// A scenario's identity: its cell, its tap and the handlers it leaves out (sorted).
    private static func key(_ payload: Payload, _ setup: String, _ state: String, _ tap: String?, _ without: [String]) -> String {
        "\(payload.bits)|\(setup)|\(state)|\(tap ?? "")|\(without.joined(separator: ","))"
    }

    /// `payload: alert, category · setup: scenes · appState: terminated · tap: body`, then any handlers the app lacks
    /// and conditions.
    package static func label(_ scenario: Scenario, _ matrix: Matrix) -> String {
        let keys = scenario.payload.setKeys(matrix.payloadKeyIds)
        var parts = [
            "payload: " + (keys.isEmpty ? "none" : keys.joined(separator: ", ")), "\(matrix.spec.naming.label): \(scenario.setup)",
            "appState: \(scenario.appState)", "tap: " + (scenario.tap ?? "none"),
        ]
        if !scenario.missing.isEmpty { parts.append("without: " + scenario.missing.joined(separator: ", ")) }
        if !scenario.under.isEmpty { parts.append("under: " + scenario.under.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    /// Where `observed` first departs from `expected`, in words: a state flipped, a call missing or extra, calls
    /// reordered, another call.
    package static func difference(expected: [FieldLog.Call], observed: [FieldLog.Call]) -> String? {
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
        if expected.count == observed.count, counts(expected) == counts(observed) { return "\(step): the same calls in another order" }
        let seen = i < observed.count ? describe(observed[i]) : "no call"
        let wanted = i < expected.count ? describe(expected[i]) : "no call"
        return "\(step): observed \(seen), expected \(wanted)"
    }

    package static func describe(_ call: FieldLog.Call) -> String { call.state.map { "\(call.handler)(.\($0))" } ?? call.handler }

    private static func name(_ state: String?) -> String { state.map { "." + $0 } ?? "none" }

    package static func counts(_ calls: [FieldLog.Call]) -> [FieldLog.Call: Int] { calls.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
}
