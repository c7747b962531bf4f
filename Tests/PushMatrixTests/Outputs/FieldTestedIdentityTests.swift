import Foundation
import PushHandlers
import PushHandlersTestSupport
import XCTest

/// The field-tested matrix's router on iOS 8/9, where a tap is a reception call in `.inactive`
/// that hands over the payload alone.
final class FieldTestedIdentityTests: XCTestCase {
    private let reminder: [AnyHashable: Any] = ["aps": ["alert": "Time to stretch"]]

    private func tap(at seconds: Double) -> PushReceivedNotification {
        PushReceivedNotification(
            userInfo: reminder, receivedAt: Date(timeIntervalSinceReferenceDate: seconds), uptime: seconds)
    }

    /// Two reminders with identical payloads, tapped ten seconds apart: two taps, both answered.
    func testIdenticalRemindersTappedTenSecondsApartAreTwoTaps() {
        let router = PushRouter(setup: .ios8_9)
        let first = router.receive(.reception, state: .inactive, notification: tap(at: 10), complete: nil)
        let second = router.receive(.reception, state: .inactive, notification: tap(at: 20), complete: nil)
        XCTAssertEqual(first.event, .tapped(.body))
        XCTAssertTrue(first.respondsToTap && first.processesContent)
        XCTAssertTrue(second.respondsToTap, "a digest never joins two taps")
        XCTAssertTrue(second.processesContent)
    }
}
