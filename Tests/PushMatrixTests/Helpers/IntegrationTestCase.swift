import Foundation
import XCTest

/// The integration tier: tests that start a compiler, a browser or a nested build, send signals
/// to running processes, or feed inputs of a hundred megabytes. `swift test` skips them, so the
/// fast tier stays quick after a build; `PUSHMATRIX_INTEGRATION=1 swift test` runs both tiers,
/// and so does every run with `CI=true`, so CI never passes by skipping them.
class IntegrationTestCase: XCTestCase {
    static let switchVariable = "PUSHMATRIX_INTEGRATION"

    static var isEnabled: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment[switchVariable] == "1" || environment["CI"] == "true"
    }

    /// Skips the calling test unless the integration tier runs: for one slow test in a class
    /// of fast ones that share its helpers.
    static func require() throws {
        guard isEnabled else { throw XCTSkip("integration tier; run with \(switchVariable)=1") }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try Self.require()
    }
}
