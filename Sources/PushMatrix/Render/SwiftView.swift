/// The view model of the generated Swift: the spec's ids as enum cases, every scenario as
/// data, and the classifier's cases with the cells that lead to each (the matrix inverted).
struct SwiftView {
    let matrix: Matrix
    var spec: Spec { matrix.spec }
    /// Comments in generated code are in the spec's first language.
    var comments: Phrasebook { Phrasebook(matrix: matrix, language: spec.languages[0].id) }

    /// Scenarios grouped by payload combination: one source file and one test class each.
    var groups: [(payload: Payload, scenarios: [Scenario])] {
        // The matrix lists scenarios payload by payload, in the docs' order: a group is a run.
        var groups: [(payload: Payload, scenarios: [Scenario])] = []
        for scenario in matrix.scenarios {
            if groups.last?.payload != scenario.payload { groups.append((scenario.payload, [])) }
            groups[groups.count - 1].scenarios.append(scenario)
        }
        return groups
    }

    func dimensions() -> TemplateValue {
        func cases(_ ids: [String]) -> TemplateValue { .list(ids.map { .verbatim($0) }) }
        return .object([
            "apis": cases(spec.initAPIs.map(\.id)),
            "appStates": cases(spec.appStates.map(\.id)),
            "handlerStates": cases(spec.handlerStates.map(\.id)),
            "handlers": .list(spec.handlers.map { handler in
                .object(["id": .verbatim(handler.id), "launchesApp": .verbatim(String(handler.launchesApp)),
                         "optional": .verbatim(String(handler.optional)), "hasState": .verbatim(String(handler.hasState)), "name": .inline(comments.name(handler.name))])
            }),
            "taps": cases(spec.taps.map(\.id)),
            "permissionStatuses": .list(spec.permission.statuses.map { status in
                .object(["id": .verbatim(status.id), "meaning": Self.wrapped(comments.text(status.meaning))])
            }),
            "keys": .list(spec.payloadKeys.map { key in
                .object(["id": .verbatim(key.id), "apnsKey": .verbatim(Self.literal(key.apnsKey)), "tests": .verbatim(key.presentWhen.map { "PayloadValue.\($0.id)(aps[\(Self.literal(key.apnsKey))])" }.joined(separator: " || ")),
                         "sample": .verbatim(Self.sample(key))])
            }),
        ])
    }

    /// One payload combination's scenarios as Swift declarations.
    func scenarioFile(_ payload: Payload, _ scenarios: [Scenario]) -> TemplateValue {
        let group = Group(payload, keys: matrix.payloadKeyIds), expression = payloadExpression(payload)
        return .object([
            "group": .verbatim(group.name),
            "typeName": .verbatim(Self.typeName(payload, keys: matrix.payloadKeyIds)),
            "scenarios": .list(scenarios.map { scenario in
                .object([
                    "name": .verbatim(name(scenario, group)),
                    "summary": .text(summary(scenario, group)),
                    "payload": .verbatim(expression),
                    "api": .verbatim(scenario.api),
                    "appState": .verbatim(scenario.appState),
                    "tap": .verbatim(scenario.tap.map { "." + $0 } ?? "nil"),
                    "missing": .verbatim("[" + scenario.missing.map { "." + $0 }.joined(separator: ", ") + "]"),
                    "ignored": .verbatim(String(scenario.ignored)),
                    "hasSteps": .bool(!scenario.steps.isEmpty),
                    // swift-format wants a trailing comma only where the list cannot fit on one line.
                    "steps": .list(scenario.steps.map { step in
                        .verbatim("Step(handler: .\(step.handler), state: \(step.state.map { "." + $0 } ?? "nil"), event: \(Self.eventExpression(step.event)), "
                                  + "processesContent: \(step.processesContent), respondsToTap: \(step.respondsToTap))" + (scenario.steps.count > 1 ? "," : ""))
                    }),
                ])
            }),
        ])
    }

    func scenarioTable() -> TemplateValue {
        .object(["groups": .list(matrix.payloads.map { .verbatim(Self.groupName($0, keys: matrix.payloadKeyIds)) })])
    }

    /// Where the matrix makes one kind of call: an init API, a handler and its state.
    struct CallSite {
        var api: String
        var handler: String
        var state: String?
        var events: [String] = []
        var repeats = false
        /// The cells that lead here, one line each, e.g. `background, step 2, tap body: alert`.
        var cells: [String] = []
    }

    /// Every call site, in the order the scenarios first reach it: the matrix inverted.
    static func callSites(_ matrix: Matrix) -> [CallSite] {
        var order: [String] = []
        var sites: [String: CallSite] = [:]
        var payloads: [String: [String]] = [:]  // site + line → payload words
        var seen = Set<String>()  // site + line + payload, so the lists above grow without rescans
        var withoutOnly: [String: [String]] = [:]  // site + line + payload → handlers missing, when only then
        for scenario in matrix.scenarios {
            for (index, step) in scenario.steps.enumerated() {
                let key = "\(scenario.api)|\(step.handler)|\(step.state ?? "")"
                if sites[key] == nil {
                    order.append(key)
                    sites[key] = CallSite(api: scenario.api, handler: step.handler, state: step.state)
                }
                let expression = eventExpression(step.event)
                if !sites[key]!.events.contains(expression) { sites[key]!.events.append(expression) }
                sites[key]!.repeats = sites[key]!.repeats || index > 0
                // A line per (app state, step, tap); a delivery is the same whatever the tap.
                var line = "\(scenario.appState), step \(index + 1)"
                if !step.event.isDelivery, let tap = scenario.tap { line += ", tap \(tap)" }
                let payload = payloadWords(scenario.payload, keys: matrix.payloadKeyIds)
                if payloads[key + line] == nil { sites[key]!.cells.append(line) }
                let only = key + line + payload
                if seen.insert(only).inserted { payloads[key + line, default: []].append(payload) }
                if scenario.missing.isEmpty { withoutOnly[only] = [] } else if withoutOnly[only] == nil { withoutOnly[only] = scenario.missing }
            }
        }
        let combinations = 1 << matrix.payloadKeyIds.count
        return order.map { key in
            var site = sites[key]!
            site.cells = site.cells.flatMap { line -> [String] in
                let list = payloads[key + line]!
                let suffix = { (payload: String) in
                    withoutOnly[key + line + payload, default: []].isEmpty ? "" : " (only without " + withoutOnly[key + line + payload]!.joined(separator: ", ") + ")"
                }
                if list.count == combinations && list.allSatisfy({ suffix($0).isEmpty }) { return ["\(line): every payload"] }
                return list.map { "\(line): \($0)" + suffix($0) }
            }
            return site
        }
    }

    /// The classifier: one case per call site, with the cells that lead there.
    func classifier(_ sites: [CallSite]) -> TemplateValue {
        .object(["cases": .list(sites.map { site in
            .object([
                "pattern": .verbatim("(.\(site.api), .\(site.handler), \(site.state.map { "." + $0 } ?? "nil"))"),
                "event": .verbatim(site.events[0]),
                "others": .list(site.events.dropFirst().map { .verbatim($0) }),
                "repeats": .verbatim(String(site.repeats)),
                "cells": .list(site.cells.map { .text($0) }),
            ])
        })])
    }

    /// The iOS skeleton: per handler, a branch per application state with the cells that lead
    /// there (every init API); the permission mapping per init API.
    func skeleton(_ sites: [CallSite]) -> TemplateValue {
        let branches: [String: TemplateValue] = Dictionary(uniqueKeysWithValues: spec.handlers.map { handler in
            (handler.id, .list(spec.handlerStates.map { state in
                let lines = sites.filter { $0.handler == handler.id && $0.state == state.id }.flatMap { site in site.cells.map { "\(site.api) · \($0)" } }
                return .object(["swift": .verbatim(state.swift), "id": .verbatim(state.id),
                                "cells": .list(lines.isEmpty ? [.text("never, in this matrix")] : lines.map { .text($0) })])
            }))
        })
        let permission: [String: TemplateValue] = Dictionary(uniqueKeysWithValues: spec.permission.apis.map { api in
            (api.api.id, .object([
                "switchOn": .verbatim(api.switchOn),
                "cases": .list(api.cases.map { item in
                    let label = item.pattern.hasPrefix("@unknown") || item.pattern == "default" ? item.pattern : "case \(item.pattern)"
                    return .object(["label": .verbatim(label), "status": .verbatim(item.status.id)])
                }),
            ]))
        })
        let responses: [String: TemplateValue] = Dictionary(uniqueKeysWithValues: spec.permission.statuses.map {
            ($0.id, Self.wrapped(comments.text($0.response)))
        })
        return .object(["stateBranches": .object(TemplateFields(branches)), "permission": .object(TemplateFields(permission)), "permissionResponses": .object(TemplateFields(responses)),
                        "completionDeadline": .verbatim(String(max(1, spec.receptionHandler.completionDeadlineSeconds - 5)))])
    }

    func testFile(_ payload: Payload, _ scenarios: [Scenario], module: String) -> TemplateValue {
        let group = Group(payload, keys: matrix.payloadKeyIds)
        return .object([
            "module": .verbatim(module),
            "typeName": .verbatim(Self.typeName(payload, keys: matrix.payloadKeyIds)),
            "scenarios": .list(scenarios.map { .object(["name": .verbatim(name($0, group)), "summary": .text(summary($0, group))]) }),
        ])
    }

    // MARK: names

    /// `alert_contentAvailable_category__ios10__background__tapBody__withoutAction`
    /// A payload combination's names, worked out once for all of its scenarios.
    struct Group {
        let name: String, words: String
        init(_ payload: Payload, keys: [String]) {
            name = SwiftView.groupName(payload, keys: keys)
            words = SwiftView.payloadWords(payload, keys: keys)
        }
    }

    func name(_ scenario: Scenario, _ group: Group) -> String {
        var name = group.name + "__" + scenario.api + "__" + scenario.appState + "__" + (scenario.tap.map { "tap" + Self.upper($0) } ?? "noTap")
        for handler in scenario.missing { name += "__without" + Self.upper(handler) }
        return name
    }

    private func summary(_ scenario: Scenario, _ group: Group) -> String {
        "\(group.words) · \(scenario.api) · \(scenario.appState) · "
            + (scenario.tap.map { "tap \($0)" } ?? "no tap") + (scenario.missing.isEmpty ? "" : " · without " + scenario.missing.joined(separator: ", "))
    }

    static func eventExpression(_ event: Scenario.Event) -> String {
        switch event {
        case .delivered(let state): return ".delivered(.\(state))"
        case .launchedByTap: return ".launchedByTap"
        case .tapped(let tap): return ".tapped(.\(tap))"
        }
    }

    private func payloadExpression(_ payload: Payload) -> String {
        "Payload(" + matrix.payloadKeyIds.indices.map { "\(matrix.payloadKeyIds[$0]): \(payload.isSet($0))" }.joined(separator: ", ") + ")"
    }

    static func groupName(_ payload: Payload, keys: [String]) -> String {
        let set = payload.setKeys(keys)
        return set.isEmpty ? "none" : set.joined(separator: "_")
    }

    static func typeName(_ payload: Payload, keys: [String]) -> String {
        let set = payload.setKeys(keys)
        return set.isEmpty ? "NoKeys" : set.map(upper).joined()
    }

    static func payloadWords(_ payload: Payload, keys: [String]) -> String {
        let set = payload.setKeys(keys)
        return set.isEmpty ? "no keys" : set.joined(separator: " + ")
    }

    /// A text as comment lines short enough for any line-length rule.
    static func wrapped(_ text: Inline, width: Int = 96) -> TemplateValue {
        var lines: [String] = []
        var line = ""
        for word in text.plainText.split(whereSeparator: \.isWhitespace) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return .list(lines.map { .text($0) })
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
    static func literal(_ s: String) -> String {
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
