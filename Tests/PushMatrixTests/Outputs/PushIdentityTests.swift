import CurrentPushHandlers
import CurrentPushHandlersTestSupport
import Foundation
import XCTest

/// How the generated router tells pushes apart (`PushMemory`): one push through several calls is
/// handled once, and two pushes are two, however alike their payloads.
final class PushIdentityTests: XCTestCase {
    private let start = Date(timeIntervalSinceReferenceDate: 815_000_000)
    private let reminder: [AnyHashable: Any] = ["aps": ["alert": "Time to stretch", "content-available": 1]]

    /// A call `seconds` into the test, by both clocks unless the wall clock says otherwise.
    private func call(
        _ userInfo: [AnyHashable: Any], request: String? = nil, deliveredAt: Double = 0, action: String? = nil,
        at seconds: Double,
        wall: Double? = nil
    ) -> PushReceivedNotification {
        PushReceivedNotification(
            userInfo: userInfo, requestIdentifier: request, date: request.map { _ in start + deliveredAt },
            actionIdentifier: action,
            receivedAt: start + (wall ?? seconds), uptime: seconds)
    }

    /// Monday's reminder and Tuesday's identical one: each delivered in the background and tapped.
    func testTheSamePayloadOnTwoDaysIsTwoPushes() {
        let router = PushRouter(setup: .scenes)
        for (day, request) in [(0.0, "monday"), (86_400.0, "tuesday")] {
            let delivered = router.receive(
                .reception, state: .background, notification: call(reminder, at: day), complete: nil)
            XCTAssertTrue(delivered.processesContent, request)
            let tapped = router.receive(
                .action, state: .inactive,
                notification: call(reminder, request: request, deliveredAt: day, at: day + 20), complete: nil)
            XCTAssertEqual(tapped.event, .tapped(.body), request)
            XCTAssertFalse(tapped.processesContent, "\(request): the reception handled it")
            XCTAssertTrue(tapped.respondsToTap, request)
        }
    }

    /// The sequences the suites replay: the reference router passes every one, and each broken
    /// de-duplicator fails the ones the issue names, with the step where it goes wrong.
    func testTheSequencesCatchBothBrokenDeduplicators() {
        XCTAssertEqual(PushSequence.all.count, 12)
        XCTAssertEqual(CurrentBrokenHandlers.failingSequences { PushRouter(setup: $0, missing: $1) }, [:])
        let digest = CurrentBrokenHandlers.failingSequences(CurrentBrokenHandlers.DedupesByPayloadDigest.init)
        XCTAssertEqual(
            digest["scenes__samePayloadTwice"],
            [
                "push 2, step 2, reception (.background): the content must be handled here",
                "push 2, step 3, action (.inactive): the tap must be answered here",
            ])
        XCTAssertNotNil(digest["scenes__collapseUpdate"])
        XCTAssertNotNil(digest["scenes__doubledPresentation"])
        let request = CurrentBrokenHandlers.failingSequences(CurrentBrokenHandlers.DedupesByRequestIdentifier.init)
        XCTAssertTrue(
            request["scenes__collapseUpdate", default: []].contains(
                "push 2, step 2, presentation (.active): the content must be handled here"),
            "\(request)")
    }

    /// An update sent with the same `apns-collapse-id` keeps the request identifier, not the date.
    func testACollapseIdUpdateIsNewContentAndTheDoubledPresentationIsNot() {
        let router = PushRouter(setup: .swiftUI)
        let first = call(reminder, request: "score", deliveredAt: 0, at: 0)
        XCTAssertTrue(
            router.receive(.presentation, state: .active, notification: first, complete: nil).processesContent)
        XCTAssertFalse(
            router.receive(.presentation, state: .active, notification: first, complete: nil).processesContent,
            "iOS 18.0 twice")
        let update = call(reminder, request: "score", deliveredAt: 5, at: 5)
        XCTAssertTrue(
            router.receive(.presentation, state: .active, notification: update, complete: nil).processesContent)
    }

    /// A sender's message id decides alone: FCM's key is known, and the app may name its own.
    func testMessageIdsDecideWhereTheSenderGivesThem() {
        let router = PushRouter(setup: .scenes)
        let fcm = { (id: String) -> [AnyHashable: Any] in ["aps": ["content-available": 1], "gcm.message_id": id] }
        XCTAssertTrue(
            router.receive(.reception, state: .background, notification: call(fcm("1"), at: 0), complete: nil)
                .processesContent)
        XCTAssertTrue(
            router.receive(.reception, state: .background, notification: call(fcm("2"), at: 1), complete: nil)
                .processesContent)
        XCTAssertFalse(
            router.receive(.reception, state: .background, notification: call(fcm("2"), at: 2), complete: nil)
                .processesContent)

        let own = PushRouter(setup: .scenes, messageIDKey: "eventId")
        let event = { (id: String) -> [AnyHashable: Any] in ["aps": ["content-available": 1], "eventId": id] }
        XCTAssertTrue(
            own.receive(.reception, state: .background, notification: call(event("a"), at: 0), complete: nil)
                .processesContent)
        XCTAssertTrue(
            own.receive(.reception, state: .background, notification: call(event("b"), at: 0), complete: nil)
                .processesContent)
        XCTAssertFalse(
            own.receive(.reception, state: .background, notification: call(event("a"), at: 1), complete: nil)
                .processesContent)
    }

    /// The digest joins calls of one delivery only while it is arriving: the window is 30 seconds.
    func testThePayloadJoinsCallsOnlyWithinOneDelivery() {
        XCTAssertEqual(PushMemory.window, 30)
        let router = PushRouter(setup: .scenes)
        XCTAssertTrue(
            router.receive(.reception, state: .active, notification: call(reminder, at: 0), complete: nil)
                .processesContent)
        let presented = call(reminder, request: "a", deliveredAt: 0, at: 0.1)
        XCTAssertFalse(
            router.receive(.presentation, state: .active, notification: presented, complete: nil).processesContent,
            "one delivery")
        XCTAssertTrue(
            router.receive(.reception, state: .active, notification: call(reminder, at: 40), complete: nil)
                .processesContent,
            "a reception 40 s later is another push")
        let late = call(reminder, request: "b", deliveredAt: 100, at: 100)
        XCTAssertTrue(router.receive(.presentation, state: .active, notification: late, complete: nil).processesContent)
    }

    /// However many pushes arrive, the router remembers at most `capacity`, and the latest ones.
    func testMemoryIsBounded() {
        let router = PushRouter(setup: .scenes, capacity: 64)
        for n in 0..<10_000 {
            let userInfo: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "m\(n)"]
            _ = router.receive(
                .reception, state: .background, notification: call(userInfo, at: Double(n)), complete: nil)
            XCTAssertLessThanOrEqual(router.memory.count, 64)
        }
        XCTAssertEqual(router.memory.count, 64)
        let latest: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "m9999"]
        XCTAssertFalse(
            router.receive(.reception, state: .background, notification: call(latest, at: 10_000), complete: nil)
                .processesContent,
            "the latest push is still remembered")
        XCTAssertEqual(PushRouter(setup: .scenes).memory.capacity, 128)
    }

    // MARK: traffic as it comes

    /// A tap long after a delivery that carried the payload alone proves nothing: the content is
    /// handled again rather than risk losing it (at least once).
    func testATapAfterTheWindowHandlesThePayloadOnlyPushAgain() {
        let router = PushRouter(setup: .scenes)
        XCTAssertTrue(
            router.receive(.reception, state: .background, notification: call(reminder, at: 0), complete: nil)
                .processesContent)
        let tapped = router.receive(
            .action, state: .inactive,
            notification: call(reminder, request: "r", action: PushReceivedNotification.defaultAction, at: 3_600),
            complete: nil)
        XCTAssertTrue(tapped.processesContent, "nothing ties the tap to the delivery an hour before")
        XCTAssertTrue(tapped.respondsToTap)
    }

    /// iOS may make the reception call after the user's tap: it joins the tapped push.
    func testAReceptionAfterTheTapJoinsItsPush() {
        let router = PushRouter(setup: .scenes)
        let tap = call(reminder, request: "r", deliveredAt: 0, action: PushReceivedNotification.defaultAction, at: 2)
        let tapped = router.receive(.action, state: .inactive, notification: tap, complete: nil)
        XCTAssertTrue(tapped.processesContent && tapped.respondsToTap)
        let received = router.receive(
            .reception, state: .background, notification: call(reminder, at: 3), complete: nil)
        XCTAssertFalse(received.processesContent, "the tap handled it a second before")
        XCTAssertFalse(received.respondsToTap)
    }

    /// A service extension that edits the payload stamps its mark: the edited payload the
    /// presentation hands over and the original the reception hands over are one push.
    func testAnExtensionEditedPayloadIsOnePush() {
        let router = PushRouter(setup: .appDelegate)
        let original: [AnyHashable: Any] = ["aps": ["alert": "secret", "content-available": 1, "mutable-content": 1]]
        var edited = original
        edited["decrypted"] = "Meet at noon"
        edited[PushMemory.markKey] = PushMemory.digest(original)
        XCTAssertNotEqual(
            PushMemory.digest(edited.filter { $0.key != AnyHashable(PushMemory.markKey) }), PushMemory.digest(original))
        XCTAssertTrue(
            router.receive(.reception, state: .active, notification: call(original, at: 0), complete: nil)
                .processesContent)
        let presented = router.receive(
            .presentation, state: .active, notification: call(edited, request: "r", at: 0.1), complete: nil)
        XCTAssertFalse(presented.processesContent, "the mark ties the edited payload to the original")
    }

    /// The wall clock set back an hour does not stretch the window, which runs on uptime.
    func testAClockStepBackDoesNotStretchTheWindow() {
        let router = PushRouter(setup: .scenes)
        XCTAssertTrue(
            router.receive(.reception, state: .active, notification: call(reminder, at: 0), complete: nil)
                .processesContent)
        // the clock an hour behind
        let later = call(reminder, request: "later", deliveredAt: -3_000, at: 600, wall: -3_000)
        XCTAssertTrue(
            router.receive(.presentation, state: .active, notification: later, complete: nil).processesContent)
        var memory = PushMemory()
        let first = memory.record(
            call(reminder, at: 100), handler: .reception, isTap: false, handsOverContent: true, answersTap: false)
        memory.finishContent(of: first.push, handled: true)
        let earlier = memory.record(
            call(reminder, at: 90), handler: .presentation, isTap: false, handsOverContent: true, answersTap: false)
        XCTAssertTrue(earlier.handsOverContent, "a call before the push's last one cannot join it")
    }

    /// A call the matrix does not list still reaches the app, marked unexpected; the tap comes
    /// from the response's action identifier, not from the matrix.
    func testUnlistedCallsReachTheAppAndTheResponseNamesTheTap() {
        let router = PushRouter(setup: .scenes)
        XCTAssertNil(PushClassifier.classify(setup: .scenes, handler: .reception, state: .inactive))
        let inactive = router.receive(.reception, state: .inactive, notification: call(reminder, at: 0), complete: nil)
        XCTAssertEqual(
            inactive,
            PushHandling(event: .delivered(.inactive), processesContent: true, respondsToTap: false, unexpected: true))

        let category: [AnyHashable: Any] = ["aps": ["alert": "Reply?", "category": "chat"]]
        let button = call(category, request: "b", action: "reply", at: 100)
        XCTAssertEqual(
            router.receive(.action, state: .active, notification: button, complete: nil).event, .tapped(.actionButton))
        let dismiss = call(
            category, request: "d", deliveredAt: 200, action: PushReceivedNotification.dismissAction, at: 200)
        XCTAssertEqual(
            router.receive(.action, state: .background, notification: dismiss, complete: nil).event, .tapped(.dismiss))
    }

    /// Any property-list value hashes, and the digest tells kinds apart.
    func testEveryPropertyListValueHashesSafely() {
        let date = Date(timeIntervalSinceReferenceDate: 1_000)
        let local: [AnyHashable: Any] = [
            "fireAt": date, "blob": Data([1, 2, 3]), "none": NSNull(), "list": [1, "1", 1.5, true],
        ]
        XCTAssertEqual(PushMemory.digest(local), PushMemory.digest(local))
        XCTAssertNotEqual(PushMemory.digest(["fireAt": date]), PushMemory.digest(["fireAt": date + 1]))
        XCTAssertNotEqual(PushMemory.digest(["id": 1]), PushMemory.digest(["id": "1"]))
        XCTAssertNotEqual(PushMemory.digest(["blob": Data([1])]), PushMemory.digest(["blob": Data([2])]))
        XCTAssertNotEqual(PushMemory.digest(["a": ["b": 1]]), PushMemory.digest(["a": ["b": 2]]))
    }

    /// A store keeps the memory across launches: a push presented before iOS ended the app is
    /// known to its tap after the next launch. An unreadable store is an empty memory, and the
    /// log stays bounded however many calls are saved.
    func testAStoreKeepsTheMemoryAcrossLaunchesAndStaysBounded() {
        let store = PushMemoryInMemory()
        let now = Date()
        let presented = PushReceivedNotification(
            userInfo: reminder, requestIdentifier: "r", date: now, receivedAt: now, uptime: 0)
        let first = PushRouter(setup: .scenes, store: store)
        XCTAssertTrue(
            first.receive(.presentation, state: .active, notification: presented, complete: nil).processesContent)
        let tap = PushReceivedNotification(
            userInfo: reminder, requestIdentifier: "r", date: now,
            actionIdentifier: PushReceivedNotification.defaultAction,
            receivedAt: now + 3_600, uptime: 3_600)
        let relaunched = PushRouter(setup: .scenes, store: store).receive(
            .action, state: .inactive, notification: tap, complete: nil)
        XCTAssertFalse(relaunched.processesContent, "the store remembers the presentation")
        XCTAssertTrue(relaunched.respondsToTap)
        XCTAssertEqual(PushRouter(setup: .scenes, store: PushMemoryInMemory(Data("not json\n".utf8))).memory.count, 0)

        let busy = PushRouter(setup: .scenes, capacity: 8, store: store)
        for n in 0..<1_000 {
            let silent: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "m\(n)"]
            let call = PushReceivedNotification(userInfo: silent, receivedAt: now, uptime: Double(n))
            XCTAssertTrue(
                busy.receive(.reception, state: .background, notification: call, complete: nil).processesContent)
        }
        let lines = store.data.map { $0.split(separator: UInt8(ascii: "\n")).count } ?? 0
        XCTAssertLessThanOrEqual(lines, 4 * 8)
        let reloaded = PushRouter(setup: .scenes, capacity: 8, store: store)
        XCTAssertEqual(reloaded.memory.count, 8)
        let latest = PushReceivedNotification(
            userInfo: ["aps": ["content-available": 1], "gcm.message_id": "m999"], uptime: 5_000)
        XCTAssertFalse(
            reloaded.receive(.reception, state: .background, notification: latest, complete: nil).processesContent)
    }

    /// Content handed over is not handled until the app's code says so: a failure, or a process
    /// that ends first, lets the push's next call hand it over again, as a retry, in this process
    /// and after a relaunch. A call while the content is still with the app does not get it twice.
    func testContentCountsAsHandledOnlyWhenTheAppFinishesIt() {
        let store = PushMemoryInMemory()
        let alert: [AnyHashable: Any] = [
            "aps": ["alert": "New message", "content-available": 1], "gcm.message_id": "m3",
        ]
        let router = PushRouter(setup: .scenes, store: store)
        let delivered = router.admit(.reception, state: .background, notification: call(alert, at: 0))
        XCTAssertTrue(delivered.processesContent)
        XCTAssertFalse(delivered.isRetry)
        let meanwhile = router.admit(.presentation, state: .active, notification: call(alert, request: "r", at: 1))
        XCTAssertFalse(meanwhile.processesContent, "the content is still with the app")
        router.finishContent(of: try! XCTUnwrap(delivered.push), handled: false)  // offline
        let tapped = router.admit(
            .action, state: .inactive, notification: call(alert, request: "r", action: "x", at: 60))
        XCTAssertTrue(tapped.processesContent, "a failed sync comes back with the tap")
        XCTAssertTrue(tapped.isRetry)
        XCTAssertTrue(tapped.respondsToTap)

        // The process ends while the retry works; the next launch hands it over once more.
        let relaunched = PushRouter(setup: .scenes, store: store)
        let again = relaunched.admit(.reception, state: .background, notification: call(alert, at: 70))
        XCTAssertTrue(again.processesContent)
        XCTAssertTrue(again.isRetry)
        relaunched.finishContent(of: try! XCTUnwrap(again.push), handled: true)
        let later = PushRouter(setup: .scenes, store: store).admit(
            .reception, state: .background, notification: call(alert, at: 80))
        XCTAssertFalse(later.processesContent, "finished content is remembered across launches")
    }

    /// A push SDK's key counts only beside that SDK's marker, and an app can count none; two
    /// calls naming different requests are two pushes whatever id they share.
    func testMessageIdsNeedTheirSendersMarkerAndNeverJoinTwoRequests() {
        let constant: [AnyHashable: Any] = ["aps": ["alert": "Order shipped"], "_": 2, "custom": ["i": "order"]]
        XCTAssertNil(PushSender.airship.messageID(in: constant))
        XCTAssertNil(PushSender.oneSignal.messageID(in: constant))
        let airship: [AnyHashable: Any] = ["_": "send-1", "com.urbanairship.metadata": "m"]
        XCTAssertEqual(PushSender.airship.messageID(in: airship), "send-1")
        let oneSignal: [AnyHashable: Any] = ["custom": ["i": "2A5B7C1E-0000-4000-8000-000000000001"]]
        XCTAssertEqual(PushSender.oneSignal.messageID(in: oneSignal), "2A5B7C1E-0000-4000-8000-000000000001")

        let router = PushRouter(setup: .scenes)
        for (request, at) in [("A", 0.0), ("B", 5.0)] {
            let tap = router.receive(
                .action, state: .inactive, notification: call(constant, request: request, action: "x", at: at),
                complete: nil)
            XCTAssertTrue(tap.processesContent, request)
            XCTAssertTrue(tap.respondsToTap, request)
        }
        let fcm: [AnyHashable: Any] = ["aps": ["alert": "Hi"], "gcm.message_id": "same"]
        let none = PushRouter(setup: .scenes, senders: [])
        XCTAssertTrue(
            none.receive(.presentation, state: .active, notification: call(fcm, request: "1", at: 0), complete: nil)
                .processesContent)
        let second = call(fcm, request: "2", deliveredAt: 100, at: 100)
        XCTAssertTrue(
            none.receive(.presentation, state: .active, notification: second, complete: nil).processesContent,
            "no sender counted")
        let firebase = PushRouter(setup: .scenes)
        XCTAssertTrue(
            firebase.receive(.presentation, state: .active, notification: call(fcm, request: "1", at: 0), complete: nil)
                .processesContent)
        XCTAssertTrue(
            firebase.receive(.presentation, state: .active, notification: second, complete: nil).processesContent,
            "two requests")
        let reception = call(fcm, at: 100.5)
        XCTAssertFalse(
            firebase.receive(.reception, state: .active, notification: reception, complete: nil).processesContent,
            "the id joins")
    }

    /// A store that cannot be read at launch (the device still locked) is neither trusted nor
    /// overwritten: the router appends, and merges what the store held once it can be read.
    /// Damaged lines, huge numbers included, are passed over, never a crash.
    func testAStoreThatCannotBeReadIsMergedNotReplaced() {
        let now = Date()
        let saved = PushRouter(setup: .scenes, store: PushMemoryInMemory())
        for n in 0..<3 {
            let silent: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "old\(n)"]
            _ = saved.receive(
                .reception, state: .background,
                notification: PushReceivedNotification(userInfo: silent, receivedAt: now), complete: nil)
        }
        let store = PushMemoryInMemory(saved.memory.encoded())
        store.isReadable = false
        let locked = PushRouter(setup: .scenes, store: store)
        for n in 0..<2 {
            let silent: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "new\(n)"]
            _ = locked.receive(
                .reception, state: .background,
                notification: PushReceivedNotification(userInfo: silent, receivedAt: now), complete: nil)
        }
        store.isReadable = true
        let relaunched = PushRouter(setup: .scenes, store: store)
        XCTAssertEqual(relaunched.memory.count, 5, "nothing saved before the lock was lost")
        let oldPush: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "old1"]
        let old = PushReceivedNotification(userInfo: oldPush, receivedAt: now)
        XCTAssertFalse(
            relaunched.receive(.reception, state: .background, notification: old, complete: nil).processesContent)

        let lines = String(decoding: store.data ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init)
        let huge = lines[0].replacingOccurrences(
            of: #""uid":-?[0-9]+"#, with: #""uid":9223372036854775807"#, options: .regularExpression)
        XCTAssertNotEqual(huge, lines[0])
        let damaged = ([huge, #"{"v":2,"uid":99999999999999999999}"#, "{\"v\":2,"] + lines).joined(separator: "\n")
        XCTAssertEqual(
            PushMemory(decoding: Data(damaged.utf8)).count, 6, "every whole line is read, however large its number")
    }

    /// Ages and windows run on the clock since boot: a wall clock set a week ahead within one boot
    /// forgets nothing, and a line from another boot no longer joins calls by the window.
    func testAgesSurviveClockChangesWithinABoot() {
        let store = PushMemoryInMemory()
        let now = Date()
        let router = PushRouter(setup: .scenes, store: store)
        let silent: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "kept"]
        let call = PushReceivedNotification(userInfo: silent, receivedAt: now, uptime: 1_000, boot: "boot-1")
        _ = router.receive(.reception, state: .background, notification: call, complete: nil)
        let ahead = now + 8 * 86_400
        XCTAssertEqual(
            PushMemory(decoding: store.data, now: ahead, sinceBoot: 1_010, boot: "boot-1").count, 1,
            "the clock moved, not time")
        XCTAssertEqual(
            PushMemory(decoding: store.data, now: now + 60, sinceBoot: 8 * 86_400, boot: "boot-1").count, 0,
            "a week passed")
        XCTAssertEqual(
            PushMemory(decoding: store.data, now: ahead, sinceBoot: 5, boot: "boot-2").count, 0,
            "another boot: the wall clock")
    }
}
