import CurrentPushHandlers
import Foundation
import XCTest

/// How the generated router tells pushes apart (`PushMemory`): one push through several calls is
/// handled once, and two pushes are two, however alike their payloads.
final class PushIdentityTests: XCTestCase {
    private let start = Date(timeIntervalSinceReferenceDate: 815_000_000)
    private let reminder: [AnyHashable: Any] = ["aps": ["alert": "Time to stretch", "content-available": 1]]

    private func call(_ userInfo: [AnyHashable: Any], request: String? = nil, deliveredAt: Double = 0, at seconds: Double)
        -> ReceivedNotification
    {
        ReceivedNotification(
            userInfo: userInfo, requestIdentifier: request, date: request.map { _ in start + deliveredAt }, receivedAt: start + seconds)
    }

    /// Monday's reminder and Tuesday's identical one: each delivered in the background and tapped.
    func testTheSamePayloadOnTwoDaysIsTwoPushes() {
        let router = PushRouter(setup: .scenes)
        for (day, request) in [(0.0, "monday"), (86_400.0, "tuesday")] {
            let delivered = router.receive(.reception, state: .background, notification: call(reminder, at: day), complete: nil)
            XCTAssertTrue(delivered.processesContent, request)
            let tapped = router.receive(
                .action, state: .inactive, notification: call(reminder, request: request, deliveredAt: day, at: day + 60), complete: nil)
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
}
