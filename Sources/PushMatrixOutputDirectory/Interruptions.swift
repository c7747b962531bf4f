/// How a run learns its process was asked to stop (Ctrl-C, `kill`, a closed terminal); the process decides what that is
/// and how it is held back. A writing run calls `hold` before taking the lock or starting threads, asks `isRequested`
/// between steps (cleaning up if one came before its update was decided), and calls `release` at the end. Precondition:
/// `hold` and `release` pair up, on one thread.
public struct Interruptions: Sendable {
    package let hold: @Sendable () -> Void
    package let release: @Sendable () -> Void
    package let isRequested: @Sendable () -> Bool

    public init(
        hold: @escaping @Sendable () -> Void, release: @escaping @Sendable () -> Void, isRequested: @escaping @Sendable () -> Bool
    ) {
        (self.hold, self.release, self.isRequested) = (hold, release, isRequested)
    }

    /// A process that never asks a run to stop, such as a test calling `Command.run`.
    public static let none = Interruptions(hold: {}, release: {}, isRequested: { false })
}

/// Thrown when a stop was requested before the run's changes were decided: what it staged is gone, and the output is as
/// it was.
package struct Interrupted: Error {}
