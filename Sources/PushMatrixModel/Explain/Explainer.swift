import PushMatrixSpec

/// Answers "what happens to this push?" for each setup and app state asked about.
public struct Outcome: Sendable {
    /// The setup asked about.
    public var setup: String
    /// The app state asked about.
    public var appState: String
    /// Every payload key, set or not.
    public var payload: [String: Bool]
    public var ignored: Bool
    public var onDelivery: [Call]
    public var notificationCenter: Bool
    /// Possible taps only, in declared order.
    public var taps: [(tap: String, calls: [Call])]
    /// The ids of the notes of the cell and its calls.
    public var notes: [String]
    /// The id of the source the cell rests on.
    public var source: String
    /// Which path of the cell this is (1: the cell's own).
    public var path = 1
    /// The iOS versions the path was seen on, where its source says.
    public var seenOn: String?
    /// The path applies its source beyond what the source saw.
    public var extrapolated = false
    /// The condition the path needs, and only it (`CellPath.premise`).
    public var premise: String?
    /// The ids of the column's and the cell's own notes, which stay whatever calls the query's conditions remove.
    public var ownNotes: [String] = []
    /// For a later path, what it does differently: whether on delivery, and for which taps.
    public var differs: (onDelivery: Bool, taps: Set<String>) = (true, [])
    /// The cell's other paths, each as an outcome of its own.
    public var paths: [Outcome] = []
    /// Under the query's conditions: the calls held from delivery until the app is next opened.
    public var held: [Call] = []
    /// Under the query's conditions: the calls no source settles.
    public var unsettled: [Call] = []
    /// The query's conditions that changed this path.
    public var changedBy: [String] = []
    /// The query's conditions under which another path is the likely one.
    public var unlikelyUnder: [String] = []
    /// The cell's later paths the query's conditions left making the same calls as this one, with what the user sees,
    /// each as it was before it was merged into this one (numbered as the cell numbers it).
    public var alike: [Outcome] = []

    /// Whether `other` makes the same calls, in the same states and places, equally settled and with the same duties
    /// (`spec`'s), and the user sees the same.
    func isAlike(_ other: Outcome, in spec: Spec) -> Bool {
        func told(_ calls: [Call]) -> [String] {
            calls.map { "\($0.handler.id) \($0.state?.id ?? "") \($0.bringsNotification) \($0.unknown) \(spec.duty(of: $0)?.word ?? "")" }
        }
        return notificationCenter == other.notificationCenter && told(onDelivery) == told(other.onDelivery)
            && taps.map(\.tap) == other.taps.map(\.tap) && taps.map { told($0.calls) } == other.taps.map { told($0.calls) }
            && told(held) == told(other.held) && told(unsettled) == told(other.unsettled)
    }

    /// `other`, a later path making the same calls, merged into this one: its notes and the conditions that changed it
    /// join this path's, which is unlikely only where both were, and needs a premise only where both needed it.
    mutating func merge(_ other: Outcome) {
        alike.append(other)
        notes += other.notes.filter { !notes.contains($0) }
        changedBy += other.changedBy.filter { !changedBy.contains($0) }
        unlikelyUnder.removeAll { !other.unlikelyUnder.contains($0) }
        premise = premise == other.premise ? premise : nil
        differs = (differs.onDelivery || other.differs.onDelivery, differs.taps.union(other.differs.taps))
    }
}

public struct ExplainQuery: Sendable {
    public var payload: [String: Bool]
    public var setups: [String]?
    public var appStates: [String]?
    /// Optional handlers the app does not implement.
    public var without: Set<String>
    /// The keys of a real payload's `aps` dictionary, which decide the calls whose notes set a condition on them; nil
    /// when only flags were given, so those calls stay as the cell has them.
    public var apnsKeys: Set<String>?
    /// The ids of the conditions to answer under (see `Condition`), applied in this order.
    public var conditions: [String]

    public init(
        payload: [String: Bool], setups: [String]? = nil, appStates: [String]? = nil, without: Set<String> = [],
        apnsKeys: Set<String>? = nil, conditions: [String] = []
    ) {
        (self.payload, self.setups, self.appStates, self.without, self.apnsKeys) = (payload, setups, appStates, without, apnsKeys)
        self.conditions = conditions
    }
}

extension Matrix {
    public func explain(_ query: ExplainQuery) -> [Outcome] {
        let setups = spec.setups.map(\.id).filter { query.setups?.contains($0) ?? true }
        let states = spec.appStates.map(\.id).filter { query.appStates?.contains($0) ?? true }
        let conditions = query.conditions.compactMap { id in spec.conditions.first { $0.id == id } }
        return setups.flatMap { setup in
            states.map { state in
                let cell = cell(payload: query.payload, setup: setup, appState: state)
                var outcome = outcome(cell, query)
                outcome.notes = noteIds(of: cell)
                outcome.ownNotes = appStates[cell.appState.id]!.notes.map(\.id) + cell.notes.map(\.id)
                let paths = zip(cell.allPaths.dropFirst(), cell.paths).enumerated().map { number, pair in
                    var path = self.outcome(pair.0, query)
                    path.path = number + 2
                    path.differs = (pair.1.onDelivery != nil, Set(pair.1.taps.map(\.tap.id)))
                    path.notes = ((pair.1.onDelivery ?? []) + pair.1.taps.flatMap(\.calls)).flatMap { $0.notes.map(\.id) }
                    return path
                }
                guard !conditions.isEmpty else {
                    outcome.paths = paths
                    return outcome
                }
                // Which paths are likely is judged on the calls as the cell has them.
                var all: [Outcome] = []
                for path in markLikely([outcome] + paths, by: conditions) {
                    let played = Self.droppingNotesOfRemovedCalls(
                        from: conditioned(path, by: conditions), before: path, keeping: Set(outcome.ownNotes))
                    // A path the conditions made the same as an earlier one joins it; those left are numbered again.
                    if let earlier = all.firstIndex(where: { $0.isAlike(played, in: spec) }) {
                        all[earlier].merge(played)
                    } else {
                        all.append(played)
                        all[all.count - 1].path = all.count
                    }
                }
                outcome = all[0]
                outcome.paths = Array(all.dropFirst())
                return outcome
            }
        }
    }

    /// `conditioned` without the notes that only calls the conditions removed carried; `keeping` are the column's and
    /// the cell's own notes, which stay.
    private static func droppingNotesOfRemovedCalls(from conditioned: Outcome, before: Outcome, keeping: Set<String>) -> Outcome {
        func callNotes(_ outcome: Outcome, held: [Call]) -> Set<String> {
            Set((outcome.onDelivery + outcome.taps.flatMap(\.calls) + held).flatMap { $0.notes.map(\.id) })
        }
        let gone = callNotes(before, held: []).subtracting(callNotes(conditioned, held: conditioned.held))
        var result = conditioned
        result.notes.removeAll { gone.contains($0) && !keeping.contains($0) }
        return result
    }

    /// What a path of a cell (as a cell, from `Cell.allPaths`) does with this query.
    private func outcome(_ cell: Cell, _ query: ExplainQuery) -> Outcome {
        let taps = spec.taps.compactMap { tap in
            cell.taps.first { $0.tap.id == tap.id }.map { (tap: tap.id, calls: calls($0.calls, without: query.without)) }
        }
        let onDelivery = calls(cell.onDelivery, without: query.without).filter { happens($0, apnsKeys: query.apnsKeys) }
        // Ignored as the cell is, or because the payload lacks what its calls on delivery need.
        return Outcome(
            setup: cell.setup.id, appState: cell.appState.id, payload: query.payload,
            ignored: onDelivery.isEmpty && !cell.notificationCenter, onDelivery: onDelivery, notificationCenter: cell.notificationCenter,
            taps: taps, notes: [], source: cell.source.id, seenOn: cell.seenOn, extrapolated: cell.extrapolated,
            premise: cell.premise?.id)
    }

    /// Whether a call on delivery happens with a payload whose `aps` has `apnsKeys` (nil: unknown, deciding nothing),
    /// as its notes say.
    private func happens(_ call: Call, apnsKeys: Set<String>?) -> Bool {
        guard let apnsKeys else { return true }
        return call.notes.allSatisfy { note in notes[note.id]?.onlyWithAPNsKeys.map { $0.contains { apnsKeys.contains($0.id) } } ?? true }
    }
}
