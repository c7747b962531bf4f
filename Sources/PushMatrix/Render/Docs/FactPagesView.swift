/// The pages of facts beside the matrix: the reception handler's duties, notification
/// permission, and the call order when a tap opens the app.
extension DocsView {
    func receptionHandler() -> TemplateValue {
        let facts = spec.receptionHandler
        return common(page: "reception-handler", title: "receptionHandlerTitle").merging([
            "whenCalled": whenCalled(facts.handler.id),
            "rules": rules(facts.rules),
            "deadlineText": .inline(book.phrase("fetchResultsIntro", ["deadline": .text(String(facts.completionDeadlineSeconds))])),
            "fetchResults": .list(facts.fetchResults.map { result in
                .object(["swift": .inline(.code(result.swift)), "objc": .inline(.code(result.objc)), "meaning": .inline(book.text(result.meaning))])
            }),
            "sources": .list([source(matrix.sources[facts.source.id]!)]),
        ])
    }

    func permission() -> TemplateValue {
        let facts = spec.permission
        return common(page: "permission", title: "permissionTitle").merging([
            "statuses": .list(facts.statuses.map { status in
                .object(["id": .inline(.code(status.id)), "meaning": .inline(book.text(status.meaning)), "response": .inline(book.text(status.response))])
            }),
            "checkPoints": .list(facts.checkPoints.map { point in
                let only = point.api.map { book.phrase("onlyFor", ["api": book.name(matrix.initAPIs[$0.id]!.name)]) }
                return .object(["method": .inline(.code(matrix.symbols[point.symbol.id] ?? point.symbol.id)), "only": .inline(only ?? Inline([]))])
            }),
            "apis": .list(facts.apis.map { api in
                .object([
                    "name": .inline(book.name(matrix.initAPIs[api.api.id]!.name)),
                    "read": .inline(.code(matrix.symbols[api.read.id] ?? "")),
                    "request": .inline(.code(matrix.symbols[api.request.id] ?? "")),
                    "switchOn": .inline(.code("switch " + api.switchOn)),
                    "cases": .list(api.cases.map { .object(["pattern": .inline(.code($0.pattern)), "status": .inline(.code($0.status.id))]) }),
                    "rules": rules(api.rules),
                ])
            }),
            "sources": .list([source(matrix.sources[facts.source.id]!)]),
        ])
    }

    func callOrder() -> TemplateValue {
        let facts = spec.callOrder
        return common(page: "call-order", title: "callOrderTitle").merging([
            "steps": .list(facts.tapOpensApp.map { step in
                .object(["method": .inline(.code(matrix.symbols[step.symbol.id] ?? step.symbol.id)), "text": .inline(book.text(step.text))])
            }),
            "rules": rules(facts.rules),
            "sources": .list([source(matrix.sources[facts.source.id]!)]),
        ])
    }

    private func rules(_ rules: [Rule]) -> TemplateValue {
        .list(rules.map { .object(["id": .verbatim($0.id), "text": .inline(book.text($0.text))]) })
    }

    /// The matrix read for one handler: per init API and state, the app states and taps that
    /// lead there.
    private func whenCalled(_ handler: String) -> TemplateValue {
        // Sites and ways are few, scenarios many: each way is told once, then looked up.
        struct Site: Hashable { let api: String, state: String? }
        struct Way: Hashable { let appState: String, tap: String?, missing: String? }
        struct Reach: Hashable { let site: Site, way: Way }
        var sites: [Site] = []
        var seen = Set<Reach>()
        var ways: [Site: [Way]] = [:]
        var told: [Way: Inline] = [:]
        for scenario in matrix.scenarios {
            for step in scenario.steps where step.handler == handler {
                let site = Site(api: scenario.api, state: step.state)
                let way = Way(appState: scenario.appState, tap: step.event.isDelivery ? nil : scenario.tap, missing: scenario.missing.first)
                if ways[site] == nil { sites.append(site) }
                guard seen.insert(Reach(site: site, way: way)).inserted else { continue }
                if told[way] == nil { told[way] = tell(way.appState, way.tap, way.missing) }
                // The same words may tell two ways apart in name only; each is listed once.
                if !ways[site, default: []].contains(where: { told[$0] == told[way] }) { ways[site, default: []].append(way) }
            }
        }
        return .list(sites.map { site in
            .object([
                "api": .inline(book.name(matrix.initAPIs[site.api]!.name)),
                "state": .inline(site.state.flatMap { matrix.handlerStates[$0] }.map { .code($0.swift) } ?? Inline([])),
                "ways": .list(ways[site]!.map { .inline(told[$0]!) }),
            ])
        })
    }

    /// How a handler comes to be called: in an app state, on arrival or after a tap, and
    /// perhaps only when the app lacks another handler.
    private func tell(_ appState: String, _ tap: String?, _ missing: String?) -> Inline {
        var way = book.name(matrix.appStates[appState]!.name) + .text(", ")
        way = way + (tap.map { book.phrase("afterTap", ["tap": book.name(matrix.taps[$0]!.name)]) } ?? text("onArrival"))
        if let missing {
            way = way + .text(" (") + book.phrase("onlyWithout", ["handler": book.name(matrix.handlers[missing]!.name)]) + .text(")")
        }
        return way
    }
}
