/// The framework of the generated conformance suite (`generate --tests`). Both replay the same scenarios through
/// `PushConformanceCheck` into the same `makeHandlerUnderTest`, so they check exactly the same things. The output plan
/// names each one's files.
public enum TestFramework: String, CaseIterable, Sendable {
    /// XCTest: one test method per scenario. The default.
    case xctest
    /// Swift Testing: per payload combination a suite; per setup and app state a parameterized test, tagged with both;
    /// per scenario a case.
    case swiftTesting = "swift-testing"

    /// The module a suite's files import.
    var module: String { self == .xctest ? "XCTest" : "Testing" }
}
