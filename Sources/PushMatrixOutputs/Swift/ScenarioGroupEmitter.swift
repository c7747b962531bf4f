import PushMatrixModel

/// `Scenarios/{payloadType}.swift`: one payload combination's scenarios, their lists and their shared payload.
struct ScenarioGroupEmitter {
    let view: SwiftView
    let group: SwiftView.Group

    func file() -> [UInt8] {
        var out = SwiftPrinter()
        out.print(SwiftView.generatedNotice)
        out.blankLine()
        out.block("nonisolated extension PushScenario {") { out in
            printLists(&out)
            out.blankLine()
            out.docComment(["The payload every scenario here is delivered with."])
            out.declaration(
                "private static let \(group.name)__payload: PushPayload = ", call: "PushPayload",
                arguments: view.payloadArguments(group.payload))
            // Scenarios repeat a few steps: each step's expression is worked out once.
            var expressions: [Scenario.Step: String] = [:]
            for (index, scenario) in group.scenarios.enumerated() {
                out.blankLine()
                out.print("/// " + group.summaries[index])  // made of ids and words: no line break
                out.staticLet(group.names[index], call: "PushScenario") { out in
                    printArguments(of: scenario, named: group.names[index], expressions: &expressions, &out)
                }
            }
        }
        return out.bytes
    }

    /// The list of the matrix's own scenarios, then each list a test replays (`SwiftView.Group.lists`).
    private func printLists(_ out: inout SwiftPrinter) {
        out.docComment(["Every scenario of this payload combination."])
        out.list("public static let \(group.name): [PushScenario]", group.names[..<group.ownCount].map { "." + $0 })
        for list in group.lists {
            out.blankLine()
            let leftOut = list.members[0] < group.ownCount ? "" : " `all` leaves them out."
            out.print("/// " + list.summary + leftOut)
            out.list("public static let \(list.name): [PushScenario]", list.members.map { "." + group.names[$0] })
        }
    }

    /// `PushScenario`'s arguments, a line each; optional ones only when they differ from their defaults.
    private func printArguments(
        of scenario: Scenario, named name: String, expressions: inout [Scenario.Step: String], _ out: inout SwiftPrinter
    ) {
        out.labeled("name:", "\"\(name)\",")
        out.print("payload: \(group.name)__payload,")
        out.print("setup: .\(scenario.setup),")
        out.print("appState: .\(scenario.appState),")
        out.print("tap: \(scenario.tap.map { "." + $0 } ?? "nil"),")
        if scenario.path > 1 {
            out.print("path: \(scenario.path),")
        }
        out.print("missing: \(SwiftView.setLiteral(scenario.missing)),")
        if !scenario.eitherWay.isEmpty {
            out.print("eitherWay: \(SwiftView.setLiteral(scenario.eitherWay)),")
        }
        out.print("ignored: \(scenario.ignored),")
        let comma = scenario.under.isEmpty ? "" : ","
        if scenario.steps.isEmpty {
            out.print("steps: []" + comma)
        } else {
            let steps = scenario.steps.map { step in
                let expression = expressions[step] ?? SwiftView.stepExpression(step)
                expressions[step] = expression
                return expression
            }
            out.block("steps: [", closing: "]" + comma) { out in
                out.elements(steps)
            }
        }
        if !scenario.under.isEmpty {
            out.print("under: [" + scenario.under.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        }
    }
}
