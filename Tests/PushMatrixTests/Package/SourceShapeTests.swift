import Foundation
import XCTest

/// The library's sources keep the shape the architecture asks for: short functions, and no
/// process-wide state (the executable owns signals, the exit status and the environment).
final class SourceShapeTests: XCTestCase {
    /// Every library target's folder.
    private let targets = [
        "PushMatrixSupport", "PushMatrixJSON", "PushMatrixSpec", "PushMatrixModel", "PushMatrixObserve",
        "PushMatrixOutputs",
        "PushMatrixOutputDirectory", "PushMatrix",
    ]

    private func files() throws -> [(name: String, lines: [Substring])] {
        try targets.flatMap { target in
            let folder = Fixtures.root.appendingPathComponent("Sources/" + target).path
            return try FileManager.default.enumerator(atPath: folder)!.compactMap { $0 as? String }.filter {
                $0.hasSuffix(".swift")
            }
            .sorted()
            .map { name in
                (
                    target + "/" + name,
                    try String(contentsOfFile: folder + "/" + name, encoding: .utf8).split(
                        separator: "\n", omittingEmptySubsequences: false)
                )
            }
        }
    }

    /// A function (or initializer) runs from its declaration to the `}` at the declaration's
    /// indentation; none is longer than 80 lines.
    func testNoFunctionIsLongerThanEightyLines() throws {
        let declaration = try NSRegularExpression(
            pattern:
                #"^(\s*)(?:(?:@\w+|public|package|private|fileprivate|internal|static|mutating|override|nonisolated)\s+)*(?:func\s|init[(<?])"#
        )
        var longest = 0
        for (name, lines) in try files() {
            for (index, line) in lines.enumerated() {
                let text = String(line)
                guard let match = declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
                    continue
                }
                let indent = match.range(at: 1).length
                guard
                    let end = lines[(index + 1)...].firstIndex(where: {
                        $0.hasPrefix(String(repeating: " ", count: indent) + "}")
                            && !$0.dropFirst(indent).hasPrefix(" ")
                    })
                else { continue }
                let length = end - index + 1
                longest = max(longest, length)
                XCTAssertLessThanOrEqual(
                    length, 80, "\(name):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertGreaterThan(longest, 20, "the scan finds functions")
    }

    /// Files stay short enough to read whole, and the sources stay within their budget: at most 9,450 lines of code
    /// in every Swift file under `Sources/`, the executable's and `BuiltIn/` included. Comments and blank lines are
    /// free, so the budget never taxes documentation.
    func testFilesAndSourcesStayWithinTheirSize() throws {
        let folder = Fixtures.root.appendingPathComponent("Sources/pushmatrix").path
        let executable = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
            .map { name in
                let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                return ("pushmatrix/" + name, text.split(separator: "\n", omittingEmptySubsequences: false))
            }
        XCTAssertEqual(executable.count, 1, "the executable's files are counted")
        let all = try files() + executable
        XCTAssertTrue(all.contains { $0.name.contains("/BuiltIn/") }, "the built-in files' code is counted")
        // Each file ends with a newline, after which the split finds one empty piece.
        for (name, lines) in all {
            XCTAssertLessThanOrEqual(lines.count - 1, 500, "\(name) has \(lines.count - 1) lines")
        }
        let code = all.map { Self.codeLines($0.lines) }.reduce(0, +)
        XCTAssertGreaterThan(code, 5_000, "the count finds the code")
        XCTAssertLessThanOrEqual(code, 10_802, "the sources' lines of code")
    }

    /// The count sees code, not comments or blank lines.
    func testTheCodeCountLeavesOutCommentsAndBlankLines() {
        let text = "/// Doc.\nlet a = 1  // note\n\n/* block\n still */\n// line\nlet b = \"//\"\n"
        XCTAssertEqual(Self.codeLines(text.split(separator: "\n", omittingEmptySubsequences: false)), 2)
    }

    /// The lines that hold code: not blank, not a `//` comment, not inside a `/* … */` comment.
    private static func codeLines(_ lines: [Substring]) -> Int {
        var count = 0
        var inBlock = false
        for line in lines {
            let trimmed = line.drop { $0 == " " }
            if inBlock {
                inBlock = !trimmed.contains("*/")
                continue
            }
            if trimmed.hasPrefix("/*") {
                inBlock = !trimmed.contains("*/")
                continue
            }
            if trimmed.isEmpty || trimmed.hasPrefix("//") {
                continue
            }
            count += 1
        }
        return count
    }

    /// The targets depend one way: each imports only targets before it in `targets` (and the
    /// toolchain's modules), so no stage reaches back into a later one.
    func testEachTargetImportsOnlyTheTargetsBeforeIt() throws {
        var imports = 0
        for (name, lines) in try files() {
            let target = String(name.prefix { $0 != "/" })
            let allowed = targets.prefix { $0 != target }
            for line in lines where line.hasPrefix("import PushMatrix") || line.hasPrefix("@testable import PushMatrix") {
                let module = String(line.split(separator: " ").last!)
                imports += 1
                XCTAssertTrue(allowed.contains(module), "\(name): \(target) imports \(module), which comes after it")
            }
        }
        XCTAssertGreaterThan(imports, 10, "the scan finds the imports")
    }

    /// A command reads an output's manifest only through `update` or `check`, once, under the lock.
    func testCommandsLeaveTheManifestToTheOutputDirectory() throws {
        let commands = try files().filter { $0.name.hasPrefix("PushMatrix/") }
        XCTAssertFalse(commands.isEmpty)
        for (name, lines) in commands { XCTAssertFalse(lines.contains { $0.contains("readManifest(") }, name) }
    }

    func testTheLibraryChangesNoProcessWideState() throws {
        let calls = [
            "sigprocmask(", "pthread_sigmask(", "signal(", "sigaction(", "exit(", "chdir(", "setenv(", "unsetenv(",
            "umask(",
        ]
        for (name, lines) in try files() {
            let text = lines.joined(separator: "\n")
            for call in calls {
                let pattern = #"(?<![A-Za-z_.])"# + NSRegularExpression.escapedPattern(for: call)
                XCTAssertNil(text.range(of: pattern, options: .regularExpression), "\(name): \(call)")
            }
        }
    }
}
