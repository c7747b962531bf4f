import PushMatrixSupport

/// A cross-platform wrapper (FlutterFire, React Native Firebase, Expo) as read in its iOS source at one commit: the
/// rules that turn the native calls of a cell's path into the events the app's Dart or JavaScript code sees. A wrapper
/// adds no iOS facts; it only says what its own code does with the calls the matrix gives.
public struct Wrapper: Sendable {
    public var id: String
    public var name: LocalizedText
    /// The package an app adds (`firebase_messaging`).
    public var package: String
    /// The package versions the rules were read for, as a range (`26.0.0–26.3.2`): one string, or a text per language.
    public var versions: LocalizedText
    /// The language of the app's code, for the pages (`Dart`).
    public var language: String
    /// The repository the rules were read in, a GitHub address.
    public var repository: String
    /// The full commit the rules' files were read at, unless a rule names its own.
    public var commit: String
    /// The top-level payload key that marks a push as sent by the wrapper's own backend (`gcm.message_id`); nil for a
    /// wrapper that treats every push alike.
    public var ownMessageKey: String?
    /// How the wrapper takes or shares the notification center's delegate and the app delegate.
    public var delegate: LocalizedText
    /// The conditions the wrapper's rules settle (a push SDK owning the delegate): with the wrapper chosen, they are not
    /// applied, and `delegate` is told instead.
    public var settles: [Reference]
    public var events: [Event]
    /// Tried in order for each native call; the first that matches decides its events.
    public var rules: [Rule]
    public var origin: Origin

    /// Something the wrapper hands the app's code.
    public struct Event: Sendable {
        public var id: String
        /// The name the app's code uses (`FirebaseMessaging.onMessage`).
        public var api: String
        /// True for a value the app asks for later (the message that opened the app), false for a callback.
        public var stored: Bool
        public var text: LocalizedText
        public var origin: Origin
    }

    /// What the wrapper does with the native calls it matches.
    public struct Rule: Sendable {
        public var id: String
        public var handler: Reference
        /// The handler states it matches; nil for every one.
        public var states: [Reference]?
        /// The cells it matches: payload keys set or not, setups, app states.
        public var cells: CellSelection
        /// `delivery` or tap ids; nil for every place.
        public var at: [Reference]?
        /// True: only a call after a launching call of the same place that brings the notification (a cold start by
        /// it); false: only a call without one.
        public var afterLaunch: Bool?
        /// True: only pushes from the wrapper's own backend; false: only others; nil: either.
        public var ownMessage: Bool?
        /// True: only a call of a handler already called earlier in the same place (iOS calling it twice); false: only
        /// its first call there; nil: either.
        public var repeated: Bool?
        /// True: only a call that arrives without the notification (`Call.bringsNotification` false, as a launch from
        /// the app's icon); false: only one that brings it; nil: either.
        public var withoutNotification: Bool?
        /// The events the call becomes, in order; none when the app's code sees nothing of it.
        public var events: [Reference]
        /// What the rule depends on beyond the call: the moment a listener is set, a window of time.
        public var timing: LocalizedText?
        /// What the source leaves unsettled.
        public var unknown: LocalizedText?
        /// What the code does, in the spec's words.
        public var says: LocalizedText
        /// The file the rule was read in, relative to the repository.
        public var file: String
        /// The function or method that decides it.
        public var function: String
        /// The lines of `file`, at the commit, that decide it (`120-168`).
        public var lines: String
        /// The full commit `file` was read at, where it is not the wrapper's.
        public var commit: String?
        public var origin: Origin
    }
}

extension Wrapper {
    /// Where a native call happens, as a rule matches it.
    public struct Context: Sendable {
        public var payload: [String: Bool]
        public var setup: String
        public var appState: String
        /// `delivery`, or the id of the tap the call follows.
        public var place: String
        /// Whether a launching call that brings the notification came earlier in the same place (a cold start by
        /// this notification).
        public var afterLaunch: Bool
        /// Whether the push came from the wrapper's own backend; true for a wrapper that treats every push alike.
        public var ownMessage: Bool
        /// Whether a call of the same handler came earlier in the same place.
        public var repeated = false

        public init(payload: [String: Bool], setup: String, appState: String, place: String, afterLaunch: Bool, ownMessage: Bool) {
            self.payload = payload
            self.setup = setup
            self.appState = appState
            self.place = place
            self.afterLaunch = afterLaunch
            self.ownMessage = ownMessage
        }

        /// This context for each of `calls`, made in one place in this order: a call follows a launch when a call of
        /// one of the `launching` handlers that brings the notification comes before it.
        public func each(_ calls: [Call], launching: Set<String>) -> [(call: Call, context: Context)] {
            var context = self
            context.afterLaunch = false
            var called = Set<String>()
            return calls.map { call in
                context.repeated = !called.insert(call.handler.id).inserted
                defer {
                    if launching.contains(call.handler.id) && call.bringsNotification { context.afterLaunch = true }
                }
                return (call, context)
            }
        }
    }

    /// The place a rule names for every tap.
    public static let anyTap = "tap"

    /// The first rule that matches `call` where `context` says it happens; nil when none does (validation refuses a
    /// spec that leaves a call of its cells so).
    public func rule(for call: Call, _ context: Context) -> Rule? {
        // Each rule is tested in place: a copy of every rule tried would cost more than the test.
        for index in rules.indices where rules[index].matches(call, context) {
            return rules[index]
        }
        return nil
    }
}

extension Wrapper.Rule {
    func matches(_ call: Call, _ context: Wrapper.Context) -> Bool {
        guard handler.id == call.handler.id else { return false }
        if let states, !states.contains(where: { $0.id == call.state?.id }) { return false }
        if let at, !at.contains(where: { $0.id == context.place || ($0.id == Wrapper.anyTap && context.place != "delivery") }) {
            return false
        }
        if let afterLaunch, afterLaunch != context.afterLaunch { return false }
        if let ownMessage, ownMessage != context.ownMessage { return false }
        if let repeated, repeated != context.repeated { return false }
        if let withoutNotification, withoutNotification == call.bringsNotification { return false }
        return cells.contains(payload: context.payload, setup: context.setup, appState: context.appState)
    }
}
