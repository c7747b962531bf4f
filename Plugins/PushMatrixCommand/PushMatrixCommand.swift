import PackagePlugin

/// `swift package --allow-writing-to-package-directory push-matrix generate|check|validate|explain [options]`,
/// and the same command from an Xcode project's context menu (see `PushMatrixPlugin`).
@main
struct PushMatrixCommand: PushMatrixPlugin {
    static let command = PluginCommand.generating
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PushMatrixCommand: XcodeCommandPlugin {}
#endif
