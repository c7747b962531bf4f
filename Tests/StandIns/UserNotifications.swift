// A stand-in for UserNotifications, so the generated iOS skeleton can be type-checked on Linux.
// It declares only what the skeleton uses, with the names, signatures and concurrency annotations
// of Apple's current SDK. `UNNotificationResponse` has no public initializer, as in the SDK.
// `UNNotificationResponse.targetScene` is declared in the UIKit stand-in: its type is UIKit's
// `UIScene`, and UIKit's stand-in imports this one (for `UIScene.ConnectionOptions`), not the
// other way round. Availability attributes only document: Linux does not check iOS versions.

import Foundation

public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
}

public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    @available(iOS, introduced: 10.0, deprecated: 14.0, message: "use .list and .banner")
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    @available(iOS 14.0, *)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    @available(iOS 14.0, *)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined, denied, authorized, provisional, ephemeral
}

open class UNNotificationSettings: NSObject {
    open var authorizationStatus: UNAuthorizationStatus { .notDetermined }
}

open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying {
    open var title: String { "" }
    open var body: String { "" }
    open var userInfo: [AnyHashable: Any] { [:] }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = UNMutableNotificationContent()
        copy.title = title
        copy.body = body
        copy.userInfo = userInfo
        return copy
    }
}

open class UNMutableNotificationContent: UNNotificationContent {
    private var storedTitle = "", storedBody = "", storedUserInfo: [AnyHashable: Any] = [:]

    override open var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }

    override open var body: String {
        get { storedBody }
        set { storedBody = newValue }
    }

    override open var userInfo: [AnyHashable: Any] {
        get { storedUserInfo }
        set { storedUserInfo = newValue }
    }
}

open class UNNotificationRequest: NSObject {
    open var identifier: String { "" }
    open var content: UNNotificationContent { UNNotificationContent() }
}

open class UNNotification: NSObject {
    open var request: UNNotificationRequest { UNNotificationRequest() }
}

open class UNNotificationResponse: NSObject {
    override init() {}
    open var notification: UNNotification { UNNotification() }
    open var actionIdentifier: String { UNNotificationDefaultActionIdentifier }
}

public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

/// Not main-actor isolated, and its completion handlers are `@Sendable`, as in the SDK: a
/// main-actor delegate implements these methods `nonisolated`.
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
}

open class UNUserNotificationCenter: NSObject {
    open class func current() -> UNUserNotificationCenter { fatalError("stand-in") }
    weak open var delegate: (any UNUserNotificationCenterDelegate)?
    open func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {}
    open func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {}
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {}
}

public struct UNNotificationActionOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

open class UNNotificationAction: NSObject {
    public init(identifier: String, title: String, options: UNNotificationActionOptions = []) {}
}

public struct UNNotificationCategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
}

open class UNNotificationCategory: NSObject {
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String], options: UNNotificationCategoryOptions = []
    ) {}
}

/// The entry point of a Notification Service Extension. iOS may call
/// `serviceExtensionTimeWillExpire()` on another thread than `didReceive(_:withContentHandler:)`.
open class UNNotificationServiceExtension: NSObject {
    override public init() {}

    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {}

    open func serviceExtensionTimeWillExpire() {}
}
