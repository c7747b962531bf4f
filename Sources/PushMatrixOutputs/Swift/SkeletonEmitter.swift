import PushMatrixModel
import PushMatrixSpec

/// `Skeleton/PushAppDelegate+States.swift`: what the app delegate skeleton takes from the matrix. For each handler
/// with a state, the switch that turns UIKit's application state into the matrix's handler state, each branch
/// with the cells that lead to it; the completion deadline; and, where the spec has permission facts, how each
/// setup's answer maps to a permission status. The skeleton's other files are plain Swift.
struct SkeletonEmitter {
    let view: SwiftView

    private var spec: Spec { view.spec }

    /// The parameters and the switch subject of each setup's permission mapping, by setup id: the two ways of the
    /// field-tested skeleton's `PushUIKitSystem`.
    private static let permissionFunctions = [
        "ios10": (parameters: "_ status: UNAuthorizationStatus", subject: "status"),
        "ios8_9": (parameters: "types: UIUserNotificationType, askedBefore: Bool", subject: nil as String?),
    ]

    /// The seconds iOS documents for the fetch handler's completion, taken when the spec gives no reception-handler
    /// facts.
    private static let fetchDeadline = 30

    func file() -> [UInt8] {
        var out = SwiftPrinter.generatedFile()
        out.print("#if canImport(UIKit)")
        out.imports(["Foundation", "UIKit", "UserNotifications"])
        out.blankLine()
        out.docComment(
            SwiftView.wrapped(
                "The handler states. Each branch of the `state(for…)` switches says which cells of the matrix lead to it,"
                    + " group by group; `see #cell-…` names a group's first cell by its anchor on the matrix page, which"
                    + " `pushmatrix generate` writes to \(view.matrixPage) in its output."))
        out.block("extension PushAppDelegate {") { out in
            let seconds = max(1, (spec.receptionHandler?.completionDeadlineSeconds ?? Self.fetchDeadline) - 5)
            out.docComment([
                "How long the app's code has by default to finish a call's work before iOS is told `.failed`:",
                "five seconds less than the \(seconds + 5) iOS allows.",
            ])
            out.print("nonisolated public static let standardCompletionDeadline: TimeInterval = \(seconds)")
            let summaries = BranchSummary.all(view.matrix)
            for handler in spec.handlers where handler.hasState {
                out.blankLine()
                printStateSwitch(handler, summaries: summaries, &out)
            }
        }
        printPermission(&out)
        out.print("#endif")
        return out.bytes
    }

    /// `state(for<Handler>:)`: a branch per handler state. An unknown state is taken as the last one in the spec's
    /// order that a cell reaches.
    private func printStateSwitch(
        _ handler: Handler, summaries: [BranchSummary.Branch: BranchSummary], _ out: inout SwiftPrinter
    ) {
        let reached = spec.handlerStates.filter {
            summaries[BranchSummary.Branch(handler: handler.id, state: $0.id)] != nil
        }
        let unknown = reached.last ?? spec.handlerStates[spec.handlerStates.count - 1]
        out.docComment(["The \(handler.id) handler's state, with the cells of the matrix that lead to each."])
        out.block(
            "static func state(for\(SwiftView.upper(handler.id)) state: UIApplication.State) -> PushHandlerState {"
        ) {
            out in
            out.switchOn("state") { out in
                for state in spec.handlerStates {
                    out.label("case \(state.swift):") { out in
                        let summary = summaries[BranchSummary.Branch(handler: handler.id, state: state.id)]
                        out.lineComment(
                            view.branchComment(summary, width: SwiftView.branchWidth - out.column - "// ".count))
                        out.print("return .\(state.id)")
                    }
                }
                out.label("@unknown default:") { out in
                    out.print("return .\(unknown.id)")
                }
            }
        }
    }

    /// How each setup's permission answer maps to a status, as `PushUIKitSystem` reads it.
    private func printPermission(_ out: inout SwiftPrinter) {
        let ways = (spec.permission?.setups ?? []).filter { Self.permissionFunctions[$0.setup.id] != nil }
        guard !ways.isEmpty else {
            return
        }
        out.blankLine()
        out.block("extension PushUIKitSystem {") { out in
            out.separated(ways) { out, way in
                let function = Self.permissionFunctions[way.setup.id]!
                if function.subject == nil {
                    out.docComment([
                        "iOS 8/9 report no types both before the prompt and after a refusal; whether the app has",
                        "asked tells the two apart.",
                    ])
                }
                out.block("nonisolated static func status(\(function.parameters)) -> PushPermissionStatus {") { out in
                    out.switchOn(function.subject ?? way.switchOn) { out in
                        for item in way.cases {
                            let isCase = !item.pattern.hasPrefix("@unknown") && item.pattern != "default"
                            out.print((isCase ? "case " : "") + "\(item.pattern): return .\(item.status.id)")
                        }
                    }
                }
            }
        }
    }
}
