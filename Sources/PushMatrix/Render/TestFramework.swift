/// The framework the generated conformance suite is written for (`generate --tests`). Either
/// suite replays the same scenarios through `ConformanceCheck` into the same
/// `makeHandlerUnderTest`, so both check exactly the same things.
public enum TestFramework: String, CaseIterable, Sendable {
    /// XCTest: one test method per scenario. The default.
    case xctest
    /// Swift Testing: per payload combination a suite, with a parameterized test per setup and
    /// app state (tagged with both) and a test case per scenario.
    case swiftTesting = "swift-testing"

    /// The template of the suite's shared helpers, written to `Conformance.swift`.
    var supportTemplate: String {
        switch self {
        case .xctest: return "swift/Tests/Conformance.swift"
        case .swiftTesting: return "swift/Tests/TestingConformance.swift"
        }
    }

    /// The template of one payload combination's tests.
    var suiteTemplate: String {
        switch self {
        case .xctest: return "swift/Tests/ConformanceTests.swift"
        case .swiftTesting: return "swift/Tests/TestingConformanceTests.swift"
        }
    }

    /// The templates a suite for another framework renders and this one does not: they are not
    /// inputs of this framework's outputs.
    var unusedTemplates: Set<String> {
        Set(Self.allCases.filter { $0 != self }.flatMap { [$0.supportTemplate, $0.suiteTemplate] })
    }
}
