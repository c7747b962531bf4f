import PushMatrixModel

/// `Scenarios/ScenarioTable.swift`, in the test-support module: every scenario of the matrix, group after group, and those conditions make.
struct ScenarioTableEmitter {
    let view: SwiftView
    /// The names of the groups with scenarios under conditions.
    let conditioned: [String]
    /// The generated module, which the test-support module imports.
    let module: String

    func file() -> [UInt8] {
        let keys = view.matrix.payloadKeyIds
        var out = SwiftPrinter.generatedFile(importing: [module])
        out.block("nonisolated extension PushScenario {") { out in
            out.docComment(["Every scenario of the matrix, one payload combination after another."])
            out.list(
                "public static let all: [PushScenario]",
                view.matrix.payloads.map { SwiftView.payloadName($0, keys: keys) },
                after: ".flatMap { $0 }")
            out.blankLine()
            out.docComment([
                "Every scenario the spec's conditions make that `all` does not have, such as a background",
                "push held until the app opens: the suites replay them as well.",
            ])
            out.list(
                "public static let underConditions: [PushScenario]", conditioned.map { $0 + "__underConditions" },
                after: ".flatMap { $0 }")
            out.blankLine()
            out.docComment(["The events a scenario row names without an argument (`decoding`), by name."])
            let events = ["launchedByTap"] + view.otherDeliveries.map(\.name)
            out.block("static let eventsWithoutArgument: [String: PushEvent] = [", closing: "]") { out in
                out.elements(events.map { "\"\($0)\": .\($0)" })
            }
        }
        return out.bytes
    }
}
