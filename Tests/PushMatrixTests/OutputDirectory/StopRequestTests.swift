import Foundation
import Synchronization
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputDirectory

/// The library hears a stop request only through `Interruptions`, which the executable makes
/// from signals (`SignalAndConcurrencyTests` sends them). Here a stop is requested at each step a
/// run asks, in-process: before the update is decided the output stays as it was.
final class StopRequestTests: XCTestCase {
    /// An `Interruptions` that requests a stop from the `stopAt`-th question on, and counts the
    /// holds and releases.
    private final class Requests: Sendable {
        let asked = Mutex(0)
        let held = Mutex(0)
        let released = Mutex(0)
        let stopAt: Int
        init(stopAt: Int) { self.stopAt = stopAt }
        var interruptions: Interruptions {
            Interruptions(
                hold: { self.held.withLock { $0 += 1 } }, release: { self.released.withLock { $0 += 1 } },
                isRequested: {
                    self.asked.withLock {
                        $0 += 1
                        return $0 >= self.stopAt
                    }
                })
        }
    }

    private func generate(_ output: String, module: String, _ interruptions: Interruptions = .none) -> Command.Result {
        Command.run(
            [
                "generate", "--spec", Fixtures.spec, "--templates", Fixtures.templates, "--output", output, "--module",
                module,
            ],
            interruptions: interruptions)
    }

    func testAStopBeforeTheUpdateIsDecidedLeavesTheOutputAsItWas() throws {
        let base = Fixtures.temporaryDirectory(self)
        for existing in [false, true] {
            for stopAt in 1...3 {
                let output = base + "/\(existing)-\(stopAt)"
                if existing { XCTAssertEqual(generate(output, module: "PushHandlers").status, 0) }
                let before = FileManager.default.fileExists(atPath: output) ? Fixtures.snapshot(output) : nil
                let requests = Requests(stopAt: stopAt)
                let result = generate(output, module: "Renamed", requests.interruptions)
                let label = "\(existing ? "update" : "new directory"), stop at question \(stopAt)"
                XCTAssertEqual(result.status, 130, label)
                XCTAssertEqual(result.stderr, "pushmatrix: interrupted; the output is as it was\n", label)
                XCTAssertEqual(
                    FileManager.default.fileExists(atPath: output) ? Fixtures.snapshot(output) : nil, before, label)
                XCTAssertEqual(
                    try FileManager.default.contentsOfDirectory(atPath: base).filter { $0.hasPrefix(".") }, [], label)
                XCTAssertEqual(requests.held.withLock { $0 }, 1, label)
                XCTAssertEqual(requests.released.withLock { $0 }, 1, label)
            }
        }
    }

    func testARunAskedNothingFinishesAndReleasesWhatItHeld() {
        let output = Fixtures.temporaryDirectory(self) + "/out"
        let requests = Requests(stopAt: .max)
        XCTAssertEqual(generate(output, module: "PushHandlers", requests.interruptions).status, 0)
        XCTAssertGreaterThan(requests.asked.withLock { $0 }, 1, "the run asks between its steps")
        XCTAssertEqual(requests.held.withLock { $0 }, requests.released.withLock { $0 })
    }
}
