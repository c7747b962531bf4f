import PushMatrixModel
import PushMatrixSpec

/// The generated Swift's view model: the spec's ids as enum cases, every scenario as data, and the classifier's cases
/// with their cells.
struct SwiftView {
    package let matrix: Matrix
    package var spec: Spec { matrix.spec }
    /// Comments in generated code are in the spec's first language.
    package var comments: Phrasebook { Phrasebook(matrix: matrix, language: spec.languages[0].id) }

    /// Whether any handler runs outside the app, in an extension.
    var outsideApp: Bool { spec.handlers.contains(where: \.inExtension) }

    /// The events without an argument that only some specs have, each a delivery, with its doc comment: a launch on
    /// arrival (where some path starts the app with its delivery calls), a call in an extension, and a delivery to a
    /// handler that runs without an application state (`SwiftView.eventExpression` names it so).
    var otherDeliveries: [(name: String, doc: String)] {
        let launching = Set(spec.handlers.filter(\.launchesApp).map(\.id))
        let elsewhere = launching.union(spec.handlers.filter(\.inExtension).map(\.id))
        let deliveries = spec.cells.lazy.flatMap(\.allPaths).flatMap(\.onDelivery)
        let onArrival = deliveries.contains { launching.contains($0.handler.id) }
        let stateless = deliveries.contains { $0.state == nil && !elsewhere.contains($0.handler.id) }
        let launch = ("launchedOnArrival", "The system started the app in the background for the push; a call hands it over next.")
        let outside = ("outsideApp", "The push went through an app extension on arrival; the app itself was not called.")
        let arrived = ("arrived", "The push arrived and the app was told at once, by a method that runs without an application state.")
        return (onArrival ? [launch] : []) + (outsideApp ? [outside] : []) + (stateless ? [arrived] : [])
    }

    /// Where the matrix makes one kind of call: a setup, a handler and its state.
    struct CallSite {
        package var setup: String
        package var handler: String
        package var state: String?
        package var events: [String] = []
        package var repeats = false
        /// The cells that lead here, one line each, e.g. `background, step 2, tap body: alert`.
        package var cells: [String] = []
    }

    /// Every call site, in the order the scenarios first reach it: the matrix inverted.
    static func callSites(_ matrix: Matrix) -> [CallSite] {
        // Keyed by ids and numbers, not joined text: each step of each scenario is looked up here, hundreds of
        // thousands in a big matrix.
        struct SiteKey: Hashable { let setup: String, handler: String, state: String? }
        /// A line of a site: an app state, a step and (unless it is a delivery, the same whatever the tap) a tap.
        struct Line: Hashable { let appState: String, step: Int, tap: String? }
        /// What reaches a site's line: the payloads, in order, and for each the handlers that must be missing, when
        /// only then.
        struct Reach {
            var payloads: [Payload] = []
            var missing: [Payload: [String]] = [:]

            mutating func add(_ scenario: Scenario) {
                // Scenarios come payload by payload, so a payload already listed is the last one.
                if payloads.last != scenario.payload { payloads.append(scenario.payload) }
                if scenario.missing.isEmpty || missing[scenario.payload] == nil {
                    missing[scenario.payload] = scenario.missing
                }
            }
        }
        /// A site as reached: its events (compared as events, spelled once in `site`, as most steps repeat one) and its
        /// lines, in order.
        struct Found {
            var site: CallSite
            var events: [Scenario.Event] = []
            var lines: [Line] = []
            var reaches: [Line: Reach] = [:]
        }
        var found: [Found] = []
        var index: [SiteKey: Int] = [:]
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
                let line = Line(
                    appState: scenario.appState, step: number + 1, tap: step.event.isDelivery ? nil : scenario.tap)
                if found[i].reaches[line] == nil { found[i].lines.append(line) }
                found[i].reaches[line, default: Reach()].add(scenario)
            }
        }
        let combinations = 1 << matrix.payloadKeyIds.count
        var words: [Payload: String] = [:]  // each payload is named on many lines
        return found.map { gathered in
            var site = gathered.site
            site.cells = gathered.lines.flatMap { line -> [String] in
                let reach = gathered.reaches[line]!
                let list = reach.payloads
                let missing = reach.missing
                let head = "\(line.appState), step \(line.step)" + (line.tap.map { ", tap \($0)" } ?? "") + ": "
                if list.count == combinations && list.allSatisfy({ missing[$0]!.isEmpty }) {
                    return [head + "every payload"]
                }
                return list.map { payload in
                    if words[payload] == nil { words[payload] = payloadWords(payload, keys: matrix.payloadKeyIds) }
                    let named = words[payload]!
                    let without = missing[payload]!
                    return without.isEmpty
                        ? head + named : "\(head)\(named) (only without \(without.joined(separator: ", ")))"
                }
            }
            return site
        }
    }

    // MARK: names

    /// Worked out once for both of its files: a payload combination's scenarios with Swift names
    /// (`alert_category__ios10__background__tapBody__withoutAction`), test names without the class's payload part, and
    /// summaries. Scenarios conditions make (`under`) follow the first `ownCount`, the matrix's own; their names end in
    /// the first condition's id. Those, and the scenarios of a way back leaving the notification alone (`leaving`), are
    /// each declared as a list that one test replays: a test each would lengthen the names `swift test --filter`
    /// passes.
    package struct Group {
        package let payload: Payload
        package let scenarios: ArraySlice<Scenario>
        package let ownCount: Int
        package let name: String
        package let typeName: String
        package let names: [String]
        package let testNames: [String]
        package let summaries: [String]
        /// Each list's Swift name (`alert__tapIcon`, `alert__underConditions`), its summary, its scenarios' positions
        /// in `names`, and the tap it gathers the matrix's own scenarios of; nil for those under conditions.
        package let lists: [(name: String, summary: String, members: [Int], tap: String?)]

        package init(
            _ payload: Payload, _ own: ArraySlice<Scenario>, conditioned: [Scenario] = [], leaving: [String] = [],
            keys: [String]
        ) {
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
            // A later path is named on the tap's word (`tapBodyPath2`): names stay short enough for a line. A handler
            // the scenario stands either way for is not in its name.
            names = scenarios.map { [name] scenario in
                let tap =
                    (scenario.tap.map { "tap" + word($0) } ?? "noTap")
                    + (scenario.path > 1 ? "Path\(scenario.path)" : "")
                return Self.spelled(name, scenario, separator: "__", tap: tap) { parts, _, handler in
                    parts += ["__without", word(handler)]
                } + (scenario.under.first.map { "__" + $0 } ?? "")
            }
            let prefix = name.count + 2
            testNames = names.map { String($0.dropFirst(prefix)) }
            summaries = scenarios.map { scenario in
                let tap =
                    (scenario.tap.map { "tap " + $0 } ?? "no tap")
                    + (scenario.path > 1 ? " · path \(scenario.path)" : "")
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
            let taps = scenarios.prefix(own.count).map(\.tap)
            let name = name
            let under = "Every scenario the spec's conditions make of these cells."
            var lists = leaving.map { tap in
                (
                    name + "__tap" + word(tap),
                    "Every scenario of these cells with the tap \(tap), which leaves the notification alone.",
                    taps.indices.filter { taps[$0] == tap },
                    Optional(tap)
                )
            }
            lists.append((name + "__underConditions", under, Array(own.count..<names.count), nil))
            self.lists = lists.filter { !$0.2.isEmpty }
        }

        /// `head`, then setup, app state and `tap` after `separator`, then `missing`'s parts per missing handler,
        /// joined once.
        private static func spelled(
            _ head: String, _ scenario: Scenario, separator: String, tap: String,
            missing: (inout [String], Int, String) -> Void
        ) -> String {
            var parts = [head, separator, scenario.setup, separator, scenario.appState, separator, tap]
            parts.reserveCapacity(parts.count + 2 * scenario.missing.count)
            for (n, handler) in scenario.missing.enumerated() { missing(&parts, n, handler) }
            return parts.joined()
        }
    }

    /// `[]`, `[.action, .presentation]`: a set of handlers as a literal.
    static func setLiteral(_ handlers: [String]) -> String {
        "[" + handlers.map { "." + $0 }.joined(separator: ", ") + "]"
    }

    /// An event as Swift spells it (`.delivered(.background)`; `.arrived` without a state), or with `dot` empty as a
    /// scenario row does (`delivered(background)`).
    static func eventExpression(_ event: Scenario.Event, dot: String = ".") -> String {
        switch event {
        case .delivered(let state) where state.isEmpty: return dot + "arrived"
        case .delivered(let state): return "\(dot)delivered(\(dot)\(state))"
        case .launchedByTap: return dot + "launchedByTap"
        case .launchedOnArrival: return dot + "launchedOnArrival"
        case .tapped(let tap): return "\(dot)tapped(\(dot)\(tap))"
        case .outsideApp: return dot + "outsideApp"
        }
    }

    /// A payload's initializer arguments: every key with whether the payload sets it, in the spec's order.
    func payloadArguments(_ payload: Payload) -> String {
        let keys = matrix.payloadKeyIds
        return keys.indices.map { "\(keys[$0]): \(payload.isSet($0))" }.joined(separator: ", ")
    }

    /// A payload combination's name in Swift properties and file names: its set keys joined by `_` (`alert_category`),
    /// or `none`.
    static func payloadName(_ payload: Payload, keys: [String]) -> String {
        joined(payload.setKeys(keys), "_", none: "none")
    }

    /// A payload combination's Swift type name: its set keys capitalized (`AlertCategory`), or `NoKeys`.
    static func payloadTypeName(_ payload: Payload, keys: [String]) -> String {
        joined(payload.setKeys(keys).map(upper), "", none: "NoKeys")
    }

    static func payloadWords(_ payload: Payload, keys: [String]) -> String {
        joined(payload.setKeys(keys), " + ", none: "no keys")
    }

    private static func joined(_ words: [String], _ separator: String, none: String) -> String {
        words.isEmpty ? none : words.joined(separator: separator)
    }

    /// A text as comment lines of at most `width` characters (96: short enough for any line-length rule), a longer word
    /// alone on its line; `indent` spaces start each line after the first, or every line of a `continued` text, within
    /// the width.
    static func wrapped(_ text: String, width: Int = 96, indent: Int = 0, continued: Bool = false) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            if !line.isEmpty && line.count + 1 + word.count > width - (lines.isEmpty && !continued ? 0 : indent) {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        let margin = String(repeating: " ", count: indent)
        return lines.enumerated().map { $0 == 0 && !continued ? $1 : margin + $1 }
    }

    static func upper(_ id: String) -> String { id.prefix(1).uppercased() + id.dropFirst() }
}
