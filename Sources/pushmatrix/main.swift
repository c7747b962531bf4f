import PushMatrix
import PushMatrixOutputDirectory

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// A reader that went away shows as EPIPE from write(2), handled below, not as a signal ending the process before it
// picks its status.
signal(SIGPIPE, SIG_IGN)

// Colour only for a person at a terminal, and never when NO_COLOR is set (no-color.org).
let colored = isatty(2) == 1 && getenv("NO_COLOR") == nil
// A wrapper that runs pushmatrix for the user (the package plugin) names its own command here.
let invocation = getenv("PUSHMATRIX_INVOCATION").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "pushmatrix"
// Ctrl-C, `kill` and a closed terminal wait while a run has something on disk to clean up.
let interruptions = HeldSignals.interruptions()
let result = Command.run(Array(CommandLine.arguments.dropFirst()), colored: colored, invocation: invocation, interruptions: interruptions)
var status = result.status
var errors = result.stderr
// Output that was not written whole is a failure: exit status 1 at least. When the reader of standard output has gone
// (`pushmatrix explain … | head`), it wanted no more: no message, only the status. Any other failure (a full disk, an
// I/O error) is reported on standard error.
if let error = emit(result.stdout, to: 1) {
    status = max(status, 1)
    if error != EPIPE { errors += "pushmatrix: error: cannot write to standard output: \(String(cString: strerror(error)))\n" }
}
if emit(errors, to: 2) != nil { status = max(status, 1) }
exit(status)

/// Writes all of `text`; returns nil, or the `errno` of the write that failed.
func emit(_ text: String, to descriptor: Int32) -> Int32? {
    var rest = Array(text.utf8)[...]
    while !rest.isEmpty {
        let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {  // a non-blocking descriptor: wait until it takes more
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, -1)
            continue
        }
        guard written > 0 else { return written < 0 ? errno : EIO }
        rest = rest.dropFirst(written)
    }
    return nil
}

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
