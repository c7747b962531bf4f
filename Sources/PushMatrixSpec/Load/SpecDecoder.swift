import PushMatrixJSON
import PushMatrixSupport

/// Turns the parsed JSON document into a `Spec`, reporting wrong types, missing and unknown keys: shape only, meaning
/// is validation's.
enum SpecDecoder {
    static func decode(_ root: JSONNode, file: String, sink: DiagnosticSink) -> Spec? {
        guard let document = NodeReader.object(root, path: "", sink: sink) else { return nil }
        defer { document.finish() }
        _ = document.member("$schema", optional: true)  // lets editors find the JSON Schema
        if let version = document.integer("specVersion"), version != 1, let node = document.member("specVersion") {
            document.report("specVersion", node, "unsupported spec version \(version); this pushmatrix reads version 1")
        }
        let naming = naming(document)
        let languages = document.objects("languages", language)
        let ids = languages.map(\.id)
        let phrasesOrigin = Origin(path: "phrases", location: document.member("phrases", optional: true)?.location ?? root.location)
        var spec = Spec(
            file: file, languages: languages, sources: document.objects("sources") { source($0, naming, ids) },
            symbols: document.entries("symbols") { key, value, origin in
                NodeReader.string(value, path: origin.path, sink: sink).map { Symbol(name: key, code: $0, origin: origin) }
            },
            payloadKeys: document.objects("payloadKeys") { payloadKey($0, naming) },
            pushTypes: pushTypes(document, root),
            setups: document.objects(naming.list) { setup($0, naming, ids) },
            naming: naming,
            appStates: document.objects("appStates", appState), handlerStates: document.objects("handlerStates", handlerState),
            handlers: document.objects("handlers", handler), taps: document.objects("taps", tap),
            notes: document.objects("notes") { note($0, naming) },
            conditions: document.objects("conditions", optional: true) { condition($0, naming) },
            wrappers: document.objects("wrappers", optional: true) { wrapper($0, naming, ids) },
            phrases: OlderNames.phrases(texts(document, "phrases", sink)), phrasesOrigin: phrasesOrigin,
            texts: OlderNames.texts(texts(document, "texts", sink)),
            glossary: document.objects("glossary", optional: true) { glossaryEntry($0, sink) },
            designCases: document.objects("designCases") { designCase($0, naming) },
            receptionHandler: document.object("receptionHandler", optional: true, receptionHandler),
            permission: document.object("permission", optional: true) { permission($0, naming) },
            callOrder: document.object("callOrder", optional: true, callOrder),
            setupGuide: document.object("setupGuide", optional: true) { setupGuide($0, ids) },
            relatedMatrices: document.objects("relatedMatrices", optional: true, relatedMatrix),
            swiftFiles: document.object("swiftFiles", optional: true, swiftFiles),
            cells: document.objects("cells") { cell($0, naming) })
        guard !sink.hasErrors else { return nil }
        spec.phrases = OlderNames.borrowedPhrases(spec.phrases, languages: languages.map(\.id), origin: phrasesOrigin) { name in
            Phrases.neededOnlyWhen[name]?(spec) != false
        }
        spec.texts = OlderNames.borrowedPhrases(
            spec.texts, languages: languages.map(\.id), origin: phrasesOrigin, section: "texts", names: Phrases.borrowedTexts)
        return spec
    }

    /// The push types the file names, or alert and background, at the document's start.
    private static func pushTypes(_ document: NodeReader, _ root: JSONNode) -> [Reference] {
        if let node = document.member("pushTypes", optional: true) {
            let named = document.strings("pushTypes")
            if named.isEmpty { document.report("pushTypes", node, "name at least one push type the matrix answers") }
            return named
        }
        return Spec.defaultPushTypes.map { Reference(id: $0, origin: Origin(path: "pushTypes", location: root.location)) }
    }

    /// The file's keys by its form: `setups`, or the older `initAPIs`. The newer wins when a spec gives both, and the
    /// older is then reported as unknown.
    private static func naming(_ document: NodeReader) -> SetupNaming {
        guard document.member("setups", optional: true) != nil || document.member("initAPIs", optional: true) == nil else { return .older }
        return .current
    }

    private static func language(_ reader: NodeReader) -> Language {
        Language(
            id: reader.required.string("id"), name: reader.required.string("name"),
            footnoteMarker: reader.required.string("footnoteMarker"), origin: reader.origin)
    }

    private static func payloadKey(_ reader: NodeReader, _ naming: SetupNaming) -> PayloadKey {
        let id = reader.required.string("id")
        let name = reader.required.text("name")
        let makesVisible = reader.bool("makesVisible", default: false) ?? false
        let apns = reader.object("apns", optional: true) { apns in
            (key: apns.required.string("key"), presentWhen: apns.strings("presentWhen"))
        }
        return PayloadKey(
            id: id, name: name, makesVisible: makesVisible, apnsKey: apns?.key, presentWhen: apns?.presentWhen ?? [],
            from: from(reader, apns: reader.member("apns", optional: true) != nil), requires: reader.strings("requires", optional: true),
            mattersOnlyIn: reader.object("mattersOnlyIn", optional: true) { selection($0, naming) }, origin: reader.origin)
    }

    /// Where an input without `apns` comes from (`metadata` or `route`) and the symbol the app reads it by: both needed
    /// without `apns`, neither allowed with it.
    private static func from(_ reader: NodeReader, apns: Bool) -> (place: PayloadKey.From, symbol: Reference)? {
        let given = ["from", "symbol"].filter { reader.member($0, optional: true) != nil }
        for key in given where apns {
            reader.report(
                key, reader.node[key]!, "an input with \"apns\" is read from the payload: '\(key)' is only for an input without it")
        }
        guard !apns else { return nil }
        guard !given.isEmpty else {
            reader.sink.error(reader.origin, "missing key 'apns' (or 'from' and 'symbol' for an input iOS gives beside the payload)")
            return nil
        }
        let symbol = reader.identifier("symbol")
        guard let place = reader.string("from") else { return nil }
        guard let known = PayloadKey.From(rawValue: place) else {
            let places = PayloadKey.From.allCases.map(\.rawValue).joined(separator: " or ")
            reader.report("from", reader.node["from"]!, "unknown place '\(place)'; expected \(places)")
            return nil
        }
        return symbol.map { (known, $0) }
    }

    private static func setup(_ reader: NodeReader, _ naming: SetupNaming, _ ids: [String]) -> Setup {
        Setup(
            id: reader.required.string("id"), name: reader.required.text("name"),
            className: reader.string("className", optional: naming.list == SetupNaming.current.list),
            platforms: reader.required.text("platforms", plainIn: ids), description: reader.required.text("description"),
            origin: reader.origin)
    }

    private static func appState(_ reader: NodeReader) -> AppState {
        let id = reader.required.string("id")
        let running = reader.required.bool("running")
        let launchesInBackground = reader.bool("launchesInBackground", default: false) ?? false
        return AppState(
            id: id, name: reader.required.text("name"), description: reader.required.text("description"), running: running,
            launchesInBackground: launchesInBackground, notes: reader.strings("notes", optional: true), origin: reader.origin)
    }

    private static func handlerState(_ reader: NodeReader) -> HandlerState {
        HandlerState(
            id: reader.required.string("id"), swift: reader.required.string("swift"), objc: reader.required.string("objc"),
            description: reader.required.text("description"), origin: reader.origin)
    }

    private static func handler(_ reader: NodeReader) -> Handler {
        let id = reader.required.string("id")
        let hasState = reader.required.bool("hasState")
        let launches = reader.required.bool("launchesApp")
        let optional = reader.required.bool("optional")
        let inExtension = process(reader)
        let carriesTap = reader.bool("carriesTap", default: false) ?? false
        return Handler(
            id: id, name: reader.required.text("name"), description: reader.required.text("description"), hasState: hasState,
            launchesApp: launches, optional: optional, inExtension: inExtension, carriesTap: carriesTap,
            methods: reader.entries("methods") { setup, value, origin in
                reader.element(value, path: origin.path) { method in
                    MethodName(
                        setup: Reference(id: setup, origin: origin), swift: method.required.string("swift"),
                        objc: method.string("objc", optional: true),
                        handsNotification: method.bool("handsNotification", default: false) ?? false)
                }
            },
            origin: reader.origin)
    }

    private static func tap(_ reader: NodeReader) -> Tap {
        Tap(
            id: reader.required.string("id"), name: reader.required.text("name"), requires: reader.strings("requires"),
            opensApp: reader.bool("opensApp", default: true) ?? true,
            touchesNotification: reader.bool("touchesNotification", default: true) ?? true, origin: reader.origin)
    }

    private static func note(_ reader: NodeReader, _ naming: SetupNaming) -> Note {
        Note(
            id: reader.required.string("id"), text: reader.required.text("text"), source: reader.required.identifier("source"),
            moreSources: reader.strings("moreSources", optional: true),
            setups: nonEmptyStrings(
                reader, naming.noteKey, "lists no \(naming.words); leave \"\(naming.noteKey)\" out for a note about every \(naming.words)"),
            onlyWithAPNsKeys: nonEmptyStrings(
                reader, "onlyWithAPNsKeys", "lists no APNs key; leave \"onlyWithAPNsKeys\" out for a note that sets no condition"),
            whenMissing: reader.object("whenMissing", optional: true) { whenMissing in
                let handler = whenMissing.required.identifier("handler")
                let instead = whenMissing.object("instead", call)
                let text = whenMissing.text("text", optional: true)
                return instead.map { Fallback(handler: handler, instead: $0, text: text) }
            },
            duty: reader.object("duty", optional: true, duty), origin: reader.origin)
    }

    /// A note's duty: `report`, `must` or `may`, and `by`, which `must` needs and `may` refuses.
    private static func duty(_ reader: NodeReader) -> Duty? {
        let report: Duty.Report? = choice(reader, "report")
        let by: Duty.By? = choice(reader, "by", optional: true, named: "deadline")
        let given = reader.member("by", optional: true)
        if report == .must && given == nil {
            reader.sink.error(reader.origin, "a duty the app must meet says by when: add \"by\"")
        } else if report == .may, let given {
            reader.report("by", given, "a duty the app may skip has no deadline: remove \"by\"")
        }
        // Only a duty read whole is one: a broken one makes no phrase needed.
        guard let report, (report == .must) == (by != nil), (given == nil) == (by == nil) else { return nil }
        return Duty(report: report, by: by)
    }

    private static func condition(_ reader: NodeReader, _ naming: SetupNaming) -> Condition {
        Condition(
            id: reader.required.string("id"), name: reader.required.text("name"), text: reader.required.text("text"),
            howToSet: reader.required.text("howToSet"),
            appliesTo: reader.object("appliesTo") { selection($0, naming) } ?? CellSelection(),
            changes: reader.objects("changes", optional: true) { change in
                Condition.CallChange(
                    effect: choice(change, "effect") ?? .removed, handler: change.identifier("handler", optional: true),
                    state: change.identifier("state", optional: true), at: change.identifier("at", optional: true), origin: change.origin)
            },
            sources: reader.strings("sources"), saw: reader.object("saw", optional: true) { scope($0, naming) },
            extrapolated: reader.bool("extrapolated", default: false) ?? false, origin: reader.origin)
    }

    /// One of a fixed set of names (a change's `effect`, a duty's `report`, `swiftFiles.delegate`); nil when it is missing or unknown (reported,
    /// as a `named`, the key's name by default).
    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ reader: NodeReader, _ key: String, optional: Bool = false, named: String? = nil
    ) -> Value? where Value.RawValue == String {
        guard let name = reader.identifier(key, optional: optional) else { return nil }
        if let known = Value(rawValue: name.id) { return known }
        let names = Value.allCases.map(\.rawValue)
        reader.sink.error(
            name.origin,
            "unknown \(named ?? key) '\(name.id)'" + Suggestion.didYouMean(name.id, in: names) + "; expected one of "
                + names.map { "'\($0)'" }.joined(separator: ", "))
        return nil
    }

    /// What a source, or a condition's sources, saw.
    private static func scope(_ reader: NodeReader, _ naming: SetupNaming) -> Scope {
        Scope(
            cells: selection(reader, naming), taps: nonEmptyStrings(reader, "taps", "lists none; leave it out for all"),
            runsOn: reader.string("runsOn") ?? "unstated", beyond: reader.text("beyond", optional: true))
    }

    /// A selection of cells; an empty list of setups or app states is refused, as selecting none.
    static func selection(_ reader: NodeReader, _ naming: SetupNaming) -> CellSelection {
        let none = "lists none; leave it out for all"
        return CellSelection(
            payload: payload(reader, optional: true), setups: nonEmptyStrings(reader, naming.noteKey, none),
            appStates: nonEmptyStrings(reader, "appStates", none))
    }

    private static func designCase(_ reader: NodeReader, _ naming: SetupNaming) -> DesignCase? {
        let id = reader.required.string("id")
        let title = reader.required.text("title")
        let text = reader.required.text("text")
        return reader.object("cell") { address($0, naming) }.map {
            DesignCase(id: id, title: title, text: text, cell: $0, origin: reader.origin)
        }
    }

    private static func relatedMatrix(_ reader: NodeReader) -> RelatedMatrix {
        RelatedMatrix(
            name: reader.required.text("name"), description: reader.required.text("description"), href: reader.required.text("href"),
            origin: reader.origin)
    }

    private static func texts(_ document: NodeReader, _ key: String, _ sink: DiagnosticSink) -> [String: LocalizedText] {
        let texts = document.entries(key) { name, value, origin in NodeReader.text(value, path: origin.path, sink: sink).map { (name, $0) }
        }
        return Dictionary(uniqueKeysWithValues: texts)  // `entries` has dropped any key written twice
    }

    /// An optional list of strings that, when given, may not be empty (`empty` says why).
    static func nonEmptyStrings(_ reader: NodeReader, _ key: String, _ empty: String) -> [Reference]? {
        reader.member(key, optional: true).map { list in
            let strings = reader.strings(key)
            if case .array(let items) = list.value, items.isEmpty { reader.report(key, list, empty) }
            return strings
        }
    }

    /// Reads a call; the caller finishes the reader (so unknown keys are reported once).
    private static func call(_ reader: NodeReader) -> Call {
        Call(
            handler: reader.required.identifier("handler"), state: reader.identifier("state", optional: true),
            notes: reader.strings("notes", optional: true),
            bringsNotification: !(reader.bool("withoutNotification", default: false) ?? false),
            unknown: reader.bool("unknown", default: false) ?? false, origin: reader.origin)
    }

    private static func payload(_ reader: NodeReader, optional: Bool = false) -> [(key: Reference, value: Bool)] {
        reader.entries("payload", optional: optional) { key, value, origin in
            guard case .bool(let flag) = value.value else {
                reader.sink.error(value.location, origin.path, "expected true or false, found \(value.typeName)")
                return nil
            }
            return (Reference(id: key, origin: origin), flag)
        }
    }

    private static func address(_ reader: NodeReader, _ naming: SetupNaming) -> CellAddress {
        CellAddress(
            payload: payload(reader), setup: reader.required.identifier(naming.cellKey), appState: reader.required.identifier("appState"),
            origin: reader.origin)
    }

    private static func taps(_ reader: NodeReader, optional: Bool = false) -> [(tap: Reference, calls: [Call])] {
        reader.entries("taps", optional: optional) { key, value, origin in
            (Reference(id: key, origin: origin), reader.objects(in: value, path: origin.path, call))
        }
    }

    private static func glossaryEntry(_ reader: NodeReader, _ sink: DiagnosticSink) -> GlossaryEntry? {
        /// Strings by language: `{"ja": ["…", "…"]}`.
        func byLanguage(_ key: String) -> [String: [String]] {
            Dictionary(
                reader.entries(key, optional: true) { language, value, origin in
                    guard case .array(let items) = value.value else {
                        sink.error(value.location, origin.path, "expected an array of strings, found \(value.typeName)")
                        return nil
                    }
                    return (language, items.enumerated().compactMap { NodeReader.string($1, path: "\(origin.path)[\($0)]", sink: sink) })
                }, uniquingKeysWith: { first, _ in first })
        }
        return GlossaryEntry(
            id: reader.required.string("id"), term: reader.required.text("term"), meaning: reader.required.text("meaning"),
            variants: byLanguage("variants"), allowed: byLanguage("allowed"), listed: reader.bool("listed", default: true) ?? true,
            origin: reader.origin)
    }

    private static func path(_ reader: NodeReader) -> CellPath {
        CellPath(
            onDelivery: reader.member("onDelivery", optional: true).map {
                reader.objects(in: $0, path: reader.childPath("onDelivery"), call)
            },
            taps: taps(reader, optional: true), source: reader.required.identifier("source"),
            seenOn: reader.string("seenOn", optional: true),
            extrapolated: reader.bool("extrapolated", default: false) ?? false, premise: reader.identifier("premise", optional: true),
            origin: reader.origin)
    }

    private static func cell(_ reader: NodeReader, _ naming: SetupNaming) -> Cell {
        let payload = payload(reader)
        let taps = taps(reader)
        let setup = reader.required.identifier(naming.cellKey)
        let appState = reader.required.identifier("appState")
        let notificationCenter = reader.required.bool("notificationCenter")
        let ignored = reader.required.bool("ignored")
        let source = reader.required.identifier("source")
        let onDelivery = reader.objects("onDelivery", call)
        return Cell(
            payload: payload, setup: setup, appState: appState, onDelivery: onDelivery, notificationCenter: notificationCenter,
            taps: taps, ignored: ignored, notes: reader.strings("notes", optional: true), source: source,
            seenOn: reader.string("seenOn", optional: true), paths: reader.objects("paths", optional: true, path), origin: reader.origin)
    }

    private static func rules(_ reader: NodeReader) -> [Rule] {
        reader.objects("rules") { rule in Rule(id: rule.required.string("id"), text: rule.required.text("text"), origin: rule.origin) }
    }

    private static func receptionHandler(_ reader: NodeReader) -> ReceptionHandlerFacts {
        ReceptionHandlerFacts(
            source: reader.required.identifier("source"),
            handler: reader.required.identifier("handler"),
            completionDeadlineSeconds: reader.integer("completionDeadlineSeconds") ?? 0,
            fetchResults: reader.objects("fetchResults") { result in
                .init(
                    id: result.required.string("id"), swift: result.required.string("swift"), objc: result.required.string("objc"),
                    meaning: result.required.text("meaning"), origin: result.origin)
            },
            rules: rules(reader))
    }

    private static func permission(_ reader: NodeReader, _ naming: SetupNaming) -> PermissionFacts {
        PermissionFacts(
            source: reader.required.identifier("source"),
            statuses: reader.objects("statuses") { status in
                .init(
                    id: status.required.string("id"), meaning: status.required.text("meaning"), response: status.required.text("response"),
                    origin: status.origin)
            },
            checkPoints: reader.objects("checkPoints") { point in
                .init(symbol: point.required.identifier("symbol"), setup: point.identifier(naming.cellKey, optional: true))
            },
            setups: reader.objects(naming.noteKey) { way in
                .init(
                    setup: way.required.identifier(naming.cellKey), read: way.required.identifier("read"),
                    request: way.required.identifier("request"),
                    switchOn: way.required.string("switchOn"),
                    cases: way.objects("cases") { item in
                        .init(pattern: item.required.string("pattern"), status: item.required.identifier("status"))
                    },
                    rules: rules(way))
            })
    }

    private static func callOrder(_ reader: NodeReader) -> CallOrderFacts {
        CallOrderFacts(
            source: reader.required.identifier("source"),
            tapOpensApp: reader.objects("tapOpensApp") { observed in
                .init(symbol: observed.required.identifier("symbol"), text: observed.required.text("text"))
            },
            rules: rules(reader))
    }

    private static func setupGuide(_ reader: NodeReader, _ ids: [String]) -> SetupGuide {
        SetupGuide(
            intro: reader.required.text("intro"),
            sections: reader.objects("sections") { section in
                .init(
                    id: section.required.string("id"), heading: section.required.text("heading"),
                    paragraphs: section.list("paragraphs") { node, path in NodeReader.text(node, path: path, sink: section.sink) },
                    code: section.text("code", optional: true, plainIn: ids), sources: section.strings("sources"), origin: section.origin)
            })
    }

    /// A source in the current form (`kind` and its evidence) or the older one (`appleDocumented`).
    private static func source(_ reader: NodeReader, _ naming: SetupNaming, _ ids: [String]) -> Source? {
        let id = reader.string("id")
        let platforms = reader.text("platforms", plainIn: ids)
        let title = reader.text("title")
        let caveat = reader.text("caveat")
        var kind: Source.Kind?
        let older = reader.member("kind", optional: true) == nil && reader.member("appleDocumented", optional: true) != nil
        if older {
            kind = reader.bool("appleDocumented").map { $0 ? .appleDocumented : .reported }
        } else if let name = reader.string("kind") {
            kind = Source.Kind(rawValue: name)
            if kind == nil {
                let kinds = Source.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                reader.report("kind", reader.member("kind")!, "unknown source kind '\(name)'; expected one of \(kinds)")
            }
        }
        let needs = older ? nil : kind
        let address = reader.string("address", optional: needs != .appleDocumented)
        let references = reader.list("references", optional: needs != .reported) {
            NodeReader.text($0, path: $1, sink: reader.sink, plainIn: ids)
        }
        if needs == .reported, references.isEmpty, let list = reader.member("references", optional: true) {
            reader.report("references", list, "a reported source lists at least one report")
        }
        let basedOn = reader.strings("basedOn", optional: needs != .expected)
        let observed = needs == .observed
        let device = reader.text("device", optional: !observed, plainIn: ids)
        let os = reader.text("os", optional: !observed, plainIn: ids)
        let saw = reader.object("saw", optional: true) { scope($0, naming) }
        guard let id, let kind, let platforms, let title, let caveat else { return nil }
        return Source(
            id: id, kind: kind, declaresKind: !older, address: address, references: references, basedOn: basedOn, device: device, os: os,
            saw: saw, short: reader.text("short", optional: true), platforms: platforms, title: title, caveat: caveat, origin: reader.origin
        )
    }

    private static func swiftFiles(_ reader: NodeReader) -> SwiftFiles {
        func files(_ key: String, optional: Bool = false) -> [SwiftFiles.File] {
            reader.objects(key, optional: optional) { entry in
                .init(template: entry.required.string("template"), file: entry.required.string("file"), origin: entry.origin)
            }
        }
        return SwiftFiles(
            sources: files("sources"), testSupport: files("testSupport", optional: true), tests: files("tests"),
            probe: files("probe", optional: true), delegate: choice(reader, "delegate", optional: true) ?? .uiKit)
    }

    /// `"process": "extension"` for a handler that runs in an app extension; `"app"` is the default.
    private static func process(_ reader: NodeReader) -> Bool {
        guard let member = reader.member("process", optional: true), let value = reader.string("process") else { return false }
        if value != "app" && value != "extension" {
            reader.report("process", member, "unknown process '\(value)'; expected app or extension")
        }
        return value == "extension"
    }
}
