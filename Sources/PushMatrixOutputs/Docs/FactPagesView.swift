import PushMatrixModel
import PushMatrixSpec

/// The pages of facts beside the matrix: the reception handler's duties, notification
/// permission, and the call order when a tap opens the app.
extension DocsView {
    package func receptionHandler(_ facts: ReceptionHandlerFacts) -> TemplateValue {
        common(page: "reception-handler", title: "receptionHandlerTitle").merging([
            "whenCalled": whenCalled(facts.handler.id),
            "rules": rules(facts.rules),
            "deadlineText": .inline(book.phrase("fetchResultsIntro", ["deadline": .text(String(facts.completionDeadlineSeconds))])),
            "fetchResults": .list(
                facts.fetchResults.map { result in
                    .object([
                        "swift": .inline(.code(result.swift)), "objc": .inline(.code(result.objc)),
                        "meaning": .inline(book.text(result.meaning)),
                    ])
                }),
            "sources": .list([source(matrix.sources[facts.source.id]!)]),
        ])
    }

    package func permission(_ facts: PermissionFacts) -> TemplateValue {
        return common(page: "permission", title: "permissionTitle").merging([
            "statuses": .list(
                facts.statuses.map { status in
                    .object([
                        "id": .inline(.code(status.id)), "meaning": .inline(book.text(status.meaning)),
                        "response": .inline(book.text(status.response)),
                    ])
                }),
            "checkPoints": .list(
                facts.checkPoints.map { point in
                    let only = point.setup.map { book.phrase("onlyFor", ["setup": book.name(matrix.setups[$0.id]!.name)]) }
                    return .object([
                        "method": .inline(.code(matrix.symbols[point.symbol.id] ?? point.symbol.id)), "only": .inline(only ?? Inline([])),
                    ])
                }),
            "setups": .list(
                facts.setups.map { setup in
                    .object([
                        "name": .inline(book.name(matrix.setups[setup.setup.id]!.name)),
                        "read": .inline(.code(matrix.symbols[setup.read.id] ?? "")),
                        "request": .inline(.code(matrix.symbols[setup.request.id] ?? "")),
                        "switchOn": .inline(.code("switch " + setup.switchOn)),
                        "cases": .list(
                            setup.cases.map { .object(["pattern": .inline(.code($0.pattern)), "status": .inline(.code($0.status.id))]) }),
                        "rules": rules(setup.rules),
                    ])
                }),
            "sources": .list([source(matrix.sources[facts.source.id]!)]),
        ])
    }

    /// What each tap calls, per setup, read from the cells; then the facts only the call order's own source gives,
    /// under that source.
    package func callOrder() -> TemplateValue {
        let facts = spec.callOrder
        let observed = facts.map { facts in
            TemplateValue.object([
                "hasSteps": .bool(!facts.tapOpensApp.isEmpty),
                "steps": .list(
                    facts.tapOpensApp.map { step in
                        .object([
                            "method": .inline(.code(matrix.symbols[step.symbol.id] ?? step.symbol.id)),
                            "text": .inline(book.text(step.text)),
                        ])
                    }),
                "hasRules": .bool(!facts.rules.isEmpty), "rules": rules(facts.rules),
                "sources": .list([source(matrix.sources[facts.source.id]!)]),
            ])
        }
        let footnotes = Footnotes(book: book, section: "tap-order")
        let setups: [TemplateValue] = spec.setups.indices.map { setup in
            let id = spec.setups[setup].id
            return .object([
                "id": .verbatim(Identifier.hyphenated(id)), "name": .inline(book.name(spec.setups[setup].name)),
                "ways": .list(
                    matrix.tapOrders(setup: setup).map { order in
                        .object([
                            "label": .inline(
                                tell(order.appStates, order.tap, nil, payloads: order.payloads)
                                    + (order.laterPath.map { book.phrase("otherPathSeparator") + book.pathLabel(nil, $0) } ?? Inline([]))),
                            "steps": .list(
                                order.calls.map { call in
                                    let method = matrix.handlers[call.handler.id]!.methods.first { $0.setup.id == id }?.swift ?? ""
                                    return .object([
                                        "method": .inline(.code(method)), "call": .inline(book.call(call)),
                                        "markers": footnotes.markers(call.notes.map(\.id)),
                                    ])
                                }),
                        ])
                    }),
            ])
        }
        let sources = spec.cells.filter { !$0.taps.isEmpty }.flatMap { [$0.source.id] + $0.paths.map(\.source.id) }
        return common(page: "call-order", title: "callOrderTitle").merging(footnoted(footnotes, sources: sources)).merging([
            "setups": .list(setups), "hasObserved": .bool(observed != nil), "observed": observed ?? .list([]),
        ])
    }

    private func rules(_ rules: [Rule]) -> TemplateValue {
        .list(rules.map { .object(["id": .verbatim($0.id), "text": .inline(book.text($0.text))]) })
    }

    /// The matrix read for one handler: per setup and state, the app states and taps that lead there.
    private func whenCalled(_ handler: String) -> TemplateValue {
        // A way (an app state and a tap) is told "only without" a handler when every scenario that reaches it at the
        // site lacks that handler; the same way with the handler present is the same way, told once.
        struct Site: Hashable { let setup: String, state: String? }
        struct Way: Hashable { let appState: String, tap: String? }
        var sites: [Site] = []
        var ways: [Site: [Way]] = [:]
        var lacking: [Site: [Way: [String]]] = [:]  // the handlers every scenario reaching the way lacks
        for scenario in matrix.scenarios {
            for step in scenario.steps where step.handler == handler {
                let site = Site(setup: scenario.setup, state: step.state)
                let way = Way(appState: scenario.appState, tap: step.event.isDelivery ? nil : scenario.tap)
                if ways[site] == nil { sites.append(site) }
                if let lacked = lacking[site]?[way] {
                    lacking[site]![way] = lacked.filter(scenario.missing.contains)
                } else {
                    ways[site, default: []].append(way)
                    lacking[site, default: [:]][way] = scenario.missing
                }
            }
        }
        return .list(
            sites.map { site in
                // Two ways may differ in name only.
                let told = ways[site]!.map { way in tell([way.appState], way.tap, lacking[site]![way]!.first) }.uniqued()
                return .object([
                    "setup": .inline(book.name(matrix.setups[site.setup]!.name)),
                    "state": .inline(site.state.flatMap { matrix.handlerStates[$0] }.map { .code($0.swift) } ?? Inline([])),
                    "ways": .list(told.map { .inline($0) }),
                ])
            })
    }

    /// How a handler comes to be called: in app states, on arrival or after a tap, perhaps only
    /// when the app lacks another handler, and perhaps only with some payloads (none: any).
    private func tell(_ appStates: [String], _ tap: String?, _ missing: String?, payloads: [Payload] = []) -> Inline {
        var way =
            book.list(appStates.map { book.name(matrix.appStates[$0]!.name) }, lastSeparator: "tapSeparator") + book.phrase("listSeparator")
        way = way + (tap.map { book.phrase("afterTap", ["tap": book.name(matrix.taps[$0]!.name)]) } ?? text("onArrival"))
        if let missing { way = book.bracketed(way, book.phrase("onlyWithout", ["handler": book.name(matrix.handlers[missing]!.name)])) }
        if !payloads.isEmpty { way = book.bracketed(way, book.condition(payloads)) }
        return way
    }
}
