// Drives the generated current skeleton, compiled against the stand-in UIKit and
// UserNotifications, the way iOS might: many pushes with identical payloads, each presented and
// tapped, and silent pushes received, from the main thread and from several other threads at
// once. Prints "ok" and exits 0 when every push was handled once, every tap answered once and
// every completion handler called exactly once, all on the main thread; exits 1 otherwise. A
// call that traps ends the process with a signal.

import Foundation
import Synchronization
import UIKit
@_spi(Testing) import UserNotifications

/// What the skeleton did, counted from any thread.
final class Tally: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    func add(_ key: String) { counts.withLock { $0[key, default: 0] += 1 } }
    subscript(_ key: String) -> Int { counts.withLock { $0[key, default: 0] } }
}

let tally = Tally()

@MainActor
final class FakeSystem: PushSystem {
    var applicationState: UIApplication.State = .active
    func attach(_ application: UIApplication) {}
    func setNotificationCenterDelegate(_ delegate: any UNUserNotificationCenterDelegate) {}
    func registerForRemoteNotifications() {}
}

final class DrivenApp: PushAppDelegate {
    override var setup: PushSetup { .scenes }

    override func processContent(_ content: PushContent) async -> UIBackgroundFetchResult {
        tally.add(Thread.isMainThread ? "content" : "content off the main thread")
        return .newData
    }

    override func respondToTap(_ tap: PushTapResponse) async {
        tally.add(Thread.isMainThread ? "tap" : "tap off the main thread")
    }
}

let app = DrivenApp()
app.system = FakeSystem()
app.memoryStore = PushMemoryInMemory()  // a file would carry this run's pushes into the next
let application = UIApplication()
let start = Date()

/// Push `n`: presented, then its body tapped, with the same payload as every other; then a
/// silent push with its own message id.
nonisolated func deliver(_ n: Int, to app: DrivenApp, _ application: UIApplication, start: Date) {
    let center = UNUserNotificationCenter()
    let reminder: [AnyHashable: Any] = ["aps": ["alert": "Time to stretch"]]
    let notification = makeNotification(userInfo: reminder, identifier: "request-\(n)", date: start + Double(n))
    app.userNotificationCenter(center, willPresent: notification) { _ in tally.add("presentation completed") }
    app.userNotificationCenter(center, didReceive: makeResponse(to: notification)) { tally.add("response completed") }
    let silent: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "silent-\(n)"]
    app.application(application, didReceiveRemoteNotification: silent) { _ in tally.add("fetch completed") }
}

// Each delivery is two pushes to remember; all of them fit in the router's memory (128), so no
// push is forgotten between its presentation and its tap, however the threads interleave.
let onMain = 20
let offMain = 40
let pushes = onMain + offMain
for n in 0..<onMain { deliver(n, to: app, application, start: start) }
DispatchQueue.global().async { [app, application, start] in
    DispatchQueue.concurrentPerform(iterations: offMain) { deliver(onMain + $0, to: app, application, start: start) }
    tally.add("sent")
}

let deadline = Date() + 60
let expected = [
    "content": 2 * pushes, "tap": pushes, "presentation completed": pushes, "response completed": pushes,
    "fetch completed": pushes,
]
while Date() < deadline && (tally["sent"] == 0 || expected.contains { tally[$0.key] < $0.value }) {
    RunLoop.main.run(until: Date() + 0.01)
}
RunLoop.main.run(until: Date() + 0.2)  // anything counted twice would show by now
var problems = expected.filter { tally[$0.key] != $0.value }.map { "\($0.key): \(tally[$0.key]), expected \($0.value)" }
for key in ["content off the main thread", "tap off the main thread"] where tally[key] > 0 {
    problems.append("\(key): \(tally[key])")
}
print(problems.isEmpty ? "ok" : problems.joined(separator: "\n"))
exit(problems.isEmpty ? 0 : 1)
