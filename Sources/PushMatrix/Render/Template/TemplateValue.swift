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

    /// An object's field; nil for a name it lacks or a value that is not an object. Looked up
    /// on the value in place: binding the object's fields first copied them for every frame
    /// a name was looked for in.
    func field(_ name: String) -> TemplateValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[name]
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
    /// Names and values in the one array a literal is given as: view models are made of many
    /// small objects, and copying each literal into storage of another shape cost an array and
    /// a generic destruction of the literal's.
    private var fields: [(String, TemplateValue)]
    private var index: [String: Int]?

    private static var indexedFrom: Int { 16 }

    public var names: [String] { fields.map(\.0) }

    /// A name given twice keeps its last value.
    public init(_ fields: some Sequence<(String, TemplateValue)>) {
        self.fields = []
        self.fields.reserveCapacity(fields.underestimatedCount)
        for (name, value) in fields { self[name] = value }
    }

    public init(_ fields: [String: TemplateValue]) { self.init(fields.lazy.map { ($0.key, $0.value) }) }

    /// A literal's names must differ, as a dictionary literal's must.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        assert(!elements.indices.contains { n in elements[..<n].contains { $0.0 == elements[n].0 } }, "a name is given twice")
        fields = elements
        if fields.count >= Self.indexedFrom { index = positions() }
    }

    public subscript(name: String) -> TemplateValue? {
        get { position(of: name).map { fields[$0].1 } }
        set {
            guard let newValue else { return }  // fields are only ever added or replaced
            if let n = position(of: name) {
                fields[n].1 = newValue
                return
            }
            fields.append((name, newValue))
            if index != nil {
                index![name] = fields.count - 1
            } else if fields.count >= Self.indexedFrom {
                index = positions()
            }
        }
    }

    /// These fields with `other`'s added, `other` winning where both have a name.
    public func merging(_ other: TemplateFields) -> TemplateFields {
        var merged = self
        for (name, value) in other.fields { merged[name] = value }
        return merged
    }

    private func positions() -> [String: Int] {
        Dictionary(uniqueKeysWithValues: fields.indices.map { (fields[$0].0, $0) })
    }

    private func position(of name: String) -> Int? {
        if let index { return index[name] }
        // Most names looked at are not the one sought, and differ in length.
        let length = name.utf8.count
        return fields.firstIndex { $0.0.utf8.count == length && $0.0 == name }
    }

    /// Equal when they have the same names with equal values, in any order.
    public static func == (a: TemplateFields, b: TemplateFields) -> Bool {
        a.fields.count == b.fields.count && a.fields.allSatisfy { b[$0.0] == $0.1 }
    }
}
