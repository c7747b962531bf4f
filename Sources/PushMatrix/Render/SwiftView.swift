/// The view model of the generated Swift: the spec's ids as enum cases, every scenario as
/// data, and the classifier's cases with the cells that lead to each (the matrix inverted).
struct SwiftView {
    let matrix: Matrix
    var spec: Spec { matrix.spec }

    /// Scenarios grouped by payload combination: one source file and one test class each.
    var groups: [(payload: [String: Bool], scenarios: [Scenario])] {
        let keys = matrix.payloadKeyIds
        let scenarios = matrix.scenarios
        return Combination.payloads(keys).map { payload in
            (payload, scenarios.filter { Matrix.flags($0.cell) == payload })
        }
    }

    func dimensions() -> TemplateValue {
        func cases(_ ids: [String]) -> TemplateValue { .list(ids.map { .verbatim($0) }) }
        return .object([
            "apis": cases(spec.initAPIs.map(\.id)),
            "appStates": cases(spec.appStates.map(\.id)),
            "handlerStates": cases(spec.handlerStates.map(\.id)),
            "handlers": .list(spec.handlers.map { handler in
                .object(["id": .verbatim(handler.id), "launchesApp": .verbatim(String(handler.launchesApp)),
                         "optional": .verbatim(String(handler.optional)), "hasState": .verbatim(String(handler.hasState)), "name": .text(handler.name[spec.languages[0].id])])
            }),
            "taps": cases(spec.taps.map(\.id)),
            "keys": .list(spec.payloadKeys.map { key in
                .object(["id": .verbatim(key.id), "apnsKey": .verbatim(Self.literal(key.apnsKey)), "tests": .verbatim(key.presentWhen.map { "PayloadValue.\($0.id)(aps[\(Self.literal(key.apnsKey))])" }.joined(separator: " || ")),
                         "sample": .verbatim(Self.sample(key))])
            }),
        ])
    }

    /// One payload combination's scenarios as Swift declarations.
    func scenarioFile(_ payload: [String: Bool], _ scenarios: [Scenario]) -> TemplateValue {
        .object([
            "group": .verbatim(Self.groupName(payload, keys: matrix.payloadKeyIds)),
            "typeName": .verbatim(Self.typeName(payload, keys: matrix.payloadKeyIds)),
            "scenarios": .list(scenarios.map { scenario in
                .object([
                    "name": .verbatim(name(scenario)),
                    "summary": .text(summary(scenario)),
                    "payload": .verbatim(payloadExpression(payload)),
                    "api": .verbatim(scenario.cell.api.id),
                    "appState": .verbatim(scenario.cell.appState.id),
                    "tap": .verbatim(scenario.tap.map { "." + $0 } ?? "nil"),
                    "missing": .verbatim("[" + scenario.missing.map { "." + $0 }.joined(separator: ", ") + "]"),
                    "ignored": .verbatim(String(scenario.cell.ignored)),
                    "steps": .list(scenario.steps.map { step in
                        .verbatim("Step(handler: .\(step.handler), state: \(step.state.map { "." + $0 } ?? "nil"), event: \(event(step.event)), "
                                  + "processesContent: \(step.processesContent), respondsToTap: \(step.respondsToTap))")
                    }),
                ])
            }),
        ])
    }

    func scenarioTable() -> TemplateValue {
        .object(["groups": .list(groups.map { .verbatim(Self.groupName($0.payload, keys: matrix.payloadKeyIds)) })])
    }

    /// The classifier: one case per (init API, handler, state) the matrix contains, with the
    /// cells that lead there, so a reader sees why each branch exists.
    func classifier() -> TemplateValue {
        struct Case { var pattern: String; var events: [String] = []; var repeats = false; var lines: [String] = []; var payloads: [String: [String]] = [:]; var complete: Set<String> = []; var missing: [String: [String]] = [:] }
        var order: [String] = []
        var cases: [String: Case] = [:]
        for scenario in matrix.scenarios {
            for (index, step) in scenario.steps.enumerated() {
                let key = "\(scenario.cell.api.id)|\(step.handler)|\(step.state ?? "")"
                if cases[key] == nil {
                    order.append(key)
                    cases[key] = Case(pattern: "(.\(scenario.cell.api.id), .\(step.handler), \(step.state.map { "." + $0 } ?? "nil"))")
                }
                let expression = event(step.event)
                if !cases[key]!.events.contains(expression) { cases[key]!.events.append(expression) }
                cases[key]!.repeats = cases[key]!.repeats || index > 0
                // A line per (app state, step, tap); a delivery is the same whatever the tap.
                var line = "\(scenario.cell.appState.id), step \(index + 1)"
                if !step.event.isDelivery, let tap = scenario.tap { line += ", tap \(tap)" }
                let payload = Self.payloadWords(Matrix.flags(scenario.cell), keys: matrix.payloadKeyIds)
                if !cases[key]!.lines.contains(line) { cases[key]!.lines.append(line) }
                if !(cases[key]!.payloads[line, default: []].contains(payload)) { cases[key]!.payloads[line, default: []].append(payload) }
                if scenario.missing.isEmpty { cases[key]!.complete.insert(line + payload) } else { cases[key]!.missing[line + payload] = scenario.missing }
            }
        }
        let combinations = 1 << matrix.payloadKeyIds.count
        return .object(["cases": .list(order.map { key in
            let c = cases[key]!
            let cells: [TemplateValue] = c.lines.flatMap { line -> [TemplateValue] in
                let payloads = c.payloads[line]!
                let only = { (payload: String) in
                    c.complete.contains(line + payload) ? "" : " (only without " + c.missing[line + payload, default: []].joined(separator: ", ") + ")"
                }
                if payloads.count == combinations && payloads.allSatisfy({ only($0).isEmpty }) { return [.text("\(line): every payload")] }
                return payloads.map { .text("\(line): \($0)" + only($0)) }
            }
            return .object([
                "pattern": .verbatim(c.pattern),
                "event": .verbatim(c.events[0]),
                "others": .list(c.events.dropFirst().map { .verbatim($0) }),
                "repeats": .verbatim(String(c.repeats)),
                "cells": .list(cells),
            ])
        })])
    }

    func testFile(_ payload: [String: Bool], _ scenarios: [Scenario]) -> TemplateValue {
        .object([
            "typeName": .verbatim(Self.typeName(payload, keys: matrix.payloadKeyIds)),
            "scenarios": .list(scenarios.map { .object(["name": .verbatim(name($0)), "summary": .text(summary($0))]) }),
        ])
    }

    // MARK: names

    /// `alert_contentAvailable_category__ios10__background__tapBody__withoutAction`
    func name(_ scenario: Scenario) -> String {
        [Self.groupName(Matrix.flags(scenario.cell), keys: matrix.payloadKeyIds), scenario.cell.api.id, scenario.cell.appState.id,
         scenario.tap.map { "tap" + Self.upper($0) } ?? "noTap"].joined(separator: "__")
            + scenario.missing.map { "__without" + Self.upper($0) }.joined()
    }

    private func summary(_ scenario: Scenario) -> String {
        "\(Self.payloadWords(Matrix.flags(scenario.cell), keys: matrix.payloadKeyIds)) · \(scenario.cell.api.id) · \(scenario.cell.appState.id) · "
            + (scenario.tap.map { "tap \($0)" } ?? "no tap") + (scenario.missing.isEmpty ? "" : " · without " + scenario.missing.joined(separator: ", "))
    }

    private func event(_ event: Scenario.Event) -> String {
        switch event {
        case .delivered(let state): return ".delivered(.\(state))"
        case .launchedByTap: return ".launchedByTap"
        case .tapped(let tap): return ".tapped(.\(tap))"
        }
    }

    private func payloadExpression(_ payload: [String: Bool]) -> String {
        "Payload(" + matrix.payloadKeyIds.map { "\($0): \(payload[$0] == true)" }.joined(separator: ", ") + ")"
    }

    static func groupName(_ payload: [String: Bool], keys: [String]) -> String {
        let set = keys.filter { payload[$0] == true }
        return set.isEmpty ? "none" : set.joined(separator: "_")
    }

    static func typeName(_ payload: [String: Bool], keys: [String]) -> String {
        let set = keys.filter { payload[$0] == true }
        return set.isEmpty ? "NoKeys" : set.map(upper).joined()
    }

    static func payloadWords(_ payload: [String: Bool], keys: [String]) -> String {
        let set = keys.filter { payload[$0] == true }
        return set.isEmpty ? "no keys" : set.joined(separator: " + ")
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
                if c.properties.generalCategory == .control { out += "\\u{\(String(c.value, radix: 16))}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out + "\""
    }
}
