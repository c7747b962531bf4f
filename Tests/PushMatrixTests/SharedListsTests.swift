import Foundation
import XCTest
@testable import PushMatrix

final class SharedListsTests: XCTestCase {
    /// What the items of a list went through: how often each was made, and how many were alive
    /// at most (an item is alive while a reader or the shared store holds it).
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var made: [Int]
        private(set) var alive = 0, mostAlive = 0

        init(count: Int) { made = Array(repeating: 0, count: count) }

        func item(_ n: Int) -> TemplateValue {
            let token = Token(self)
            lock.withLock {
                made[n] += 1
                alive += 1
                mostAlive = max(mostAlive, alive)
            }
            // The token lives as long as the item: a lazy list's closure holds it.
            return ["n": .text(String(n)), "token": .lazyList(LazyList(count: 0) { _ in withExtendedLifetime(token) { "" } })]
        }

        fileprivate func died() { lock.withLock { alive -= 1 } }
    }

    private final class Token {
        let tally: Tally
        init(_ tally: Tally) { self.tally = tally }
        deinit { tally.died() }
    }

    private static let template = try! Template(source: "{{#items}}{{n}},{{/items}}", file: "list.txt")

    private func expected(_ count: Int) -> String { (0..<count).map { "\($0)," }.joined() }

    private func model(_ lists: SharedLists, _ tally: Tally) -> TemplateValue {
        ["items": .lazyList(lists.list(count: tally.made.count) { tally.item($0) })]
    }

    func testShortListsAreReadOneAfterAnotherOnThisThread() throws {
        let lists = SharedLists(readers: 2, window: 8), tally = Tally(count: 8)
        let model = model(lists, tally)
        let outputs = Outputs()
        let caller = pthread_self()
        try lists.read { reader in
            XCTAssertNotEqual(pthread_equal(pthread_self(), caller), 0)  // no thread for so little
            outputs.set(reader, try Self.template.render(model, format: PlainFormat()))
        }
        XCTAssertEqual(outputs.all, [expected(8), expected(8)])
        XCTAssertEqual(tally.made, Array(repeating: 1, count: 8))
        XCTAssertEqual(tally.alive, 0)
    }

    func testReadersOneAfterAnotherShareOnlyTheFirstWindow() throws {
        let lists = SharedLists(readers: 2, window: 8), tally = Tally(count: 100)
        let model = model(lists, tally)
        for reader in 0..<2 {
            XCTAssertEqual(try lists.reading(as: reader) { try Self.template.render(model, format: PlainFormat()) }, expected(100))
        }
        XCTAssertEqual(tally.made.prefix(8), Array(repeating: 1, count: 8)[...])
        XCTAssertEqual(Set(tally.made.dropFirst(8)), [2])
        XCTAssertLessThanOrEqual(tally.mostAlive, 9)  // the kept window and the item being read
        XCTAssertEqual(tally.alive, 0)
    }

    func testAListMadeAfterAReaderFinishedKeepsNothingForIt() throws {
        let lists = SharedLists(readers: 2, window: 8), tally = Tally(count: 20)
        lists.reading(as: 0) {}
        let model = model(lists, tally)
        XCTAssertEqual(try lists.reading(as: 1) { try Self.template.render(model, format: PlainFormat()) }, expected(20))
        XCTAssertEqual(tally.alive, 0)  // the model still holds the lists; none of the items is kept
    }

    func testReadersSideBySideMakeEachItemOnceAndHoldAWindow() {
        let lists = SharedLists(readers: 2, window: 8), tally = Tally(count: 2000)
        let model = model(lists, tally)
        let outputs = Outputs()
        // Both readers start before either asks for an item.
        let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let done = DispatchGroup()
        for reader in 0..<2 {
            done.enter()
            Thread {
                lists.reading(as: reader) {
                    started[reader].signal()
                    started[1 - reader].wait()
                    outputs.set(reader, try? Self.template.render(model, format: PlainFormat()))
                }
                done.leave()
            }.start()
        }
        done.wait()
        XCTAssertEqual(outputs.all, [expected(2000), expected(2000)])
        XCTAssertEqual(tally.made.indices.filter { tally.made[$0] != 1 }.prefix(10), [])
        XCTAssertLessThanOrEqual(tally.mostAlive, 10)  // the window and one item per reader
        XCTAssertEqual(tally.alive, 0)
    }

    func testAReaderSureToComeIsWaitedForBeforeItsThreadStarts() {
        let lists = SharedLists(readers: 2, window: 8), tally = Tally(count: 500)
        let model = model(lists, tally)
        let outputs = Outputs()
        lists.expectEveryReader()
        let done = DispatchGroup()
        for reader in 0..<2 {
            done.enter()
            Thread {
                if reader == 1 { usleep(20_000) }  // long enough for the other to read every item
                outputs.set(reader, lists.reading(as: reader) { try? Self.template.render(model, format: PlainFormat()) })
                done.leave()
            }.start()
        }
        done.wait()
        XCTAssertEqual(outputs.all, [expected(500), expected(500)])
        XCTAssertEqual(tally.made.indices.filter { tally.made[$0] != 1 }.prefix(10), [])
        XCTAssertLessThanOrEqual(tally.mostAlive, 10)
        XCTAssertEqual(tally.alive, 0)
    }

    func testAReaderThatFailsHoldsNoOtherUp() {
        struct Failed: Error {}
        let lists = SharedLists(readers: 2, window: 4), tally = Tally(count: 500)
        let model = model(lists, tally)
        let outputs = Outputs()
        XCTAssertThrowsError(try lists.read { reader in
            if reader == 1 { throw Failed() }
            outputs.set(reader, try Self.template.render(model, format: PlainFormat()))
        }) { XCTAssert($0 is Failed) }
        XCTAssertEqual(outputs.all, [expected(500), nil])
        XCTAssertEqual(tally.alive, 0)
    }

    private final class Outputs: @unchecked Sendable {
        private let lock = NSLock()
        private var outputs: [String?] = [nil, nil]
        func set(_ reader: Int, _ output: String?) { lock.withLock { outputs[reader] = output } }
        var all: [String?] { lock.withLock { outputs } }
    }
}
