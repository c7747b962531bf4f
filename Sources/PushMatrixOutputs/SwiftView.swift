import PushMatrixModel
import PushMatrixSpec

/// The generated Swift's view model: the spec's ids as enum cases, every scenario as data, and the classifier's cases with their cells.
struct SwiftView {
    package let matrix: Matrix
    package var spec: Spec { matrix.spec }
    /// Comments in generated code are in the spec's first language.
    package var comments: Phrasebook { Phrasebook(matrix: matrix, language: spec.languages[0].id) }

    /// Scenarios grouped by payload combination: one source file and one test class each.
    var scenarioGroups: [(payload: Payload, scenarios: ArraySlice<Scenario>)] {
        // The matrix lists scenarios payload by payload (docs' order): a group is a run, a slice of the matrix's array, no scenario copied.
        let all = matrix.scenarios
        var groups: [(payload: Payload, scenarios: ArraySlice<Scenario>)] = []
        var start = all.startIndex
        for end in all.indices.dropFirst() where all[end].payload != all[start].payload {
            groups.append((all[start].payload, all[start..<end]))
            start = end
        }
        if start < all.endIndex { groups.append((all[start].payload, all[start...])) }
        return groups
    }

    /// What every template may use besides its context: the plain Swift files' `names` (for docs and runbook showing Swift), `outsideApp`.
    var common: TemplateFields {
        var fields = TemplateFields(names.sorted { $0.key < $1.key }.map { ($0.key, .verbatim($0.value)) })
        fields["outsideApp"] = .bool(outsideApp)
        return fields
    }

    /// The dimensions' holes: each dimension's enum cases with their doc comments, the handlers' properties, the permission statuses (when
    /// the spec has them), the cases of a handler that runs outside the app (when one does) and the payload's keys.
    package func dimensions() -> [String: String] {
        let handlers = spec.handlers, keys = spec.payloadKeys, outside = outsideApp
        let lines = { (indent: Int, lines: [String]) in SwiftPrinter.hole(indent: indent) { for line in lines { $0.print(line) } } }
        /// A `switch self` case per handler, returning what `value` gives it.
        let perHandler = { (value: (Handler) -> Bool) in lines(8, handlers.map { "case .\($0.id): return \(value($0))" }) }
        let permission = SwiftPrinter.hole { out in
            guard let statuses = spec.permission?.statuses else { return }
            out.print("")
            out.print("/// Whether the user lets the app show notifications, as the app should act on it.")
            out.print("nonisolated public enum PushPermissionStatus: String, CaseIterable, Sendable {")
            out.indented { out in for status in statuses { Self.enumCase(status.id, doc: comments.text(status.meaning), &out) } }
            out.print("}")
        }
        let runsInApp = SwiftPrinter.hole(indent: 4) { out in
            guard outside else { return }
            out.print("")
            out.print("/// Runs in the app's process; false for an app extension's handler, which the app never sees.")
            out.print("public var runsInApp: Bool {")
            out.print("    switch self {")
            for handler in handlers { out.print("    case .\(handler.id): return \(!handler.inExtension)") }
            out.print("    }")
            out.print("}")
        }
        return [
            "setups": cases(spec.setups.map { ($0.id, comments.text($0.description)) }),
            "appStates": cases(spec.appStates.map { ($0.id, comments.text($0.description)) }),
            "handlerStates": cases(spec.handlerStates.map { ($0.id, comments.text($0.description)) }),
            "handlers": lines(
                4, handlers.flatMap { ["/// The \(SwiftCommentFormat().inline(comments.name($0.name))).", "case \($0.id)"] }),
            "launchesApp": perHandler(\.launchesApp), "hasState": perHandler(\.hasState), "isOptional": perHandler(\.optional),
            "handsNotification": lines(
                8,
                handlers.compactMap { handler in
                    let setups = handler.methods.filter(\.handsNotification).map { "(.\(handler.id), .\($0.setup.id))" }
                    return setups.isEmpty ? nil : "case \(setups.joined(separator: ", ")): return true"
                }),
            "runsInApp": runsInApp, "permissionStatus": permission,
            "taps": cases(spec.taps.map { ($0.id, .text("The user taps the ") + comments.name($0.name) + .text(".")) }),
            "tapTouchesNotification": lines(
                8,
                spec.taps.allSatisfy(\.touchesNotification)
                    ? ["true"]
                    : ["switch self {"] + spec.taps.filter { !$0.touchesNotification }.map { "case .\($0.id): return false" }
                        + ["default: return true", "}"]),
            "outsideAppCase": outside
                ? lines(4, ["/// The push went through an app extension on arrival; the app itself was not called.", "case outsideApp"])
                : "",
            "outsideAppIsDelivery": outside ? "        if case .outsideApp = self { return true }" : "",
            "outsideAppDescription": outside ? "        case .outsideApp: return \"outsideApp\"" : "",
            "keyProperties": lines(
                4, keys.flatMap { ["/// The payload sets `\(SwiftPrinter.comment($0.apnsKey))` in `aps`.", "public var \($0.id): Bool"] }),
            "keyParameters": keys.map { "\($0.id): Bool" }.joined(separator: ", "),
            "keyAssignments": lines(8, keys.map { "self.\($0.id) = \($0.id)" }),
            "keyTests": lines(12, keys.indices.map { n in Self.keyTest(keys[n]) + (n < keys.count - 1 ? "," : "") }),
            "keySamples": lines(8, keys.map { "if \($0.id) { aps[\(Self.literal($0.apnsKey))] = \(Self.sample($0)) }" }),
        ]
    }

    /// `init(userInfo:)`'s argument for a key: its value tests on `aps`, joined by a logical or.
    private static func keyTest(_ key: PayloadKey) -> String {
        "\(key.id): " + key.presentWhen.map { "PushPayloadValue.\($0.id)(aps[\(literal(key.apnsKey))])" }.joined(separator: " || ")
    }

    /// Enum cases, each after the lines of its doc comment, four spaces in.
    private func cases(_ values: [(id: String, doc: Inline)]) -> String {
        SwiftPrinter.hole(indent: 4) { out in for value in values { Self.enumCase(value.id, doc: value.doc, &out) } }
    }

    private static func enumCase(_ id: String, doc: Inline, _ out: inout SwiftPrinter) {
        for line in docLines(doc) { out.print("/// " + SwiftPrinter.comment(line)) }
        out.print("case \(id)")
    }

    /// The names every plain Swift file may use: the second dimension's type (the spec's name after the module's `Push` prefix, which keeps
    /// every public name apart from an app's own), its label, and its name in comments.
    var names: [String: String] {
        ["setupType": "Push" + spec.naming.swiftType, "setupLabel": spec.naming.label, "setupWords": spec.naming.words]
    }

    /// Whether any handler runs outside the app, in an extension.
    private var outsideApp: Bool { spec.handlers.contains(where: \.inExtension) }

    /// The runtime's holes: a delivery's events, whether sequences skip extensions' calls, the payload keys in spec order (the recorder's).
    func runtime() -> [String: String] {
        [
            "deliveredEvents": outsideApp ? ".delivered, .outsideApp" : ".delivered",
            "skipExtensionCalls": outsideApp
                ? "            if !step.handler.runsInApp { continue }  // the app never sees an extension's call" : "",
            "keyPairs": SwiftPrinter.hole(indent: 12) { out in
                for key in spec.payloadKeys { out.print("(\"\(key.id)\", payload.\(key.id)),") }
            },
        ]
    }

    /// `conditioned`: the names of the groups with scenarios under conditions.
    func scenarioTable(conditioned: [String]) -> [String: String] {
        [
            "groups": SwiftPrinter.hole(indent: 8) { out in
                for payload in matrix.payloads { out.print(Self.payloadName(payload, keys: matrix.payloadKeyIds) + ",") }
            },
            "underConditions": SwiftPrinter.staticList(
                "underConditions: [PushScenario]", conditioned.map { $0 + "__underConditions" }, after: ".flatMap { $0 }"),
        ]
    }

    /// Where the matrix makes one kind of call: a setup, a handler and its state.
    struct CallSite {
        package var setup: String, handler: String, state: String?
        package var events: [String] = [], repeats = false
        /// The cells that lead here, one line each, e.g. `background, step 2, tap body: alert`.
        package var cells: [String] = []
    }

    /// Every call site, in the order the scenarios first reach it: the matrix inverted.
    static func callSites(_ matrix: Matrix) -> [CallSite] {
        // Keyed by ids and numbers, not joined text: each step of each scenario is looked up here, hundreds of thousands in a big matrix.
        struct SiteKey: Hashable { let setup: String, handler: String, state: String? }
        /// A line of a site: an app state, a step and (unless it is a delivery, the same whatever the tap) a tap.
        struct Line: Hashable { let appState: String, step: Int, tap: String? }
        /// What reaches a site's line: the payloads, in order, and for each the handlers that must be missing, when only then.
        struct Reach {
            var payloads: [Payload] = [], missing: [Payload: [String]] = [:]

            mutating func add(_ scenario: Scenario) {
                // Scenarios come payload by payload, so a payload already listed is the last one.
                if payloads.last != scenario.payload { payloads.append(scenario.payload) }
                if scenario.missing.isEmpty || missing[scenario.payload] == nil { missing[scenario.payload] = scenario.missing }
            }
        }
        /// A site as reached: its events (compared as events, spelled once in `site`, as most steps repeat one) and its lines, in order.
        struct Found { var site: CallSite, events: [Scenario.Event] = [], lines: [Line] = [], reaches: [Line: Reach] = [:] }
        var found: [Found] = [], index: [SiteKey: Int] = [:]
        for scenario in matrix.scenarios {
            // A launch without the notification gives the app nothing to route: not a call site.
            for (number, step) in scenario.steps.enumerated() where step.bringsNotification {
                let key = SiteKey(setup: scenario.setup, handler: step.handler, state: step.state)
                if index[key] == nil {
                    index[key] = found.count
                    found.append(Found(site: CallSite(setup: scenario.setup, handler: step.handler, state: step.state)))
                }
                let i = index[key]!
                if !found[i].events.contains(step.event) {
                    found[i].events.append(step.event)
                    found[i].site.events.append(eventExpression(step.event))
                }
                found[i].site.repeats = found[i].site.repeats || number > 0
                let line = Line(appState: scenario.appState, step: number + 1, tap: step.event.isDelivery ? nil : scenario.tap)
                if found[i].reaches[line] == nil { found[i].lines.append(line) }
                found[i].reaches[line, default: Reach()].add(scenario)
            }
        }
        let combinations = 1 << matrix.payloadKeyIds.count
        var words: [Payload: String] = [:]  // each payload is named on many lines
        return found.map { gathered in
            var site = gathered.site
            site.cells = gathered.lines.flatMap { line -> [String] in
                let reach = gathered.reaches[line]!, list = reach.payloads, missing = reach.missing
                let head = "\(line.appState), step \(line.step)" + (line.tap.map { ", tap \($0)" } ?? "") + ": "
                if list.count == combinations && list.allSatisfy({ missing[$0]!.isEmpty }) { return [head + "every payload"] }
                return list.map { payload in
                    if words[payload] == nil { words[payload] = payloadWords(payload, keys: matrix.payloadKeyIds) }
                    let named = words[payload]!, without = missing[payload]!
                    return without.isEmpty ? head + named : "\(head)\(named) (only without \(without.joined(separator: ", ")))"
                }
            }
            return site
        }
    }

    /// The classifier: one case per call site, with the cells that lead there.
    package func classifier(_ sites: [CallSite]) -> [String: String] {
        [
            "cases": SwiftPrinter.hole(indent: 8) { out in
                for site in sites {
                    out.print("case (.\(site.setup), .\(site.handler), \(site.state.map { "." + $0 } ?? "nil")):")
                    out.indented { out in
                        for cell in site.cells { out.print("// " + SwiftPrinter.comment(cell)) }
                        let others = site.events.dropFirst().joined(separator: ", ")
                        out.print(
                            "return PushClassification(event: \(site.events[0]), mayRepeat: \(site.repeats), alternatives: [\(others)])")
                    }
                }
            }
        ]
    }

    /// The iOS skeleton's holes: per handler, a branch per application state with the cells that lead there (every setup), summarised; per
    /// setup, the permission mapping; per permission status, the doc comment of what the app does about it.
    package func skeleton() -> [String: String] {
        let summaries = BranchSummary.all(matrix)
        var holes = [
            "matrixPage": SwiftPrinter.comment(matrixPage),
            "completionDeadline": String(max(1, spec.receptionHandler.completionDeadlineSeconds - 5)),
        ]
        for handler in spec.handlers {
            holes[handler.id + "Branches"] = SwiftPrinter.hole(indent: 8) { out in
                for state in spec.handlerStates {
                    out.print("case \(state.swift):")
                    out.indented { out in
                        let comment = branchComment(summaries[BranchSummary.Branch(handler: handler.id, state: state.id)])
                        for line in comment { out.print("// " + SwiftPrinter.comment(line)) }
                        out.print("return .\(state.id)")
                    }
                }
            }
        }
        for setup in spec.permission?.setups ?? [] {
            holes[setup.setup.id + "PermissionSwitch"] = setup.switchOn
            holes[setup.setup.id + "PermissionCases"] = SwiftPrinter.hole(indent: 8) { out in
                for item in setup.cases {
                    let label = item.pattern.hasPrefix("@unknown") || item.pattern == "default" ? item.pattern : "case \(item.pattern)"
                    out.print("\(label): return .\(item.status.id)")
                }
            }
        }
        for status in spec.permission?.statuses ?? [] {
            holes[status.id + "Response"] = SwiftPrinter.hole(indent: 4) { out in
                for line in Self.docLines(comments.text(status.response)) { out.print("/// " + SwiftPrinter.comment(line)) }
            }
        }
        return holes
    }

    // MARK: names

    /// Worked out once for both of its files: a payload combination's scenarios with Swift names
    /// (`alert_category__ios10__background__tapBody__withoutAction`), test names without the class's payload part, and summaries. Scenarios
    /// conditions make (`under`) follow the first `ownCount`, the matrix's own; their names end in the first condition's id. Those, and the
    /// scenarios of a way back leaving the notification alone (`leaving`), are each declared as a list that one test replays: a test each
    /// would lengthen the names `swift test --filter` passes.
    package struct Group {
        package let payload: Payload, scenarios: ArraySlice<Scenario>, ownCount: Int, name: String, typeName: String
        package let names: [String], testNames: [String], summaries: [String]
        /// Each list's Swift name (`alert__tapIcon`, `alert__underConditions`), its summary and its scenarios' positions in `names`.
        package let lists: [(name: String, summary: String, members: [Int])]

        package init(_ payload: Payload, _ own: ArraySlice<Scenario>, conditioned: [Scenario] = [], leaving: [String] = [], keys: [String])
        {
            self.payload = payload
            (scenarios, ownCount) = (conditioned.isEmpty ? own : ArraySlice(Array(own) + conditioned), own.count)
            name = SwiftView.payloadName(payload, keys: keys)
            typeName = SwiftView.payloadTypeName(payload, keys: keys)
            let words = SwiftView.payloadWords(payload, keys: keys)
            // The few tap and handler ids, capitalized once per group, not per scenario.
            var capitalized: [(id: String, word: String)] = []
            func word(_ id: String) -> String {
                if let known = capitalized.first(where: { $0.id == id }) { return known.word }
                capitalized.append((id, SwiftView.upper(id)))
                return capitalized[capitalized.count - 1].word
            }
            // A later path is named on the tap's word (`tapBodyPath2`): names stay short enough for a line. A handler the scenario stands
            // either way for is not in its name.
            names = scenarios.map { [name] scenario in
                let tap = (scenario.tap.map { "tap" + word($0) } ?? "noTap") + (scenario.path > 1 ? "Path\(scenario.path)" : "")
                return Self.spelled(name, scenario, separator: "__", tap: tap) { parts, _, handler in
                    parts += ["__without", word(handler)]
                } + (scenario.under.first.map { "__" + $0 } ?? "")
            }
            let prefix = name.count + 2
            testNames = names.map { String($0.dropFirst(prefix)) }
            summaries = scenarios.map { scenario in
                let tap = (scenario.tap.map { "tap " + $0 } ?? "no tap") + (scenario.path > 1 ? " · path \(scenario.path)" : "")
                let summary = Self.spelled(words, scenario, separator: " · ", tap: tap) { parts, n, handler in
                    parts += [n == 0 ? " · without " : ", ", handler]
                }
                if let first = scenario.under.first {
                    return summary + " · under " + first
                        + (scenario.under.count > 1 ? " and \(scenario.under.count - 1) more conditions" : "")
                }
                switch scenario.eitherWay.count {
                case 0: return summary
                case 1: return summary + " · with or without " + scenario.eitherWay[0]
                default: return summary + " · with or without each of " + scenario.eitherWay.joined(separator: ", ")
                }
            }
            let taps = scenarios.prefix(own.count).map(\.tap), name = name,
                under = "Every scenario the spec's conditions make of these cells."
            var lists = leaving.map { tap in
                (
                    name + "__tap" + word(tap), "Every scenario of these cells with the tap \(tap), which leaves the notification alone.",
                    taps.indices.filter { taps[$0] == tap }
                )
            }
            lists.append((name + "__underConditions", under, Array(own.count..<names.count)))
            self.lists = lists.filter { !$0.2.isEmpty }
        }

        /// `head`, then setup, app state and `tap` after `separator`, then `missing`'s parts per missing handler, joined once.
        private static func spelled(
            _ head: String, _ scenario: Scenario, separator: String, tap: String, missing: (inout [String], Int, String) -> Void
        ) -> String {
            var parts = [head, separator, scenario.setup, separator, scenario.appState, separator, tap]
            parts.reserveCapacity(parts.count + 2 * scenario.missing.count)
            for (n, handler) in scenario.missing.enumerated() { missing(&parts, n, handler) }
            return parts.joined()
        }
    }

    /// `[]`, `[.action, .presentation]`: a set of handlers as a literal.
    static func setLiteral(_ handlers: [String]) -> String { "[" + handlers.map { "." + $0 }.joined(separator: ", ") + "]" }

    static func stepExpression(_ step: Scenario.Step) -> String {
        "Step(handler: .\(step.handler), state: \(step.state.map { "." + $0 } ?? "nil"), event: \(eventExpression(step.event)), "
            + "processesContent: \(step.processesContent), respondsToTap: \(step.respondsToTap)"
            + (step.bringsNotification ? ")" : ", bringsNotification: false)")
    }

    static func eventExpression(_ event: Scenario.Event) -> String {
        switch event {
        case .delivered(let state): return ".delivered(.\(state))"
        case .launchedByTap: return ".launchedByTap"
        case .tapped(let tap): return ".tapped(.\(tap))"
        case .outsideApp: return ".outsideApp"
        }
    }

    /// The payload's initializer after `prefix` characters on its line: broken after the parenthesis, as swift-format does, if too long.
    func payloadExpression(_ payload: Payload, fitting prefix: Int) -> String {
        let arguments = matrix.payloadKeyIds.indices.map { "\(matrix.payloadKeyIds[$0]): \(payload.isSet($0))" }.joined(separator: ", ")
        let oneLine = "PushPayload(\(arguments))"
        return prefix + oneLine.count <= SwiftPrinter.lineLength ? oneLine : "PushPayload(\n        \(arguments))"
    }

    /// A payload combination's name in Swift properties and file names: its set keys joined by `_` (`alert_category`), or `none`.
    static func payloadName(_ payload: Payload, keys: [String]) -> String { joined(payload.setKeys(keys), "_", none: "none") }

    /// A payload combination's Swift type name: its set keys capitalized (`AlertCategory`), or `NoKeys`.
    static func payloadTypeName(_ payload: Payload, keys: [String]) -> String {
        joined(payload.setKeys(keys).map(upper), "", none: "NoKeys")
    }

    static func payloadWords(_ payload: Payload, keys: [String]) -> String { joined(payload.setKeys(keys), " + ", none: "no keys") }

    private static func joined(_ words: [String], _ separator: String, none: String) -> String {
        words.isEmpty ? none : words.joined(separator: separator)
    }

    /// A text as comment lines short enough for any line-length rule.
    static func docLines(_ text: Inline, width: Int = 96) -> [String] {
        var lines: [String] = []
        var line = "", length = 0  // `line` and its length in characters
        for word in text.plainText.split(whereSeparator: \.isWhitespace) {
            let count = word.count
            if !line.isEmpty && length + 1 + count > width {
                lines.append(line)
                (line, length) = ("", 0)
            }
            (line, length) = line.isEmpty ? (String(word), count) : (line + " " + word, length + 1 + count)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func upper(_ id: String) -> String { id.prefix(1).uppercased() + id.dropFirst() }

    /// A value for a sample payload that the key's first value test accepts.
    private static func sample(_ key: PayloadKey) -> String {
        switch key.presentWhen.first.flatMap({ APNsMatcher(rawValue: $0.id) }) {
        case .object: return "[\"body\": \"pushmatrix\"]"
        case .one: return "1"
        default: return "\"pushmatrix\""
        }
    }

    /// A Swift string literal for any text (keys come from the spec).
    package static func literal(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if c.isControl { out += "\\u{\(String(c.value, radix: 16))}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out + "\""
    }
}
