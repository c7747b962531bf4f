import PushMatrixModel

/// The view models of the sequences of several pushes: their declarations in the module, and a
/// test each in both suites.
extension SwiftView {
    /// Each sequence with its Swift name, a one-line summary and its pushes as Swift expressions;
    /// `names` are the scenarios' Swift names, by their index in the matrix.
    package func sequences(names: [String], module: String? = nil) -> TemplateValue {
        let sequences = matrix.pushSequences()
        var fields: TemplateFields = [
            "hasSequences": .bool(!sequences.isEmpty),
            "sequences": .list(
                sequences.map { sequence in
                    .object([
                        "name": .verbatim(sequence.name),
                        "summary": .text(Self.summary(sequence)),
                        "pushes": .list(
                            sequence.pushes.map { push in
                                let call =
                                    "Push(scenario: .\(names[push.scenario]), requestIdentifier: \"request-\(push.request)\", "
                                    + "deliveredAt: \(push.deliveredAt), tappedAt: \(push.tappedAt)),"
                                return .verbatim(SwiftPrinter.wrapped(call: call, indent: 12))
                            }),
                    ])
                }),
        ]
        if let module { fields["module"] = .verbatim(module) }
        return .object(fields)
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
