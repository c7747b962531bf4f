import AVFAudio
import Foundation
import UIKit
import VoIPAppHandlers

/// The app's PushKit and CallKit delegate, as an app team writes it: a push naming a caller rings,
/// a push saying the call has ended rings nothing (the skeleton reports and ends it where iOS
/// requires a report), and answering connects to the call's server.
public final class AppCalls: PushVoIPDelegate {
    /// The calls the app knows, by id, with their caller.
    public private(set) var calls: [UUID: String] = [:]
    /// The VoIP token, once iOS has given it.
    public private(set) var token: String?

    override public func describeCall(_ payload: [AnyHashable: Any]) -> PushCallDecision {
        guard let caller = payload["caller"] as? String, payload["ended"] == nil else { return .drop }
        return .ring(PushIncomingCall(handle: caller, callerName: payload["name"] as? String))
    }

    override public func connect(_ call: PushIncomingCall) async {
        calls[call.id] = call.handle
    }

    override public func answer(_ call: UUID) async throws {
        await Task.yield()  // the call's server accepts the answer
    }

    override public func decline(_ call: UUID) async throws {
        calls[call] = nil
    }

    override public func audioActivated(_ audioSession: AVAudioSession) {}

    override public func didUpdate(voipToken: String) {
        token = voipToken
    }
}

/// The app's delegate: it installs the calls' delegate first at every launch.
public final class AppDelegate: UIResponder, UIApplicationDelegate {
    public let calls = AppCalls()

    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        calls.install()
        return true
    }

    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        completionHandler(.noData)
    }
}
