/// The phrases the renderer builds sentences from, with the placeholders each may use.
/// Their wording lives in the spec, per language; only their roles are known here.
package enum Phrases {
    package static let placeholders: [String: Set<String>] = [
        "call": ["handler", "state"], "callWithoutState": ["handler"], "methodLabel": ["setups"], "nothing": [], "ignored": [],
        "callSeparator": [], "tapSeparator": [], "listSeparator": [], "markerSeparator": [], "markerBetween": [],
        "onDelivery": ["calls"], "onDeliveryIf": ["calls", "keys"], "notificationCenter": [],
        "tap": ["taps", "calls"], "then": ["calls"], "choice": [], "thenChoice": [], "choiceItem": ["tap", "calls"], "arrival": [],
        "keyValue": ["key", "value"], "keySeparator": [], "eitherWay": ["keys"], "set": [], "notSet": [],
        "cellReference": ["setup", "appState", "payload"], "afterTap": ["tap"], "onlyWithout": ["handler"], "onlyFor": ["setup"],
        "fetchResultsIntro": ["deadline"], "sourceLine": ["source", "kind"], "payloadAt": ["line", "column"],
        // The explorer's refusal of a pasted request whose push type the matrix does not answer, and the built-in that does.
        "explorerRequestType": ["type", "types"], "explorerRequestTypeElsewhere": ["type", "types", "matrix"],
        // Inputs iOS gives beside the payload, named with where they come from.
        "keyFromMetadata": ["key"], "keyFromRoute": ["key"],
        // Cells with several paths.
        "callWithoutNotification": ["handler"], "callTwice": ["handler", "state"], "pathLabel": ["number", "kind", "source"],
        "pathSource": ["kind", "source"], "pathDeliversNothing": [],
        "pathLabelSeen": ["number", "kind", "source", "versions"], "pathCount": ["count"],
        "otherPathLabel": ["kind", "source"], "otherPathLabelSeen": ["kind", "source", "versions"], "otherPathSeparator": [],
        "kindAppleDocumented": [], "kindReported": [], "kindExpected": [], "kindObserved": [],
        "kindAppleDocumentedMeaning": [], "kindReportedMeaning": [], "kindExpectedMeaning": [], "kindObservedMeaning": [],
        // Answers under conditions.
        "conditionHeld": ["calls"], "conditionUnsettled": ["calls"], "conditionUnlikely": ["conditions"],
        "conditionsChanging": ["conditions"], "conditionCount": ["cells", "paths"], "conditionNotApplying": ["cells"],
        "conditionsExtrapolatedCount": ["extrapolated", "count"],
        "conditionMark": ["number"], "conditionSamePath": ["paths"], "pathOnlyUnder": ["path", "condition", "mark"],
        // The app's duty on a call (a note's `duty`).
        "dutyMust": ["call"], "dutyMay": ["call"],
        // Paths that apply a source beyond what it saw.
        "kindExtrapolated": ["kind"], "extrapolatedBecause": ["reason"], "sourceBeyond": ["reason"],
        // Answers in a wrapper's terms.
        "wrapperHeading": ["wrapper", "versions", "commit"], "wrapperCall": ["call", "events"], "wrapperNothing": [], "wrapperHeld": [],
        "wrapperUnsettled": [], "wrapperRule": ["rule", "file", "function", "lines"],
        "wrapperRuleAt": ["rule", "file", "function", "lines", "commit"], "wrapperTiming": ["text"],
        "wrapperUnknown": ["text"], "wrapperSettled": ["condition", "wrapper"], "wrapperPageTitle": ["wrapper"],
        "wrapperPageSummary": ["wrapper"], "wrapperPageIntro": ["wrapper", "versions", "language"], "wrapperOwnMessage": ["key"],
        "wrapperEveryPush": [], "wrapperTaken": ["events", "cells"], "wrapperSilent": ["appState", "setups", "payloads"],
        "wrapperAnyPayload": [],
        // The field kit's probe screen.
        "probeTitle": [], "probeStart": [], "probeEnd": [], "probeTerminate": [], "probeExport": [], "probeNextRun": [], "probeOpenRun": [],
        "probeDone": [], "probeNoTap": [], "probeTapNothing": [], "probeFinish": [], "probeToken": [],
        "probeMissingRuns": ["count", "total"], "probePutApp": ["state", "description"], "probeSend": ["payload"], "probeTap": ["tap"],
        // The source `observe --update-spec` adds for a device's runs.
        "observedTitle": ["device", "os"], "observedCaveat": [],
    ]

    /// The phrases of the field kit, of `observe --update-spec`, of cells with several paths and of `explain --compact`
    /// and `--handler`, of a condition that does not apply and of the explorer's refusal of a request: a spec written
    /// before they lived in the spec has none of them, and borrows the built-in spec's (see `OlderNames`).
    package static let borrowed = placeholders.keys.filter { name in
        [
            "probe", "observed", "path", "otherPath", "callWithoutNotification", "callTwice", "arrival", "conditionNotApplying",
            "payloadAt", "explorerRequest",
        ]
        .contains { name.hasPrefix($0) }
    }.sorted()

    /// The explorer page's texts, which a spec written before the page borrows likewise.
    package static let borrowedTexts = [
        "explorerTitle", "explorerSummary", "explorerIntro", "explorerKeysMode", "explorerPasteMode", "explorerPasteLabel", "explorerTap",
        "explorerNoTap", "explorerAnswer", "explorerNotPossible", "explorerCellLink", "explorerAsk", "explorerNotes", "explorerLinkHint",
        "explorerPayloadError", "explorerPayloadWarning", "explorerPayloadTooLarge", "explorerJump", "explorerWrapper", "explorerNoWrapper",
        "explorerSender", "explorerSenderOwn", "explorerSenderOther",
    ]

    /// Glue between items may be blank in a language (Japanese puts no space before ※1).
    static let mayBeBlank: Set<String> = ["markerSeparator", "markerBetween"]

    /// Phrases a spec needs only when it uses what they word, with the test of whether it does.
    static let neededOnlyWhen: [String: @Sendable (Spec) -> Bool] = {
        var needed: [String: @Sendable (Spec) -> Bool] = [
            "onDeliveryIf": { spec in spec.notes.contains { $0.onlyWithAPNsKeys != nil } },  // a call that depends on APNs keys
            "eitherWay": { _ in false },  // without it, conditions list their payloads
        ]
        for name in borrowed where name.hasPrefix("path") || name.hasPrefix("otherPath") {
            needed[name] = { spec in spec.cells.contains { !$0.paths.isEmpty } }
        }
        needed["callWithoutNotification"] = { spec in
            spec.cells.contains { cell in
                let paths = cell.paths.flatMap { ($0.onDelivery ?? []) + $0.taps.flatMap(\.calls) }
                return (cell.onDelivery + cell.taps.flatMap(\.calls) + paths).contains { !$0.bringsNotification }
            }
        }
        for name in placeholders.keys where name.hasPrefix("wrapper") { needed[name] = { spec in !spec.wrappers.isEmpty } }
        needed["pathSource"] = { spec in spec.sources.contains { $0.short != nil } }
        needed["fetchResultsIntro"] = { spec in spec.receptionHandler != nil }
        for place in PayloadKey.From.allCases {
            needed[keyFromPhrase(place)] = { spec in spec.payloadKeys.contains { $0.from?.place == place } }
        }
        for name in placeholders.keys where name.hasPrefix("condition") { needed[name] = { spec in !spec.conditions.isEmpty } }
        // A call no source settles is told as a condition's is.
        needed["conditionUnsettled"] = { spec in !spec.conditions.isEmpty || spec.hasUnknownCalls }
        for name in ["dutyMust", "dutyMay"] { needed[name] = { spec in spec.hasDuties } }
        needed["conditionsExtrapolatedCount"] = { spec in spec.conditions.contains { $0.extrapolated } }
        needed["pathOnlyUnder"] = { spec in spec.cells.contains { $0.paths.contains { $0.premise != nil } } }
        for name in ["kindExtrapolated", "sourceBeyond"] {
            needed[name] = { spec in spec.cells.contains { $0.paths.contains { $0.extrapolated } } }
        }
        needed["extrapolatedBecause"] = { spec in
            spec.cells.contains { $0.paths.contains { $0.extrapolated } } || spec.conditions.contains { $0.extrapolated }
        }
        for name in ["sourceLine"] + Source.Kind.allCases.flatMap({ [kindPhrase($0), kindPhrase($0) + "Meaning"] }) {
            needed[name] = { spec in spec.showsSourceKinds }
        }
        return needed
    }()

    /// The phrase naming an input that comes from `place` (`keyFromMetadata`).
    package static func keyFromPhrase(_ place: PayloadKey.From) -> String { named("keyFrom", place.rawValue) }

    /// The phrase naming a kind of source (`kindAppleDocumented`); with `Meaning` after it, the one saying what that
    /// kind can support.
    package static func kindPhrase(_ kind: Source.Kind) -> String { named("kind", kind.rawValue) }

    /// `prefix` followed by `value` with its first letter capitalized.
    private static func named(_ prefix: String, _ value: String) -> String { prefix + value.prefix(1).uppercased() + value.dropFirst() }
}

/// Placeholders in spec texts: `{{name}}`. Shared by validation (names must resolve) and rendering.
package enum Placeholders {
    package enum Piece: Equatable {
        case literal(String)
        case name(String)
    }

    /// Splits at `{{` … `}}` pairs, scanning the text's own bytes: phrases are filled thousands of times, and every
    /// text is checked once.
    package static func pieces(_ text: String) -> [Piece] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [Piece] = []
            var literalStart = 0
            var i = 0
            while i + 1 < bytes.count {
                guard bytes[i] == .openBrace, bytes[i + 1] == .openBrace, let close = closing(bytes, from: i + 2) else {
                    i += 1
                    continue
                }
                if i > literalStart { result.append(.literal(String(decoding: bytes[literalStart..<i], as: UTF8.self))) }
                var name = bytes[(i + 2)..<close]  // spaces around the name are allowed
                while name.first == .space { name.removeFirst() }
                while name.last == .space { name.removeLast() }
                result.append(.name(String(decoding: name, as: UTF8.self)))
                i = close + 2
                literalStart = i
            }
            if literalStart < bytes.count { result.append(.literal(String(decoding: bytes[literalStart...], as: UTF8.self))) }
            return result
        }
    }

    private static func closing(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        (start..<bytes.count).dropLast().first { bytes[$0] == .closeBrace && bytes[$0 + 1] == .closeBrace }
    }

    /// `text` with each `{{name}}` that `values` has replaced by its value; any other text as it is.
    package static func filled(_ text: String, _ values: [String: String]) -> String {
        var out = ""
        for piece in pieces(text) {
            switch piece {
            case .literal(let literal):
                out += literal
            case .name(let name):
                out += values[name] ?? "{{\(name)}}"
            }
        }
        return out
    }

    package static func names(_ text: String) -> [String] { pieces(text).compactMap { if case .name(let n) = $0 { n } else { nil } } }
}
