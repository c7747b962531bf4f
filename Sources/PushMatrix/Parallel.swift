#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs independent jobs on every core: rendering, and the per-cell work of loading a large
/// spec. Plain threads rather than Dispatch, which would be one more library to load on each
/// run; the jobs are few and coarse.
enum Parallel {
    /// `job(0) … job(count - 1)`, each exactly once, results in index order whatever thread ran them.
    /// `started` is told how many threads (this one included) take jobs, before any job runs;
    /// no more than `threads` do.
    static func map<T: Sendable>(
        _ count: Int, threads: Int = .max, started: (_ threads: Int) -> Void = { _ in }, _ job: @escaping @Sendable (Int) -> T
    ) -> [T] {
        let work = Work(count: count, job: job)
        let helpers = min(count, processors, threads) - 1
        var running: [pthread_t] = []
        for _ in 0..<max(helpers, 0) {
            #if canImport(Darwin)
            var thread: pthread_t?  // an optional pointer there, a number on Linux
            #else
            var thread = pthread_t()
            #endif
            let context = Unmanaged.passRetained(work as AnyObject).toOpaque()
            guard pthread_create(&thread, nil, runWork, context) == 0 else {
                Unmanaged<AnyObject>.fromOpaque(context).release()
                break  // fewer helpers; the calling thread still does every job that is left
            }
            #if canImport(Darwin)
            running.append(thread!)
            #else
            running.append(thread)
            #endif
        }
        started(running.count + 1)
        work.run()
        for thread in running { pthread_join(thread, nil) }
        return work.results()
    }

    static let processors = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `body` over slices of `items` on every core, results in slice order. Fewer than
    /// `threshold` items stay on this thread: threads would cost more than they save.
    static func slices<T: Sendable, R: Sendable>(
        of items: [T], threshold: Int, _ body: @escaping @Sendable (_ slice: ArraySlice<T>) -> R
    ) -> [R] {
        let ranges = ranges(items.count, threshold: threshold)
        return map(ranges.count) { body(items[ranges[$0]]) }
    }

    /// `0..<count` cut into a range per job: one below `threshold`, else four per core.
    static func ranges(_ count: Int, threshold: Int) -> [Range<Int>] {
        let parts = count < threshold ? 1 : processors * 4
        let size = max(1, (count + parts - 1) / parts)
        return (0..<parts).map { n in min(n * size, count)..<min(n * size + size, count) }
    }

    /// One array made by `capacities.count` jobs on every core, job n appending at most
    /// `capacities[n]` elements, in job order; and what each job returned. Each job puts its
    /// elements straight into the array: joining an array per job afterwards copied every
    /// element again, retaining each of its fields, on one thread while the others waited.
    static func assemble<R, S: Sendable>(
        capacities: [Int], _ job: @escaping @Sendable (_ n: Int, _ out: inout Slots<R>) -> S
    ) -> (elements: [R], results: [S]) {
        let starts = capacities.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1) }
        var results: [S] = []
        let elements = [R](unsafeUninitializedCapacity: starts[starts.count - 1]) { buffer, initialized in
            let base = Slots<R>.Base(buffer.baseAddress)
            let made = map(capacities.count) { n in
                var out = Slots<R>(start: base.at(starts[n]), capacity: capacities[n])
                let result = job(n, &out)
                return (out.count, result)
            }
            // A job that made fewer than it could leaves a gap, closed by moving what follows.
            initialized = 0
            for (n, (count, result)) in made.enumerated() {
                if initialized != starts[n] { (buffer.baseAddress! + initialized).moveInitialize(from: buffer.baseAddress! + starts[n], count: count) }
                initialized += count
                results.append(result)
            }
        }
        return (elements, results)
    }

    /// The same for reading: each job reports to a sink of its own, and the diagnostics then go
    /// to `sink` in job order, as `slices(of:reportingTo:)` does.
    static func assemble<R>(
        capacities: [Int], reportingTo sink: DiagnosticSink,
        _ job: @escaping @Sendable (_ n: Int, _ out: inout Slots<R>, _ sink: DiagnosticSink) -> Void
    ) -> [R] {
        let file = sink.file
        let (elements, diagnostics) = assemble(capacities: capacities) { n, out in
            let own = DiagnosticSink(file: file)
            job(n, &out, own)
            return own.diagnostics
        }
        for part in diagnostics { sink.append(part) }
        return elements
    }

    /// Where one job of `assemble` appends: its own part of the array.
    struct Slots<R>: ~Copyable {
        /// The array's storage, shared by the jobs; each writes only its own part. (Unchecked:
        /// a pointer is not Sendable.)
        struct Base: @unchecked Sendable {
            let pointer: UnsafeMutablePointer<R>?
            init(_ pointer: UnsafeMutablePointer<R>?) { self.pointer = pointer }
            func at(_ offset: Int) -> UnsafeMutablePointer<R>? { pointer.map { $0 + offset } }
        }

        private let start: UnsafeMutablePointer<R>?
        private let capacity: Int
        private(set) var count = 0

        fileprivate init(start: UnsafeMutablePointer<R>?, capacity: Int) {
            self.start = start
            self.capacity = capacity
        }

        mutating func append(_ element: consuming R) {
            precondition(count < capacity, "more elements than the part was given room for")
            (start! + count).initialize(to: element)
            count += 1
        }
    }

    /// The same for checks: each slice reports to a sink of its own, and the diagnostics then
    /// go to `sink` in item order, as if one thread had done it all.
    static func slices<T: Sendable, R: Sendable>(
        of items: [T], threshold: Int = 1024, reportingTo sink: DiagnosticSink,
        _ body: @escaping @Sendable (_ slice: ArraySlice<T>, _ sink: DiagnosticSink) -> R
    ) -> [R] {
        let file = sink.file
        let parts = slices(of: items, threshold: threshold) { slice in
            let own = DiagnosticSink(file: file)
            return (body(slice, own), own.diagnostics)
        }
        for part in parts { sink.append(part.1) }
        return parts.map(\.0)
    }
}

/// What a helper thread runs: the shared `Work`, passed through pthread's context pointer.
#if canImport(Darwin)
private func runWork(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    (Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue() as! Runnable).run()
    return nil
}
#else
private func runWork(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    (Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! Runnable).run()
    return nil
}
#endif

private protocol Runnable { func run() }

/// The jobs and their results. Each slot is written by one thread and read after every thread
/// has been joined, so only the next-job counter needs the lock.
private final class Work<T: Sendable>: Runnable, @unchecked Sendable {
    private let count: Int
    private let job: @Sendable (Int) -> T
    private let slots: UnsafeMutableBufferPointer<T?>
    private let lock = Lock()
    private var next = 0

    init(count: Int, job: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.job = job
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func run() {
        while let index = lock.withLock({ () -> Int? in
            guard next < count else { return nil }
            next += 1
            return next - 1
        }) {
            slots[index] = job(index)
        }
    }

    func results() -> [T] { slots.map { $0! } }
}

/// A pthread mutex, for the few places that share mutable state across rendering threads, with
/// a condition for the one place where a thread waits for another.
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside `withLock` only: lets the lock go until another thread calls `broadcast`.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Inside `withLock` only: wakes every thread in `wait`.
    func broadcast() { pthread_cond_broadcast(condition) }
}
