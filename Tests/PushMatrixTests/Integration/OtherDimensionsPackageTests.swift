import Foundation
import XCTest

@testable import PushMatrix

/// A spec with other dimensions, generated into a package of its own and built there by SwiftPM.
final class OtherDimensionsPackageTests: IntegrationTestCase {
    /// Builds a throwaway package from the other-dimensions fixture's core and suite, then runs
    /// the suite: every scenario of that matrix must pass against the reference router.
    func testTheOtherDimensionsFixtureCompilesAndPasses() throws {
        let package = Fixtures.temporaryDirectory(self)
        let generated = Command.run([
            "generate", "--spec", Fixtures.fixture("other-dimensions.json"), "--templates", Fixtures.templates,
            "--output", package,
        ])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Fixture", targets: [
                .target(name: "PushHandlers", path: "Sources/PushHandlers"),
                .target(name: "PushHandlersTestSupport", dependencies: ["PushHandlers"], path: "Sources/PushHandlersTestSupport"),
                .testTarget(
                    name: "PushHandlersConformanceTests", dependencies: ["PushHandlers", "PushHandlersTestSupport"],
                    path: "Tests/PushHandlersConformanceTests"),
            ])
            """
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: package + "/Package.swift"))
        let run = try ExternalTool.run(
            "swift", ["test", "--package-path", package, "--scratch-path", package + "/.build"])
        let (status, output) = (run.status, run.output + run.errors)
        XCTAssertEqual(status, 0, String(output.suffix(4000)))
        let tests = Fixtures.otherDimensions.scenarios.count + Fixtures.otherDimensions.pushSequences().count
        XCTAssertTrue(
            output.contains("Executed \(tests) tests, with 0 failures"),
            "expected \(tests) conformance tests, a scenario's or a sequence's each:\n\(output.suffix(2000))")
    }
}
