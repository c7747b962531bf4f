/// How a run learns its process was asked to stop (Ctrl-C, `kill`, a closed terminal). The library changes no process-wide state: the
/// process decides what a stop request is and how it is held back. A writing run calls `hold` before it takes the lock or starts any thread
/// (a request then waits), asks `isRequested` between steps, cleaning up when one came before its update was decided, and calls `release`
/// at the end, when a waiting request takes effect. Precondition: `hold` and `release` pair up, on the thread that runs the command.
public struct Interruptions: Sendable {
    package let hold: @Sendable () -> Void, release: @Sendable () -> Void, isRequested: @Sendable () -> Bool

    public init(
        hold: @escaping @Sendable () -> Void, release: @escaping @Sendable () -> Void, isRequested: @escaping @Sendable () -> Bool
    ) {
        (self.hold, self.release, self.isRequested) = (hold, release, isRequested)
    }

    /// A process that never asks a run to stop, such as a test calling `Command.run`.
    public static let none = Interruptions(hold: {}, release: {}, isRequested: { false })
}

/// Thrown when a stop was requested before the run's changes were decided: what it staged is gone, and the output is as it was.
package struct Interrupted: Error {}
