// swift-tools-version:6.0
// An app as an app team builds it, tested with the conformance suite pushmatrix generated for
// it: `Sources/PushApp` holds the app's delegate, a subclass of the generated PushAppDelegate;
// `Generated/` holds the generated module and suite (pushmatrix generate --spec builtin:current
// --module PushAppHandlers --output Generated). On Linux the SDK's UIKit, UserNotifications and
// SwiftUI are the stand-ins of pushmatrix's Tests/StandIns (linked here), so the UIKit branch of
// the generated code compiles and runs. PUSHAPP_SWIFT=5 builds the app and its tests in Swift 5
// mode; PUSHAPP_BROKEN=NAME builds a broken variant of the app (README.md).
import PackageDescription

let environment = Context.environment
let mode: [SwiftSetting] = environment["PUSHAPP_SWIFT"] == "5" ? [.swiftLanguageMode(.v5)] : []
let broken: [SwiftSetting] = environment["PUSHAPP_BROKEN"].map { [.define("BROKEN_" + $0.uppercased())] } ?? []

let package = Package(
    name: "PushApp",
    targets: [
        .target(name: "UserNotifications", path: "StandIns/UserNotifications"),
        .target(name: "UIKit", dependencies: ["UserNotifications"], path: "StandIns/UIKit"),
        .target(name: "SwiftUI", dependencies: ["UIKit"], path: "StandIns/SwiftUI"),
        .target(
            name: "PushAppHandlers", dependencies: ["UIKit", "UserNotifications", "SwiftUI"],
            path: "Generated/Sources/PushAppHandlers"),
        // Only the tests link the test support: the scenarios, the checks and the adapter.
        .target(
            name: "PushAppHandlersTestSupport", dependencies: ["PushAppHandlers"],
            path: "Generated/Sources/PushAppHandlersTestSupport", swiftSettings: mode),
        .target(name: "PushApp", dependencies: ["PushAppHandlers"], swiftSettings: mode + broken),
        // The app's notification service extension: in an app, a target of its own.
        .target(name: "PushAppServiceExtension", dependencies: ["PushAppHandlers"], swiftSettings: mode + broken),
        .testTarget(
            name: "PushAppHandlersConformanceTests",
            dependencies: ["PushApp", "PushAppServiceExtension", "PushAppHandlers", "PushAppHandlersTestSupport"],
            path: "Generated/Tests/PushAppHandlersConformanceTests", swiftSettings: mode),
        // The app's own tests of its delegate, through the methods iOS calls.
        .testTarget(
            name: "PushAppTests", dependencies: ["PushApp", "PushAppHandlers", "UIKit", "UserNotifications"],
            swiftSettings: mode),
    ]
)
