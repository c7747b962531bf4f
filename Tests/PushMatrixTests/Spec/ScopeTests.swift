import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixSpec

/// What a report saw bounds what the current spec rests on it: a path, every tap of it included, and a condition
/// say so where they reach past it, and say nothing where they do not.
final class ScopeTests: XCTestCase {
    /// A scene app's background path after a tap also opens the app from its icon, which the notes never did.
    private let iconPath =
        #""icon": [{"handler": "sceneConnect", "withoutNotification": true}]}, "source": "reportedSceneConnectionOptions", "#
        + #""extrapolated": true, "premise": "sceneDisconnected""#

    func testAnIconTapBeyondWhatTheReportSawMustSaySo() throws {
        let unmarked = try currentSpecErrors(
            replacing: iconPath, with: iconPath.replacingOccurrences(of: #""extrapolated": true, "#, with: ""))
        XCTAssertEqual(unmarked.count, 1, "\(unmarked)")
        XCTAssertTrue(
            unmarked.first?.hasSuffix(
                "rests on 'reportedSceneConnectionOptions' beyond what it saw (its \"saw\"); mark the path \"extrapolated\": true")
                == true, "\(unmarked)")
        // Without the icon the same path is within what the notes saw, so its mark is refused.
        let source = #""source": "reportedSceneConnectionOptions""#
        let withoutIcon = try currentSpecErrors(
            replacing: #", "icon": [{"handler": "sceneConnect", "withoutNotification": true}]}, "# + source, with: "}, " + source)
        XCTAssertEqual(
            withoutIcon.map { $0.hasSuffix("marked \"extrapolated\", but within what 'reportedSceneConnectionOptions' saw") },
            [true], "\(withoutIcon)")
    }

    /// Background App Refresh was seen in the background, on app-delegate apps; the spec applies it further.
    func testAConditionBeyondWhatItsSourcesSawMustSaySo() throws {
        // The first condition-level mark in the spec is that of Background App Refresh off.
        let unmarked = try currentSpecErrors(replacing: ",\n      \"extrapolated\": true", with: "")
        XCTAssertEqual(
            unmarked,
            [
                "condition 'backgroundAppRefreshOff' applies beyond what its sources saw (its \"saw\"); "
                    + "mark it \"extrapolated\": true"
            ])
        let seen = "\"appStates\": [\n          \"terminated\"\n        ],\n        \"runsOn\": \"device\"\n      }"
        let marked = try currentSpecErrors(replacing: seen, with: seen + ",\n      \"extrapolated\": true")
        XCTAssertEqual(
            marked,
            [
                "condition 'beforeFirstUnlock' is marked \"extrapolated\", but applies within what its sources saw",
                "condition 'beforeFirstUnlock' is extrapolated: say why in \"saw\".\"beyond\"",
            ])
        let unscoped = try currentSpecErrors(replacing: ",\n      \"saw\": {\n        " + seen, with: "")
        XCTAssertEqual(unscoped, ["condition 'beforeFirstUnlock' cites a report: say what its sources saw in \"saw\""])
    }

    /// `explain --condition` gives an extrapolated condition's reason under it, in both languages, and names it in the
    /// JSON; a condition within its sources gets no reason.
    func testExplainSaysWhereAConditionGoesBeyondItsSources() throws {
        let arguments = [
            "explain", "--spec", Fixtures.currentSpec, "--content-available", "--setup", "appDelegate", "--state", "background",
            "--condition", "lowPowerMode", "--condition", "permissionDenied",
        ]
        let english = Command.run(arguments).stdout
        XCTAssertEqual(english.components(separatedBy: "\nExtrapolated: Applied to scene and SwiftUI apps as well.").count, 2, english)
        let japanese = Command.run(arguments + ["--lang", "ja"]).stdout
        XCTAssertEqual(japanese.components(separatedBy: "\n類推した点：シーンを使うアプリと SwiftUI のアプリにも当てはめています。").count, 2, japanese)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(Command.run(arguments + ["--json"]).stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(json.first?["extrapolatedConditions"] as? [String], ["lowPowerMode"])
    }
}
