import PushMatrixSupport

/// An id written in the spec that must name something declared elsewhere in it.
public struct Reference: Sendable, Hashable {
    public var id: String
    public var origin: Origin
}

/// A text in every declared language; each value is a phrase, literal text with `{{name}}` placeholders (symbols or
/// values).
public struct LocalizedText: Sendable, Hashable {
    public var values: [String: String]
    public var origin: Origin

    public subscript(language: String) -> String { values[language] ?? "" }
}
