import Foundation
import XCTest

/// The `pushmatrix` command-line tool built beside the tests, run as a child process: for what
/// `Command.run` cannot show in-process (standard input, the exit status after writing, special
/// files that could block).
enum Binary {
    static var path: String {
        get throws {
            let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushmatrix").path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw XCTSkip("build the pushmatrix product first (swift build)")
            }
            return path
        }
    }

    /// Runs it in `directory` with `environment` over the test's own. Skips the test when the
    /// product has not been built (see `path`). Reads stdout to its end before stderr, so stderr must stay
    /// under a pipe's buffer (64 KiB).
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws
        -> (status: Int32, stdout: Data, stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path)
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

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Still running at the deadline, and killed then.
        var timedOut: Bool
    }

    /// Runs the tool with `input` on standard input (closed after it) and standard output to
    /// `output`, or to a pipe that is read when `output` is nil. A run that outlives `seconds`
    /// is killed, so a tool that blocks fails the test instead of hanging it.
    static func run(_ arguments: [String], input: Data = Data(), output: FileHandle? = nil, seconds: Double = 60) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = output ?? stdout
        process.standardError = stderr
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        // Both pipes are read while the tool runs, so neither can fill up and block it.
        let printed = Collected(output == nil ? stdout.fileHandleForReading : nil), errors = Collected(stderr.fileHandleForReading)
        let timedOut = ended.wait(timeout: .now() + seconds) == .timedOut
        if timedOut {
            process.terminate()
            process.waitUntilExit()
        }
        return Run(status: process.terminationStatus, stdout: printed.text, stderr: errors.text, timedOut: timedOut)
    }
}

/// All that a pipe gives until it closes, read on a thread of its own.
private final class Collected: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle?) {
        guard let handle else {
            done.signal()
            return
        }
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    var text: String {
        done.wait()
        done.signal()
        return String(decoding: data, as: UTF8.self)
    }
}
