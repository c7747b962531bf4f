/// Turns the parsed JSON document into a `Spec`, reporting wrong types, missing and unknown keys.
/// It checks shape only; what the values mean is the validator's job.
enum SpecDecoder {
    static func decode(_ root: JSONNode, file: String, sink: DiagnosticSink) -> Spec? {
        guard let r = NodeReader.object(root, path: "", sink: sink) else { return nil }
        defer { r.finish() }
        _ = r.member("$schema", optional: true)  // lets editors find the JSON Schema
        let specVersion = r.integer("specVersion")
        if let specVersion, specVersion != 1 {
            sink.error(r.member("specVersion")?.location, "specVersion", "unsupported spec version \(specVersion); this pushmatrix reads version 1")
        }
        let spec = Spec(
            file: file,
            languages: r.objects("languages") { o in
                guard let id = o.string("id"), let name = o.string("name"), let marker = o.string("footnoteMarker") else { return nil }
                return Language(id: id, name: name, footnoteMarker: marker, origin: o.origin)
            },
            sources: r.objects("sources") { o in
                guard let id = o.string("id"), let documented = o.bool("appleDocumented"), let platforms = o.string("platforms"),
                      let title = o.text("title"), let caveat = o.text("caveat") else { return nil }
                return Source(id: id, appleDocumented: documented, platforms: platforms, title: title, caveat: caveat, origin: o.origin)
            },
            symbols: r.entries("symbols").compactMap { key, value, path in
                NodeReader.string(value, path: path, sink: sink).map { Symbol(name: key, code: $0, origin: Origin(path: path, location: value.location)) }
            },
            payloadKeys: r.objects("payloadKeys") { o in
                guard let id = o.string("id"), let name = o.text("name"), let apns = o.object("apns") else { return nil }
                defer { apns.finish() }
                guard let key = apns.string("key") else { return nil }
                return PayloadKey(id: id, name: name, makesVisible: o.bool("makesVisible", default: false) ?? false,
                                  apnsKey: key, presentWhen: apns.strings("presentWhen"), origin: o.origin)
            },
            initAPIs: r.objects("initAPIs") { o in
                guard let id = o.string("id"), let name = o.text("name"), let className = o.string("className"),
                      let platforms = o.string("platforms"), let description = o.text("description") else { return nil }
                return InitAPI(id: id, name: name, className: className, platforms: platforms, description: description, origin: o.origin)
            },
            appStates: r.objects("appStates") { o in
                guard let id = o.string("id"), let running = o.bool("running"), let name = o.text("name"), let description = o.text("description") else { return nil }
                return AppState(id: id, name: name, description: description, running: running, notes: o.strings("notes", optional: true), origin: o.origin)
            },
            handlerStates: r.objects("handlerStates") { o in
                guard let id = o.string("id"), let swift = o.string("swift"), let objc = o.string("objc"), let description = o.text("description") else { return nil }
                return HandlerState(id: id, swift: swift, objc: objc, description: description, origin: o.origin)
            },
            handlers: r.objects("handlers") { o in
                guard let id = o.string("id"), let hasState = o.bool("hasState"), let launches = o.bool("launchesApp"), let optional = o.bool("optional"),
                      let name = o.text("name"), let description = o.text("description") else { return nil }
                let methods: [MethodName] = o.entries("methods").compactMap { api, value, path in
                    guard let m = NodeReader.object(value, path: path, sink: sink) else { return nil }
                    defer { m.finish() }
                    guard let swift = m.string("swift"), let objc = m.string("objc") else { return nil }
                    return MethodName(api: Reference(id: api, origin: m.origin), swift: swift, objc: objc)
                }
                return Handler(id: id, name: name, description: description, hasState: hasState, launchesApp: launches, optional: optional, methods: methods, origin: o.origin)
            },
            taps: r.objects("taps") { o in
                guard let id = o.string("id"), let name = o.text("name") else { return nil }
                return Tap(id: id, name: name, requires: o.strings("requires"), origin: o.origin)
            },
            notes: r.objects("notes") { o in
                guard let id = o.string("id"), let text = o.text("text"), let source = o.identifier("source") else { return nil }
                let fallback: Fallback? = o.object("whenMissing", optional: true).flatMap { f in
                    defer { f.finish() }
                    guard let handler = f.identifier("handler"), let instead = f.object("instead").flatMap({ c in defer { c.finish() }; return call(c) }) else { return nil }
                    return Fallback(handler: handler, instead: instead)
                }
                return Note(id: id, text: text, source: source, whenMissing: fallback, origin: o.origin)
            },
            phrases: texts(r, "phrases", sink),
            texts: texts(r, "texts", sink),
            designCases: r.objects("designCases") { o in
                guard let id = o.string("id"), let title = o.text("title"), let text = o.text("text"), let cell = o.object("cell").flatMap(address) else { return nil }
                return DesignCase(id: id, title: title, text: text, cell: cell, origin: o.origin)
            },
            receptionHandler: receptionHandler(r.object("receptionHandler")),
            permission: permission(r.object("permission")),
            callOrder: callOrder(r.object("callOrder")),
            cells: r.objects("cells", cell)
        )
        return sink.hasErrors ? nil : spec
    }

    private static func texts(_ r: NodeReader, _ key: String, _ sink: DiagnosticSink) -> [String: LocalizedText] {
        var result: [String: LocalizedText] = [:]
        for (name, value, path) in r.entries(key) {
            if let text = NodeReader.text(value, path: path, sink: sink) { result[name] = text }
        }
        return result
    }

    /// Reads a call; the caller finishes the reader (so unknown keys are reported once).
    private static func call(_ o: NodeReader) -> Call? {
        guard let handler = o.identifier("handler") else { return nil }
        let state = o.member("state", optional: true) == nil ? nil : o.identifier("state")
        return Call(handler: handler, state: state, notes: o.strings("notes", optional: true), origin: o.origin)
    }

    private static func payload(_ o: NodeReader) -> [(key: Reference, value: Bool)] {
        o.entries("payload").compactMap { key, value, path in
            let origin = Origin(path: path, location: value.location)
            guard case .bool(let flag) = value.value else {
                o.report(origin, "expected true or false, found \(value.typeName)")
                return nil
            }
            return (Reference(id: key, origin: origin), flag)
        }
    }

    private static func address(_ o: NodeReader) -> CellAddress? {
        defer { o.finish() }
        let payload = payload(o)
        guard let api = o.identifier("api"), let appState = o.identifier("appState") else { return nil }
        return CellAddress(payload: payload, api: api, appState: appState, origin: o.origin)
    }

    private static func cell(_ o: NodeReader) -> Cell? {
        let payload = payload(o)
        let taps: [(tap: Reference, calls: [Call])] = o.entries("taps").map { key, value, path in
            let calls = o.objects(in: value, path: path, call)
            return (Reference(id: key, origin: Origin(path: path, location: value.location)), calls)
        }
        guard let api = o.identifier("api"), let appState = o.identifier("appState"),
              let notificationCenter = o.bool("notificationCenter"), let ignored = o.bool("ignored"),
              let source = o.identifier("source") else { return nil }
        return Cell(payload: payload, api: api, appState: appState,
                    onDelivery: o.objects("onDelivery", call), notificationCenter: notificationCenter, taps: taps,
                    ignored: ignored, notes: o.strings("notes", optional: true), source: source, origin: o.origin)
    }

    private static func rules(_ o: NodeReader) -> [Rule] {
        o.objects("rules") { r in
            guard let id = r.string("id"), let text = r.text("text") else { return nil }
            return Rule(id: id, text: text, origin: r.origin)
        }
    }

    private static let missing = Reference(id: "", origin: Origin(path: "", location: SourceLocation(line: 1, column: 1)))

    private static func receptionHandler(_ o: NodeReader?) -> ReceptionHandlerFacts {
        defer { o?.finish() }
        return ReceptionHandlerFacts(
            source: o?.identifier("source") ?? missing,
            completionDeadlineSeconds: o?.integer("completionDeadlineSeconds") ?? 0,
            fetchResults: o?.objects("fetchResults") { f in
                guard let id = f.string("id"), let swift = f.string("swift"), let objc = f.string("objc"), let meaning = f.text("meaning") else { return nil }
                return .init(id: id, swift: swift, objc: objc, meaning: meaning, origin: f.origin)
            } ?? [],
            rules: o.map(rules) ?? [])
    }

    private static func permission(_ o: NodeReader?) -> PermissionFacts {
        defer { o?.finish() }
        return PermissionFacts(
            source: o?.identifier("source") ?? missing,
            statuses: o?.objects("statuses") { s in
                guard let id = s.string("id"), let meaning = s.text("meaning"), let response = s.text("response") else { return nil }
                return .init(id: id, meaning: meaning, response: response, origin: s.origin)
            } ?? [],
            checkPoints: o?.objects("checkPoints") { c in
                guard let symbol = c.identifier("symbol") else { return nil }
                return .init(symbol: symbol, api: c.member("api", optional: true) == nil ? nil : c.identifier("api"))
            } ?? [],
            apis: o?.objects("apis") { a in
                guard let api = a.identifier("api"), let read = a.identifier("read"), let request = a.identifier("request") else { return nil }
                return .init(api: api, read: read, request: request, rules: rules(a))
            } ?? [])
    }

    private static func callOrder(_ o: NodeReader?) -> CallOrderFacts {
        defer { o?.finish() }
        return CallOrderFacts(
            source: o?.identifier("source") ?? missing,
            tapOpensApp: o?.objects("tapOpensApp") { s in
                guard let symbol = s.identifier("symbol"), let text = s.text("text") else { return nil }
                return .init(symbol: symbol, text: text)
            } ?? [],
            rules: o.map(rules) ?? [])
    }
}
