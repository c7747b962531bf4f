import PushMatrixSupport

/// The spec as written: every dimension, text and cell, with where each came from. Nothing here knows a dimension's
/// ids; they are data.
public struct Spec: Sendable {
    /// The spec's file, as diagnostics name it.
    public var file: String
    /// The languages of its texts, the first one the language of generated comments.
    public var languages: [Language]
    /// Where its facts come from.
    public var sources: [Source]
    /// Code names texts may cite as `{{name}}`.
    public var symbols: [Symbol]
    /// The inputs that decide the matrix's first dimension: APNs keys, or what iOS gives beside the payload.
    public var payloadKeys: [PayloadKey]
    /// The values of `apns-push-type` whose pushes the matrix answers: `alert` and `background` unless the file names
    /// others (`voip`).
    public var pushTypes: [Reference]
    /// The second dimension, the app's setup: `setups` (cells: `setup`), or `initAPIs` (`api`) in the older form, as
    /// `naming` says.
    public var setups: [Setup]
    /// The keys the second dimension is written with in the file.
    public var naming: SetupNaming
    /// The third dimension: where the app is when a push arrives.
    public var appStates: [AppState]
    /// The `UIApplication.State` a handler may run in.
    public var handlerStates: [HandlerState]
    /// The delegate methods iOS calls for a push.
    public var handlers: [Handler]
    /// What the user can tap.
    public var taps: [Tap]
    /// Remarks cells, app states and calls refer to.
    public var notes: [Note]
    /// Circumstances beside the cell's dimensions that change its calls, each declared once.
    public var conditions: [Condition] = []
    /// Cross-platform wrappers whose events the matrix's calls become.
    public var wrappers: [Wrapper] = []
    /// The sentence patterns that tell a cell, by name and language.
    public var phrases: [String: LocalizedText]
    /// Where `phrases` is, for errors about phrases it lacks.
    public var phrasesOrigin: Origin
    /// Every other wording of the pages, by name and language.
    public var texts: [String: LocalizedText]
    /// Terms the texts write in one form per language; the index lists them.
    public var glossary: [GlossaryEntry] = []
    /// Worked examples the index shows, each tied to a cell.
    public var designCases: [DesignCase]
    /// The rules of the reception handler; makes the reception-handler page when present.
    public var receptionHandler: ReceptionHandlerFacts?
    /// How the app reads and asks for permission; makes the permission page when present.
    public var permission: PermissionFacts?
    /// The order of calls a tap makes; makes the call-order page when present.
    public var callOrder: CallOrderFacts?
    /// How to set an app up, section by section; makes the setup page when present.
    public var setupGuide: SetupGuide?
    /// Other matrices the index points readers to.
    public var relatedMatrices: [RelatedMatrix]
    /// The app scaffolding this matrix's setups need, beside the files every spec gets; nil when the spec names none,
    /// and the outputs choose.
    public var swiftFiles: SwiftFiles?
    /// One cell per payload combination, setup and app state.
    public var cells: [Cell]

    /// Whether the sources say what kind of evidence each is (the current form): then the docs show each cell's kind
    /// and explain names it.
    public var showsSourceKinds: Bool { sources.contains { $0.declaresKind } }
}

/// The names of a spec's second dimension. In the file: the list's key, the key that names one (in a cell, a design
/// case, a permission check) and the key that lists some (in a note, the permission facts). Outside it, in both forms:
/// the label (`explain`'s option, the field log's key) and the dimension's name in messages.
public struct SetupNaming: Sendable, Equatable {
    /// The key of the list of setups.
    public var list: String
    /// The key that names one setup.
    public var cellKey: String
    /// The key that lists some setups.
    public var noteKey: String
    /// `explain`'s option and the field log's key for a setup.
    public var label = "setup"
    /// What messages call a setup.
    public var words = "setup"

    /// The older form's keys (`OlderNames`), read as setups.
    public static let older = SetupNaming(list: "initAPIs", cellKey: "api", noteKey: "apis")
    /// The current form's keys.
    public static let current = SetupNaming(list: "setups", cellKey: "setup", noteKey: "setups")
}

public struct Language: Sendable { public var id: String, name: String, footnoteMarker: String, origin: Origin }
public struct Source: Sendable {
    /// How much a source can support: Apple's documentation, developers' reports, what follows unseen from documented
    /// rules, what was seen.
    public enum Kind: String, Sendable, CaseIterable { case appleDocumented, reported, expected, observed }
    public var id: String
    public var kind: Kind
    /// False for a source in the older form, which says only whether Apple documents it: the docs and explain then show
    /// no kinds.
    public var declaresKind: Bool
    /// Where the kind's evidence is: the Apple page (`appleDocumented`), the reports (`reported`), the sources an
    /// expectation follows from (`expected`), device and OS version (`observed`). Empty where a spec in the older form
    /// gives only `appleDocumented`.
    public var address: String?
    public var references: [LocalizedText]
    public var basedOn: [Reference]
    public var device: LocalizedText?
    public var os: LocalizedText?
    /// What a reported source saw, where the spec says; required of one that backs a path.
    public var saw: Scope?
    /// A few words naming the source where a path's label cites it (`onmyway133`); without one, the label gives only
    /// the kind.
    public var short: LocalizedText?
    public var platforms: LocalizedText
    public var title: LocalizedText
    public var caveat: LocalizedText
    public var origin: Origin
}
/// A term the spec's texts write in one form per language: its other forms (`variants`, by language) are refused in
/// every text, except inside the phrases `allowed` (a gloss on first use, the name of a setting that contains one).
public struct GlossaryEntry: Sendable {
    public var id: String
    public var term: LocalizedText
    public var meaning: LocalizedText
    public var variants: [String: [String]]
    public var allowed: [String: [String]]
    /// Whether the index lists the term for readers; false for a term kept only to hold the writers to one form.
    public var listed: Bool
    public var origin: Origin
}

public struct Symbol: Sendable { public var name: String, code: String, origin: Origin }

/// An input of the matrix's first dimension: a key of the payload's `aps`, or (`from`) something iOS gives beside it.
public struct PayloadKey: Sendable {
    /// Where iOS gives an input that is not a key of `aps`: in what the delegate method is handed beside the payload
    /// (PushKit's metadata), or in the way the push reaches the app (through a service extension).
    public enum From: String, Sendable, CaseIterable { case metadata, route }
    public var id: String
    public var name: LocalizedText
    /// A payload without any key that makes it visible never shows in Notification Center.
    public var makesVisible: Bool
    /// The key in `aps`; nil for an input that is not read from the payload (`from`).
    public var apnsKey: String?
    /// How the APNs value must look for the key to count as set: `nonEmptyString`, `object`, `one`; none without
    /// `apnsKey`.
    public var presentWhen: [Reference]
    /// Where an input without `apnsKey` comes from, and the symbol the app reads it by; nil for a key of `aps`.
    public var from: (place: From, symbol: Reference)?
    /// Keys without which this one changes nothing (`mutable-content` needs an alert).
    public var requires: [Reference]
    /// The cells where the input can change anything; every other cell equals its twin with the input flipped. nil:
    /// all.
    public var mattersOnlyIn: CellSelection?
    public var origin: Origin
}

public struct Setup: Sendable {
    public var id: String
    public var name: LocalizedText
    public var className: String?
    public var platforms: LocalizedText
    public var description: LocalizedText
    public var origin: Origin
}

public struct AppState: Sendable {
    public var id: String
    public var name: LocalizedText
    public var description: LocalizedText
    /// A state whose app has no process: nothing in the app can be called before the user taps, unless
    /// `launchesInBackground`.
    public var running: Bool
    /// The system may start the app in the background when a push arrives (not for a force-quit app).
    public var launchesInBackground: Bool
    /// Notes that hold for the whole column (shown on its header).
    public var notes: [Reference]
    public var origin: Origin
}

public struct HandlerState: Sendable { public var id: String, swift: String, objc: String, description: LocalizedText, origin: Origin }

public struct Handler: Sendable {
    public var id: String
    public var name: LocalizedText
    public var description: LocalizedText
    /// False for a handler that runs before the app has a state (the one that launches it).
    public var hasState: Bool
    /// Calling it starts the app; so it comes first in every tap on an app that is not running, and nowhere else but as
    /// the first app call on delivery where the system starts the app in the background (`launchesInBackground`).
    public var launchesApp: Bool
    /// An app may leave it out; explain can show what happens then.
    public var optional: Bool
    /// Runs in an app extension's process, not the app's: no state, on delivery only.
    public var inExtension: Bool
    /// A launching call that says which tap started the app (a scene's connection options).
    public var carriesTap: Bool
    /// The setups it has a method for; a call of it exists only in their cells.
    public var methods: [MethodName]
    public var origin: Origin
}

public struct MethodName: Sendable {
    public var setup: Reference
    public var swift: String
    /// The Objective-C selector; nil for a method Swift alone declares (LiveCommunicationKit's).
    public var objc: String?
    /// The method hands the app a `UNNotification` (or a response holding one), with request identifier and date;
    /// false: payload alone.
    public var handsNotification = false
}

public struct Tap: Sendable {
    public var id: String
    public var name: LocalizedText
    /// Payload keys that must be set for the tap to exist (an action button needs a category).
    public var requires: [Reference]
    /// False for a tap not bringing the app forward (an action without `.foreground`): with no process, it may start
    /// without a launch.
    public var opensApp: Bool
    /// False for a way back that leaves the notification alone (opening the app from its icon): it needs no
    /// Notification Center entry, a cell may list it or not, and no call of it brings the notification. Written
    /// `"touchesNotification": false`.
    public var touchesNotification = true
    public var origin: Origin
}

public struct Note: Sendable {
    public var id: String
    public var text: LocalizedText
    public var source: Reference
    /// Other pages and reports that say the same, cited beside `source`.
    public var moreSources: [Reference] = []
    /// The setups the note is about (nil: all): shown only with those (an iOS 10 method's note means nothing on an
    /// older API's row).
    public var setups: [Reference]?
    /// APNs keys (`sound`, `badge`) of which the payload must carry one for a delivery call with this note to happen;
    /// nil: no condition.
    public var onlyWithAPNsKeys: [Reference]?
    public var whenMissing: Fallback?
    /// What the app must or may do on the call the note sits on; nil for a note that states no obligation.
    public var duty: Duty?
    public var origin: Origin

    /// Every source the note cites, its own first.
    public var sources: [Reference] { [source] + moreSources }
}

/// A circumstance iOS weighs beside a cell's dimensions (a setting, where the app runs, who owns its delegate, how an
/// extension ends): declared once, applied to the calls of the cells it selects, so cells do not multiply by
/// conditions.
public struct Condition: Sendable {
    /// What a change does to the calls of its handler.
    public enum Effect: String, Sendable, CaseIterable {
        case removed
        /// The call does not happen on delivery; the push is handed over when the app is next opened.
        case heldUntilOpen
        /// A call of the handler (in `state`) happens too, after the others; the other effects match its calls in
        /// `state` only, when given.
        case added
        /// Of the cell's paths, those that make the call are the likely ones.
        case likely
        /// No source settles whether the call happens.
        case unknown
        /// The notification is not shown, so no tap on it can follow (no handler); the app icon still opens the app.
        case notShown
    }
    /// What the condition does to one kind of call.
    public struct CallChange: Sendable {
        public var effect: Effect
        public var handler: Reference?
        public var state: Reference?
        /// `delivery` or a tap's id; nil for every call of the handler.
        public var at: Reference?
        public var origin: Origin

        /// The call an `added` change makes.
        package var call: Call? { handler.map { Call(handler: $0, state: state, notes: [], origin: origin) } }
    }
    public var id: String
    public var name: LocalizedText
    /// What the condition is, and what it does to the app.
    public var text: LocalizedText
    /// How a tester sets it on a device, for the field kit's runbook.
    public var howToSet: LocalizedText
    public var appliesTo: CellSelection
    public var changes: [CallChange]
    public var sources: [Reference]
    /// Where its sources saw or stated the effect; required when one of them is a report.
    public var saw: Scope?
    /// True when it applies to cells or taps beyond `saw`; `saw.beyond` then says why.
    public var extrapolated: Bool
    public var origin: Origin

    /// Why it applies beyond what its sources saw; nil for a condition within them.
    public var reasonBeyond: LocalizedText? { extrapolated ? saw?.beyond : nil }
}

/// Some of the matrix's cells: payload keys set or not (others either way), and the setups and app states named (every
/// one when nil).
public struct CellSelection: Sendable {
    public var payload: [(key: Reference, value: Bool)] = []
    public var setups: [Reference]?
    public var appStates: [Reference]?

    public func contains(payload flags: [String: Bool], setup: String, appState: String) -> Bool {
        payload.allSatisfy { flags[$0.key.id] == $0.value } && setups?.contains { $0.id == setup } != false
            && appStates?.contains { $0.id == appState } != false
    }
}

/// What a reported source, or a condition's sources, saw: its cells, taps (nil: all), where (`device`, `simulator`,
/// `both`, `unstated`). A path or condition beyond it is extrapolated.
public struct Scope: Sendable {
    public var cells: CellSelection
    public var taps: [Reference]?
    public var runsOn: String
    /// Why the spec still rests paths, or the condition, beyond the scope.
    public var beyond: LocalizedText?
}

/// What iOS calls instead when the app lacks an optional handler.
public struct Fallback: Sendable {
    public var handler: Reference
    public var instead: Call
    /// What the note says where the app is known to lack the handler (explain's `--without-…-handler`); without it, the
    /// note is not shown.
    public var text: LocalizedText?
}

public struct Call: Sendable, Hashable {
    public var handler: Reference
    public var state: Reference?
    public var notes: [Reference]
    /// False for a launching call that arrives without the notification (a scene connection whose options hold no
    /// response): the app has nothing of the push to handle there. Written `"withoutNotification": true`.
    public var bringsNotification: Bool = true
    /// No source settles whether iOS makes this call: it stays in its path, marked. Written `"unknown": true`.
    public var unknown = false
    public var origin: Origin
}

public struct Cell: Sendable {
    public var payload: [(key: Reference, value: Bool)]
    public var setup: Reference
    public var appState: Reference
    public var onDelivery: [Call]
    public var notificationCenter: Bool
    public var taps: [(tap: Reference, calls: [Call])]
    public var ignored: Bool
    public var notes: [Reference]
    public var source: Reference
    /// The iOS versions the first path was seen on, where a source says.
    public var seenOn: String?
    /// Other paths iOS may take in this cell, after the first (the cell's own calls).
    public var paths: [CellPath] = []
    /// Whether the first path applies its source beyond what it saw; false in the cell itself, set on the later paths
    /// `allPaths` makes.
    public var extrapolated = false
    /// The condition the path needs (`CellPath.premise`); nil in the cell itself, set on the later paths `allPaths`
    /// makes.
    public var premise: Reference?
    public var origin: Origin

    /// The payload by key id; a key given twice keeps its first value.
    public var flags: [String: Bool] { Dictionary(payload.map { ($0.key.id, $0.value) }, uniquingKeysWith: { a, _ in a }) }

    /// Every path of the cell, its own first, each as a cell of one path: another path takes the cell's calls wherever
    /// it names none.
    public var allPaths: [Cell] {
        guard !paths.isEmpty else { return [self] }
        var first = self
        first.paths = []
        return [first]
            + paths.map { path in
                var cell = first
                if let onDelivery = path.onDelivery {
                    cell.onDelivery = onDelivery
                    cell.ignored = onDelivery.isEmpty && !notificationCenter
                }
                cell.taps = taps.map { tap in (tap.tap, path.taps.first { $0.tap.id == tap.tap.id }?.calls ?? tap.calls) }
                cell.source = path.source
                cell.seenOn = path.seenOn
                cell.extrapolated = path.extrapolated
                cell.premise = path.premise
                cell.origin = path.origin
                return cell
            }
    }
}

/// Another path iOS may take in a cell: the calls that differ from the cell's own (on delivery, and for the taps it
/// names; the rest as the cell says), with the source that reports it.
public struct CellPath: Sendable {
    public var onDelivery: [Call]?
    public var taps: [(tap: Reference, calls: [Call])]
    public var source: Reference
    public var seenOn: String?
    /// The path applies its source beyond what the source saw (`Source.saw`).
    public var extrapolated = false
    /// The condition iOS takes this path under, and only under (`"premise": "sceneDisconnected"`); nil for a path
    /// that needs none.
    public var premise: Reference?
    public var origin: Origin
}

public struct CellAddress: Sendable {
    public var payload: [(key: Reference, value: Bool)]
    public var setup: Reference
    public var appState: Reference
    public var origin: Origin
}

public struct DesignCase: Sendable { public var id: String, title: LocalizedText, text: LocalizedText, cell: CellAddress, origin: Origin }
