/// The phrases the renderer builds sentences from, with the placeholders each may use.
/// Their wording lives in the spec, per language; only their roles are known here.
enum Phrases {
    static let placeholders: [String: Set<String>] = [
        "call": ["handler", "state"],
        "callWithoutState": ["handler"],
        "callSeparator": [],
        "tapSeparator": [],
        "listSeparator": [],
        "markerSeparator": [],
        "methodLabel": ["apis"],
        "onDelivery": ["calls"],
        "onDeliveryIf": ["calls", "keys"],
        "notificationCenter": [],
        "tap": ["taps", "calls"],
        "then": ["calls"],
        "choice": [],
        "thenChoice": [],
        "choiceItem": ["tap", "calls"],
        "nothing": [],
        "ignored": [],
        "keyValue": ["key", "value"],
        "keySeparator": [],
        "set": [],
        "notSet": [],
        "cellReference": ["api", "appState", "payload"],
        "afterTap": ["tap"],
        "onlyWithout": ["handler"],
        "onlyFor": ["api"],
        "fetchResultsIntro": ["deadline"],
        "sourceLine": ["source", "kind"],
        "kindAppleDocumented": [], "kindReported": [], "kindExpected": [], "kindObserved": [],
        "kindAppleDocumentedMeaning": [], "kindReportedMeaning": [], "kindExpectedMeaning": [], "kindObservedMeaning": [],
    ]

    /// Glue between items may be blank in a language (Japanese puts no space before ※1).
    static let mayBeBlank: Set<String> = ["markerSeparator"]

    /// Phrases a spec needs only when it uses what they word, with the test of whether it does.
    static let neededOnlyWhen: [String: @Sendable (Spec) -> Bool] = {
        var needed: [String: @Sendable (Spec) -> Bool] = [
            "onDeliveryIf": { spec in spec.notes.contains { $0.onlyWithAPNsKeys != nil } }  // a call that depends on APNs keys
        ]
        for name in ["sourceLine"] + Source.Kind.allCases.flatMap({ [kindPhrase($0), kindPhrase($0) + "Meaning"] }) {
            needed[name] = { spec in spec.showsSourceKinds }
        }
        return needed
    }()

    /// The phrase naming a kind of source (`kindAppleDocumented`); with `Meaning` after it, the
    /// one saying what that kind can support.
    static func kindPhrase(_ kind: Source.Kind) -> String {
        "kind" + kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    }
}

/// Placeholders in spec texts: `{{name}}`. Shared by validation (names must resolve) and rendering.
enum Placeholders {
    enum Piece: Equatable { case literal(String), name(String) }

    /// Splits at `{{` … `}}` pairs; spaces around a name are allowed.
    static func pieces(_ text: String) -> [Piece] {
        let bytes = text.utf8
        var result: [Piece] = []
        var literalStart = bytes.startIndex, i = literalStart
        while i != bytes.endIndex {
            guard bytes[i...].starts(with: "{{".utf8), let close = closing(bytes, from: bytes.index(i, offsetBy: 2)) else {
                i = bytes.index(after: i)
                continue
            }
            if i > literalStart { result.append(.literal(String(Substring(bytes[literalStart..<i])))) }
            var name = bytes[bytes.index(i, offsetBy: 2)..<close]
            while name.first == .space { name.removeFirst() }
            while name.last == .space { name.removeLast() }
            result.append(.name(String(Substring(name))))
            i = bytes.index(close, offsetBy: 2)
            literalStart = i
        }
        if literalStart != bytes.endIndex { result.append(.literal(String(Substring(bytes[literalStart...])))) }
        return result
    }

    /// Where the first `}}` at or after `start` begins.
    private static func closing(_ bytes: String.UTF8View, from start: String.Index) -> String.Index? {
        var j = start
        while j != bytes.endIndex {
            if bytes[j...].starts(with: "}}".utf8) { return j }
            j = bytes.index(after: j)
        }
        return nil
    }

    static func names(_ text: String) -> [String] {
        pieces(text).compactMap { if case .name(let n) = $0 { n } else { nil } }
    }
}
