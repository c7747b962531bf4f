import Foundation
import XCTest

/// The `pushmatrix` command-line tool built beside the tests, run as a child process: for what
/// `Command.run` cannot show in-process (signals, standard input, the exit status after writing,
/// special files that could block).
enum Binary {
    static var path: String {
        get throws {
            let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("pushmatrix").path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw XCTSkip("build the pushmatrix product first (swift build)")
            }
            return path
        }
    }

    /// Runs it in `directory` with `environment` over the test's own. Skips the test when the
    /// product has not been built (see `path`).
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws
        -> (status: Int32, stdout: Data, stderr: String)
    {
        let run = try Subprocess.run(try path, arguments, in: directory, environment: environment)
        return (run.status, run.stdout, run.stderr)
    }

    /// Runs the tool with `input` on standard input and standard output to `output`, or to a
    /// pipe when `output` is nil. A run that outlives `seconds` is killed, so a tool that blocks
    /// fails the test instead of hanging it.
    static func run(_ arguments: [String], input: Data = Data(), output: FileHandle? = nil, seconds: Double = 60) throws
        -> Subprocess.Run
    {
        try Subprocess.run(try path, arguments, input: input, output: output, seconds: seconds)
    }
}
