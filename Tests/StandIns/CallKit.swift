// A stand-in for CallKit, so the generated VoIP skeleton can be type-checked on Linux. It declares
// only what the skeleton uses, with the names, argument labels, optionality and concurrency
// annotations of Apple's current SDK. `CXProviderDelegate`'s members are optional in the SDK, but
// for `providerDidReset(_:)`; here every one the skeleton implements is required, so a misspelled
// one fails to conform. Availability attributes only document: Linux does not check iOS versions.

import AVFAudio
import Foundation

/// How a call's remote party is reached.
open class CXHandle: NSObject {
    public enum HandleType: Int, Sendable {
        case generic = 1
        case phoneNumber = 2
        case emailAddress = 3
    }

    public init(type: CXHandle.HandleType, value: String) {}
}

/// What the system shows of a call; unset properties are left as they are.
open class CXCallUpdate: NSObject {
    override public init() {}
    open var remoteHandle: CXHandle?
    open var localizedCallerName: String?
    open var hasVideo = false
}

/// A provider's settings.
open class CXProviderConfiguration: NSObject {
    @available(iOS 14.0, *)
    override public init() {}
    open var maximumCallGroups = 2
    open var maximumCallsPerCallGroup = 5
    open var supportedHandleTypes: Set<CXHandle.HandleType> = []
}

/// Why a call ended.
public enum CXCallEndedReason: Int, Sendable {
    case failed = 1
    case remoteEnded = 2
    case unanswered = 3
    case answeredElsewhere = 4
    case declinedElsewhere = 5
}

/// Something the system asks the provider's delegate to do, and which the delegate ends by
/// calling `fulfill()` or `fail()`; a second call of either does nothing.
open class CXAction: NSObject {
    override public init() {}
    open func fulfill() {}
    open func fail() {}
}

/// An action on one call.
open class CXCallAction: CXAction {
    public init(call callUUID: UUID) { self.callUUID = callUUID }
    public let callUUID: UUID
}

/// The user answered the call.
open class CXAnswerCallAction: CXCallAction {}

/// The user declined or hung up the call.
open class CXEndCallAction: CXCallAction {}

/// The app's telephony provider: it reports calls to the system and hands the user's actions to
/// its delegate, on `queue` (the main queue when nil).
open class CXProvider: NSObject {
    public init(configuration: CXProviderConfiguration) {}

    open func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {}

    /// Reports a call at once; `completion` runs later, on the delegate's queue (a private one
    /// when none is set), with an error when the system refused the call.
    open func reportNewIncomingCall(
        with UUID: UUID, update: CXCallUpdate, completion: @escaping @Sendable ((any Error)?) -> Void
    ) {}

    open func reportCall(with UUID: UUID, endedAt dateEnded: Date?, reason endedReason: CXCallEndedReason) {}

    /// From a notification service extension with the filtering entitlement: the decrypted
    /// payload of a call, which iOS hands to the app's PushKit delegate.
    @available(iOS 14.5, *)
    open class func reportNewIncomingVoIPPushPayload(
        _ dictionaryPayload: [AnyHashable: Any], completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) {}
}

/// Not main-actor isolated, as in the SDK: a main-actor delegate implements these methods
/// `nonisolated`.
public protocol CXProviderDelegate: NSObjectProtocol {
    func providerDidReset(_ provider: CXProvider)

    func provider(_ provider: CXProvider, perform action: CXAnswerCallAction)

    func provider(_ provider: CXProvider, perform action: CXEndCallAction)

    func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession)
}
