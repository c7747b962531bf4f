#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP, held back while `generate` has something on disk to clean up.
///
/// `hold` blocks the three signals in the calling thread; threads started afterwards inherit
/// that, so a signal stays pending instead of ending the process half way. The run asks
/// `isPending` between steps, cleans up when one is, and `release` then restores the signal
/// mask: a pending signal is delivered at that moment and ends the process as it would have,
/// with its usual exit status. Precondition: `hold` is called before the run starts threads.
enum Interruption {
    struct Held {
        fileprivate var previous: sigset_t
    }

    static func hold() -> Held {
        var set = signals, previous = sigset_t()
        sigprocmask(SIG_BLOCK, &set, &previous)
        return Held(previous: previous)
    }

    /// Whether one of the signals arrived since `hold`.
    static var isPending: Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return [SIGINT, SIGTERM, SIGHUP].contains { sigismember(&pending, $0) == 1 }
    }

    /// Restores the mask `hold` found; a signal that arrived meanwhile is delivered now.
    static func release(_ held: Held) {
        var previous = held.previous
        sigprocmask(SIG_SETMASK, &previous, nil)
    }

    private static var signals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        return set
    }
}

/// Thrown when a signal arrived before the run's changes were committed: what it staged is
/// gone, and the output is as it was.
struct Interrupted: Error {}
