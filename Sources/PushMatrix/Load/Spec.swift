/// The spec as written: every dimension, text and cell, with where each came from.
/// Nothing here knows a dimension's ids; they are data.
public struct Spec: Sendable {
    public var file: String
    public var languages: [Language]
    public var sources: [Source]
    public var symbols: [Symbol]
    public var payloadKeys: [PayloadKey]
    public var initAPIs: [InitAPI]
    public var appStates: [AppState]
    public var handlerStates: [HandlerState]
    public var handlers: [Handler]
    public var taps: [Tap]
    public var notes: [Note]
    public var phrases: [String: LocalizedText]
    /// Where `phrases` is, for errors about phrases it lacks.
    public var phrasesOrigin: Origin
    public var texts: [String: LocalizedText]
    public var designCases: [DesignCase]
    public var receptionHandler: ReceptionHandlerFacts
    public var permission: PermissionFacts
    public var callOrder: CallOrderFacts
    public var cells: [Cell]
}

public struct Language: Sendable {
    public var id: String; public var name: String; public var footnoteMarker: String; public var origin: Origin
}
public struct Source: Sendable {
    public var id: String; public var appleDocumented: Bool; public var platforms: String; public var title: LocalizedText;
    public var caveat: LocalizedText; public var origin: Origin
}
public struct Symbol: Sendable { public var name: String; public var code: String; public var origin: Origin }

public struct PayloadKey: Sendable {
    public var id: String
    public var name: LocalizedText
    /// A payload without any key that makes it visible never shows in Notification Center.
    public var makesVisible: Bool
    public var apnsKey: String
    /// How the APNs value must look for the key to count as set: `nonEmptyString`, `object`, `one`.
    public var presentWhen: [Reference]
    public var origin: Origin
}

public struct InitAPI: Sendable {
    public var id: String; public var name: LocalizedText; public var className: String; public var platforms: String;
    public var description: LocalizedText; public var origin: Origin
}

public struct AppState: Sendable {
    public var id: String
    public var name: LocalizedText
    public var description: LocalizedText
    /// A state whose app has no process: nothing can be called before the user taps.
    public var running: Bool
    /// Notes that hold for the whole column (shown on its header).
    public var notes: [Reference]
    public var origin: Origin
}

public struct HandlerState: Sendable {
    public var id: String; public var swift: String; public var objc: String; public var description: LocalizedText;
    public var origin: Origin
}

public struct Handler: Sendable {
    public var id: String
    public var name: LocalizedText
    public var description: LocalizedText
    /// False for a handler that runs before the app has a state (the one that launches it).
    public var hasState: Bool
    /// Calling it starts the app; so it comes first in every tap on an app that is not running, and nowhere else.
    public var launchesApp: Bool
    /// An app may leave it out; explain can show what happens then.
    public var optional: Bool
    public var methods: [MethodName]
    public var origin: Origin
}

public struct MethodName: Sendable { public var api: Reference; public var swift: String; public var objc: String }

public struct Tap: Sendable {
    public var id: String
    public var name: LocalizedText
    /// Payload keys that must be set for the tap to exist (an action button needs a category).
    public var requires: [Reference]
    public var origin: Origin
}

public struct Note: Sendable {
    public var id: String
    public var text: LocalizedText
    public var source: Reference
    /// The init APIs the note is about, when not all: it is shown only with those (a note about
    /// an iOS 10 method means nothing on the row of an older API). Nil for every init API.
    public var apis: [Reference]?
    /// APNs keys (`sound`, `badge`) of which the payload must carry one for a call on delivery
    /// that carries this note to happen; nil when the note sets no such condition.
    public var onlyWithAPNsKeys: [Reference]?
    public var whenMissing: Fallback?
    public var origin: Origin
}

/// What iOS calls instead when the app lacks an optional handler.
public struct Fallback: Sendable {
    public var handler: Reference
    public var instead: Call
    /// What the note says instead where the app is known to lack the handler (explain's
    /// `--without-…-handler`); without it, the note is not shown there.
    public var text: LocalizedText?
}

public struct Call: Sendable, Hashable {
    public var handler: Reference
    public var state: Reference?
    public var notes: [Reference]
    public var origin: Origin
}

public struct Cell: Sendable {
    public var payload: [(key: Reference, value: Bool)]
    public var api: Reference
    public var appState: Reference
    public var onDelivery: [Call]
    public var notificationCenter: Bool
    public var taps: [(tap: Reference, calls: [Call])]
    public var ignored: Bool
    public var notes: [Reference]
    public var source: Reference
    public var origin: Origin
}

public struct CellAddress: Sendable {
    public var payload: [(key: Reference, value: Bool)]
    public var api: Reference
    public var appState: Reference
    public var origin: Origin
}

public struct DesignCase: Sendable {
    public var id: String; public var title: LocalizedText; public var text: LocalizedText; public var cell: CellAddress;
    public var origin: Origin
}

/// A fact stated in words, with an id so generators and docs can refer to it.
public struct Rule: Sendable { public var id: String; public var text: LocalizedText; public var origin: Origin }

public struct ReceptionHandlerFacts: Sendable {
    public struct FetchResult: Sendable {
        public var id: String; public var swift: String; public var objc: String; public var meaning: LocalizedText;
        public var origin: Origin
    }
    public var source: Reference
    /// The handler these facts are about.
    public var handler: Reference
    public var completionDeadlineSeconds: Int
    public var fetchResults: [FetchResult]
    public var rules: [Rule]
}

public struct PermissionFacts: Sendable {
    public struct Status: Sendable {
        public var id: String; public var meaning: LocalizedText; public var response: LocalizedText; public var origin: Origin
    }
    public struct CheckPoint: Sendable { public var symbol: Reference; public var api: Reference? }
    /// How one init API's answer maps to a status, as the cases of a Swift `switch`.
    public struct API: Sendable {
        public struct Case: Sendable { public var pattern: String; public var status: Reference }
        public var api: Reference
        public var read: Reference
        public var request: Reference
        public var switchOn: String
        public var cases: [Case]
        public var rules: [Rule]
    }
    public var source: Reference
    public var statuses: [Status]
    public var checkPoints: [CheckPoint]
    public var apis: [API]
}

public struct CallOrderFacts: Sendable {
    public struct Step: Sendable { public var symbol: Reference; public var text: LocalizedText }
    public var source: Reference
    public var tapOpensApp: [Step]
    public var rules: [Rule]
}
