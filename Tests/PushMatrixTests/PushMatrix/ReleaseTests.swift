import Foundation
import XCTest

@testable import PushMatrix

/// The version is written in one place, `Command.version`, which `pushmatrix --version` prints.
/// A release changes it together with CHANGELOG.md's headings and the version the install
/// instructions name; these tests fail when one of them is left behind.
final class ReleaseTests: XCTestCase {
    /// A heading of CHANGELOG.md: `## [Unreleased]`, or `## [X.Y.Z] - YYYY-MM-DD` for a release.
    struct Heading: Equatable {
        var version: String
        var date: String?
    }

    static func changelogHeadings() throws -> [Heading] {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("## ") }.map {
            line in
            if let match = line.wholeMatch(of: /## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?/) {
                return Heading(version: String(match.output.1), date: match.output.2.map(String.init))
            }
            return Heading(version: String(line), date: nil)
        }
    }

    static func numbers(_ version: String) -> [Int]? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        return parts.count == 3 && !parts.contains(nil) ? parts.compactMap { $0 } : nil
    }

    func testTheVersionIsMajorMinorPatch() {
        XCTAssertNotNil(Self.numbers(Command.version), "Command.version \(Command.version) is not X.Y.Z")
        XCTAssertEqual(Command.run(["--version"]).stdout, "pushmatrix \(Command.version)\n")
    }

    /// `[Unreleased]` comes first; the heading after it is the latest release, and its version
    /// is `Command.version`.
    func testTheChangelogsLatestReleaseIsTheVersion() throws {
        let headings = try Self.changelogHeadings()
        XCTAssertEqual(
            headings.first, Heading(version: "Unreleased", date: nil), "CHANGELOG.md opens with ## [Unreleased]")
        let latest = try XCTUnwrap(headings.dropFirst().first, "CHANGELOG.md has no release")
        XCTAssertEqual(latest.version, Command.version, "CHANGELOG.md's latest release is not Command.version")
    }

    /// Every release is dated and newer than the one below it.
    func testEveryReleaseInTheChangelogIsDatedAndInOrder() throws {
        let releases = try Self.changelogHeadings().dropFirst()
        XCTAssertFalse(releases.isEmpty)
        for release in releases {
            XCTAssertNotNil(Self.numbers(release.version), "## [\(release.version)] is not a version X.Y.Z")
            XCTAssertNotNil(release.date, "## [\(release.version)] has no date (- YYYY-MM-DD)")
        }
        for (newer, older) in zip(releases, releases.dropFirst()) {
            guard let new = Self.numbers(newer.version), let old = Self.numbers(older.version) else { continue }
            XCTAssertTrue(old.lexicographicallyPrecedes(new), "\(newer.version) is listed above \(older.version)")
            XCTAssertGreaterThanOrEqual(
                newer.date ?? "", older.date ?? "", "\(newer.version) is dated before \(older.version)")
        }
    }

    /// Instructions that name a release (`from: "X.Y.Z"` for SwiftPM, `@vX.Y.Z` for Mint) name
    /// this one.
    func testInstallInstructionsNameTheVersion() throws {
        var named = 0
        for file in ["README.md", "docs/install.md", "Examples/PushDemo/README.md"] {
            let text = try String(contentsOf: Fixtures.root.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /from: "([0-9][0-9.]*)"|@v([0-9][0-9.]*[0-9])/) {
                named += 1
                XCTAssertEqual(
                    String(match.output.1 ?? match.output.2 ?? ""), Command.version, "\(file): \(match.output.0)")
            }
        }
        XCTAssertGreaterThanOrEqual(named, 3, "the install instructions name the version")
    }

    /// No other source file of the tool or its plugin spells the version out.
    func testTheVersionIsWrittenOnce() throws {
        var places: [String] = []
        for folder in ["Sources", "Plugins"] {
            let base = Fixtures.root.appendingPathComponent(folder).path
            for case let path as String in FileManager.default.enumerator(atPath: base)! where path.hasSuffix(".swift") {
                let text = try String(contentsOfFile: base + "/" + path, encoding: .utf8)
                if text.contains("\"\(Command.version)\"") { places.append("\(folder)/\(path)") }
            }
        }
        XCTAssertEqual(places, ["Sources/PushMatrix/Command/Command.swift"])
    }
}
