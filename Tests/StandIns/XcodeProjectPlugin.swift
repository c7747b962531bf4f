// A stand-in for Xcode's XcodeProjectPlugin module, which exists only in Xcode, so the command
// plugins' `#if canImport(XcodeProjectPlugin)` half can be type-checked on Linux. It is built
// against the toolchain's real PackagePlugin module and declares only what the plugins use,
// with the names and signatures of Xcode's module interface
// (XcodeProjectPlugin.swiftmodule/arm64-apple-macos.swiftinterface, as published in
// https://gist.github.com/ikesyo/f152bf8ee60b1c9bff2e757b01a95fa9): `XcodeCommandPlugin`
// refines `Plugin` with a synchronous, throwing `performCommand(context:arguments:)`;
// `XcodePluginContext.tool(named:)` returns PackagePlugin's `PluginContext.Tool`. The
// `URL`-typed `directoryURL` and `pluginWorkDirectoryURL` are the ones Xcode 16 added beside
// the `Path`-typed properties, as PackagePlugin did (swiftlang/swift-package-manager,
// Sources/PackagePlugin/Context.swift: `pluginWorkDirectoryURL`, `Tool.url`).

import Foundation
import PackagePlugin

/// A command plugin that Xcode can run on an Xcode project (not a package).
public protocol XcodeCommandPlugin: Plugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}

/// What Xcode tells a plugin about the project it runs on.
public struct XcodePluginContext {
    public let xcodeProject: XcodeProject
    public let pluginWorkDirectoryURL: URL

    public func tool(named name: String) throws -> PluginContext.Tool {
        throw PluginContextError.toolNotFound(name: name)
    }
}

/// An Xcode project: its name and the folder that holds the `.xcodeproj`.
public struct XcodeProject {
    public typealias ID = String
    public let id: ID
    public let displayName: String
    public let directoryURL: URL
}
