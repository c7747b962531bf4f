import PushMatrixModel

/// `Classifier.swift`: the matrix read backwards, a case per call site with the cells that lead there. What a
/// classification holds, `PushClassification`, is in the plain `Runtime.swift`.
struct ClassifierEmitter {
    let sites: [SwiftView.CallSite]

    func file() -> [UInt8] {
        var out = SwiftPrinter()
        out.print(SwiftView.generatedNotice)
        out.blankLine()
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
        return out.bytes
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
