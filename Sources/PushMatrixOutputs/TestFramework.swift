/// The framework the generated conformance suite is written for (`generate --tests`). Either
/// suite replays the same scenarios through `ConformanceCheck` into the same
/// `makeHandlerUnderTest`, so both check exactly the same things. The output plan names each
/// one's files.
public enum TestFramework: String, CaseIterable, Sendable {
    /// XCTest: one test method per scenario. The default.
    case xctest
    /// Swift Testing: per payload combination a suite, with a parameterized test per setup and
    /// app state (tagged with both) and a test case per scenario.
    case swiftTesting = "swift-testing"

    /// The module a suite's files import.
    var module: String { self == .xctest ? "XCTest" : "Testing" }
}
