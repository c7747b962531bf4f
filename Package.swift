// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pushmatrix",
    products: [
        .executable(name: "pushmatrix", targets: ["pushmatrix"]),
        .library(name: "PushMatrix", targets: ["PushMatrix"]),
    ],
    targets: [
        .target(name: "PushMatrix"),
        .executableTarget(name: "pushmatrix", dependencies: ["PushMatrix"]),
        .testTarget(name: "PushMatrixTests", dependencies: ["PushMatrix"]),
    ]
)
