// swift-tools-version:6.0
// A VoIP app as an app team builds it, tested with the conformance suite pushmatrix generated for
// it: `Sources/VoIPApp` holds the app's PushKit and CallKit delegate, a subclass of the generated
// PushVoIPDelegate; `Generated/` holds the generated module and suite (pushmatrix generate --spec
// builtin:voip --module VoIPAppHandlers --output Generated). On Linux the SDK's PushKit, CallKit,
// LiveCommunicationKit, AVFAudio, UIKit and UserNotifications are the stand-ins of pushmatrix's
// Tests/StandIns (linked here). VOIPAPP_SWIFT=5 builds the app and its tests in Swift 5 mode;
// VOIPAPP_BROKEN=NAME has the suite check the app's older delegate with one mistake (README.md).
import PackageDescription

let environment = Context.environment
let mode: [SwiftSetting] = environment["VOIPAPP_SWIFT"] == "5" ? [.swiftLanguageMode(.v5)] : []
let broken: [SwiftSetting] = environment["VOIPAPP_BROKEN"].map { [.define("BROKEN_" + $0.uppercased())] } ?? []

let package = Package(
    name: "VoIPApp",
    targets: [
        .target(name: "AVFAudio", path: "StandIns/AVFAudio"),
        .target(name: "PushKit", path: "StandIns/PushKit"),
        .target(name: "CallKit", dependencies: ["AVFAudio"], path: "StandIns/CallKit"),
        .target(name: "LiveCommunicationKit", path: "StandIns/LiveCommunicationKit"),
        .target(name: "UserNotifications", path: "StandIns/UserNotifications"),
        .target(name: "UIKit", dependencies: ["UserNotifications"], path: "StandIns/UIKit"),
        .target(
            name: "VoIPAppHandlers", dependencies: ["AVFAudio", "PushKit", "CallKit", "LiveCommunicationKit"],
            path: "Generated/Sources/VoIPAppHandlers", swiftSettings: mode),
        // Only the tests link the test support: the scenarios, the checks and the adapter.
        .target(
            name: "VoIPAppHandlersTestSupport",
            dependencies: ["VoIPAppHandlers", "AVFAudio", "PushKit", "CallKit"],
            path: "Generated/Sources/VoIPAppHandlersTestSupport", swiftSettings: mode),
        .target(
            name: "VoIPApp", dependencies: ["VoIPAppHandlers", "AVFAudio", "PushKit", "CallKit", "UIKit"],
            swiftSettings: mode + broken),
        .testTarget(
            name: "VoIPAppHandlersConformanceTests",
            dependencies: ["VoIPApp", "VoIPAppHandlers", "VoIPAppHandlersTestSupport", "CallKit", "UIKit"],
            path: "Generated/Tests/VoIPAppHandlersConformanceTests", swiftSettings: mode),
        // The app's own tests of its delegate, through the methods PushKit and CallKit call.
        .testTarget(
            name: "VoIPAppTests", dependencies: ["VoIPApp", "VoIPAppHandlers", "VoIPAppHandlersTestSupport"],
            swiftSettings: mode),
    ]
)
