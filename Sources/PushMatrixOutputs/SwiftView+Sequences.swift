import PushMatrixModel

/// The view models of the sequences of several pushes: their declarations in the module, and a test each in both suites.
extension SwiftView {
    /// The sequences' list and declarations; `names` are the scenarios' Swift names, by their index in the matrix.
    package func sequences(names: [String]) -> [String: String] {
        let sequences = matrix.pushSequences()
        let all = SwiftPrinter.staticList("all: [PushSequence]", sequences.map { "." + $0.name })
        let declarations = SwiftPrinter.hole(indent: 4) { out in
            for sequence in sequences {
                out.print("")
                out.print("/// " + SwiftPrinter.comment(Self.summary(sequence)))
                out.print("public static let \(sequence.name) = PushSequence(")
                out.indented { out in
                    out.print("name: \"\(sequence.name)\",")
                    out.print("pushes: [")
                    for push in sequence.pushes {
                        let call =
                            "Push(scenario: .\(names[push.scenario]), requestIdentifier: \"request-\(push.request)\", "
                            + "deliveredAt: \(push.deliveredAt), tappedAt: \(push.tappedAt)),"
                        out.print("    " + SwiftPrinter.wrapped(call: call, indent: 12))
                    }
                    out.print("])")
                }
            }
        }
        return ["all": all, "declarations": declarations]
    }

    /// The sequence suite's holes: XCTest's a test per sequence; Swift Testing's file has one test, over `PushSequence.all`, as it is.
    func sequenceSuite(_ framework: TestFramework, module: String) -> [String: String] {
        var holes = ["imports": SwiftPrinter.imports([module, framework.module])]
        if framework == .xctest { holes["tests"] = Self.xcTests(matrix.pushSequences().map { ($0.name, Self.summary($0), "." + $0.name) }) }
        return holes
    }

    private static func summary(_ sequence: PushSequence) -> String {
        switch sequence.kind {
        case .samePayloadTwice: return "One payload sent twice, a day apart, each delivered and tapped: two pushes, each handled."
        case .collapseUpdate: return "A push, then an update with the same apns-collapse-id, which is tapped: the update is new content."
        case .doubledPresentation: return "Two identical pushes, each presented twice (iOS 18.0): each handled once."
        case .interleaved: return "A push delivered in one state, another delivered and tapped in another, then the first tapped."
        }
    }
}
