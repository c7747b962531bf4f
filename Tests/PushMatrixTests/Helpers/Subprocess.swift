import Foundation
import Synchronization
import XCTest

/// The tests' one way to start a program: arguments, a working directory, environment added to
/// this process's, bytes on standard input (closed after them), and a deadline. Both output pipes
/// are read while the program runs, so neither can fill up and block it; standard output may go
/// to a file handle instead.
enum Subprocess {
    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: String
        /// Still running at the deadline, and killed then.
        var timedOut: Bool
        var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// A program started by `start`: signal it through `identifier`, then `wait` for it.
    final class Running: Sendable {
        private let process: Process
        private let ended: DispatchSemaphore
        private let printed: Collected
        private let errors: Collected

        fileprivate init(_ process: Process, ended: DispatchSemaphore, printed: Collected, errors: Collected) {
            (self.process, self.ended, self.printed, self.errors) = (process, ended, printed, errors)
        }

        var identifier: Int32 { process.processIdentifier }

        /// Waits until it ends, or kills it once `seconds` have passed.
        func wait(seconds: Double = 1800) -> Run {
            let timedOut = ended.wait(timeout: .now() + seconds) == .timedOut
            if timedOut { process.terminate() }
            process.waitUntilExit()
            return Run(
                status: process.terminationStatus, stdout: printed.data,
                stderr: String(decoding: errors.data, as: UTF8.self),
                timedOut: timedOut)
        }
    }

    static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        input: Data = Data(), output: FileHandle? = nil, seconds: Double = 1800
    ) throws -> Run {
        try start(executable, arguments, in: directory, environment: environment, input: input, output: output).wait(
            seconds: seconds)
    }

    static func start(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        input: Data = Data(), output: FileHandle? = nil
    ) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = output ?? stdout
        process.standardError = stderr
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let running = Running(
            process, ended: ended, printed: Collected(output == nil ? stdout.fileHandleForReading : nil),
            errors: Collected(stderr.fileHandleForReading))
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        return running
    }
}

/// All that a pipe gives until it closes, read on a thread of its own.
private final class Collected: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let box = Mutex(Data())

    init(_ handle: FileHandle?) {
        guard let handle else {
            done.signal()
            return
        }
        Thread { [self] in
            let data = handle.readDataToEndOfFile()
            box.withLock { $0 = data }
            done.signal()
        }.start()
    }

    var data: Data {
        done.wait()
        done.signal()
        return box.withLock { $0 }
    }
}
