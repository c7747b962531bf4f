#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PushMatrix

// Colour only for a person at a terminal, and never when NO_COLOR is set (no-color.org).
let colored = isatty(2) == 1 && getenv("NO_COLOR") == nil
let result = Command.run(Array(CommandLine.arguments.dropFirst()), colored: colored)
emit(result.stdout, to: 1)
emit(result.stderr, to: 2)
exit(result.status)

func emit(_ text: String, to descriptor: Int32) {
    var rest = Array(text.utf8)[...]
    while !rest.isEmpty {
        let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }  // a closed pipe: nobody is reading
        rest = rest.dropFirst(written)
    }
}
