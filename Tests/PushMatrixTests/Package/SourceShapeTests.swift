import Foundation
import XCTest

/// The library's sources keep the shape the architecture asks for: short functions, and no
/// process-wide state (the executable owns signals, the exit status and the environment).
final class SourceShapeTests: XCTestCase {
    private let sources = Fixtures.root.appendingPathComponent("Sources/PushMatrix").path

    private func files() throws -> [(name: String, lines: [Substring])] {
        try FileManager.default.enumerator(atPath: sources)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOfFile: sources + "/" + $0, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    /// A function (or initializer) runs from its declaration to the `}` at the declaration's
    /// indentation; none is longer than 80 lines.
    func testNoFunctionIsLongerThanEightyLines() throws {
        let declaration = try NSRegularExpression(
            pattern: #"^(\s*)(?:(?:@\w+|public|private|fileprivate|internal|static|mutating|override|nonisolated)\s+)*(?:func\s|init[(<?])"#
        )
        var longest = 0
        for (name, lines) in try files() {
            for (index, line) in lines.enumerated() {
                let text = String(line)
                guard let match = declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { continue }
                let indent = match.range(at: 1).length
                guard
                    let end = lines[(index + 1)...].firstIndex(where: {
                        $0.hasPrefix(String(repeating: " ", count: indent) + "}") && !$0.dropFirst(indent).hasPrefix(" ")
                    })
                else { continue }
                let length = end - index + 1
                longest = max(longest, length)
                XCTAssertLessThanOrEqual(length, 80, "\(name):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertGreaterThan(longest, 20, "the scan finds functions")
    }

    func testTheLibraryChangesNoProcessWideState() throws {
        let calls = ["sigprocmask(", "pthread_sigmask(", "signal(", "sigaction(", "exit(", "chdir(", "setenv(", "unsetenv(", "umask("]
        for (name, lines) in try files() {
            let text = lines.joined(separator: "\n")
            for call in calls {
                let pattern = #"(?<![A-Za-z_.])"# + NSRegularExpression.escapedPattern(for: call)
                XCTAssertNil(text.range(of: pattern, options: .regularExpression), "\(name): \(call)")
            }
        }
    }
}
