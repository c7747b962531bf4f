// A stand-in for UIKit, so the generated iOS skeleton can be type-checked on Linux. It declares
// only what the skeleton uses, with the names, signatures and concurrency annotations of Apple's
// current SDK. Delegate methods are optional in the SDK; here the ones every skeleton implements
// are required, so a misspelled one fails to conform. `UIApplicationDelegate` members that only
// some skeletons implement (the iOS 8/9 ones, the scene-era ones) have default implementations
// instead, as UIKit behaves when they are left out; a subclass that `override`s them checks their
// spelling. Availability attributes only document: Linux does not check iOS versions.

import Foundation
import UserNotifications

@MainActor
open class UIResponder: NSObject {}

@MainActor
open class UIView: UIResponder {
    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    override public convenience init() { self.init(frame: .zero) }
}

@MainActor
open class UIWindow: UIView {
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    override public init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var rootViewController: UIViewController?
    open func makeKeyAndVisible() {}
}

@MainActor
open class UIScreen: NSObject {
    @available(iOS, introduced: 2.0, deprecated: 16.0, message: "use a UIScreen instance found through context instead")
    open class var main: UIScreen { UIScreen() }
    open var bounds: CGRect { .zero }
}

@MainActor
open class UILabel: UIView {
    open var text: String?
    open var numberOfLines: Int = 1
}

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    override public convenience init() { self.init(nibName: nil, bundle: nil) }
    open var title: String?
    open func viewDidLoad() {}
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    open var popoverPresentationController: UIPopoverPresentationController? { nil }
}

@MainActor
open class UIPopoverPresentationController: NSObject {
    open var sourceView: UIView?
}

@MainActor
open class UIActivity: NSObject {}

@MainActor
open class UIActivityViewController: UIViewController {
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

@MainActor
public protocol UITableViewDelegate: NSObjectProtocol {}

/// UIKit implements the optional data source and delegate members the probe overrides.
@MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    // The SDK's type.
    open var tableView: UITableView! { UITableView(frame: .zero, style: .plain) }
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

@MainActor
open class UITableView: UIView {
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }

    public init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open func reloadData() {}
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {}
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { nil }
}

@MainActor
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable {
        case `default`, value1, value2, subtitle
    }

    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    override public convenience init(frame: CGRect) { self.init(style: .default, reuseIdentifier: nil) }
    open var textLabel: UILabel? { nil }
    open var accessoryType: UITableViewCell.AccessoryType = .none
}

/// Declared in UIKit's overlay.
extension IndexPath {
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var section: Int { self[0] }
    public var row: Int { self[1] }
}

/// Declared in Foundation on Apple's platforms.
extension FileManager {
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { nil }
}

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
open class UIMutableUserNotificationCategory: UIUserNotificationCategory {
    open var identifier: String?
    open func setActions(_ actions: [UIUserNotificationAction]?, for context: UIUserNotificationActionContext) {}
}

@available(iOS, introduced: 8.0, deprecated: 10.0)
public enum UIUserNotificationActionContext: UInt, Sendable {
    case `default`, minimal
}

@available(iOS, introduced: 8.0, deprecated: 10.0)
public enum UIUserNotificationActivationMode: UInt, Sendable {
    case foreground, background
}

@available(iOS, introduced: 8.0, deprecated: 10.0)
open class UIUserNotificationAction: NSObject {}

@available(iOS, introduced: 8.0, deprecated: 10.0)
open class UIMutableUserNotificationAction: UIUserNotificationAction {
    open var identifier: String?
    open var title: String?
    open var activationMode: UIUserNotificationActivationMode = .background
}

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
        @available(
            iOS, introduced: 3.0, deprecated: 26.0, message: "with scenes, taps arrive in UIScene.ConnectionOptions"
        )
        public static let remoteNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
    }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    @available(iOSApplicationExtension, unavailable)
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
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    )
        -> Bool

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)

    // Members with default implementations (see below).

    @available(iOS, introduced: 9.0, deprecated: 10.0)
    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any],
        withResponseInfo responseInfo: [AnyHashable: Any], completionHandler: @escaping () -> Void)

    @available(iOS, introduced: 8.0, deprecated: 10.0)
    func application(_ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings)

    func applicationDidBecomeActive(_ application: UIApplication)

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)

    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    )
        -> Bool

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration

    var window: UIWindow? { get set }
}

/// What `@main` calls on an app delegate class.
extension UIApplicationDelegate {
    @MainActor public static func main() {}
}

/// What UIKit does when an app delegate leaves these optional members out.
extension UIApplicationDelegate {
    @available(iOS, introduced: 9.0, deprecated: 10.0)
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any],
        withResponseInfo responseInfo: [AnyHashable: Any], completionHandler: @escaping () -> Void
    ) {
        completionHandler()
    }

    @available(iOS, introduced: 8.0, deprecated: 10.0)
    public func application(_ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings) {}

    public func applicationDidBecomeActive(_ application: UIApplication) {}

    public func application(
        _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {}

    public func application(
        _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {}

    public func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        connectingSceneSession.configuration
    }

    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

@MainActor
open class UIScene: UIResponder {
    /// Why UIKit connects a scene; UIKit creates it, apps do not.
    @MainActor
    open class ConnectionOptions: NSObject {
        override init() {}
        open var notificationResponse: UNNotificationResponse? { nil }
    }

    open var session: UISceneSession { fatalError("stand-in") }
}

@MainActor
open class UIWindowScene: UIScene {}

@MainActor
open class UISceneSession: NSObject {
    public struct Role: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        public static let windowExternalDisplayNonInteractive = Role(
            rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    override init() {}
    open var role: UISceneSession.Role { .windowApplication }
    open var configuration: UISceneConfiguration { UISceneConfiguration(name: nil, sessionRole: role) }
}

@MainActor
open class UISceneConfiguration: NSObject {
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
    }

    public let name: String?
    public let role: UISceneSession.Role
    open var delegateClass: AnyClass?
    open var sceneClass: AnyClass?
}

@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)

    func sceneDidBecomeActive(_ scene: UIScene)
}

@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

/// Declared in UserNotifications in the SDK (see UserNotifications.swift).
extension UNNotificationResponse {
    @available(iOS 13.0, *)
    public var targetScene: UIScene? { nil }
}

// Only for tests that run the skeleton (the SDK has no such thing): a scene session of a role,
// whose Info.plist configuration names `delegateClass`, and empty connection options.

@_spi(Testing) @MainActor
public func makeSession(role: UISceneSession.Role, delegateClass: AnyClass?) -> UISceneSession {
    MadeSession(role, delegateClass)
}

@_spi(Testing) @MainActor
public func makeConnectionOptions() -> UIScene.ConnectionOptions {
    UIScene.ConnectionOptions()
}

private final class MadeSession: UISceneSession {
    private let storedRole: UISceneSession.Role
    private let storedDelegateClass: AnyClass?
    init(_ role: UISceneSession.Role, _ delegateClass: AnyClass?) {
        storedRole = role
        storedDelegateClass = delegateClass
    }
    override var role: UISceneSession.Role { storedRole }
    override var configuration: UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: storedRole)
        configuration.delegateClass = storedDelegateClass
        return configuration
    }
}
