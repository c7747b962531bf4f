import PackagePlugin

/// `swift package push-matrix-check [check|validate|explain] [options]`: the verbs that write
/// nothing, so SwiftPM and Xcode ask for no permission (see `PushMatrixPlugin`).
@main
struct PushMatrixCheck: PushMatrixPlugin {
    static let command = PluginCommand.checking
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PushMatrixCheck: XcodeCommandPlugin {}
#endif
