import Foundation
import XCTest

/// The `pushmatrix` executable built beside the test bundle, run as a person would run it.
enum Binary {
    static var path: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushmatrix").path
    }

    /// Runs it in `directory` with `environment` over the test's own. Skips the test when the
    /// product has not been built. Reads stdout to its end before stderr, so stderr must stay
    /// under a pipe's buffer (64 KiB).
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws
        -> (status: Int32, stdout: Data, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw XCTSkip("build the pushmatrix product first") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed, errors)
    }
}
