import PushMatrixModel

/// `Scenarios/{payloadType}.swift`, in the test-support module: one payload combination's scenarios as rows of text
/// (`PushScenario.decoding`, whose doc comment gives the form), which compile in a fraction of the time Swift literals
/// would; then the lists the tests replay, and a name for each scenario.
struct ScenarioGroupEmitter {
    let view: SwiftView
    let group: SwiftView.Group
    /// The generated module, which the test-support module imports.
    let module: String

    func file() -> [UInt8] {
        var out = SwiftPrinter.generatedFile(importing: [module])
        out.block("nonisolated extension PushScenario {") { out in
            let table = group.name + "__table"
            out.docComment(["The payload every scenario here is delivered with."])
            out.declaration(
                "private static let \(group.name)__payload: PushPayload = ", call: "PushPayload",
                arguments: view.payloadArguments(group.payload))
            out.blankLine()
            out.docComment(["Every scenario here, in the order of the rows."])
            out.declaration(
                "static let \(table) = ", call: "PushScenario.decoding",
                arguments: "\(group.name)__rows, payload: \(group.name)__payload")
            out.blankLine()
            printLists(table, &out)
            for index in group.scenarios.indices {
                let position = index - group.scenarios.startIndex
                out.blankLine()
                out.print("/// " + group.summaries[position])  // made of ids and words: no line break
                out.staticLet(group.names[position], "\(table)[\(position)]")
            }
            out.blankLine()
            out.docComment(["Each scenario as a row, and each of its calls as a `step` row."])
            out.list("private static let \(group.name)__rows: [String]", rows().map { "\"\($0)\"" })
        }
        return out.bytes
    }

    /// The list of the matrix's own scenarios, then each list a test replays (`SwiftView.Group.lists`): the own
    /// scenarios with a tap, or those under conditions, which follow the own in the table.
    private func printLists(_ table: String, _ out: inout SwiftPrinter) {
        out.docComment(["Every scenario of this payload combination."])
        out.staticLet(group.name, "Array(\(table)[..<\(group.ownCount)])")
        for list in group.lists {
            out.blankLine()
            let leftOut = list.tap == nil ? " `all` leaves them out." : ""
            out.print("/// " + list.summary + leftOut)
            let value = list.tap.map { "\(group.name).filter { $0.tap == .\($0) }" } ?? "Array(\(table)[\(group.ownCount)...])"
            out.staticLet(list.name, value)
        }
    }

    /// The rows of every scenario: its own, then a row per step.
    private func rows() -> [String] {
        group.scenarios.enumerated().flatMap { position, scenario in
            let words: [String?] = [
                group.names[position] + ":",
                scenario.setup,
                scenario.appState,
                scenario.tap.map { "tap=" + $0 },
                scenario.path > 1 ? "path=\(scenario.path)" : nil,
                Self.field("missing", scenario.missing),
                Self.field("eitherWay", scenario.eitherWay),
                scenario.ignored ? "ignored" : nil,
                Self.field("under", scenario.under),
            ]
            return [words.compactMap { $0 }.joined(separator: " ")] + scenario.steps.map(Self.stepRow)
        }
    }

    /// `name=` and the ids, comma-separated; nil for none.
    private static func field(_ name: String, _ ids: [String]) -> String? {
        ids.isEmpty ? nil : name + "=" + ids.joined(separator: ",")
    }

    /// A step's row: `step`, the handler, the state (`-` for none), the event, then its flags.
    private static func stepRow(_ step: Scenario.Step) -> String {
        let words: [String?] = [
            "step",
            step.handler,
            step.state ?? "-",
            SwiftView.eventExpression(step.event, dot: ""),
            step.processesContent ? "content" : nil,
            step.respondsToTap ? "tap" : nil,
            step.bringsNotification ? nil : "noNotification",
        ]
        return words.compactMap { $0 }.joined(separator: " ")
    }
}
