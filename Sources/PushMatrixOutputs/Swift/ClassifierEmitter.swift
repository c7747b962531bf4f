import PushMatrixModel

/// `Classifier.swift`: the matrix read backwards, a case per call site with the cells that lead there, and the
/// launches that answer a tap themselves. What a classification holds, `PushClassification`, and how the launches are
/// read, `PushLaunches`, are in the plain `Runtime.swift`.
struct ClassifierEmitter {
    let view: SwiftView
    let sites: [SwiftView.CallSite]

    func file() -> [UInt8] {
        var out = SwiftPrinter.generatedFile()
        out.docComment(["The matrix read backwards: from a call the app observes to what happened."])
        out.block("nonisolated public enum PushClassifier {") { out in
            out.docComment(["Nil for a call the matrix never makes."])
            let parameters = "setup: PushSetup, handler: PushHandler, state: PushHandlerState?"
            out.body("public static func classify(\(parameters)) -> PushClassification?") { out in
                out.switchOn("(setup, handler, state)") { out in
                    printCases(&out)
                    out.label("default:") { out in
                        out.print("return nil")
                    }
                }
            }
        }
        out.blankLine()
        out.block("nonisolated extension PushLaunches {") { out in
            out.docComment([
                "Where a launch is the only call of a tap, for apps of a setup that lack `missing` (or, alike, any of",
                "`eitherWay`): there the launch answers the tap itself.",
            ])
            let entries = answering()
            guard !entries.isEmpty else {
                out.print("static let answering: [Answering] = []")
                return
            }
            out.block("static let answering: [Answering] = [", closing: "]") { out in
                out.elements(entries)
            }
        }
        return out.bytes
    }

    /// Each scenario whose tap brings the notification in one call only, a launch, as an `Answering`, once each.
    private func answering() -> [String] {
        let launches = Set(view.spec.handlers.filter(\.launchesApp).map(\.id))
        return view.matrix.scenarios.compactMap { scenario in
            let taps = scenario.steps.filter { !$0.event.isDelivery && $0.bringsNotification }
            guard taps.count == 1, launches.contains(taps[0].handler) else { return nil }
            return "Answering(setup: .\(scenario.setup), launch: .\(taps[0].handler), "
                + "payload: PushPayload(\(view.payloadArguments(scenario.payload))), "
                + "missing: \(SwiftView.setLiteral(scenario.missing)), eitherWay: \(SwiftView.setLiteral(scenario.eitherWay)))"
        }.uniqued()
    }

    /// A case per call site: the cells that lead there as comments, then its classification.
    private func printCases(_ out: inout SwiftPrinter) {
        for site in sites {
            out.label("case (.\(site.setup), .\(site.handler), \(site.state.map { "." + $0 } ?? "nil")):") { out in
                out.lineComment(site.cells)
                let event = site.events[0]
                let others = site.events.dropFirst().joined(separator: ", ")
                let arguments = "event: \(event), mayRepeat: \(site.repeats), alternatives: [\(others)]"
                out.call("return PushClassification(\(arguments))")
            }
        }
    }
}
