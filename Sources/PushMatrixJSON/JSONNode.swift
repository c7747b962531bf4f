import PushMatrixSupport

/// A parsed JSON value together with where it starts in the source, so later stages can point diagnostics at the exact
/// line and column.
public struct JSONNode: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        /// The literal as written (checked against the JSON number grammar): no precision lost; the consumer picks the
        /// numeric type.
        case number(String)
        case string(String)
        case array([JSONNode])
        /// In document order; duplicate keys are kept so a later stage can report them with both locations.
        case object([Member])
    }

    public struct Member: Sendable, Equatable { public var key: String, keyLocation: SourceLocation, value: JSONNode }

    public var value: Value
    /// Where the value starts (its first character).
    public var location: SourceLocation

    /// The JSON type name, for messages such as "expected a string, found number".
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The string this value is, if it is one.
    public var string: String? { if case .string(let text) = value { text } else { nil } }

    /// The value as written back: members in document order, numbers as their literals, no whitespace kept.
    public var output: JSONOutput {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let literal): .number(literal)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(\.output))
        case .object(let members): .object(members.map { ($0.key, $0.value.output) })
        }
    }

    /// The value of the first member named `key`; nil if absent or if this is not an object.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }
}
