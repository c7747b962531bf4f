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
        if view.spec.hasDuties { printDuties(&out) }
        return out.bytes
    }

    /// For a spec whose notes state duties: `PushDuty`, and each step's duty, looked up by its cell, path and handler
    /// (a path states one duty per handler).
    private func printDuties(_ out: inout SwiftPrinter) {
        let matrix = view.matrix
        let keys = matrix.payloadKeyIds
        let rows = view.spec.cells.flatMap { cell in
            let place = [matrix.payload(of: cell).setKeys(keys).joined(separator: ","), cell.setup.id, cell.appState.id]
            return cell.allPaths.enumerated().flatMap { number, path in
                (path.onDelivery + path.taps.flatMap(\.calls)).compactMap { call in
                    let key = (place + ["\(number + 1)", call.handler.id]).joined(separator: " ")
                    return view.spec.duty(of: call).map { "\"\(key)\": .\($0.report)" }
                }
            }
        }
        out.blankLine()
        out.docComment(["What the app must do on a call: report a call before the method returns, or not (it may drop the push)."])
        out.block("nonisolated public enum PushDuty: String, Sendable {") { out in
            out.lines(["case must", "case may"])
        }
        out.blankLine()
        out.block("nonisolated extension PushScenario {") { out in
            out.docComment(["The app's duty on `steps[index]`, as a note on its call states it; nil where none does."])
            out.block("public func duty(ofStep index: Int) -> PushDuty? {") { out in
                out.list("let keys: [String?]", keys.map { "payload.\($0) ? \"\($0)\" : nil" })
                out.print("let set = keys.compactMap { $0 }.joined(separator: \",\")")
                out.print("return Self.duties[\"\\(set) \\(setup) \\(appState) \\(path) \\(steps[index].handler)\"]")
            }
            out.blankLine()
            out.docComment(["Each duty by its call: the payload's set keys, the setup, the app state, the path and the handler."])
            out.block("private static let duties: [String: PushDuty] = [", closing: "]") { out in out.elements(rows) }
        }
    }
}
