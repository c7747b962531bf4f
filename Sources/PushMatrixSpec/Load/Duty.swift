/// The app's obligation on a call: to report it (a VoIP push to CallKit), by when.
public struct Duty: Sendable, Hashable {
    public enum Report: String, Sendable, CaseIterable {
        case must
        case may
    }
    /// The moment the obligation runs out.
    public enum By: String, Sendable, CaseIterable {
        /// Before the called method returns.
        case `return`
    }
    public var report: Report
    /// Required with `must`, absent with `may`.
    public var by: By?

    /// `must:return`, `may`: the duty as a path's signature spells it.
    public var word: String { report.rawValue + (by.map { ":" + $0.rawValue } ?? "") }
}

extension Spec {
    /// The duty one of `call`'s notes states, if one does (validation allows one).
    public func duty(of call: Call) -> Duty? {
        call.notes.lazy.compactMap { note in notes.first { $0.id == note.id }?.duty }.first
    }

    /// Whether some note states a duty.
    public var hasDuties: Bool { notes.contains { $0.duty != nil } }

    /// Whether some call of some path is one no source settles.
    public var hasUnknownCalls: Bool {
        cells.contains { cell in cell.allPaths.contains { ($0.onDelivery + $0.taps.flatMap(\.calls)).contains(where: \.unknown) } }
    }
}
