/// The view model a template renders: what `{{name}}` and `{{#name}}` look up.
public indirect enum TemplateValue: Sendable, Equatable {
    case text(String)  // escaped by the output format
    case inline(Inline)  // each segment rendered by the output format
    /// Written as is: only for values the generator makes safe itself (anchors built from
    /// validated ids), never for spec text.
    case verbatim(String)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
}

// Literals keep view models and tests readable: `["name": "x", "rows": [...]]`.
extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension TemplateValue {
    /// What an inverted section `{{^name}}` treats as "nothing there".
    var isFalsy: Bool {
        switch self {
        case .bool(let b): return !b
        case .list(let items): return items.isEmpty
        case .text(let s), .verbatim(let s): return s.isEmpty
        case .inline(let i): return i.isEmpty
        case .object: return false
        }
    }

    /// For messages: "'x' is a list".
    var kindDescription: String {
        switch self {
        case .text, .verbatim: return "text"
        case .inline: return "inline text"
        case .bool: return "a bool"
        case .list: return "a list"
        case .object: return "an object"
        }
    }
}
