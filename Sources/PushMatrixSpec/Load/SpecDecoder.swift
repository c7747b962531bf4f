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
            payloadKeys: document.objects("payloadKeys", payloadKey), setups: document.objects(naming.list) { setup($0, naming, ids) },
            naming: naming,
            appStates: document.objects("appStates", appState), handlerStates: document.objects("handlerStates", handlerState),
            handlers: document.objects("handlers", handler), taps: document.objects("taps", tap),
            notes: document.objects("notes") { note($0, naming) },
            conditions: document.objects("conditions", optional: true) { condition($0, naming) },
            phrases: OlderNames.phrases(texts(document, "phrases", sink)), phrasesOrigin: phrasesOrigin,
            texts: OlderNames.texts(texts(document, "texts", sink)),
            glossary: document.objects("glossary", optional: true) { glossaryEntry($0, sink) },
            designCases: document.objects("designCases") { designCase($0, naming) },
            receptionHandler: document.object("receptionHandler", receptionHandler)
                ?? ReceptionHandlerFacts(source: missing, handler: missing, completionDeadlineSeconds: 0, fetchResults: [], rules: []),
            permission: document.object("permission", optional: true) { permission($0, naming) },
            callOrder: document.object("callOrder", optional: true, callOrder),
            setupGuide: document.object("setupGuide", optional: true, setupGuide),
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

    /// The file's keys by its form: `setups`, or the older `initAPIs`. The newer wins when a spec gives both, and the
    /// older is then reported as unknown.
    private static func naming(_ document: NodeReader) -> SetupNaming {
        guard document.member("setups", optional: true) != nil || document.member("initAPIs", optional: true) == nil else { return .older }
        return .current
    }

    private static func language(_ reader: NodeReader) -> Language? {
        let id = reader.string("id")
        let name = reader.string("name")
        let marker = reader.string("footnoteMarker")
        guard let id, let name, let marker else { return nil }
        return Language(id: id, name: name, footnoteMarker: marker, origin: reader.origin)
    }

    private static func payloadKey(_ reader: NodeReader) -> PayloadKey? {
        let id = reader.string("id")
        let name = reader.text("name")
        let makesVisible = reader.bool("makesVisible", default: false) ?? false
        let apns = reader.object("apns") { apns in (key: apns.string("key"), presentWhen: apns.strings("presentWhen")) }
        let requires = reader.strings("requires", optional: true)
        guard let id, let name, let key = apns?.key else { return nil }
        return PayloadKey(
            id: id, name: name, makesVisible: makesVisible, apnsKey: key, presentWhen: apns?.presentWhen ?? [], requires: requires,
            origin: reader.origin)
    }

    private static func setup(_ reader: NodeReader, _ naming: SetupNaming, _ ids: [String]) -> Setup? {
        let id = reader.string("id")
        let name = reader.text("name")
        let className = reader.string("className", optional: naming.list == SetupNaming.current.list)
        let platforms = reader.text("platforms", plainIn: ids)
        let description = reader.text("description")
        guard let id, let name, let platforms, let description else { return nil }
        return Setup(id: id, name: name, className: className, platforms: platforms, description: description, origin: reader.origin)
    }

    private static func appState(_ reader: NodeReader) -> AppState? {
        let id = reader.string("id")
        let running = reader.bool("running")
        let launchesInBackground = reader.bool("launchesInBackground", default: false) ?? false
        let name = reader.text("name")
        let description = reader.text("description")
        let notes = reader.strings("notes", optional: true)
        guard let id, let running, let name, let description else { return nil }
        return AppState(
            id: id, name: name, description: description, running: running, launchesInBackground: launchesInBackground,
            notes: notes, origin: reader.origin)
    }

    private static func handlerState(_ reader: NodeReader) -> HandlerState? {
        let id = reader.string("id")
        let swift = reader.string("swift")
        let objc = reader.string("objc")
        let description = reader.text("description")
        guard let id, let swift, let objc, let description else { return nil }
        return HandlerState(id: id, swift: swift, objc: objc, description: description, origin: reader.origin)
    }

    private static func handler(_ reader: NodeReader) -> Handler? {
        let id = reader.string("id")
        let hasState = reader.bool("hasState")
        let launches = reader.bool("launchesApp")
        let optional = reader.bool("optional")
        let inExtension = process(reader)
        let carriesTap = reader.bool("carriesTap", default: false) ?? false
        let name = reader.text("name")
        let description = reader.text("description")
        let methods: [MethodName] = reader.entries("methods") { setup, value, origin in
            guard let method = NodeReader.object(value, path: origin.path, sink: reader.sink) else { return nil }
            defer { method.finish() }
            let swift = method.string("swift")
            let objc = method.string("objc")
            let handsNotification = method.bool("handsNotification", default: false) ?? false
            guard let swift, let objc else { return nil }
            return MethodName(setup: Reference(id: setup, origin: origin), swift: swift, objc: objc, handsNotification: handsNotification)
        }
        guard let id, let hasState, let launches, let optional, let name, let description else { return nil }
        return Handler(
            id: id, name: name, description: description, hasState: hasState, launchesApp: launches, optional: optional,
            inExtension: inExtension, carriesTap: carriesTap, methods: methods, origin: reader.origin)
    }

    private static func tap(_ reader: NodeReader) -> Tap? {
        let id = reader.string("id")
        let name = reader.text("name")
        let requires = reader.strings("requires")
        let opensApp = reader.bool("opensApp", default: true) ?? true
        let touches = reader.bool("touchesNotification", default: true) ?? true
        guard let id, let name else { return nil }
        return Tap(id: id, name: name, requires: requires, opensApp: opensApp, touchesNotification: touches, origin: reader.origin)
    }

    private static func note(_ reader: NodeReader, _ naming: SetupNaming) -> Note? {
        let id = reader.string("id")
        let text = reader.text("text")
        let source = reader.identifier("source")
        let moreSources = reader.strings("moreSources", optional: true)
        let setups = nonEmptyStrings(
            reader, naming.noteKey, "lists no \(naming.words); leave \"\(naming.noteKey)\" out for a note about every \(naming.words)")
        let keys = nonEmptyStrings(
            reader, "onlyWithAPNsKeys", "lists no APNs key; leave \"onlyWithAPNsKeys\" out for a note that sets no condition")
        let fallback: Fallback? = reader.object("whenMissing", optional: true) { whenMissing in
            let handler = whenMissing.identifier("handler")
            let instead = whenMissing.object("instead", call)
            let text = whenMissing.text("text", optional: true)
            guard let handler, let instead else { return nil }
            return Fallback(handler: handler, instead: instead, text: text)
        }
        guard let id, let text, let source else { return nil }
        return Note(
            id: id, text: text, source: source, moreSources: moreSources, setups: setups, onlyWithAPNsKeys: keys, whenMissing: fallback,
            origin: reader.origin)
    }

    private static func condition(_ reader: NodeReader, _ naming: SetupNaming) -> Condition? {
        let id = reader.string("id")
        let name = reader.text("name")
        let text = reader.text("text")
        let howToSet = reader.text("howToSet")
        let appliesTo = reader.object("appliesTo") { selection($0, naming) }
        let changes = reader.objects("changes", optional: true) { change -> Condition.CallChange? in
            let effect = change.identifier("effect")
            let handler = change.identifier("handler", optional: true)
            let state = change.identifier("state", optional: true)
            let at = change.identifier("at", optional: true)
            guard let effect else { return nil }
            guard let known = Condition.Effect(rawValue: effect.id) else {
                let effects = Condition.Effect.allCases.map(\.rawValue)
                change.sink.error(
                    effect.origin,
                    "unknown effect '\(effect.id)'" + Suggestion.didYouMean(effect.id, in: effects) + "; expected one of "
                        + effects.map { "'\($0)'" }.joined(separator: ", "))
                return nil
            }
            return Condition.CallChange(effect: known, handler: handler, state: state, at: at, origin: change.origin)
        }
        let sources = reader.strings("sources")
        guard let id, let name, let text, let howToSet, let appliesTo else { return nil }
        return Condition(
            id: id, name: name, text: text, howToSet: howToSet, appliesTo: appliesTo, changes: changes, sources: sources,
            origin: reader.origin)
    }

    /// A selection of cells; an empty list of setups or app states is refused, as selecting none.
    private static func selection(_ reader: NodeReader, _ naming: SetupNaming) -> CellSelection {
        let none = "lists none; leave it out for all"
        return CellSelection(
            payload: payload(reader, optional: true), setups: nonEmptyStrings(reader, naming.noteKey, none),
            appStates: nonEmptyStrings(reader, "appStates", none))
    }

    private static func designCase(_ reader: NodeReader, _ naming: SetupNaming) -> DesignCase? {
        let id = reader.string("id")
        let title = reader.text("title")
        let text = reader.text("text")
        let cell = reader.object("cell") { address($0, naming) }
        guard let id, let title, let text, let cell else { return nil }
        return DesignCase(id: id, title: title, text: text, cell: cell, origin: reader.origin)
    }

    private static func relatedMatrix(_ reader: NodeReader) -> RelatedMatrix? {
        let name = reader.text("name")
        let description = reader.text("description")
        let href = reader.text("href")
        guard let name, let description, let href else { return nil }
        return RelatedMatrix(name: name, description: description, href: href, origin: reader.origin)
    }

    private static func texts(_ document: NodeReader, _ key: String, _ sink: DiagnosticSink) -> [String: LocalizedText] {
        let texts = document.entries(key) { name, value, origin in NodeReader.text(value, path: origin.path, sink: sink).map { (name, $0) }
        }
        return Dictionary(uniqueKeysWithValues: texts)  // `entries` has dropped any key written twice
    }

    /// An optional list of strings that, when given, may not be empty (`empty` says why).
    private static func nonEmptyStrings(_ reader: NodeReader, _ key: String, _ empty: String) -> [Reference]? {
        reader.member(key, optional: true).map { list in
            let strings = reader.strings(key)
            if case .array(let items) = list.value, items.isEmpty { reader.report(key, list, empty) }
            return strings
        }
    }

    /// Reads a call; the caller finishes the reader (so unknown keys are reported once).
    private static func call(_ reader: NodeReader) -> Call? {
        let handler = reader.identifier("handler")
        let state = reader.identifier("state", optional: true)
        let notes = reader.strings("notes", optional: true)
        let without = reader.bool("withoutNotification", default: false) ?? false
        guard let handler else { return nil }
        return Call(handler: handler, state: state, notes: notes, bringsNotification: !without, origin: reader.origin)
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

    private static func address(_ reader: NodeReader, _ naming: SetupNaming) -> CellAddress? {
        let payload = payload(reader)
        let setup = reader.identifier(naming.cellKey)
        let appState = reader.identifier("appState")
        guard let setup, let appState else { return nil }
        return CellAddress(payload: payload, setup: setup, appState: appState, origin: reader.origin)
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
        let id = reader.string("id")
        let term = reader.text("term")
        let meaning = reader.text("meaning")
        let variants = byLanguage("variants")
        let allowed = byLanguage("allowed")
        guard let id, let term, let meaning else { return nil }
        return GlossaryEntry(id: id, term: term, meaning: meaning, variants: variants, allowed: allowed, origin: reader.origin)
    }

    private static func path(_ reader: NodeReader) -> CellPath? {
        let onDelivery = reader.member("onDelivery", optional: true).map {
            reader.objects(in: $0, path: reader.childPath("onDelivery"), call)
        }
        let taps = taps(reader, optional: true)
        let source = reader.identifier("source")
        let seenOn = reader.string("seenOn", optional: true)
        let extrapolated = reader.bool("extrapolated", default: false) ?? false
        guard let source else { return nil }
        return CellPath(
            onDelivery: onDelivery, taps: taps, source: source, seenOn: seenOn, extrapolated: extrapolated, origin: reader.origin)
    }

    private static func cell(_ reader: NodeReader, _ naming: SetupNaming) -> Cell? {
        let payload = payload(reader)
        let taps = taps(reader)
        let setup = reader.identifier(naming.cellKey)
        let appState = reader.identifier("appState")
        let notificationCenter = reader.bool("notificationCenter")
        let ignored = reader.bool("ignored")
        let source = reader.identifier("source")
        let onDelivery = reader.objects("onDelivery", call)
        let notes = reader.strings("notes", optional: true)
        let seenOn = reader.string("seenOn", optional: true)
        let paths = reader.objects("paths", optional: true, path)
        guard let setup, let appState, let notificationCenter, let ignored, let source else { return nil }
        return Cell(
            payload: payload, setup: setup, appState: appState, onDelivery: onDelivery, notificationCenter: notificationCenter,
            taps: taps, ignored: ignored, notes: notes, source: source, seenOn: seenOn, paths: paths, origin: reader.origin)
    }

    private static func rules(_ reader: NodeReader) -> [Rule] {
        reader.objects("rules") { document in
            let id = document.string("id")
            let text = document.text("text")
            guard let id, let text else { return nil }
            return Rule(id: id, text: text, origin: document.origin)
        }
    }

    private static let missing = Reference(id: "", origin: Origin(path: "", location: SourceLocation(line: 1, column: 1)))

    private static func receptionHandler(_ reader: NodeReader) -> ReceptionHandlerFacts {
        ReceptionHandlerFacts(
            source: reader.identifier("source") ?? missing,
            handler: reader.identifier("handler") ?? missing,
            completionDeadlineSeconds: reader.integer("completionDeadlineSeconds") ?? 0,
            fetchResults: reader.objects("fetchResults") { result in
                let id = result.string("id")
                let swift = result.string("swift")
                let objc = result.string("objc")
                let meaning = result.text("meaning")
                guard let id, let swift, let objc, let meaning else { return nil }
                return .init(id: id, swift: swift, objc: objc, meaning: meaning, origin: result.origin)
            },
            rules: rules(reader))
    }

    private static func permission(_ reader: NodeReader, _ naming: SetupNaming) -> PermissionFacts {
        PermissionFacts(
            source: reader.identifier("source") ?? missing,
            statuses: reader.objects("statuses") { status in
                let id = status.string("id")
                let meaning = status.text("meaning")
                let response = status.text("response")
                guard let id, let meaning, let response else { return nil }
                return .init(id: id, meaning: meaning, response: response, origin: status.origin)
            },
            checkPoints: reader.objects("checkPoints") { point in
                let symbol = point.identifier("symbol")
                let setup = point.identifier(naming.cellKey, optional: true)
                guard let symbol else { return nil }
                return .init(symbol: symbol, setup: setup)
            },
            setups: reader.objects(naming.noteKey) { way in
                let setup = way.identifier(naming.cellKey)
                let read = way.identifier("read")
                let request = way.identifier("request")
                let switchOn = way.string("switchOn")
                let cases: [PermissionFacts.Way.Case] = way.objects("cases") { item in
                    let pattern = item.string("pattern")
                    let status = item.identifier("status")
                    guard let pattern, let status else { return nil }
                    return .init(pattern: pattern, status: status)
                }
                let rules = rules(way)
                guard let setup, let read, let request, let switchOn else { return nil }
                return .init(setup: setup, read: read, request: request, switchOn: switchOn, cases: cases, rules: rules)
            })
    }

    private static func callOrder(_ reader: NodeReader) -> CallOrderFacts {
        CallOrderFacts(
            source: reader.identifier("source") ?? missing,
            tapOpensApp: reader.objects("tapOpensApp") { observed in
                let symbol = observed.identifier("symbol")
                let text = observed.text("text")
                guard let symbol, let text else { return nil }
                return .init(symbol: symbol, text: text)
            },
            rules: rules(reader))
    }

    private static func setupGuide(_ reader: NodeReader) -> SetupGuide? {
        let intro = reader.text("intro")
        let sections: [SetupGuide.Section] = reader.objects("sections") { section in
            let id = section.string("id")
            let heading = section.text("heading")
            let paragraphs: [LocalizedText] = section.list("paragraphs") { node, path in
                NodeReader.text(node, path: path, sink: section.sink)
            }
            let code = section.string("code", optional: true)
            let sources = section.strings("sources")
            guard let id, let heading else { return nil }
            return .init(id: id, heading: heading, paragraphs: paragraphs, code: code, sources: sources, origin: section.origin)
        }
        guard let intro else { return nil }
        return SetupGuide(intro: intro, sections: sections)
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
        let saw = reader.object("saw", optional: true) { scope in
            Scope(
                cells: selection(scope, naming), taps: nonEmptyStrings(scope, "taps", "lists none; leave it out for all"),
                runsOn: scope.string("runsOn") ?? "unstated", beyond: scope.text("beyond", optional: true))
        }
        guard let id, let kind, let platforms, let title, let caveat else { return nil }
        return Source(
            id: id, kind: kind, declaresKind: !older, address: address, references: references, basedOn: basedOn, device: device, os: os,
            saw: saw, short: reader.text("short", optional: true), platforms: platforms, title: title, caveat: caveat, origin: reader.origin
        )
    }

    private static func swiftFiles(_ reader: NodeReader) -> SwiftFiles {
        func files(_ key: String, optional: Bool = false) -> [SwiftFiles.File] {
            reader.objects(key, optional: optional) { entry in
                let template = entry.string("template")
                let file = entry.string("file")
                guard let template, let file else { return nil }
                return .init(template: template, file: file, origin: entry.origin)
            }
        }
        return SwiftFiles(
            sources: files("sources"), testSupport: files("testSupport", optional: true), tests: files("tests"),
            probe: files("probe", optional: true))
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
