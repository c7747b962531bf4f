import Foundation

/// The phrases the renderer builds sentences from, with the placeholders each may use.
/// Their wording lives in the spec, per language; only their roles are known here.
enum Phrases {
    static let placeholders: [String: Set<String>] = [
        "call": ["handler", "state"],
        "callWithoutState": ["handler"],
        "callSeparator": [],
        "tapSeparator": [],
        "listSeparator": [],
        "markerSeparator": [],
        "methodLabel": ["apis"],
        "onDelivery": ["calls"],
        "notificationCenter": [],
        "tap": ["taps", "calls"],
        "then": ["calls"],
        "choice": [],
        "thenChoice": [],
        "choiceItem": ["tap", "calls"],
        "nothing": [],
        "ignored": [],
        "keyValue": ["key", "value"],
        "keySeparator": [],
        "set": [],
        "notSet": [],
        "cellReference": ["api", "appState", "payload"],
        "afterTap": ["tap"],
        "onlyWithout": ["handler"],
        "onlyFor": ["api"],
        "fetchResultsIntro": ["deadline"],
    ]

    /// Glue between items may be blank in a language (Japanese puts no space before ※1).
    static let mayBeBlank: Set<String> = ["markerSeparator"]
}

/// Placeholders in spec texts: `{{name}}`. Shared by validation (names must resolve) and rendering.
enum Placeholders {
    enum Piece: Equatable { case literal(String), name(String) }

    static func pieces(_ text: String) -> [Piece] {
        var result: [Piece] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            if open.lowerBound > rest.startIndex { result.append(.literal(String(rest[..<open.lowerBound]))) }
            result.append(.name(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { result.append(.literal(String(rest))) }
        return result
    }

    static func names(_ text: String) -> [String] {
        pieces(text).compactMap { if case .name(let n) = $0 { n } else { nil } }
    }
}
