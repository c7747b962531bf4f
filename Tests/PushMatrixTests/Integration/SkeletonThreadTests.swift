import Foundation
import XCTest

/// The current skeleton run, not just type-checked: compiled with the stand-in UIKit and
/// UserNotifications as libraries and driven from the main thread and from other threads at
/// once (Tests/Fixtures/threads/main.swift). Apple does not say which thread the notification
/// center calls its delegate on, so the skeleton must work on any.
final class SkeletonThreadTests: IntegrationTestCase {
    private var sources: [String] {
        SwiftCompiler.sources(in: Fixtures.currentGenerated + "/Sources/CurrentPushHandlers")
    }

    func testTheSkeletonHandlesPushesFromAnyThreadOnceEach() throws {
        let (status, output) = try SwiftCompiler.runProgram(
            sources + [Fixtures.fixture("threads/main.swift")], in: Fixtures.temporaryDirectory(self))
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output.trimmingCharacters(in: .whitespacesAndNewlines), "ok")
    }

    /// Put back the old hop, which assumed the main thread, and the calls from other threads trap.
    func testAssumingTheMainThreadTraps() throws {
        let skeleton = try XCTUnwrap(sources.first { $0.hasSuffix("/Runtime.swift") })
        let text = try String(contentsOfFile: skeleton, encoding: .utf8)
        let hop = [
            "    if Thread.isMainThread {", "        MainActor.assumeIsolated(body)", "    } else {",
            "        DispatchQueue.main.async { MainActor.assumeIsolated(body) }", "    }",
        ].joined(separator: "\n")
        XCTAssertTrue(text.contains(hop), "the skeleton hops as this test expects")
        let directory = Fixtures.temporaryDirectory(self)
        let assuming = directory + "/Runtime.swift"
        try Data(text.replacingOccurrences(of: hop, with: "    MainActor.assumeIsolated(body)").utf8).write(
            to: URL(fileURLWithPath: assuming))
        let files = sources.filter { $0 != skeleton } + [assuming, Fixtures.fixture("threads/main.swift")]
        let (status, output) = try SwiftCompiler.runProgram(files, in: directory)
        XCTAssertNotEqual(status, 0, "calls off the main thread must trap when the skeleton assumes the main thread")
        XCTAssertFalse(output.split(separator: "\n").contains("ok"), output)
        XCTAssertNotEqual(status, 1, "a trap, not a miscount: \(output)")
    }
}
