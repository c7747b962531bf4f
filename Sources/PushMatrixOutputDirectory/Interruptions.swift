/// How a run learns that the process running it was asked to stop (Ctrl-C, `kill`, a closed
/// terminal). The library changes no process-wide state: the process decides what a stop
/// request is and how it is held back, and the run asks between steps.
///
/// A writing run calls `hold` before it takes the output directory's lock and before it starts
/// any thread; from then on a request waits. The run asks `isRequested` between steps, cleans
/// up when one came before its update was decided, and calls `release` at the end, when a
/// request that waited takes effect. Precondition: `hold` and `release` are called in pairs, on
/// the thread that runs the command.
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

/// Thrown when a stop was requested before the run's changes were decided: what it staged is
/// gone, and the output is as it was.
package struct Interrupted: Error {}
