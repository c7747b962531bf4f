import PushMatrixSpec

/// Several pushes as an app meets them, from the matrix's scenarios: the suites replay them to check a handler tells
/// pushes apart, which single pushes cannot (a handler taking two identical payloads, or two updates of one request
/// identifier, as one push passes them all).
package struct PushSequence: Sendable, Equatable {
    package enum Kind: String, CaseIterable, Sendable {
        /// One payload sent twice, a day apart, each delivered and tapped 20 seconds later.
        case samePayloadTwice
        /// A push, then an update sent with the same `apns-collapse-id`, which is tapped.
        case collapseUpdate
        /// Two identical pushes on the path where iOS calls the presentation handler twice.
        case doubledPresentation
        /// A push delivered in the background, another in the foreground and tapped there, then the first tapped, all
        /// within `PushMemory.window`: a payload-only delivery and a tap further apart prove nothing, so the app
        /// handles such a push again.
        case interleaved
    }

    /// One push: a scenario (index in `Matrix.scenarios`), a request identifier number (shared by a collapse-id
    /// update), times in seconds.
    package struct Push: Sendable, Equatable {
        package let scenario: Int
        package let request: Int
        package let deliveredAt: Int
        package let tappedAt: Int
    }

    package let kind: Kind
    package let setup: String
    package let pushes: [Push]

    package var name: String { "\(setup)__\(kind.rawValue)" }
}

extension Matrix {
    /// For each setup, a sequence of each kind its cells allow, in `Kind` order, of scenarios lacking no optional
    /// handler on a cell's first path (the doubled presentation: a later one), preferring the background and foreground
    /// states and the body tap.
    package func pushSequences() -> [PushSequence] {
        spec.setups.flatMap { setup in
            PushSequence.Kind.allCases.compactMap { kind in
                sequencePushes(kind, setup: setup.id).map { PushSequence(kind: kind, setup: setup.id, pushes: $0) }
            }
        }
    }

    private func sequencePushes(_ kind: PushSequence.Kind, setup: String) -> [PushSequence.Push]? {
        let finder = ScenarioFinder(matrix: self, setup: setup)
        guard let base = finder.deliveredAndTapped(in: finder.appStates) else { return nil }
        let payload = scenarios[base].payload
        /// Two pushes, each delivered and tapped at the seconds given; an `update` of the first shares its request
        /// identifier.
        func two(_ first: Int, at one: (Int, Int), _ second: Int, at other: (Int, Int), update: Bool = false) -> [PushSequence.Push] {
            [
                PushSequence.Push(scenario: first, request: 1, deliveredAt: one.0, tappedAt: one.1),
                PushSequence.Push(scenario: second, request: update ? 1 : 2, deliveredAt: other.0, tappedAt: other.1),
            ]
        }
        switch kind {
        case .samePayloadTwice:
            return two(base, at: (0, 20), base, at: (86_400, 86_420))
        case .collapseUpdate:
            // If an arrival call carries the request identifier, the update arrives in front of the user; otherwise
            // only the tap shows it.
            let inFront = finder.deliveredAndTapped(in: ["foreground"], handsNotificationOnArrival: true).flatMap { tapped in
                finder.scenario(scenarios[tapped].payload, appState: "foreground", tap: nil).map { (first: $0, tapped: tapped) }
            }
            let behind = finder.handing.isEmpty ? nil : finder.scenario(payload, appState: scenarios[base].appState, tap: nil)
            guard let update = inFront ?? behind.map({ (first: $0, tapped: base) }) else { return nil }
            return two(update.first, at: (0, 0), update.tapped, at: (60, 90), update: true)
        case .doubledPresentation:
            guard let doubled = finder.doubledOnArrival() else { return nil }
            return two(doubled, at: (0, 20), doubled, at: (60, 80))
        case .interleaved:
            guard let second = finder.runningElsewhere(payload, than: scenarios[base].appState) else { return nil }
            return two(base, at: (0, 25), second, at: (5, 15))
        }
    }
}

/// Looks up the scenarios a sequence is made of, for one setup.
private struct ScenarioFinder {
    let matrix: Matrix
    let setup: String
    /// The tap every sequence uses: the body, else the spec's first.
    let tap: String?
    /// The app states, background and foreground first.
    let appStates: [String]
    /// The handlers whose method in this setup carries the request identifier.
    let handing: Set<String>
    /// This setup's first scenario per cell and tap, on its first path, lacking no handler, not ignored: sequences look
    /// one up per payload.
    private let firstPaths: [Cell: Int]

    private struct Cell: Hashable {
        let payload: Payload
        let appState: String
        let tap: String?
    }

    init(matrix: Matrix, setup: String) {
        (self.matrix, self.setup) = (matrix, setup)
        let eligible = matrix.scenarios.enumerated().filter { $1.setup == setup && $1.path == 1 && $1.missing.isEmpty && !$1.ignored }
        firstPaths = Dictionary(
            eligible.map { (Cell(payload: $1.payload, appState: $1.appState, tap: $1.tap), $0) }, uniquingKeysWith: { first, _ in first })
        let taps = matrix.spec.taps.map(\.id)
        tap = taps.contains("body") ? "body" : taps.first
        let ids = matrix.spec.appStates.map(\.id)
        appStates = ["background", "foreground"].filter(ids.contains) + ids.filter { !["background", "foreground"].contains($0) }
        handing = Set(
            matrix.spec.handlers.filter { handler in handler.methods.contains { $0.setup.id == setup && $0.handsNotification } }.map(\.id))
    }

    /// The scenario of this cell and tap on the cell's first path, lacking no handler.
    func scenario(_ payload: Payload, appState: String, tap: String?) -> Int? {
        firstPaths[Cell(payload: payload, appState: appState, tap: tap)]
    }

    /// The first scenario, in these app states' order then the spec's payload order, that is delivered to the app with
    /// a call and then tapped; with `handsNotificationOnArrival`, one whose arrival call carries the request
    /// identifier.
    func deliveredAndTapped(in states: [String], handsNotificationOnArrival: Bool = false) -> Int? {
        for state in states {
            for payload in matrix.payloads {
                guard let index = scenario(payload, appState: state, tap: tap) else { continue }
                let steps = matrix.scenarios[index].steps
                let arrival = steps.filter { $0.event.isDelivery && $0.event != .outsideApp && $0.bringsNotification }
                guard !arrival.isEmpty, steps.contains(where: { !$0.event.isDelivery && $0.bringsNotification }) else { continue }
                if handsNotificationOnArrival && !arrival.contains(where: { handing.contains($0.handler) }) { continue }
                return index
            }
        }
        return nil
    }

    /// A scenario of this payload in another state with the app running (not launched: a new process remembers
    /// nothing), tapped if it can.
    func runningElsewhere(_ payload: Payload, than appState: String) -> Int? {
        for state in appStates where state != appState {
            for tap in [tap, nil] {
                guard let index = scenario(payload, appState: state, tap: tap) else { continue }
                let steps = matrix.scenarios[index].steps
                let launches = steps.contains { step in matrix.spec.handlers.contains { $0.id == step.handler && $0.launchesApp } }
                if !steps.isEmpty && !launches { return index }
            }
        }
        return nil
    }

    /// A scenario lacking no handler whose arrival calls one method twice, tapped if one is.
    func doubledOnArrival() -> Int? {
        let doubled = matrix.scenarios.indices.filter { index in
            let s = matrix.scenarios[index]
            guard s.setup == setup, s.missing.isEmpty, !s.ignored else { return false }
            let arrival = s.steps.filter { $0.event.isDelivery && $0.event != .outsideApp }.map(\.handler)
            return Set(arrival).count < arrival.count
        }
        return doubled.first { matrix.scenarios[$0].tap == tap } ?? doubled.first
    }
}
