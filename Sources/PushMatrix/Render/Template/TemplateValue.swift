/// The view model a template renders: what `{{name}}` and `{{#name}}` look up.
public enum TemplateValue: Sendable, Equatable {
    case text(String)  // escaped by the output format
    case inline(Inline)  // each segment rendered by the output format
    /// Written as is: only for values the generator makes safe itself (anchors built from
    /// validated ids), never for spec text.
    case verbatim(String)
    case bool(Bool)
    case list([TemplateValue])
    /// A list whose items are made as the template reaches them and dropped after.
    case lazyList(LazyList)
    case object(TemplateFields)
}

/// The items of a list made one at a time: the matrix page's sections, which would otherwise
/// all be in memory at once on a large matrix. Items must not depend on the order they are
/// made in: each output that reads the list may make them again (see `SharedLists`).
public struct LazyList: @unchecked Sendable, Equatable {
    // Unchecked: the closure may capture a view that is not Sendable; such a list is read on
    // one thread, or made through `SharedLists`, which makes one item at a time.
    public let count: Int
    public let item: (Int) -> TemplateValue

    public init(count: Int, item: @escaping (Int) -> TemplateValue) {
        self.count = count
        self.item = item
    }

    public static func == (a: LazyList, b: LazyList) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a.item($0) == b.item($0) }
    }
}

// Literals keep view models and tests readable: `["name": "x", "rows": [...]]`.
extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateFields(elements))
    }
}

extension TemplateValue {
    /// What an inverted section `{{^name}}` treats as "nothing there".
    var isFalsy: Bool {
        switch self {
        case .bool(let b): return !b
        case .list(let items): return items.isEmpty
        case .lazyList(let list): return list.count == 0
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
        case .list, .lazyList: return "a list"
        case .object: return "an object"
        }
    }
}

/// An object's named fields. Templates look up a few short names in small objects, which a scan
/// comparing small strings does faster than hashing; an object with many fields (a page's texts)
/// gets an index as well.
public struct TemplateFields: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One array for names and values: view models are made of many small objects, and each
    /// allocation counts. A struct rather than a tuple, which the runtime destroys generically.
    private struct Field: Sendable {
        let name: String
        var value: TemplateValue
    }
    private var fields: [Field] = []
    private var index: [String: Int]?

    private static var indexedFrom: Int { 16 }

    public var names: [String] { fields.map(\.name) }

    /// A name given twice keeps its last value.
    public init(_ fields: some Sequence<(String, TemplateValue)>) {
        self.fields.reserveCapacity(fields.underestimatedCount)
        for (name, value) in fields { self[name] = value }
    }

    public init(_ fields: [String: TemplateValue]) { self.init(fields.lazy.map { ($0.key, $0.value) }) }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) { self.init(elements) }

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
                index = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.name, $0) })
            }
        }
    }

    /// These fields with `other`'s added, `other` winning where both have a name.
    public func merging(_ other: TemplateFields) -> TemplateFields {
        var merged = self
        for field in other.fields { merged[field.name] = field.value }
        return merged
    }

    private func position(of name: String) -> Int? {
        if let index { return index[name] }
        // Most names looked at are not the one sought, and differ in length.
        let length = name.utf8.count
        return fields.firstIndex { $0.name.utf8.count == length && $0.name == name }
    }

    /// Equal when they have the same names with equal values, in any order.
    public static func == (a: TemplateFields, b: TemplateFields) -> Bool {
        a.fields.count == b.fields.count && a.fields.allSatisfy { b[$0.name] == $0.value }
    }
}
