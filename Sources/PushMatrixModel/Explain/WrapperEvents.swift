import PushMatrixSpec
import PushMatrixSupport

/// A native call of a path in a wrapper's terms: the rule that decides it, and so the events the app's code sees.
public struct WrappedCall: Sendable {
    public var call: Call
    public var rule: Wrapper.Rule
    /// No source settles whether the call happens, under the query's conditions.
    public var unsettled: Bool
    /// The call is held from delivery until the app is next opened, under the query's conditions.
    public var held: Bool
}

/// The wrapped calls of one place of a path: on delivery (`delivery`), or after a tap (the tap's id).
public struct WrappedPlace: Sendable {
    public var place: String
    public var calls: [WrappedCall]

    /// The ids of the events the place's calls become, in order.
    public var events: [String] { calls.flatMap { $0.rule.events.map(\.id) } }
}

/// A wrapper's view of every cell, worked out once for its page in every language: each path of each cell in its
/// events, and what each condition takes (`Matrix.eventsTaken`).
public struct WrapperAnswers: Sendable {
    /// Each cell's paths (`Cell.allPaths`), by the cell's place in the spec.
    public let wrapped: [[[WrappedPlace]]]
    public let taken: [(condition: String, events: [String], cells: Int)]

    public init(_ matrix: Matrix, _ wrapper: Wrapper) {
        wrapped = matrix.spec.cells.map { cell in cell.allPaths.map { matrix.wrapped($0, by: wrapper) } }
        taken = matrix.eventsTaken(by: wrapper, firstPaths: wrapped.map { $0[0].flatMap(\.events) })
    }
}

extension Matrix {
    /// The wrapper's view of one path (`outcome`, without its later paths): on delivery, with the calls the query's
    /// conditions held until the app is next opened, then after each tap. `ownMessage` says whether the push came from
    /// the wrapper's own backend.
    public func wrapped(_ outcome: Outcome, by wrapper: Wrapper, ownMessage: Bool) -> [WrappedPlace] {
        let context = Wrapper.Context(
            payload: outcome.payload, setup: outcome.setup, appState: outcome.appState, place: "delivery", afterLaunch: false,
            ownMessage: ownMessage || wrapper.ownMessageKey == nil)
        let places = [("delivery", outcome.onDelivery + outcome.held)] + outcome.taps.map { ($0.tap, $0.calls) }
        return wrapped(places, in: context, by: wrapper, held: outcome.held, unsettled: outcome.unsettled)
    }

    /// The wrapper's view of a path of a cell (from `Cell.allPaths`), for a push from its own backend.
    public func wrapped(_ path: Cell, by wrapper: Wrapper) -> [WrappedPlace] {
        let context = Wrapper.Context(
            payload: path.flags, setup: path.setup.id, appState: path.appState.id, place: "delivery", afterLaunch: false, ownMessage: true)
        let places = [("delivery", path.onDelivery)] + path.taps.map { ($0.tap.id, $0.calls) }
        return wrapped(places, in: context, by: wrapper, held: [], unsettled: [])
    }

    private func wrapped(
        _ places: [(String, [Call])], in context: Wrapper.Context, by wrapper: Wrapper, held: [Call], unsettled: [Call]
    ) -> [WrappedPlace] {
        let launching = Set(spec.handlers.filter(\.launchesApp).map(\.id))
        return places.map { place, calls in
            var context = context
            context.place = place
            let wrapped = context.each(calls, launching: launching).compactMap { call, context in
                wrapper.rule(for: call, context).map { rule in
                    WrappedCall(
                        call: call, rule: rule, unsettled: unsettled.contains(call), held: place == "delivery" && held.contains(call))
                }
            }
            return WrappedPlace(place: place, calls: wrapped)
        }
    }

    /// For each condition the wrapper does not settle, the events it takes from the first paths of the cells it
    /// selects (a push from the wrapper's own backend), each once, and in how many cells; conditions that take none are
    /// left out. A call a condition leaves unsettled is not taken. `firstPaths` are the events of each cell's first
    /// path, by the cell's place in the spec.
    public func eventsTaken(by wrapper: Wrapper, firstPaths events: [[String]]) -> [(condition: String, events: [String], cells: Int)] {
        spec.conditions.filter { condition in !wrapper.settles.contains { $0.id == condition.id } }.compactMap { condition in
            var taken: [String] = []
            var cells = 0
            for (index, cell) in spec.cells.enumerated()
            where condition.appliesTo.contains(payload: cell.flags, setup: cell.setup.id, appState: cell.appState.id) {
                let played = conditioned(cell, by: condition, keepingUnknown: true).cell
                guard !Self.same(played, cell) else { continue }
                let before = events[index]
                let after = wrapped(played, by: wrapper).flatMap(\.events)
                let lost = before.filter { event in before.filter { $0 == event }.count > after.filter { $0 == event }.count }
                guard !lost.isEmpty else { continue }
                cells += 1
                taken += lost
            }
            return cells == 0 ? nil : (condition.id, taken.uniqued(), cells)
        }
    }

    /// The conditions of `ids` a wrapper's rules settle, which an answer in its terms does not apply.
    public func settled(_ ids: [String], by wrapper: Wrapper?) -> [String] {
        ids.filter { id in wrapper?.settles.contains { $0.id == id } == true }
    }
}
