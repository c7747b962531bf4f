import PushMatrixSpec
import PushMatrixSupport

extension Spec {
    /// The Swift files the spec names (`swiftFiles`), or, for a spec that names none, the field-tested app delegate,
    /// its machinery and its probe app.
    var swiftFilesOrDefault: SwiftFiles { swiftFiles ?? Self.fieldTestedFiles }

    private static let fieldTestedFiles = SwiftFiles(
        sources: [
            file("swift/Skeleton.swift", "Skeleton/PushAppDelegate.swift"),
            file("swift/SkeletonMachinery.swift", "Skeleton/PushAppDelegate+Machinery.swift"),
        ],
        tests: [],
        probe: [file("swift/probe/AppDelegateProbe.swift", "App/ProbeAppDelegate.swift"), file("fieldkit/project.yml", "project.yml")])

    private static func file(_ template: String, _ file: String) -> SwiftFiles.File {
        SwiftFiles.File(template: template, file: file, origin: Origin(path: "swiftFiles", location: SourceLocation(line: 1, column: 1)))
    }
}
