import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `transform` of each element on every core, results in order; for a few coarse jobs, such as rendering one output
    /// file each.
    package func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let results = Mutex([T?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }
}
