// A stand-in for LiveCommunicationKit, so the generated VoIP skeleton can be type-checked on Linux.
// It declares only what the skeleton uses, with the names, argument labels and optionality of
// Apple's current SDK; it is a Swift-only framework. Availability attributes only document: Linux
// does not check iOS versions.

import Foundation

/// A way to reach a participant.
@available(iOS 17.4, *)
public struct Handle: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case generic
        case phoneNumber
        case emailAddress
    }

    public init(type: Handle.Kind, value: String, displayName: String? = nil) {
        self.type = type
        self.value = value
        self.displayName = displayName ?? value
    }

    public var type: Handle.Kind
    public var value: String
    public var displayName: String
}

/// A call, in LiveCommunicationKit's words.
@available(iOS 17.4, *)
public final class Conversation {
    init(uuid: UUID) { self.uuid = uuid }
    public let uuid: UUID

    /// What a conversation can do.
    public struct Capabilities: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let video = Capabilities(rawValue: 1 << 0)
    }

    /// New or changed attributes of a conversation; nil changes nothing.
    public struct Update {
        public init(
            localMember: Handle? = nil, members: Set<Handle>? = nil, activeRemoteMembers: Set<Handle>? = nil,
            capabilities: Conversation.Capabilities? = nil
        ) {
            self.localMember = localMember
            self.members = members
            self.activeRemoteMembers = activeRemoteMembers
            self.capabilities = capabilities
        }

        public var localMember: Handle?
        public var members: Set<Handle>?
        public var activeRemoteMembers: Set<Handle>?
        public var capabilities: Conversation.Capabilities?
    }

    /// Why a conversation ended.
    public enum EndedReason: Sendable {
        case failed
        case remoteEnded
        case unanswered
        case joinedElsewhere
        case declinedElsewhere
    }

    /// What happened to a conversation.
    public enum Event {
        case conversationEnded(Date, Conversation.EndedReason)
    }
}

/// Reports conversations to the system and hands the user's actions to its delegate.
@available(iOS 17.4, *)
public final class ConversationManager {
    public final var conversations: [Conversation] { [] }

    /// Reports a conversation; the device rings. Throws when the system refuses it.
    public final func reportNewIncomingConversation(uuid: UUID, update: Conversation.Update) async throws {}

    public final func reportConversationEvent(_ event: Conversation.Event, for conversation: Conversation) {}
}
