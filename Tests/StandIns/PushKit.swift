// A stand-in for PushKit, so the generated VoIP skeleton can be type-checked on Linux. It declares
// only what the skeleton uses, with the names, argument labels, optionality and concurrency
// annotations of Apple's current SDK. The delegate's members are optional in the SDK, but for
// `pushRegistry(_:didUpdate:for:)`; here every one the skeleton implements is required, so a
// misspelled one fails to conform, but for the iOS 26.4 method, which the field kit's classic
// probe leaves out (a misspelling of it still draws a near-miss warning). The SDK also declares `async` forms of the two delivery
// methods; the skeleton implements the completion-handler forms, so they are left out.
// Availability attributes only document: Linux does not check iOS versions.

import Foundation

/// A kind of push a registry asks for; the skeleton asks only for VoIP pushes.
public struct PKPushType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    @available(iOS 9.0, *)
    public static let voIP = PKPushType(rawValue: "PKPushTypeVoIP")
}

/// What a push carried.
open class PKPushPayload: NSObject {
    open var dictionaryPayload: [AnyHashable: Any] { [:] }
}

/// The token of a push type, to send to the app's server.
open class PKPushCredentials: NSObject {
    open var token: Data { Data() }
}

/// What iOS says of a VoIP push delivered to the iOS 26.4 method.
@available(iOS 26.4, *)
open class PKVoIPPushMetadata: NSObject, @unchecked Sendable {
    /// Whether the app must report a call or conversation for this push.
    open var mustReport: Bool { true }
}

/// Registers for PushKit pushes and delivers them to its delegate, on `queue` (the main queue when
/// nil). Set `delegate` before `desiredPushTypes`.
open class PKPushRegistry: NSObject {
    public init(queue: DispatchQueue?) { super.init() }
    weak open var delegate: (any PKPushRegistryDelegate)?
    open var desiredPushTypes: Set<PKPushType>?
}

/// Not main-actor isolated, and its completion handlers are `@Sendable`, as in the SDK: a
/// main-actor delegate implements these methods `nonisolated`.
public protocol PKPushRegistryDelegate: NSObjectProtocol {
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)

    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType)

    @available(iOS 11.0, *)
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping @Sendable () -> Void)

    @available(iOS 26.4, *)
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping @Sendable () -> Void)
}

/// Optional in the SDK: a delegate without the iOS 26.4 method gets the classic one on iOS 26.4
/// and later as well, as the field kit's classic probe does.
extension PKPushRegistryDelegate {
    @available(iOS 26.4, *)
    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping @Sendable () -> Void
    ) {
        completion()
    }
}
