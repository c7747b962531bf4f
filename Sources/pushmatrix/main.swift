#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PushMatrix

keepLargeBlocksOutOfTheHeap()

// Colour only for a person at a terminal, and never when NO_COLOR is set (no-color.org).
let colored = isatty(2) == 1 && getenv("NO_COLOR") == nil
// A wrapper that runs pushmatrix for the user (the package plugin) names its own command here.
let invocation = getenv("PUSHMATRIX_INVOCATION").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "pushmatrix"
let result = Command.run(Array(CommandLine.arguments.dropFirst()), colored: colored, invocation: invocation)
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

/// glibc serves blocks of 128 KiB and more with their own mappings, which go back to the system
/// when freed, but each such free raises that threshold to the block's size. After the first
/// page of a large matrix, later pages and output chunks then come from the heap, which keeps
/// what it grew to: peak memory was a fifth higher. Fixing the threshold stops that. (glibc
/// only; `mallopt` is looked up because Swift's Glibc module does not declare it.)
func keepLargeBlocksOutOfTheHeap() {
    #if canImport(Glibc)
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
    guard let mallopt = dlsym(nil, "mallopt") else { return }
    _ = unsafeBitCast(mallopt, to: Mallopt.self)(mmapThreshold, 128 << 10)
    #endif
}
