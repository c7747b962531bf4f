import PushMatrixSupport

// The facts a spec gives for its pages beyond the matrix, and the Swift files it names.

/// A fact stated in words, with an id so generators and docs can refer to it.
public struct Rule: Sendable { public var id: String, text: LocalizedText, origin: Origin }

public struct ReceptionHandlerFacts: Sendable {
    public struct FetchResult: Sendable { public var id: String, swift: String, objc: String, meaning: LocalizedText, origin: Origin }
    public var source: Reference
    public var handler: Reference
    public var completionDeadlineSeconds: Int
    public var fetchResults: [FetchResult]
    public var rules: [Rule]
}

public struct PermissionFacts: Sendable {
    public struct Status: Sendable { public var id: String, meaning: LocalizedText, response: LocalizedText, origin: Origin }
    public struct CheckPoint: Sendable { public var symbol: Reference, setup: Reference? }
    /// How one setup reads and asks for permission, and how its answer maps to a status (the cases of a Swift
    /// `switch`).
    public struct Way: Sendable {
        public struct Case: Sendable { public var pattern: String, status: Reference }
        public var setup: Reference
        public var read: Reference
        public var request: Reference
        public var switchOn: String
        public var cases: [Case]
        public var rules: [Rule]
    }
    public var source: Reference
    public var statuses: [Status]
    public var checkPoints: [CheckPoint]
    public var setups: [Way]
}

/// Templates rendered into the generated module (`sources`, in `Sources/MODULE`), its conformance tests (`tests`, in
/// `Tests/MODULEConformanceTests`) and the field kit's probe app (`probe`, in `Probe`: a folder per app target, beside
/// `Shared`), and which delegate the skeleton and its suite drive.
public struct SwiftFiles: Sendable {
    /// The delegate a spec's skeleton is and its conformance suite drives.
    public enum Delegate: String, Sendable, CaseIterable {
        /// UIKit's app delegate: the generated skeleton's machinery, checks and handler under test come with it.
        case uiKit
        /// A PushKit delegate: the spec's own files bring the skeleton, the checks and the handler under test.
        case pushKit
    }

    /// One file: the template it is made from and where it goes.
    public struct File: Sendable {
        /// The template's path among the templates.
        public var template: String
        /// The file's path in its part's folder.
        public var file: String
        /// Where the spec names it.
        public var origin: Origin

        package init(template: String, file: String, origin: Origin) {
            self.template = template
            self.file = file
            self.origin = origin
        }
    }

    /// The module's own files, in `Sources/MODULE`.
    public var sources: [File]
    /// The test-support module's own files, in `Sources/MODULETestSupport`.
    public var testSupport: [File]
    /// The suite's own files, in `Tests/MODULEConformanceTests`.
    public var tests: [File]
    /// The field kit's probe app's files, in `Probe`.
    public var probe: [File]
    public var delegate: Delegate

    package init(sources: [File], testSupport: [File] = [], tests: [File], probe: [File], delegate: Delegate = .uiKit) {
        self.sources = sources
        self.testSupport = testSupport
        self.tests = tests
        self.probe = probe
        self.delegate = delegate
    }
}

/// A page on setting an app up, section by section, each citing its sources.
public struct SetupGuide: Sendable {
    public struct Section: Sendable {
        public var id: String
        public var heading: LocalizedText
        public var paragraphs: [LocalizedText]
        /// Swift shown after the paragraphs: the same program in every language, only its `//` comments translated.
        public var code: LocalizedText?
        public var sources: [Reference]
        public var origin: Origin
    }
    public var intro: LocalizedText
    public var sections: [Section]
}

/// Another matrix's docs: `href` is per language, relative to this one's language directory, without the extension each
/// format adds.
public struct RelatedMatrix: Sendable { public var name: LocalizedText, description: LocalizedText, href: LocalizedText, origin: Origin }

public struct CallOrderFacts: Sendable {
    public struct ObservedCall: Sendable { public var symbol: Reference, text: LocalizedText }
    public var source: Reference
    public var tapOpensApp: [ObservedCall]
    public var rules: [Rule]
}

extension Spec {
    /// The push types a spec answers when it names none (`pushTypes`).
    public static let defaultPushTypes = ["alert", "background"]

    /// Apple's values of `apns-push-type`.
    public static let apnsPushTypes = [
        "alert", "background", "complication", "controls", "fileprovider", "liveactivity", "location", "mdm", "pushtotalk", "voip",
        "widgets",
    ]
}
