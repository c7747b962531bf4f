import AVFAudio
import CallKit
import Foundation
import PushKit
import UIKit

/// The app's PushKit and CallKit delegate from before it adopted the generated skeleton, written
/// by hand as a team migrating would still have it: it implements PKPushRegistryDelegate itself,
/// so nothing stops it from returning without a report. Built with `VOIPAPP_BROKEN=NAME`, the
/// conformance suite checks it with that one mistake (`Mistake.built`); README.md lists them.
@MainActor
public final class LegacyCalls: NSObject, PKPushRegistryDelegate, CXProviderDelegate {
    /// One way to get the must-report rule wrong.
    public enum Mistake: String, Sendable {
        /// Asks the server for the call's details, then reports: after the method has returned.
        case reportsAfterFetch
        /// Asks the server whether the call is still on, and reports nothing when it has ended.
        case skipsEndedCall
        /// Reports only while the app is active; in the background it only calls the completion handler.
        case foregroundOnly
        /// On iOS 26.4, drops a push whose call has ended, whatever its metadata says.
        case dropsMustReport

        /// The mistake this build makes, from VOIPAPP_BROKEN; nil in the app as it ships.
        public static var built: Mistake? {
            #if BROKEN_REPORTSAFTERFETCH
            return .reportsAfterFetch
            #elseif BROKEN_SKIPSENDEDCALL
            return .skipsEndedCall
            #elseif BROKEN_FOREGROUNDONLY
            return .foregroundOnly
            #elseif BROKEN_DROPSMUSTREPORT
            return .dropsMustReport
            #else
            return nil
            #endif
        }
    }

    private let provider: CXProvider
    private let mistake: Mistake
    /// The application's state; a test replaces it.
    public var applicationState: @MainActor () -> UIApplication.State = { UIApplication.shared.applicationState }

    /// A delegate that reports to `provider` and is its delegate.
    public init(provider: CXProvider, mistake: Mistake) {
        self.provider = provider
        self.mistake = mistake
        super.init()
        provider.setDelegate(self, queue: nil)
    }

    nonisolated public func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {}

    nonisolated public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {}

    nonisolated public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping @Sendable () -> Void
    ) {
        nonisolated(unsafe) let payload = payload.dictionaryPayload
        Self.onMain { self.receive(payload, isVoIP264: false, completion: completion) }
    }

    @available(iOS 26.4, *)
    nonisolated public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingVoIPPushWith payload: PKPushPayload, metadata: PKVoIPPushMetadata,
        withCompletionHandler completion: @escaping @Sendable () -> Void
    ) {
        nonisolated(unsafe) let payload = payload.dictionaryPayload
        Self.onMain { self.receive(payload, isVoIP264: true, completion: completion) }
    }

    nonisolated public func providerDidReset(_ provider: CXProvider) {}

    nonisolated public func provider(_ provider: CXProvider, perform action: CXAnswerCallAction) {
        action.fulfill()
    }

    nonisolated public func provider(_ provider: CXProvider, perform action: CXEndCallAction) {
        action.fulfill()
    }

    nonisolated public func provider(_ provider: CXProvider, didActivate audioSession: AVAudioSession) {}

    private func receive(_ payload: [AnyHashable: Any], isVoIP264: Bool, completion: @escaping @Sendable () -> Void) {
        let ended = payload["ended"] != nil
        switch mistake {
        case .reportsAfterFetch:
            Task { @MainActor in
                await Self.askServer()
                self.report(ended: ended, completion: completion)
            }
        case .skipsEndedCall where ended:
            Task { @MainActor in
                await Self.askServer()
                completion()
            }
        case .foregroundOnly where applicationState() != .active:
            completion()
        case .dropsMustReport where ended && isVoIP264:
            completion()
        default:
            report(ended: ended, completion: completion)
        }
    }

    /// Reports a call, and ends it at once if it has ended; completes when the report has.
    private func report(ended: Bool, completion: @escaping @Sendable () -> Void) {
        let call = UUID()
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: "caller")
        provider.reportNewIncomingCall(with: call, update: update) { _ in completion() }
        if ended { provider.reportCall(with: call, endedAt: nil, reason: .remoteEnded) }
    }

    /// A round trip to the call's server.
    nonisolated private static func askServer() async {
        try? await Task.sleep(nanoseconds: 5_000_000)
    }

    /// Runs `body` on the main actor before returning, as PushKit's methods must.
    nonisolated private static func onMain(_ body: @MainActor @Sendable () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated(body)
        } else {
            DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
        }
    }
}
