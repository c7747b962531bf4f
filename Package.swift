// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pushmatrix",
    products: [
        .executable(name: "pushmatrix", targets: ["pushmatrix"]),
        .library(name: "PushMatrix", targets: ["PushMatrix"]),
        .library(name: "PushHandlers", targets: ["PushHandlers"]),
    ],
    targets: [
        .target(name: "PushMatrix"),
        .executableTarget(name: "pushmatrix", dependencies: ["PushMatrix"]),
        .testTarget(name: "PushMatrixTests", dependencies: ["PushMatrix", "PushHandlers"]),
        // Generated from the spec by `pushmatrix generate`; compiled here so every build proves it compiles.
        .target(name: "PushHandlers", path: "Generated/Sources/PushHandlers"),
        .testTarget(name: "PushHandlersConformanceTests", dependencies: ["PushHandlers"], path: "Generated/Tests/PushHandlersConformanceTests"),
    ]
)
