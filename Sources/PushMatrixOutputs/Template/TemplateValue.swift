import PushMatrixModel

/// The view model a template renders: what `{{name}}` and `{{#name}}` look up.
public enum TemplateValue: Sendable, Equatable {
    case text(String)  // escaped by the output format
    case inline(Inline)  // each segment rendered by the output format
    /// Written as is: only for values the generator makes safe itself (anchors built from validated ids), never for
    /// spec text.
    case verbatim(String)
    case bool(Bool)
    case list([TemplateValue])
    case object(TemplateFields)
}

// Literals keep view models and tests readable: `["name": "x", "rows": [...]]`.
extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) { self = .object(TemplateFields(elements)) }
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

    /// An object's field `name`; nil for any other value. A method, so the fields are read in place, not copied out
    /// first.
    func field(_ name: String) -> TemplateValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[name]
    }
}

/// An object's named fields in order (diagnostics list them); a scan finds one of few, and many (a page's texts) are
/// indexed by name.
public struct TemplateFields: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Not a tuple: an array of tuples is destroyed through the generic tuple witness, which cost more than building
    /// the fields.
    private struct Field { var name: String, value: TemplateValue }
    private var fields: [Field] = []
    private var index: [String: Int]?

    private static var indexedFrom: Int { 16 }

    public var names: [String] { fields.map(\.name) }

    /// A name given twice keeps its last value.
    public init(_ fields: some Sequence<(String, TemplateValue)>) { for (name, value) in fields { self[name] = value } }

    public init(_ fields: [String: TemplateValue]) { self.init(unique: fields.map { ($0.key, $0.value) }) }

    /// A literal's names must differ, as a dictionary literal's must.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        assert(Set(elements.map(\.0)).count == elements.count, "a name is given twice")
        self.init(unique: elements)
    }

    /// Names that differ, taken as they come.
    private init(unique fields: [(String, TemplateValue)]) {
        self.fields = fields.map { Field(name: $0, value: $1) }
        if fields.count >= Self.indexedFrom { index = Dictionary(uniqueKeysWithValues: fields.indices.map { (fields[$0].0, $0) }) }
    }

    public subscript(name: String) -> TemplateValue? {
        get { position(of: name).map { fields[$0].value } }
        set {
            guard let newValue else { return }  // fields are only ever added or replaced
            if let n = position(of: name) {
                fields[n].value = newValue
                return
            }
            fields.append(Field(name: name, value: newValue))
            if index != nil {
                index![name] = fields.count - 1
            } else if fields.count >= Self.indexedFrom {
                index = Dictionary(uniqueKeysWithValues: fields.indices.map { (fields[$0].name, $0) })
            }
        }
    }

    private func position(of name: String) -> Int? {
        // Lengths first: they are at hand, and most names they tell apart.
        index.map { $0[name] } ?? fields.firstIndex { $0.name.utf8.count == name.utf8.count && $0.name == name }
    }

    /// These fields with `other`'s added, `other` winning where both have a name.
    public func merging(_ other: TemplateFields) -> TemplateFields {
        var merged = self
        for field in other.fields { merged[field.name] = field.value }
        return merged
    }

    /// Equal when they have the same names with equal values, in any order.
    public static func == (a: TemplateFields, b: TemplateFields) -> Bool {
        a.fields.count == b.fields.count && a.fields.allSatisfy { b[$0.name] == $0.value }
    }
}
