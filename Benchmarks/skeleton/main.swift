// Routes calls through the current matrix's skeleton, as iOS makes them, with its memory kept
// in a file (PushMemoryFile), and prints the time per call for each number of pushes remembered.
// Built by scripts/bench-skeleton with the stand-in UIKit and UserNotifications; no test runs it.

import Foundation
import UIKit

final class BenchApp: PushAppDelegate {
    override var setup: PushSetup { .scenes }
    override func processContent(
        _ userInfo: [AnyHashable: Any], event: PushEvent, done: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) {
        done(.newData)
    }
}

let calls = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 100_000
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushmatrix-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: folder) }
let app = BenchApp()
app.memoryStore = PushMemoryFile(url: folder.appendingPathComponent("pushes.json"))
app.completionDeadline = 0.001  // each deadline's timer fires between pushes, as in an app whose main queue runs

/// Each push: a silent push with its own message id, then a tap on it, as the reception handler
/// and the response handler hand them over.
var timings: [Int: (calls: Int, seconds: Double)] = [:]
let clock = ContinuousClock()
for n in 0..<(calls / 2) {
    let userInfo: [AnyHashable: Any] = ["aps": ["alert": "Hello", "content-available": 1], "gcm.message_id": "m\(n)"]
    let remembered = app.router.memory.count
    let elapsed = clock.measure {
        app.route(.reception, state: .background, PushReceivedNotification(userInfo: userInfo)) { _ in }
        app.route(
            .action, state: .inactive,
            PushReceivedNotification(
                userInfo: userInfo, requestIdentifier: "r\(n)", date: Date(), actionIdentifier: PushReceivedNotification.defaultAction)
        ) { _ in }
    }
    RunLoop.main.run(until: Date())  // outside the measurement: the main queue's own work
    let bucket = remembered < 128 ? remembered / 16 * 16 : 128
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    timings[bucket, default: (0, 0)].calls += 2
    timings[bucket, default: (0, 0)].seconds += seconds
}
print("| pushes remembered | calls | µs per call |")
print("|---|---|---|")
for bucket in timings.keys.sorted() {
    let (count, seconds) = timings[bucket]!
    let label = bucket == 128 ? "128 (full)" : "\(bucket)–\(bucket + 15)"
    print("| \(label) | \(count) | \(String(format: "%.1f", seconds / Double(count) * 1e6)) |")
}
