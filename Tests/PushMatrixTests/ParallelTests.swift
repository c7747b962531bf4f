import XCTest

@testable import PushMatrix

final class ParallelTests: XCTestCase {
    /// Counts the instances alive, so that a lost or doubly freed element shows.
    private final class Tracked: Sendable {
        static let alive = Counter()
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.alive.add(1)
        }
        deinit { Self.alive.add(-1) }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = Lock()
        private var count = 0
        func add(_ n: Int) { lock.withLock { count += n } }
        var value: Int { lock.withLock { count } }
    }

    func testAssembleKeepsJobOrderAndClosesTheGapsOfJobsThatMadeFewer() {
        let capacities = [3, 0, 5, 2, 4, 1, 6, 3]
        do {
            let (elements, results) = Parallel.assemble(capacities: capacities) { (n: Int, out: inout Parallel.Slots<Tracked>) -> String in
                let made = n % 2 == 0 ? capacities[n] : capacities[n] / 2  // odd jobs leave room unused
                for k in 0..<made { out.append(Tracked(n * 100 + k)) }
                return "job \(n)"
            }
            let expected = capacities.indices.flatMap { n in (0..<(n % 2 == 0 ? capacities[n] : capacities[n] / 2)).map { n * 100 + $0 } }
            XCTAssertEqual(elements.map(\.value), expected)
            XCTAssertEqual(results, capacities.indices.map { "job \($0)" })
            XCTAssertEqual(Tracked.alive.value, expected.count)
        }
        XCTAssertEqual(Tracked.alive.value, 0, "every element is freed once with the array")
    }

    func testRangesCoverEveryIndexOnceInOrder() {
        for count in [0, 1, 7, 1023, 1024, 5000] {
            let ranges = Parallel.ranges(count, threshold: 1024)
            XCTAssertEqual(ranges.flatMap { Array($0) }, Array(0..<count))
            XCTAssertEqual(ranges.count == 1, count < 1024)
        }
    }
}
