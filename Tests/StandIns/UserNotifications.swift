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
    private var storedTitle = ""
    private var storedBody = ""
    private var storedUserInfo: [AnyHashable: Any] = [:]

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

/// What made iOS deliver a notification; a remote push's is `UNPushNotificationTrigger` (iOS 10).
open class UNNotificationTrigger: NSObject {
    open var repeats: Bool { false }
}

open class UNPushNotificationTrigger: UNNotificationTrigger {}

open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {}

open class UNNotificationRequest: NSObject {
    private let storedIdentifier: String
    private let storedContent: UNNotificationContent
    private let storedTrigger: UNNotificationTrigger?

    override init() {
        (storedIdentifier, storedContent, storedTrigger) = ("", UNNotificationContent(), nil)
    }

    /// The SDK's one public way to make a request: an app schedules local notifications with it.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        (storedIdentifier, storedContent, storedTrigger) = (identifier, content, trigger)
    }

    open var identifier: String { storedIdentifier }
    open var content: UNNotificationContent { storedContent }
    open var trigger: UNNotificationTrigger? { storedTrigger }
}

open class UNNotification: NSObject {
    open var request: UNNotificationRequest { UNNotificationRequest() }
    open var date: Date { Date() }
}

open class UNNotificationResponse: NSObject {
    override init() {}
    open var notification: UNNotification { UNNotification() }
    open var actionIdentifier: String { UNNotificationDefaultActionIdentifier }
}

/// A response to a text input action: what the user typed.
open class UNTextInputNotificationResponse: UNNotificationResponse {
    open var userText: String { "" }
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
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {}
}

/// The entry point of a Notification Service Extension. iOS may call
/// `serviceExtensionTimeWillExpire()` on another thread than `didReceive(_:withContentHandler:)`.
open class UNNotificationServiceExtension: NSObject {
    override public init() {}

    open func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {}

    open func serviceExtensionTimeWillExpire() {}
}

// Only for tests that run the skeleton (the SDK has no such thing, and code that does not import
// this SPI cannot see it): a notification and a response made up of the given parts.

@_spi(Testing)
public func makeNotification(userInfo: [AnyHashable: Any], identifier: String, date: Date, local: Bool = false)
    -> UNNotification
{
    let trigger = local ? UNTimeIntervalNotificationTrigger() : UNPushNotificationTrigger()
    return MadeNotification(UNNotificationRequest(identifier: identifier, content: MadeContent(userInfo), trigger: trigger), date)
}

@_spi(Testing)
public func makeResponse(
    to notification: UNNotification, actionIdentifier: String = UNNotificationDefaultActionIdentifier
)
    -> UNNotificationResponse
{
    MadeResponse(notification, actionIdentifier)
}

@_spi(Testing)
public func makeTextResponse(to notification: UNNotification, actionIdentifier: String, userText: String)
    -> UNNotificationResponse
{
    MadeTextResponse(notification, actionIdentifier, userText)
}

private final class MadeContent: UNNotificationContent {
    private let stored: [AnyHashable: Any]
    init(_ userInfo: [AnyHashable: Any]) { stored = userInfo }
    override var userInfo: [AnyHashable: Any] { stored }
}

private final class MadeNotification: UNNotification {
    private let storedRequest: UNNotificationRequest
    private let storedDate: Date
    init(_ request: UNNotificationRequest, _ date: Date) { (storedRequest, storedDate) = (request, date) }
    override var request: UNNotificationRequest { storedRequest }
    override var date: Date { storedDate }
}

private final class MadeResponse: UNNotificationResponse {
    private let storedNotification: UNNotification
    private let storedAction: String
    init(_ notification: UNNotification, _ action: String) {
        (storedNotification, storedAction) = (notification, action)
    }
    override var notification: UNNotification { storedNotification }
    override var actionIdentifier: String { storedAction }
}

private final class MadeTextResponse: UNTextInputNotificationResponse {
    private let storedNotification: UNNotification
    private let storedAction: String
    private let storedText: String
    init(_ notification: UNNotification, _ action: String, _ text: String) {
        (storedNotification, storedAction, storedText) = (notification, action, text)
    }
    override var notification: UNNotification { storedNotification }
    override var actionIdentifier: String { storedAction }
    override var userText: String { storedText }
}
