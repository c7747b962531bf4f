import Foundation
import XCTest

/// Runs a tool the tests need from outside the toolchain. Missing on a laptop: the test is
/// skipped with a message. Missing when `CI=true`: the test fails, so CI never goes green by skipping.
enum ExternalTool {
    static func path(_ name: String) throws -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        if let found = directories.map({ "\($0)/\(name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            return found
        }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("\(name) is required when CI=true; .ci/run installs it")
            throw XCTSkip("\(name) missing")
        }
        throw XCTSkip("\(name) is not installed; install it to run this test (.ci/run does)")
    }

    /// Runs the tool with `input` on standard input; returns standard output.
    static func run(_ name: String, _ arguments: [String], input: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path(name))
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(name) \(arguments)")
        return String(decoding: output, as: UTF8.self)
    }
}
