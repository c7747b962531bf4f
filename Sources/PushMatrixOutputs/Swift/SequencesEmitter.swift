import PushMatrixModel

/// `Scenarios/Sequences.swift`, in the test-support module: the sequences of several pushes the matrix allows, their list and a declaration each.
struct SequencesEmitter {
    let view: SwiftView
    /// The scenarios' Swift names, by their index in the matrix.
    let names: [String]
    /// The generated module, which the test-support module imports.
    let module: String

    func file() -> [UInt8] {
        let sequences = view.matrix.pushSequences()
        var out = SwiftPrinter.generatedFile(importing: [module])
        out.block("nonisolated extension PushSequence {") { out in
            out.docComment(["Every sequence of several pushes the matrix allows, a few per setup."])
            out.list("public static let all: [PushSequence]", sequences.map { "." + $0.name })
            for sequence in sequences {
                out.blankLine()
                out.docComment([Self.summary(sequence)])
                out.print("public static let \(sequence.name) = PushSequence(")
                out.indented { out in
                    out.print("name: \"\(sequence.name)\",")
                    out.block("pushes: [", closing: "])") { out in
                        for push in sequence.pushes {
                            out.call(
                                "Push(scenario: .\(names[push.scenario]), requestIdentifier: \"request-\(push.request)\", "
                                    + "deliveredAt: \(push.deliveredAt), tappedAt: \(push.tappedAt)),")
                        }
                    }
                }
            }
        }
        return out.bytes
    }

    /// A sequence's doc comment.
    static func summary(_ sequence: PushSequence) -> String {
        switch sequence.kind {
        case .samePayloadTwice:
            return "One payload sent twice, a day apart, each delivered and tapped: two pushes, each handled."
        case .collapseUpdate:
            return "A push, then an update with the same apns-collapse-id, which is tapped: the update is new content."
        case .doubledPresentation:
            return "Two identical pushes, each presented twice (iOS 18.0): each handled once."
        case .interleaved:
            return "A push delivered in one state, another delivered and tapped in another, then the first tapped."
        }
    }
}
