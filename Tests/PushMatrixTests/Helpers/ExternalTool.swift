import Foundation
import XCTest

@testable import PushMatrixSupport

/// Runs a tool the tests need from outside the toolchain. Missing on a laptop: the test is
/// skipped with a message. Missing when `CI=true`: the test fails, so CI never goes green by skipping.
enum ExternalTool {
    static func path(_ name: String) throws -> String {
        if name.contains("/") { return name }  // a program the test built
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        if let found = directories.map({ "\($0)/\(name)" }).first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) {
            return found
        }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("\(name) is required when CI=true; .ci/run installs it")
            throw XCTSkip("\(name) missing")
        }
        throw XCTSkip("\(name) is not installed; install it to run this test (.ci/run does)")
    }

    /// Runs the tool with `input` on standard input and `environment` added to this process's;
    /// returns its status, standard output and standard error (kept apart: browsers chatter there).
    static func run(
        _ name: String, _ arguments: [String], in directory: String? = nil, input: Data = Data(),
        environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String, errors: String) {
        let run = try Subprocess.run(try path(name), arguments, in: directory, environment: environment, input: input)
        return (run.status, run.output, run.stderr)
    }

    /// Runs the tool and returns its standard output, failing the test on a non-zero status.
    static func output(
        _ name: String, _ arguments: [String], input: Data = Data(), file: StaticString = #filePath, line: UInt = #line
    )
        throws -> String
    {
        let result = try run(name, arguments, input: input)
        XCTAssertEqual(result.status, 0, "\(name) \(arguments): \(result.errors)", file: file, line: line)
        return result.output
    }

    /// Runs the tool once for each list of arguments, as many at a time as there are cores, and
    /// returns each standard output in order, failing the test on a non-zero status.
    static func outputs(_ name: String, _ runs: [[String]], file: StaticString = #filePath, line: UInt = #line) throws
        -> [String]
    {
        let tool = try path(name)
        return try runs.parallelMap { arguments in Result { try run(tool, arguments) } }.enumerated().map {
            index, result in
            let result = try result.get()
            XCTAssertEqual(result.status, 0, "\(name) \(runs[index]): \(result.errors)", file: file, line: line)
            return result.output
        }
    }
}
