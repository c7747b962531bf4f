// A stand-in for AVFAudio, so the generated VoIP skeleton can be type-checked on Linux: only the
// audio session CallKit and LiveCommunicationKit hand to their delegates, with the SDK's name, and
// the shared instance the VoIP conformance suite hands over.

import Foundation

/// The app's audio session; CallKit activates it for a call and tells the provider's delegate.
open class AVAudioSession: NSObject {
    /// The app's one audio session.
    open class func sharedInstance() -> AVAudioSession { AVAudioSession() }
}
