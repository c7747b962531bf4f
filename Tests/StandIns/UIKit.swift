// A stand-in for UIKit, so the generated iOS skeleton can be type-checked on Linux. It declares
// only what the skeleton uses, with the names and signatures of Apple's SDK headers. Delegate
// methods are required here (optional in the SDK) so a misspelled one fails to conform.

import Foundation

@MainActor
open class UIResponder: NSObject {}

public enum UIBackgroundFetchResult: UInt, Sendable {
    case newData, noData, failed
}

public struct UIUserNotificationType: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UIUserNotificationType(rawValue: 1 << 0)
    public static let sound = UIUserNotificationType(rawValue: 1 << 1)
    public static let alert = UIUserNotificationType(rawValue: 1 << 2)
}

@available(iOS, introduced: 8.0, deprecated: 10.0)
open class UIUserNotificationCategory: NSObject {}

@available(iOS, introduced: 8.0, deprecated: 10.0)
open class UIUserNotificationSettings: NSObject {
    public init(types: UIUserNotificationType, categories: Set<UIUserNotificationCategory>?) { self.types = types }
    open var types: UIUserNotificationType
}

@MainActor
open class UIApplication: UIResponder {
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
    }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    open class var shared: UIApplication { fatalError("stand-in") }
    open var applicationState: UIApplication.State { .active }
    public class var openSettingsURLString: String { "app-settings:" }

    open func registerForRemoteNotifications() {}

    @available(iOS, introduced: 8.0, deprecated: 10.0)
    open func registerUserNotificationSettings(_ notificationSettings: UIUserNotificationSettings) {}

    @available(iOS, introduced: 8.0, deprecated: 10.0)
    open var currentUserNotificationSettings: UIUserNotificationSettings? { nil }

    open func open(
        _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {}
}

@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)

    @available(iOS, introduced: 9.0, deprecated: 10.0)
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?, forRemoteNotification userInfo: [AnyHashable: Any],
        withResponseInfo responseInfo: [AnyHashable: Any], completionHandler: @escaping () -> Void)

    @available(iOS, introduced: 8.0, deprecated: 10.0)
    func application(_ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings)

    func applicationDidBecomeActive(_ application: UIApplication)
}
