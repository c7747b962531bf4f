import PushMatrixJSON
import PushMatrixModel
import PushMatrixSpec

/// The explorer: one HTML page that answers for a chosen payload, setup, app state, tap and conditions. Its data is
/// `explain`'s answer for every cell, embedded as JSON (`docs/explorer.md`); the page's script picks the cell's answer
/// and, for conditions, replays their changes on it in the order chosen, as `explain --condition` does.
extension DocsView {
    package func explorer() -> TemplateValue {
        common(page: "explorer", title: "explorerTitle").merging([
            "data": .verbatim(Self.scriptSafe(explorerData().serialized(compact: true))),
            "setupHeading": .inline(text("columnSetup")), "stateHeading": .inline(text("appStatesColumn")),
            "payloadHeading": .inline(text("payloadColumn")), "conditionsHeading": .inline(text("conditionsTitle")),
            "sources": sources(spec.cells.flatMap { [$0.source.id] + $0.paths.map(\.source.id) }),
            "hasConditions": .bool(!spec.conditions.isEmpty), "overview": overview(), "hasKinds": .bool(spec.showsSourceKinds),
            "hasWrappers": .bool(!spec.wrappers.isEmpty), "hasInputsBeyondAPNs": .bool(spec.payloadKeys.contains { $0.apnsKey == nil }),
            "marksCalls": .bool(spec.hasUnknownCalls || spec.hasDuties),
        ])
    }

    /// JSON that no text of the spec can end a `<script>` with: `<`, `>`, `&` and the JavaScript line breaks written as
    /// escapes.
    static func scriptSafe(_ json: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(json.utf8.count)
        for byte in json.utf8 {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): out += Array("\\u00\(String(byte, radix: 16))".utf8)
            case 0xA8...0xA9 where out.count >= 2 && out[out.count - 2] == 0xE2 && out[out.count - 1] == 0x80:  // U+2028, U+2029
                out.replaceSubrange((out.count - 2)..., with: Array("\\u20\(String(byte - 0x80, radix: 16))".utf8))
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The page's data: the dimensions' ids and names (each payload key with whether iOS gives it in PushKit's
    /// metadata), the push types the matrix answers, the built-in matrix that answers each other one, APNs's size
    /// limits (a voip push's second), tables the answers index into (calls, methods, notes, sources), each condition's
    /// changes, and for every cell, by payload bits, setup and app state, `explain`'s answer: each
    /// path with the conditions under which another path is the likely one, and the conditions that select the cell.
    func explorerData() -> JSONOutput {
        func name(_ text: LocalizedText) -> JSONOutput { .string(book.name(text).plainText) }
        func pairs<T>(_ items: [T], _ id: KeyPath<T, String>, _ text: KeyPath<T, LocalizedText>) -> JSONOutput {
            .array(items.map { .array([.string($0[keyPath: id]), name($0[keyPath: text])]) })
        }
        let keys = matrix.payloadKeyIds
        let answers = self.answers ?? ExplorerAnswers(matrix)
        let answered = spec.pushTypes.map(\.id)
        let elsewhere = Spec.apnsPushTypes.filter { !answered.contains($0) }
        var table = ExplorerTable(matrix: matrix)
        let cells = (0..<(UInt64(1) << UInt64(keys.count))).flatMap { bits in
            let flags = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, bits & (1 << UInt64($0)) != 0) })
            let section = anchors.section(Payload(bits: bits))
            return answers.plain[Int(bits)].enumerated().map { index, outcome in
                let setup = index / spec.appStates.count
                let state = index % spec.appStates.count
                let selecting = spec.conditions.indices.filter {
                    spec.conditions[$0].appliesTo.contains(payload: flags, setup: outcome.setup, appState: outcome.appState)
                }
                return JSONOutput.object([
                    ("a", .string(anchors.cell(setup: setup, state: state, section: section))),
                    ("c", .array(selecting.map { .int($0) })),
                    ("k", table.notes(outcome.ownNotes)),
                    ("p", .array(([outcome] + outcome.paths).map { table.path($0) })),
                ])
            }
        }
        return .object([
            (
                "keys",
                .array(
                    spec.payloadKeys.map { key in
                        let apns: JSONOutput = key.apnsKey.map { .string($0) } ?? .null
                        let tests = JSONOutput.array(key.presentWhen.map { .string($0.id) })
                        let name = JSONOutput.string(book.keyName(key).plainText)
                        return .array([.string(key.id), name, apns, tests, .bool(key.from?.place == .metadata)])
                    })
            ),
            ("pushTypes", .array(answered.map { .string($0) })),
            ("limits", .array([.int(APNsPayload.limit), .int(APNsPayload.voipLimit)])),
            ("elsewhere", .object(elsewhere.compactMap { type in BuiltInFiles.answering(type).map { (type, .string($0.reference)) } })),
            ("setups", pairs(spec.setups, \.id, \.name)), ("states", pairs(spec.appStates, \.id, \.name)),
            ("taps", .array(spec.taps.map { .array([.string($0.id), name($0.name), .bool($0.touchesNotification)]) })),
            ("handlers", pairs(spec.handlers, \.id, \.name)),
            ("handlerStates", .array(spec.handlerStates.map { .array([.string($0.id), .string($0.swift)]) })),
            (
                "methods",
                .array(
                    spec.handlers.map { handler in
                        .array(spec.setups.map { setup in .string(handler.methods.first { $0.setup.id == setup.id }?.swift ?? "") })
                    })
            ),
            ("conditions", .array(spec.conditions.map { table.condition($0, in: book) })),
            ("wrappers", .array(spec.wrappers.map(explorerWrapper))),
            ("launching", .array(spec.handlers.indices.filter { spec.handlers[$0].launchesApp }.map { .int($0) })),
            (
                "phrases",
                .object(
                    Self.explorerPhrases.compactMap { name in
                        spec.phrases[name]?.values[book.language].map { (name, .string(book.typesets ? Typesetting.text($0) : $0)) }
                    })
            ),
            ("notes", .array(table.notes.map { .array([.string($0), .string(book.text(matrix.notes[$0]!.text).plainText)]) })),
            ("sources", .array(table.sources.map(explorerSource))), ("calls", .array(table.calls)), ("cells", .array(cells)),
        ])
    }

    /// The phrases the page's script fills (`{{name}}` placeholders), where the spec has them.
    static let explorerPhrases = [
        "call", "callWithoutState", "callWithoutNotification", "callSeparator", "nothing", "ignored", "notificationCenter", "onDelivery",
        "tap", "pathLabel", "pathLabelSeen", "otherPathLabel", "otherPathLabelSeen", "pathSource", "pathOnlyUnder", "kindExtrapolated",
        "conditionsChanging", "conditionHeld", "conditionUnsettled", "conditionUnlikely", "conditionSamePath", "conditionMark",
        "listSeparator", "extrapolatedBecause", "payloadAt", "arrival", "choiceItem", "wrapperHeading", "wrapperCall", "wrapperNothing",
        "wrapperHeld", "wrapperUnsettled", "wrapperRule", "wrapperTiming", "wrapperUnknown", "dutyMust", "dutyMay", "explorerRequestType",
        "explorerRequestTypeElsewhere",
    ]

    /// A wrapper as `[id, name, own message key or "", events, rules, settled conditions, repository, commit, versions]`:
    /// each event `[id, api]`; each rule `[id, handler, states or null, cells, places or null, after a launch, own
    /// message, without the notification (each null for either), events, file, function, lines, commit or "", timing or
    /// "", unsettled or "", repeated call (null for either)]`, its cells `{p: [[key, set]], s: setups or null, a: app states or null}`, by index.
    private func explorerWrapper(_ wrapper: Wrapper) -> JSONOutput {
        func indices(_ ids: [Reference]?, in all: [String]) -> JSONOutput {
            ids.map { ids in .array(ids.map { id in .int(all.firstIndex(of: id.id)!) }) } ?? .null
        }
        func flag(_ value: Bool?) -> JSONOutput { value.map { .bool($0) } ?? .null }
        let events = wrapper.events.map(\.id)
        let rules = wrapper.rules.map { rule -> JSONOutput in
            let cells = rule.cells
            let payload = cells.payload.map { JSONOutput.array([.int(matrix.payloadKeyIds.firstIndex(of: $0.key.id)!), .bool($0.value)]) }
            let selection = JSONOutput.object([
                ("p", .array(payload)), ("s", indices(cells.setups, in: spec.setups.map(\.id))),
                ("a", indices(cells.appStates, in: spec.appStates.map(\.id))),
            ])
            return .array([
                .string(rule.id), .int(spec.handlers.firstIndex { $0.id == rule.handler.id }!),
                indices(rule.states, in: spec.handlerStates.map(\.id)), selection,
                rule.at.map { .array($0.map { .string($0.id) }) } ?? .null, flag(rule.afterLaunch), flag(rule.ownMessage),
                flag(rule.withoutNotification), indices(rule.events, in: events), .string(rule.file), .string(rule.function),
                .string(rule.lines), .string(rule.commit ?? ""), .string(rule.timing.map { book.text($0).plainText } ?? ""),
                .string(rule.unknown.map { book.text($0).plainText } ?? ""), flag(rule.repeated),
            ])
        }
        return .array([
            .string(wrapper.id), .string(book.name(wrapper.name).plainText), .string(wrapper.ownMessageKey ?? ""),
            .array(wrapper.events.map { .array([.string($0.id), .string($0.api)]) }), .array(rules),
            indices(wrapper.settles, in: spec.conditions.map(\.id)), .string(wrapper.repository), .string(wrapper.commit),
            .string(wrapper.package + " " + book.text(wrapper.versions).plainText),
        ])
    }

    private func explorerSource(_ id: String) -> JSONOutput {
        let source = matrix.sources[id]!
        return .array([
            .string(id), .string(book.text(source.title).plainText), .string(source.kind.rawValue),
            .string(spec.showsSourceKinds ? kindLabel(source.kind).plainText : ""), .string(book.text(source.platforms).plainText),
            .string(source.short.map { book.text($0).plainText } ?? ""),
            .string(book.bracketed(book.text(source.title), book.text(source.platforms)).plainText),
        ])
    }
}

/// The explorer's tables, filled as the answers are written: each call, note and source once, answers naming them by
/// index.
struct ExplorerTable {
    let matrix: Matrix
    private(set) var calls: [JSONOutput] = []
    private(set) var notes: [String] = []
    private(set) var sources: [String] = []
    /// Calls by handler, state, whether they bring the notification and notes: equal keys give equal entries.
    private var callIndex: [[String]: Int] = [:]
    private var noteIndex: [String: Int] = [:]
    private var sourceIndex: [String: Int] = [:]

    init(matrix: Matrix) { self.matrix = matrix }

    private static func index(_ key: String, _ index: inout [String: Int], _ list: inout [String]) -> Int {
        if let found = index[key] { return found }
        list.append(key)
        index[key] = list.count - 1
        return list.count - 1
    }

    /// One path as `explain` answers it: `d` the calls on delivery, `v` whether the notification is shown, `t` each
    /// possible tap (its index, its calls), `s` its source, `o` the versions seen on, `x` extrapolated, `r` the
    /// condition it is taken only under, `u` the conditions under which another path is the likely one, `n` its notes,
    /// `i` ignored, `p` its number.
    mutating func path(_ outcome: Outcome) -> JSONOutput {
        let taps = matrix.spec.taps.map(\.id)
        let conditions = matrix.spec.conditions.map(\.id)
        let source = Self.index(outcome.source, &sourceIndex, &sources)
        let noteNumbers = outcome.notes.map { Self.index($0, &noteIndex, &notes) }
        return .object(
            [
                ("p", .int(outcome.path)), ("i", .bool(outcome.ignored)), ("d", calls(outcome.onDelivery)),
                ("v", .bool(outcome.notificationCenter)),
                ("t", .array(outcome.taps.map { .array([.int(taps.firstIndex(of: $0.tap)!), calls($0.calls)]) })),
                ("s", .int(source)), ("n", .array(noteNumbers.map { .int($0) })),
                ("u", .array(outcome.unlikelyUnder.map { .int(conditions.firstIndex(of: $0)!) })),
            ] + (outcome.seenOn.map { [("o", .string($0))] } ?? []) + (outcome.extrapolated ? [("x", .bool(true))] : [])
                + (outcome.premise.map { [("r", .int(conditions.firstIndex(of: $0)!))] } ?? []))
    }

    /// Notes by index: `k`, a cell's own notes, which stay whatever calls conditions remove.
    mutating func notes(_ ids: [String]) -> JSONOutput {
        .array(ids.map { .int(Self.index($0, &noteIndex, &notes)) })
    }

    /// A call as `[handler, state or -1, without notification, the APNs keys of which each of its notes needs one (or
    /// null), its notes, unsettled, its duty's report or null]`, by index; the notes' two only where it has notes or
    /// the last two, which only a call no source settles or with a duty has. Each entry is made once, when its call is
    /// first met.
    private mutating func calls(_ list: [Call]) -> JSONOutput {
        let spec = matrix.spec
        return .array(
            list.map { call in
                let key =
                    [call.handler.id, call.state?.id ?? "", call.bringsNotification ? "" : "-", call.unknown ? "?" : ""]
                    + call.notes.map(\.id)
                if let found = callIndex[key] { return .int(found) }
                let needs = call.notes.compactMap { matrix.notes[$0.id]?.onlyWithAPNsKeys }
                let keys: JSONOutput = needs.isEmpty ? .null : .array(needs.map { .array($0.map { .string($0.id) }) })
                let duty = spec.duty(of: call)
                let marked = call.unknown || duty != nil
                let noted = call.notes.isEmpty && !marked ? [] : [keys, notes(call.notes.map(\.id))]
                let marks: [JSONOutput] = marked ? [.bool(call.unknown), duty.map { .string($0.report.rawValue) } ?? .null] : []
                calls.append(
                    .array(
                        [
                            .int(spec.handlers.firstIndex { $0.id == call.handler.id }!),
                            .int(call.state.flatMap { state in spec.handlerStates.firstIndex { $0.id == state.id } } ?? -1),
                            .bool(!call.bringsNotification),
                        ] + noted + marks))
                callIndex[key] = calls.count - 1
                return .int(calls.count - 1)
            })
    }

    /// A condition as `[id, name, changes, text, sources, beyond]`: each change `[effect, handler or -1, state or -1,
    /// place or ""]`, its sources by index, and why it applies beyond what they saw ("" for a condition within them).
    /// Its words are in `book`'s language.
    mutating func condition(_ condition: Condition, in book: Phrasebook) -> JSONOutput {
        let spec = matrix.spec
        let sourceNumbers = condition.sources.map { Self.index($0.id, &sourceIndex, &sources) }
        return .array([
            .string(condition.id), .string(book.name(condition.name).plainText),
            .array(
                condition.changes.map { change in
                    .array([
                        .string(change.effect.rawValue),
                        .int(change.handler.flatMap { handler in spec.handlers.firstIndex { $0.id == handler.id } } ?? -1),
                        .int(change.state.flatMap { state in spec.handlerStates.firstIndex { $0.id == state.id } } ?? -1),
                        .string(change.at?.id ?? ""),
                    ])
                }),
            .string(book.text(condition.text).plainText), .array(sourceNumbers.map { .int($0) }),
            .string(condition.reasonBeyond.map { book.text($0).plainText } ?? ""),
        ])
    }
}

extension Anchors {
    /// The explorer's fragment for one answer (`explorer.html#…`, see `docs/explorer.md`): the set payload keys' ids,
    /// the setup's and the app state's, and the tap's if any; every id is a spec id, which needs no escaping.
    package static func explorer(keys: [String], setup: String, appState: String, tap: String? = nil) -> String {
        "keys=\(keys.joined(separator: ","))&setup=\(setup)&state=\(appState)" + (tap.map { "&tap=\($0)" } ?? "")
    }
}

/// `explain`'s answers for every payload combination, by its bits, as the explorer embeds them: the same in every
/// language, so a run works them out once for every explorer page.
struct ExplorerAnswers: Sendable {
    /// Each setup and app state's answer, each path marked with the spec's conditions under which another path is the
    /// likely one (the page keeps those the reader chooses).
    let plain: [[Outcome]]

    init(_ matrix: Matrix) {
        let keys = matrix.payloadKeyIds
        plain = (0..<(UInt64(1) << UInt64(keys.count))).map { bits in
            let flags = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, bits & (1 << UInt64($0)) != 0) })
            return matrix.explain(ExplainQuery(payload: flags)).map(matrix.markingLikely)
        }
    }
}
