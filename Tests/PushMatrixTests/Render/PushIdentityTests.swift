import CurrentPushHandlers
import Foundation
import XCTest

/// How the generated router tells pushes apart (`PushMemory`): one push through several calls is
/// handled once, and two pushes are two, however alike their payloads.
final class PushIdentityTests: XCTestCase {
    private let start = Date(timeIntervalSinceReferenceDate: 815_000_000)
    private let reminder: [AnyHashable: Any] = ["aps": ["alert": "Time to stretch", "content-available": 1]]

    /// A call `seconds` into the test, by both clocks unless the wall clock says otherwise.
    private func call(
        _ userInfo: [AnyHashable: Any], request: String? = nil, deliveredAt: Double = 0, action: String? = nil, at seconds: Double,
        wall: Double? = nil
    ) -> PushReceivedNotification {
        PushReceivedNotification(
            userInfo: userInfo, requestIdentifier: request, date: request.map { _ in start + deliveredAt }, actionIdentifier: action,
            receivedAt: start + (wall ?? seconds), uptime: seconds)
    }

    /// Monday's reminder and Tuesday's identical one: each delivered in the background and tapped.
    func testTheSamePayloadOnTwoDaysIsTwoPushes() {
        let router = PushRouter(setup: .scenes)
        for (day, request) in [(0.0, "monday"), (86_400.0, "tuesday")] {
            let delivered = router.receive(.reception, state: .background, notification: call(reminder, at: day), complete: nil)
            XCTAssertTrue(delivered.processesContent, request)
            let tapped = router.receive(
                .action, state: .inactive, notification: call(reminder, request: request, deliveredAt: day, at: day + 20), complete: nil)
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
        XCTAssertTrue(router.receive(.presentation, state: .active, notification: first, complete: nil).processesContent)
        XCTAssertFalse(router.receive(.presentation, state: .active, notification: first, complete: nil).processesContent, "iOS 18.0 twice")
        let update = call(reminder, request: "score", deliveredAt: 5, at: 5)
        XCTAssertTrue(router.receive(.presentation, state: .active, notification: update, complete: nil).processesContent)
    }

    /// A sender's message id decides alone: FCM's key is known, and the app may name its own.
    func testMessageIdsDecideWhereTheSenderGivesThem() {
        let router = PushRouter(setup: .scenes)
        let fcm = { (id: String) -> [AnyHashable: Any] in ["aps": ["content-available": 1], "gcm.message_id": id] }
        XCTAssertTrue(router.receive(.reception, state: .background, notification: call(fcm("1"), at: 0), complete: nil).processesContent)
        XCTAssertTrue(router.receive(.reception, state: .background, notification: call(fcm("2"), at: 1), complete: nil).processesContent)
        XCTAssertFalse(router.receive(.reception, state: .background, notification: call(fcm("2"), at: 2), complete: nil).processesContent)

        let own = PushRouter(setup: .scenes, messageIDKey: "eventId")
        let event = { (id: String) -> [AnyHashable: Any] in ["aps": ["content-available": 1], "eventId": id] }
        XCTAssertTrue(own.receive(.reception, state: .background, notification: call(event("a"), at: 0), complete: nil).processesContent)
        XCTAssertTrue(own.receive(.reception, state: .background, notification: call(event("b"), at: 0), complete: nil).processesContent)
        XCTAssertFalse(own.receive(.reception, state: .background, notification: call(event("a"), at: 1), complete: nil).processesContent)
    }

    /// The digest joins calls of one delivery only while it is arriving: the window is 30 seconds.
    func testThePayloadJoinsCallsOnlyWithinOneDelivery() {
        XCTAssertEqual(PushMemory.window, 30)
        let router = PushRouter(setup: .scenes)
        XCTAssertTrue(
            router.receive(.reception, state: .active, notification: call(reminder, at: 0), complete: nil).processesContent)
        let presented = call(reminder, request: "a", deliveredAt: 0, at: 0.1)
        XCTAssertFalse(
            router.receive(.presentation, state: .active, notification: presented, complete: nil).processesContent, "one delivery")
        XCTAssertTrue(
            router.receive(.reception, state: .active, notification: call(reminder, at: 40), complete: nil).processesContent,
            "a reception 40 s later is another push")
        let late = call(reminder, request: "b", deliveredAt: 100, at: 100)
        XCTAssertTrue(router.receive(.presentation, state: .active, notification: late, complete: nil).processesContent)
    }

    /// However many pushes arrive, the router remembers at most `capacity`, and the latest ones.
    func testMemoryIsBounded() {
        let router = PushRouter(setup: .scenes, capacity: 64)
        for n in 0..<10_000 {
            let userInfo: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "m\(n)"]
            _ = router.receive(.reception, state: .background, notification: call(userInfo, at: Double(n)), complete: nil)
            XCTAssertLessThanOrEqual(router.memory.count, 64)
        }
        XCTAssertEqual(router.memory.count, 64)
        let latest: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "m9999"]
        XCTAssertFalse(
            router.receive(.reception, state: .background, notification: call(latest, at: 10_000), complete: nil).processesContent,
            "the latest push is still remembered")
        XCTAssertEqual(PushRouter(setup: .scenes).memory.capacity, 128)
    }

    // MARK: traffic as it comes

    /// A tap long after a delivery that carried the payload alone proves nothing: the content is
    /// handled again rather than risk losing it (at least once).
    func testATapAfterTheWindowHandlesThePayloadOnlyPushAgain() {
        let router = PushRouter(setup: .scenes)
        XCTAssertTrue(router.receive(.reception, state: .background, notification: call(reminder, at: 0), complete: nil).processesContent)
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
        let received = router.receive(.reception, state: .background, notification: call(reminder, at: 3), complete: nil)
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
        XCTAssertNotEqual(PushMemory.digest(edited.filter { $0.key != AnyHashable(PushMemory.markKey) }), PushMemory.digest(original))
        XCTAssertTrue(router.receive(.reception, state: .active, notification: call(original, at: 0), complete: nil).processesContent)
        let presented = router.receive(.presentation, state: .active, notification: call(edited, request: "r", at: 0.1), complete: nil)
        XCTAssertFalse(presented.processesContent, "the mark ties the edited payload to the original")
    }

    /// The wall clock set back an hour does not stretch the window, which runs on uptime.
    func testAClockStepBackDoesNotStretchTheWindow() {
        let router = PushRouter(setup: .scenes)
        XCTAssertTrue(router.receive(.reception, state: .active, notification: call(reminder, at: 0), complete: nil).processesContent)
        let later = call(reminder, request: "later", deliveredAt: -3_000, at: 600, wall: -3_000)  // the clock an hour behind
        XCTAssertTrue(router.receive(.presentation, state: .active, notification: later, complete: nil).processesContent)
        var memory = PushMemory()
        _ = memory.record(call(reminder, at: 100), handler: .reception, isTap: false, handlesContent: true, answersTap: false)
        let earlier = memory.record(call(reminder, at: 90), handler: .presentation, isTap: false, handlesContent: true, answersTap: false)
        XCTAssertFalse(earlier.contentHandled, "a call before the push's last one cannot join it")
    }

    /// A call the matrix does not list still reaches the app, marked unexpected; the tap comes
    /// from the response's action identifier, not from the matrix.
    func testUnlistedCallsReachTheAppAndTheResponseNamesTheTap() {
        let router = PushRouter(setup: .scenes)
        XCTAssertNil(PushClassifier.classify(setup: .scenes, handler: .reception, state: .inactive))
        let inactive = router.receive(.reception, state: .inactive, notification: call(reminder, at: 0), complete: nil)
        XCTAssertEqual(inactive, PushHandling(event: .delivered(.inactive), processesContent: true, respondsToTap: false, unexpected: true))

        let category: [AnyHashable: Any] = ["aps": ["alert": "Reply?", "category": "chat"]]
        let button = call(category, request: "b", action: "reply", at: 100)
        XCTAssertEqual(router.receive(.action, state: .active, notification: button, complete: nil).event, .tapped(.actionButton))
        let dismiss = call(category, request: "d", deliveredAt: 200, action: PushReceivedNotification.dismissAction, at: 200)
        XCTAssertEqual(router.receive(.action, state: .background, notification: dismiss, complete: nil).event, .tapped(.dismiss))
    }

    /// Any property-list value hashes, and the digest tells kinds apart.
    func testEveryPropertyListValueHashesSafely() {
        let date = Date(timeIntervalSinceReferenceDate: 1_000)
        let local: [AnyHashable: Any] = ["fireAt": date, "blob": Data([1, 2, 3]), "none": NSNull(), "list": [1, "1", 1.5, true]]
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
        let store = PushMemoryInMemory(), now = Date()
        let presented = PushReceivedNotification(userInfo: reminder, requestIdentifier: "r", date: now, receivedAt: now, uptime: 0)
        let first = PushRouter(setup: .scenes, store: store)
        XCTAssertTrue(first.receive(.presentation, state: .active, notification: presented, complete: nil).processesContent)
        let tap = PushReceivedNotification(
            userInfo: reminder, requestIdentifier: "r", date: now, actionIdentifier: PushReceivedNotification.defaultAction,
            receivedAt: now + 3_600, uptime: 3_600)
        let relaunched = PushRouter(setup: .scenes, store: store).receive(.action, state: .inactive, notification: tap, complete: nil)
        XCTAssertFalse(relaunched.processesContent, "the store remembers the presentation")
        XCTAssertTrue(relaunched.respondsToTap)
        XCTAssertEqual(PushRouter(setup: .scenes, store: PushMemoryInMemory(Data("not json\n".utf8))).memory.count, 0)

        let busy = PushRouter(setup: .scenes, capacity: 8, store: store)
        for n in 0..<1_000 {
            let silent: [AnyHashable: Any] = ["aps": ["content-available": 1], "gcm.message_id": "m\(n)"]
            let call = PushReceivedNotification(userInfo: silent, receivedAt: now, uptime: Double(n))
            XCTAssertTrue(busy.receive(.reception, state: .background, notification: call, complete: nil).processesContent)
        }
        let lines = store.data.map { $0.split(separator: UInt8(ascii: "\n")).count } ?? 0
        XCTAssertLessThanOrEqual(lines, 4 * 8)
        let reloaded = PushRouter(setup: .scenes, capacity: 8, store: store)
        XCTAssertEqual(reloaded.memory.count, 8)
        let latest = PushReceivedNotification(userInfo: ["aps": ["content-available": 1], "gcm.message_id": "m999"], uptime: 5_000)
        XCTAssertFalse(reloaded.receive(.reception, state: .background, notification: latest, complete: nil).processesContent)
    }
}
