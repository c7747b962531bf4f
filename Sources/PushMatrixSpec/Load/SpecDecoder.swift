import PushMatrixJSON
import PushMatrixSupport

/// Turns the parsed JSON document into a `Spec`, reporting wrong types, missing and unknown keys: shape only, meaning is validation's.
enum SpecDecoder {
    static func decode(_ root: JSONNode, file: String, sink: DiagnosticSink) -> Spec? {
        guard let r = NodeReader.object(root, path: "", sink: sink) else { return nil }
        defer { r.finish() }
        _ = r.member("$schema", optional: true)  // lets editors find the JSON Schema
        if let version = r.integer("specVersion"), version != 1, let node = r.member("specVersion") {
            r.report("specVersion", node, "unsupported spec version \(version); this pushmatrix reads version 1")
        }
        let naming = naming(r), languages = r.objects("languages", language), ids = languages.map(\.id)
        let phrasesOrigin = Origin(path: "phrases", location: r.member("phrases", optional: true)?.location ?? root.location)
        var spec = Spec(
            file: file, languages: languages, sources: r.objects("sources") { source($0, naming, ids) },
            symbols: r.entries("symbols") { key, value, origin in
                NodeReader.string(value, path: origin.path, sink: sink).map { Symbol(name: key, code: $0, origin: origin) }
            },
            payloadKeys: r.objects("payloadKeys", payloadKey), setups: r.objects(naming.list) { setup($0, naming, ids) }, naming: naming,
            appStates: r.objects("appStates", appState), handlerStates: r.objects("handlerStates", handlerState),
            handlers: r.objects("handlers", handler), taps: r.objects("taps", tap), notes: r.objects("notes") { note($0, naming) },
            conditions: r.objects("conditions", optional: true) { condition($0, naming) },
            phrases: OlderNames.phrases(texts(r, "phrases", sink)), phrasesOrigin: phrasesOrigin,
            texts: OlderNames.texts(texts(r, "texts", sink)), glossary: r.objects("glossary", optional: true) { glossaryEntry($0, sink) },
            designCases: r.objects("designCases") { designCase($0, naming) },
            receptionHandler: r.object("receptionHandler", receptionHandler)
                ?? ReceptionHandlerFacts(source: missing, handler: missing, completionDeadlineSeconds: 0, fetchResults: [], rules: []),
            permission: r.object("permission", optional: true) { permission($0, naming) },
            callOrder: r.object("callOrder", optional: true, callOrder), setupGuide: r.object("setupGuide", optional: true, setupGuide),
            relatedMatrices: r.objects("relatedMatrices", optional: true, relatedMatrix),
            swiftFiles: r.object("swiftFiles", optional: true, swiftFiles) ?? .appDelegate, cells: r.objects("cells") { cell($0, naming) })
        guard !sink.hasErrors else { return nil }
        spec.phrases = OlderNames.borrowedPhrases(spec.phrases, languages: languages.map(\.id), origin: phrasesOrigin) { name in
            Phrases.neededOnlyWhen[name]?(spec) != false
        }
        spec.texts = OlderNames.borrowedPhrases(
            spec.texts, languages: languages.map(\.id), origin: phrasesOrigin, section: "texts", names: Phrases.borrowedTexts)
        return spec
    }

    /// The file's keys by its form: `setups`, or the older `initAPIs`. The newer wins when a spec gives both, and the
    /// older is then reported as unknown.
    private static func naming(_ r: NodeReader) -> SetupNaming {
        guard r.member("setups", optional: true) != nil || r.member("initAPIs", optional: true) == nil else { return .older }
        return .current
    }

    private static func language(_ o: NodeReader) -> Language? {
        let id = o.string("id"), name = o.string("name"), marker = o.string("footnoteMarker")
        guard let id, let name, let marker else { return nil }
        return Language(id: id, name: name, footnoteMarker: marker, origin: o.origin)
    }

    private static func payloadKey(_ o: NodeReader) -> PayloadKey? {
        let id = o.string("id"), name = o.text("name"), makesVisible = o.bool("makesVisible", default: false) ?? false
        let apns = o.object("apns") { a in (key: a.string("key"), presentWhen: a.strings("presentWhen")) }
        let requires = o.strings("requires", optional: true)
        guard let id, let name, let key = apns?.key else { return nil }
        return PayloadKey(
            id: id, name: name, makesVisible: makesVisible, apnsKey: key, presentWhen: apns?.presentWhen ?? [], requires: requires,
            origin: o.origin)
    }

    private static func setup(_ o: NodeReader, _ naming: SetupNaming, _ ids: [String]) -> Setup? {
        let id = o.string("id"), name = o.text("name"), className = o.string("className", optional: naming.list == SetupNaming.current.list)
        let platforms = o.text("platforms", plainIn: ids), description = o.text("description")
        guard let id, let name, let platforms, let description else { return nil }
        return Setup(id: id, name: name, className: className, platforms: platforms, description: description, origin: o.origin)
    }

    private static func appState(_ o: NodeReader) -> AppState? {
        let id = o.string("id"), running = o.bool("running"), launchesInBackground = o.bool("launchesInBackground", default: false) ?? false
        let name = o.text("name"), description = o.text("description"), notes = o.strings("notes", optional: true)
        guard let id, let running, let name, let description else { return nil }
        return AppState(
            id: id, name: name, description: description, running: running, launchesInBackground: launchesInBackground,
            notes: notes, origin: o.origin)
    }

    private static func handlerState(_ o: NodeReader) -> HandlerState? {
        let id = o.string("id"), swift = o.string("swift"), objc = o.string("objc"), description = o.text("description")
        guard let id, let swift, let objc, let description else { return nil }
        return HandlerState(id: id, swift: swift, objc: objc, description: description, origin: o.origin)
    }

    private static func handler(_ o: NodeReader) -> Handler? {
        let id = o.string("id"), hasState = o.bool("hasState"), launches = o.bool("launchesApp"), optional = o.bool("optional")
        let inExtension = process(o), carriesTap = o.bool("carriesTap", default: false) ?? false, name = o.text("name")
        let description = o.text("description")
        let methods: [MethodName] = o.entries("methods") { setup, value, origin in
            guard let m = NodeReader.object(value, path: origin.path, sink: o.sink) else { return nil }
            defer { m.finish() }
            let swift = m.string("swift"), objc = m.string("objc"), handsNotification = m.bool("handsNotification", default: false) ?? false
            guard let swift, let objc else { return nil }
            return MethodName(setup: Reference(id: setup, origin: origin), swift: swift, objc: objc, handsNotification: handsNotification)
        }
        guard let id, let hasState, let launches, let optional, let name, let description else { return nil }
        return Handler(
            id: id, name: name, description: description, hasState: hasState, launchesApp: launches, optional: optional,
            inExtension: inExtension, carriesTap: carriesTap, methods: methods, origin: o.origin)
    }

    private static func tap(_ o: NodeReader) -> Tap? {
        let id = o.string("id"), name = o.text("name"), requires = o.strings("requires")
        let opensApp = o.bool("opensApp", default: true) ?? true, touches = o.bool("touchesNotification", default: true) ?? true
        guard let id, let name else { return nil }
        return Tap(id: id, name: name, requires: requires, opensApp: opensApp, touchesNotification: touches, origin: o.origin)
    }

    private static func note(_ o: NodeReader, _ naming: SetupNaming) -> Note? {
        let id = o.string("id"), text = o.text("text"), source = o.identifier("source")
        let moreSources = o.strings("moreSources", optional: true)
        let setups = nonEmptyStrings(
            o, naming.noteKey, "lists no \(naming.words); leave \"\(naming.noteKey)\" out for a note about every \(naming.words)")
        let keys = nonEmptyStrings(
            o, "onlyWithAPNsKeys", "lists no APNs key; leave \"onlyWithAPNsKeys\" out for a note that sets no condition")
        let fallback: Fallback? = o.object("whenMissing", optional: true) { f in
            let handler = f.identifier("handler"), instead = f.object("instead", call), text = f.text("text", optional: true)
            guard let handler, let instead else { return nil }
            return Fallback(handler: handler, instead: instead, text: text)
        }
        guard let id, let text, let source else { return nil }
        return Note(
            id: id, text: text, source: source, moreSources: moreSources, setups: setups, onlyWithAPNsKeys: keys, whenMissing: fallback,
            origin: o.origin)
    }

    private static func condition(_ o: NodeReader, _ naming: SetupNaming) -> Condition? {
        let id = o.string("id"), name = o.text("name"), text = o.text("text"), howToSet = o.text("howToSet")
        let appliesTo = o.object("appliesTo") { selection($0, naming) }
        let changes = o.objects("changes", optional: true) { c -> Condition.Change? in
            let effect = c.identifier("effect"), handler = c.identifier("handler", optional: true)
            let state = c.identifier("state", optional: true), at = c.identifier("at", optional: true)
            guard let effect else { return nil }
            guard let known = Condition.Effect(rawValue: effect.id) else {
                let effects = Condition.Effect.allCases.map(\.rawValue)
                c.sink.error(
                    effect.origin,
                    "unknown effect '\(effect.id)'" + Suggestion.didYouMean(effect.id, in: effects) + "; expected one of "
                        + effects.map { "'\($0)'" }.joined(separator: ", "))
                return nil
            }
            return Condition.Change(effect: known, handler: handler, state: state, at: at, origin: c.origin)
        }
        let sources = o.strings("sources")
        guard let id, let name, let text, let howToSet, let appliesTo else { return nil }
        return Condition(
            id: id, name: name, text: text, howToSet: howToSet, appliesTo: appliesTo, changes: changes, sources: sources, origin: o.origin)
    }

    /// A selection of cells; an empty list of setups or app states is refused, as selecting none.
    private static func selection(_ o: NodeReader, _ naming: SetupNaming) -> CellSelection {
        let none = "lists none; leave it out for all"
        return CellSelection(
            payload: payload(o, optional: true), setups: nonEmptyStrings(o, naming.noteKey, none),
            appStates: nonEmptyStrings(o, "appStates", none))
    }

    private static func designCase(_ o: NodeReader, _ naming: SetupNaming) -> DesignCase? {
        let id = o.string("id"), title = o.text("title"), text = o.text("text"), cell = o.object("cell") { address($0, naming) }
        guard let id, let title, let text, let cell else { return nil }
        return DesignCase(id: id, title: title, text: text, cell: cell, origin: o.origin)
    }

    private static func relatedMatrix(_ o: NodeReader) -> RelatedMatrix? {
        let name = o.text("name"), description = o.text("description"), href = o.text("href")
        guard let name, let description, let href else { return nil }
        return RelatedMatrix(name: name, description: description, href: href, origin: o.origin)
    }

    private static func texts(_ r: NodeReader, _ key: String, _ sink: DiagnosticSink) -> [String: LocalizedText] {
        let texts = r.entries(key) { name, value, origin in NodeReader.text(value, path: origin.path, sink: sink).map { (name, $0) } }
        return Dictionary(uniqueKeysWithValues: texts)  // `entries` has dropped any key written twice
    }

    /// An optional list of strings that, when given, may not be empty (`empty` says why).
    private static func nonEmptyStrings(_ o: NodeReader, _ key: String, _ empty: String) -> [Reference]? {
        o.member(key, optional: true).map { list in
            let strings = o.strings(key)
            if case .array(let items) = list.value, items.isEmpty { o.report(key, list, empty) }
            return strings
        }
    }

    /// Reads a call; the caller finishes the reader (so unknown keys are reported once).
    private static func call(_ o: NodeReader) -> Call? {
        let handler = o.identifier("handler"), state = o.identifier("state", optional: true), notes = o.strings("notes", optional: true)
        let without = o.bool("withoutNotification", default: false) ?? false
        guard let handler else { return nil }
        return Call(handler: handler, state: state, notes: notes, bringsNotification: !without, origin: o.origin)
    }

    private static func payload(_ o: NodeReader, optional: Bool = false) -> [(key: Reference, value: Bool)] {
        o.entries("payload", optional: optional) { key, value, origin in
            guard case .bool(let flag) = value.value else {
                o.sink.error(value.location, origin.path, "expected true or false, found \(value.typeName)")
                return nil
            }
            return (Reference(id: key, origin: origin), flag)
        }
    }

    private static func address(_ o: NodeReader, _ naming: SetupNaming) -> CellAddress? {
        let payload = payload(o), setup = o.identifier(naming.cellKey), appState = o.identifier("appState")
        guard let setup, let appState else { return nil }
        return CellAddress(payload: payload, setup: setup, appState: appState, origin: o.origin)
    }

    private static func taps(_ o: NodeReader, optional: Bool = false) -> [(tap: Reference, calls: [Call])] {
        o.entries("taps", optional: optional) { key, value, origin in
            (Reference(id: key, origin: origin), o.objects(in: value, path: origin.path, call))
        }
    }

    private static func glossaryEntry(_ o: NodeReader, _ sink: DiagnosticSink) -> GlossaryEntry? {
        /// Strings by language: `{"ja": ["…", "…"]}`.
        func byLanguage(_ key: String) -> [String: [String]] {
            Dictionary(
                o.entries(key, optional: true) { language, value, origin in
                    guard case .array(let items) = value.value else {
                        sink.error(value.location, origin.path, "expected an array of strings, found \(value.typeName)")
                        return nil
                    }
                    return (language, items.enumerated().compactMap { NodeReader.string($1, path: "\(origin.path)[\($0)]", sink: sink) })
                }, uniquingKeysWith: { first, _ in first })
        }
        let id = o.string("id"), term = o.text("term"), meaning = o.text("meaning")
        let variants = byLanguage("variants"), allowed = byLanguage("allowed")
        guard let id, let term, let meaning else { return nil }
        return GlossaryEntry(id: id, term: term, meaning: meaning, variants: variants, allowed: allowed, origin: o.origin)
    }

    private static func path(_ o: NodeReader) -> CellPath? {
        let onDelivery = o.member("onDelivery", optional: true).map { o.objects(in: $0, path: o.childPath("onDelivery"), call) }
        let taps = taps(o, optional: true), source = o.identifier("source"), seenOn = o.string("seenOn", optional: true)
        let extrapolated = o.bool("extrapolated", default: false) ?? false
        guard let source else { return nil }
        return CellPath(onDelivery: onDelivery, taps: taps, source: source, seenOn: seenOn, extrapolated: extrapolated, origin: o.origin)
    }

    private static func cell(_ o: NodeReader, _ naming: SetupNaming) -> Cell? {
        let payload = payload(o), taps = taps(o), setup = o.identifier(naming.cellKey), appState = o.identifier("appState")
        let notificationCenter = o.bool("notificationCenter"), ignored = o.bool("ignored"), source = o.identifier("source")
        let onDelivery = o.objects("onDelivery", call), notes = o.strings("notes", optional: true)
        let seenOn = o.string("seenOn", optional: true), paths = o.objects("paths", optional: true, path)
        guard let setup, let appState, let notificationCenter, let ignored, let source else { return nil }
        return Cell(
            payload: payload, setup: setup, appState: appState, onDelivery: onDelivery, notificationCenter: notificationCenter,
            taps: taps, ignored: ignored, notes: notes, source: source, seenOn: seenOn, paths: paths, origin: o.origin)
    }

    private static func rules(_ o: NodeReader) -> [Rule] {
        o.objects("rules") { r in
            let id = r.string("id"), text = r.text("text")
            guard let id, let text else { return nil }
            return Rule(id: id, text: text, origin: r.origin)
        }
    }

    private static let missing = Reference(id: "", origin: Origin(path: "", location: SourceLocation(line: 1, column: 1)))

    private static func receptionHandler(_ o: NodeReader) -> ReceptionHandlerFacts {
        ReceptionHandlerFacts(
            source: o.identifier("source") ?? missing,
            handler: o.identifier("handler") ?? missing,
            completionDeadlineSeconds: o.integer("completionDeadlineSeconds") ?? 0,
            fetchResults: o.objects("fetchResults") { f in
                let id = f.string("id"), swift = f.string("swift"), objc = f.string("objc"), meaning = f.text("meaning")
                guard let id, let swift, let objc, let meaning else { return nil }
                return .init(id: id, swift: swift, objc: objc, meaning: meaning, origin: f.origin)
            },
            rules: rules(o))
    }

    private static func permission(_ o: NodeReader, _ naming: SetupNaming) -> PermissionFacts {
        PermissionFacts(
            source: o.identifier("source") ?? missing,
            statuses: o.objects("statuses") { s in
                let id = s.string("id"), meaning = s.text("meaning"), response = s.text("response")
                guard let id, let meaning, let response else { return nil }
                return .init(id: id, meaning: meaning, response: response, origin: s.origin)
            },
            checkPoints: o.objects("checkPoints") { c in
                let symbol = c.identifier("symbol"), setup = c.identifier(naming.cellKey, optional: true)
                guard let symbol else { return nil }
                return .init(symbol: symbol, setup: setup)
            },
            setups: o.objects(naming.noteKey) { a in
                let setup = a.identifier(naming.cellKey), read = a.identifier("read"), request = a.identifier("request")
                let switchOn = a.string("switchOn")
                let cases: [PermissionFacts.Way.Case] = a.objects("cases") { c in
                    let pattern = c.string("pattern"), status = c.identifier("status")
                    guard let pattern, let status else { return nil }
                    return .init(pattern: pattern, status: status)
                }
                let rules = rules(a)
                guard let setup, let read, let request, let switchOn else { return nil }
                return .init(setup: setup, read: read, request: request, switchOn: switchOn, cases: cases, rules: rules)
            })
    }

    private static func callOrder(_ o: NodeReader) -> CallOrderFacts {
        CallOrderFacts(
            source: o.identifier("source") ?? missing,
            tapOpensApp: o.objects("tapOpensApp") { s in
                let symbol = s.identifier("symbol"), text = s.text("text")
                guard let symbol, let text else { return nil }
                return .init(symbol: symbol, text: text)
            },
            rules: rules(o))
    }

    private static func setupGuide(_ o: NodeReader) -> SetupGuide? {
        let intro = o.text("intro")
        let sections: [SetupGuide.Section] = o.objects("sections") { s in
            let id = s.string("id"), heading = s.text("heading")
            let paragraphs: [LocalizedText] = s.list("paragraphs") { node, path in NodeReader.text(node, path: path, sink: s.sink) }
            let code = s.string("code", optional: true), sources = s.strings("sources")
            guard let id, let heading else { return nil }
            return .init(id: id, heading: heading, paragraphs: paragraphs, code: code, sources: sources, origin: s.origin)
        }
        guard let intro else { return nil }
        return SetupGuide(intro: intro, sections: sections)
    }

    /// A source in the current form (`kind` and its evidence) or the older one (`appleDocumented`).
    private static func source(_ o: NodeReader, _ naming: SetupNaming, _ ids: [String]) -> Source? {
        let id = o.string("id"), platforms = o.text("platforms", plainIn: ids), title = o.text("title"), caveat = o.text("caveat")
        var kind: Source.Kind?
        let older = o.member("kind", optional: true) == nil && o.member("appleDocumented", optional: true) != nil
        if older {
            kind = o.bool("appleDocumented").map { $0 ? .appleDocumented : .reported }
        } else if let name = o.string("kind") {
            kind = Source.Kind(rawValue: name)
            if kind == nil {
                let kinds = Source.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                o.report("kind", o.member("kind")!, "unknown source kind '\(name)'; expected one of \(kinds)")
            }
        }
        let needs = older ? nil : kind, address = o.string("address", optional: needs != .appleDocumented)
        let references = o.list("references", optional: needs != .reported) { NodeReader.text($0, path: $1, sink: o.sink, plainIn: ids) }
        if needs == .reported, references.isEmpty, let list = o.member("references", optional: true) {
            o.report("references", list, "a reported source lists at least one report")
        }
        let basedOn = o.strings("basedOn", optional: needs != .expected), observed = needs == .observed
        let device = o.text("device", optional: !observed, plainIn: ids), os = o.text("os", optional: !observed, plainIn: ids)
        let saw = o.object("saw", optional: true) { s in
            Scope(
                cells: selection(s, naming), taps: nonEmptyStrings(s, "taps", "lists none; leave it out for all"),
                runsOn: s.string("runsOn") ?? "unstated", beyond: s.text("beyond", optional: true))
        }
        guard let id, let kind, let platforms, let title, let caveat else { return nil }
        return Source(
            id: id, kind: kind, declaresKind: !older, address: address, references: references, basedOn: basedOn, device: device, os: os,
            saw: saw, short: o.text("short", optional: true), platforms: platforms, title: title, caveat: caveat, origin: o.origin)
    }

    private static func swiftFiles(_ o: NodeReader) -> SwiftFiles {
        func files(_ key: String, optional: Bool = false) -> [SwiftFiles.File] {
            o.objects(key, optional: optional) { f in
                let template = f.string("template"), file = f.string("file")
                guard let template, let file else { return nil }
                return .init(template: template, file: file, origin: f.origin)
            }
        }
        return SwiftFiles(sources: files("sources"), tests: files("tests"), probe: files("probe", optional: true))
    }

    /// `"process": "extension"` for a handler that runs in an app extension; `"app"` is the default.
    private static func process(_ o: NodeReader) -> Bool {
        guard let member = o.member("process", optional: true), let value = o.string("process") else { return false }
        if value != "app" && value != "extension" { o.report("process", member, "unknown process '\(value)'; expected app or extension") }
        return value == "extension"
    }
}
