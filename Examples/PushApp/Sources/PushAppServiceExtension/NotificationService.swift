import Foundation
import PushAppHandlers
import UserNotifications

/// The app's notification service extension, as an app team writes it: it adds the sender's name
/// to the title, from a lookup that finishes on another thread, then delivers. The conformance
/// suite drives it through the methods iOS calls (`ServiceExtensionTests.swift`).
open class NotificationService: PushNotificationService {
    override open func modifyContent(
        _ content: UNMutableNotificationContent, of request: UNNotificationRequest,
        delivery: PushContentDelivery<UNNotificationContent>
    ) {
        nonisolated(unsafe) let content = content  // handed to the lookup's thread alone
        DispatchQueue.global().async {
            content.title = "Ada: " + content.title
            #if !BROKEN_NEVERDELIVERS
            delivery.deliver(content)
            #endif
        }
    }
}
