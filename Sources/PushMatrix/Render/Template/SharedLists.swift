#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lazy lists of one view model that several outputs read: a page's Markdown and HTML.
///
/// When a list is longer than `window`, the outputs render side by side, each on a thread of
/// its own, and whichever gets to an item first makes it; the item is kept until the others
/// have taken it. A reader `window` items ahead of another waits for it, so no more than
/// `window` items of a list are held. Otherwise every output would make every item again, or
/// a large matrix would hold all its sections at once.
public final class SharedLists: @unchecked Sendable {
    // Unchecked: every stored property is used under `lock` only.
    public let readers: Int
    public let window: Int
    private let lock = Lock()
    /// Reader n's thread while it renders: a reader is the thread that asks for an item.
    private var threads: [pthread_t?]
    /// Per reader, the item it waits to make, if any.
    private var waits: [(list: Int, item: Int)?]
    /// A bit per reader that has finished: a list made after that keeps nothing for it.
    private var finished: UInt64 = 0
    /// A bit per reader sure to run alongside the others, though its thread may not have
    /// started yet: the others may wait for it.
    private var expected: UInt64 = 0
    private var lists: [List] = []
    private var longest = 0

    private struct List {
        let shared: Bool
        /// Per reader, the first item it has not had yet; `Int.max` once it has finished.
        var next: [Int]
        /// Items made and not yet taken by every reader, with a bit per reader still to take it.
        var kept: [Int: (value: TemplateValue, pending: UInt64)] = [:]
    }

    public init(readers: Int, window: Int = 64) {
        precondition((1...64).contains(readers) && window > 0)
        self.readers = readers
        self.window = window
        threads = Array(repeating: nil, count: readers)
        waits = Array(repeating: nil, count: readers)
    }

    /// A list whose items are made under this object's lock, one at a time: a view caches as it
    /// goes and is not thread-safe. So `item` must not make or read a list of this object.
    /// Items of a list that is not `shared` are not kept for the other readers: only one output
    /// reads it (the HTML overview grid).
    public func list(count: Int, shared: Bool = true, item: @escaping (Int) -> TemplateValue) -> LazyList {
        let id = lock.withLock {
            lists.append(List(shared: shared, next: (0..<readers).map { finished & (1 << $0) != 0 ? .max : 0 }))
            if shared { longest = max(longest, count) }
            return lists.count - 1
        }
        return LazyList(count: count) { n in self.item(n, of: id, make: item) }
    }

    /// `render(reader)` for every reader: side by side when a shared list is longer than the
    /// window, one after another otherwise, since threads would then cost more than they save.
    /// Every reader runs; the first error in reader order is thrown.
    public func read(_ render: @escaping @Sendable (_ reader: Int) throws -> Void) throws {
        let job = { @Sendable (reader: Int) in Result { try self.reading(as: reader) { try render(reader) } } }
        guard lock.withLock({ longest > window }) else {
            for result in (0..<readers).map(job) { try result.get() }
            return
        }
        // With a thread per reader, each reader is sure to run alongside the others: none of
        // them can take a second reader's job while its own one waits. (With fewer, some run
        // after others, and nobody waits for them.)
        let results = Parallel.map(readers, started: { threads in if threads == readers { expectEveryReader() } }, job)
        for result in results { try result.get() }
    }

    /// Every reader is sure to run alongside the others, each on a thread of its own: one may
    /// wait for another whose thread has not started yet.
    func expectEveryReader() {
        lock.withLock { expected = (0..<readers).reduce(0) { $0 | 1 << $1 } }
    }

    /// `body`, with the items this thread asks for taken as `reader`'s.
    func reading<R>(as reader: Int, _ body: () throws -> R) rethrows -> R {
        lock.withLock {
            threads[reader] = pthread_self()
            finished &= ~(1 << reader)
            for id in lists.indices { lists[id].next[reader] = 0 }
        }
        defer {
            lock.withLock {
                threads[reader] = nil
                let bit: UInt64 = 1 << reader
                finished |= bit
                expected &= ~bit
                for id in lists.indices {
                    lists[id].next[reader] = .max  // nothing more is kept for it
                    lists[id].kept = lists[id].kept.compactMapValues { $0.pending == bit ? nil : ($0.value, $0.pending & ~bit) }
                }
                lock.broadcast()  // a reader waiting for this one goes on
            }
        }
        return try body()
    }

    private func item(_ n: Int, of id: Int, make: (Int) -> TemplateValue) -> TemplateValue {
        lock.withLock {
            let this = pthread_self()
            guard lists[id].shared, let reader = threads.firstIndex(where: { $0.map { pthread_equal($0, this) != 0 } ?? false }) else {
                return make(n)
            }
            lists[id].next[reader] = n
            defer {
                lists[id].next[reader] = n + 1
                lock.broadcast()  // a reader waiting for this one may go on
            }
            let bit: UInt64 = 1 << reader
            while true {
                if let (value, pending) = lists[id].kept[n], pending & bit != 0 {
                    lists[id].kept[n] = pending == bit ? nil : (value, pending & ~bit)
                    return value
                }
                // No reader waits for one that is itself held up: two would wait for each other.
                guard isFarAhead(reader, at: n, in: id) && !waits.indices.contains(where: isHeldUp) else { break }
                waits[reader] = (id, n)
                lock.wait()  // then look again: the reader waited for may have made this item
                waits[reader] = nil
            }
            let value = make(n)
            // Kept for each reader still to come to it, unless that one is too far behind.
            var pending: UInt64 = 0
            for other in 0..<readers where other != reader && (0..<window).contains(n - lists[id].next[other]) {
                pending |= 1 << other
            }
            if pending != 0 { lists[id].kept[n] = (value, pending) }
            return value
        }
    }

    /// Whether `reader` waits for an item and must go on waiting. One that need not is about
    /// to go on: the others may wait for it.
    private func isHeldUp(_ reader: Int) -> Bool {
        waits[reader].map { isFarAhead(reader, at: $0.item, in: $0.list) } ?? false
    }

    /// Whether another reader, rendering now or sure to, is `window` or more items behind `n`.
    private func isFarAhead(_ reader: Int, at n: Int, in id: Int) -> Bool {
        threads.indices.contains { other in
            other != reader && (threads[other] != nil || expected & 1 << other != 0) && n - lists[id].next[other] >= window
        }
    }
}
