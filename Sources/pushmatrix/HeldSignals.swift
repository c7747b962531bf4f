import PushMatrix
import PushMatrixOutputDirectory

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP as the library's stop requests. Holding blocks them in the calling thread, and threads
/// started later inherit the mask, so a signal stays pending, not ending the process half way; releasing restores the
/// original mask, and a pending signal then ends the process as it would have, with its usual status. Precondition:
/// made on the main thread before any other thread starts.
enum HeldSignals {
    static func interruptions() -> Interruptions {
        let started = {
            var mask = sigset_t()
            sigprocmask(SIG_SETMASK, nil, &mask)
            return mask
        }()
        let signals = [SIGINT, SIGTERM, SIGHUP]
        return Interruptions(
            hold: {
                var set = sigset_t()
                sigemptyset(&set)
                for signal in signals { sigaddset(&set, signal) }
                sigprocmask(SIG_BLOCK, &set, nil)
            },
            release: {
                var mask = started
                sigprocmask(SIG_SETMASK, &mask, nil)
            },
            isRequested: {
                var pending = sigset_t()
                sigpending(&pending)
                return signals.contains { sigismember(&pending, $0) == 1 }
            })
    }
}
