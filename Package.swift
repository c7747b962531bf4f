// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pushmatrix",
    // The generator's one lock is the standard library's Mutex.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "pushmatrix", targets: ["pushmatrix"]),
        .library(
            name: "PushMatrix",
            targets: [
                "PushMatrixSupport", "PushMatrixJSON", "PushMatrixSpec", "PushMatrixModel", "PushMatrixObserve", "PushMatrixOutputs",
                "PushMatrixOutputDirectory", "PushMatrix",
            ]),
        .library(name: "PushHandlers", targets: ["PushHandlers"]),
        .library(name: "PushHandlersTestSupport", targets: ["PushHandlersTestSupport"]),
        .library(name: "CurrentPushHandlers", targets: ["CurrentPushHandlers"]),
        .library(name: "CurrentPushHandlersTestSupport", targets: ["CurrentPushHandlersTestSupport"]),
        .plugin(name: "PushMatrixCommand", targets: ["PushMatrixCommand"]),
        .plugin(name: "PushMatrixCheck", targets: ["PushMatrixCheck"]),
    ],
    targets: [
        // The stages, each using only the ones above it (docs/architecture.md).
        .target(name: "PushMatrixSupport"),
        .target(name: "PushMatrixJSON", dependencies: ["PushMatrixSupport"]),
        // The built-in specs and templates are compiled in by PushMatrixEmbed (see
        // BuiltIn/BuiltInFiles.swift in each).
        .target(
            name: "PushMatrixSpec", dependencies: ["PushMatrixSupport", "PushMatrixJSON"],
            exclude: ["BuiltIn/push-matrix.json", "BuiltIn/push-matrix-current.json", "BuiltIn/push-matrix-voip.json"],
            plugins: ["PushMatrixEmbed"]),
        .target(name: "PushMatrixModel", dependencies: ["PushMatrixSupport", "PushMatrixJSON", "PushMatrixSpec"]),
        .target(name: "PushMatrixObserve", dependencies: ["PushMatrixSupport", "PushMatrixJSON", "PushMatrixSpec", "PushMatrixModel"]),
        .target(
            name: "PushMatrixOutputs", dependencies: ["PushMatrixSupport", "PushMatrixJSON", "PushMatrixSpec", "PushMatrixModel"],
            exclude: ["BuiltIn/Templates"], plugins: ["PushMatrixEmbed"]),
        .plugin(name: "PushMatrixEmbed", capability: .buildTool()),
        .target(name: "PushMatrixOutputDirectory", dependencies: ["PushMatrixSupport"]),
        // The command line, in the library so that the tests run it in-process; its help texts are
        // built in (BuiltIn/help).
        .target(
            name: "PushMatrix",
            dependencies: [
                "PushMatrixSupport", "PushMatrixJSON", "PushMatrixSpec", "PushMatrixModel", "PushMatrixObserve", "PushMatrixOutputs",
                "PushMatrixOutputDirectory",
            ],
            exclude: ["BuiltIn/help"], plugins: ["PushMatrixEmbed"]),
        .executableTarget(name: "pushmatrix", dependencies: ["PushMatrixOutputDirectory", "PushMatrix"]),
        .plugin(
            name: "PushMatrixCommand",
            capability: .command(
                intent: .custom(
                    verb: "push-matrix",
                    description: "Generate docs, Swift handlers and conformance tests from the package's push-matrix spec"),
                permissions: [.writeToPackageDirectory(reason: "pushmatrix writes the generated docs and Swift into the package")]
            ),
            dependencies: ["pushmatrix"]
        ),
        // The verbs that write nothing, without the permission: `check` runs anywhere, CI included.
        // Its source is the command plugin's (a symbolic link), with a different `@main`.
        .plugin(
            name: "PushMatrixCheck",
            capability: .command(
                intent: .custom(
                    verb: "push-matrix-check", description: "Check that the package's push-matrix outputs are up to date, writing nothing")
            ),
            dependencies: ["pushmatrix"]
        ),
        .testTarget(
            name: "PushMatrixTests",
            dependencies: [
                "PushMatrixSupport", "PushMatrixJSON", "PushMatrixSpec", "PushMatrixModel", "PushMatrixObserve", "PushMatrixOutputs",
                "PushMatrixOutputDirectory", "PushMatrix", "PushHandlers", "PushHandlersTestSupport", "CurrentPushHandlers",
                "CurrentPushHandlersTestSupport",
            ]),
        // Generated from the two built-in specs by `pushmatrix generate`; compiled here so every
        // build proves they compile, and their conformance suites run with the package's tests. Each
        // is a module an app links and a test-support module only its tests link.
        .target(name: "PushHandlers", path: "Generated/Sources/PushHandlers"),
        .target(name: "PushHandlersTestSupport", dependencies: ["PushHandlers"], path: "Generated/Sources/PushHandlersTestSupport"),
        .testTarget(
            name: "PushHandlersConformanceTests", dependencies: ["PushHandlers", "PushHandlersTestSupport"],
            path: "Generated/Tests/PushHandlersConformanceTests"),
        .target(name: "CurrentPushHandlers", path: "Generated/Current/Sources/CurrentPushHandlers"),
        .target(
            name: "CurrentPushHandlersTestSupport", dependencies: ["CurrentPushHandlers"],
            path: "Generated/Current/Sources/CurrentPushHandlersTestSupport"),
        .testTarget(
            name: "CurrentPushHandlersConformanceTests", dependencies: ["CurrentPushHandlers", "CurrentPushHandlersTestSupport"],
            path: "Generated/Current/Tests/CurrentPushHandlersConformanceTests"),
    ]
)
