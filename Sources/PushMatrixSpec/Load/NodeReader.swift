import PushMatrixJSON
import PushMatrixSupport

/// Reads one JSON object of the spec into typed values, recording every problem and reporting keys nobody asked for.
final class NodeReader {
    package let node: JSONNode
    package let path: String
    let sink: DiagnosticSink
    private var known: [String] = []

    package init(_ node: JSONNode, path: String, sink: DiagnosticSink) {
        (self.node, self.path, self.sink) = (node, path, sink)
        if case .object(let members) = node.value { known.reserveCapacity(members.count) }  // one read per member, mostly
    }

    package var origin: Origin { Origin(path: path, location: node.location) }

    /// This object's required members, each read whole or as a stand-in.
    package var required: Required { Required(reader: self) }

    /// Reads required members as values, never nil: one that is missing or of the wrong type is reported, and read as
    /// a stand-in (the empty string, false, a text in no language, a reference to no id), so a decoder builds each
    /// value in one expression. The stand-ins never leave the decoder: `SpecDecoder.decode` gives no spec once
    /// anything is reported.
    package struct Required {
        let reader: NodeReader

        package func string(_ key: String) -> String { reader.string(key) ?? "" }

        package func bool(_ key: String) -> Bool { reader.bool(key) ?? false }

        package func identifier(_ key: String) -> Reference { reader.identifier(key) ?? Reference(id: "", origin: reader.origin) }

        package func text(_ key: String, plainIn languages: [String]? = nil) -> LocalizedText {
            reader.text(key, plainIn: languages) ?? LocalizedText(values: [:], origin: reader.origin)
        }
    }

    /// Reads an object's members; nil (with an error) when `node` is not an object.
    package static func object(_ node: JSONNode, path: String, sink: DiagnosticSink) -> NodeReader? {
        guard case .object = node.value else {
            sink.error(node.location, path, "expected an object, found \(node.typeName)")
            return nil
        }
        return NodeReader(node, path: path, sink: sink)
    }

    func childPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The member `key`; reports it missing unless `optional`.
    package func member(_ key: String, optional: Bool = false) -> JSONNode? {
        known.append(key)
        if let value = node[key] { return value }
        if !optional { sink.error(node.location, path, "missing key '\(key)'") }
        return nil
    }

    package func string(_ key: String, optional: Bool = false) -> String? {
        member(key, optional: optional).flatMap { Self.string($0, path: childPath(key), sink: sink) }
    }

    package func identifier(_ key: String, optional: Bool = false) -> Reference? {
        guard let value = member(key, optional: optional), let id = Self.string(value, path: childPath(key), sink: sink) else { return nil }
        return Reference(id: id, origin: Origin(parent: path, key: key, location: value.location))
    }

    package func bool(_ key: String, default fallback: Bool? = nil) -> Bool? {
        guard let value = member(key, optional: fallback != nil) else { return fallback }
        if case .bool(let flag) = value.value { return flag }
        sink.error(value.location, childPath(key), "expected true or false, found \(value.typeName)")
        return nil
    }

    func integer(_ key: String) -> Int? {
        guard let value = member(key) else { return nil }
        if case .number(let literal) = value.value, let number = Int(literal) { return number }
        sink.error(value.location, childPath(key), "expected an integer, found \(value.typeName)")
        return nil
    }

    package func text(_ key: String, optional: Bool = false, plainIn languages: [String]? = nil) -> LocalizedText? {
        member(key, optional: optional).flatMap { Self.text($0, path: childPath(key), sink: sink, plainIn: languages) }
    }

    package func object(_ key: String, optional: Bool = false) -> NodeReader? {
        member(key, optional: optional).flatMap { Self.object($0, path: childPath(key), sink: sink) }
    }

    /// What `read` makes of the object member `key`, whose unknown keys are then reported.
    package func object<T>(_ key: String, optional: Bool = false, _ read: (NodeReader) -> T?) -> T? {
        member(key, optional: optional).flatMap { element($0, path: childPath(key), read) }
    }

    /// Reads an array member element by element; elements `read` cannot make sense of are dropped.
    package func list<T>(_ key: String, optional: Bool = false, _ read: (JSONNode, String) -> T?) -> [T] {
        guard let value = member(key, optional: optional), let items = array(value, path: childPath(key)) else { return [] }
        return items.enumerated().compactMap { read($1, "\(childPath(key))[\($0)]") }
    }

    package func objects<T>(_ key: String, optional: Bool = false, _ read: (NodeReader) -> T?) -> [T] {
        list(key, optional: optional) { node, path in element(node, path: path, read) }
    }

    /// Reads `node` (not a member of this object) as an array of objects.
    package func objects<T>(in node: JSONNode, path: String, _ read: (NodeReader) -> T?) -> [T] {
        guard let items = array(node, path: path) else { return [] }
        return items.enumerated().compactMap { element($1, path: "\(path)[\($0)]", read) }
    }

    /// The elements of an array; nil (with an error) when `node` is something else.
    private func array(_ node: JSONNode, path: String) -> [JSONNode]? {
        if case .array(let items) = node.value { return items }
        sink.error(node.location, path, "expected an array, found \(node.typeName)")
        return nil
    }

    /// What `read` makes of `node` (not a member of this object) as an object, whose unknown keys are then reported.
    package func element<T>(_ node: JSONNode, path: String, _ read: (NodeReader) -> T?) -> T? {
        Self.object(node, path: path, sink: sink).flatMap { reader in
            defer { reader.finish() }
            return read(reader)
        }
    }

    /// Reports a problem with the value `node` of the member `key`.
    package func report(_ key: String, _ node: JSONNode, _ message: String) { sink.error(node.location, childPath(key), message) }

    package func strings(_ key: String, optional: Bool = false) -> [Reference] {
        list(key, optional: optional) { node, path in
            Self.string(node, path: path, sink: sink).map { Reference(id: $0, origin: Origin(path: path, location: node.location)) }
        }
    }

    /// What `read` makes of each member of an object whose keys are data (ids), not field names; a key written twice is
    /// reported and its second value dropped. (Read as they come: every cell has such objects, and an array of the
    /// members first would cost a copy of each.)
    package func entries<T>(_ key: String, optional: Bool = false, _ read: (_ key: String, _ value: JSONNode, _ origin: Origin) -> T?)
        -> [T]
    {
        guard let object = self.object(key, optional: optional), case .object(let members) = object.node.value else { return [] }
        var seen = Set<String>()
        var made: [T] = []
        made.reserveCapacity(members.count)
        for member in members {
            let origin = Origin(parent: object.path, key: member.key, location: member.keyLocation)
            guard seen.insert(member.key).inserted else {
                sink.error(origin, "duplicate key '\(member.key)'")
                continue
            }
            if let item = read(member.key, member.value, origin) { made.append(item) }
        }
        return made
    }

    /// Reports members that no read asked for, and keys written twice: by a scan of the earlier members in an object of
    /// a few fields, by a set in a larger one, so that no object costs more than its size.
    package func finish() {
        guard case .object(let members) = node.value else { return }
        var seen = Set<String>()
        for (index, member) in members.enumerated() {
            let repeated = members.count > 16 ? !seen.insert(member.key).inserted : members[..<index].contains { $0.key == member.key }
            if repeated {
                sink.error(member.keyLocation, childPath(member.key), "duplicate key '\(member.key)'")
            } else if !known.contains(member.key) {
                sink.error(
                    member.keyLocation, childPath(member.key), "unknown key '\(member.key)'" + Suggestion.didYouMean(member.key, in: known))
            }
        }
    }

    /// `path` is worked out only for the error.
    package static func string(_ node: JSONNode, path: @autoclosure () -> String, sink: DiagnosticSink) -> String? {
        if case .string(let value) = node.value { return value }
        sink.error(node.location, path(), "expected a string, found \(node.typeName)")
        return nil
    }

    /// An object of language → string, or a plain string the same in each language `plainIn` names; validation checks
    /// the languages.
    package static func text(_ node: JSONNode, path: String, sink: DiagnosticSink, plainIn ids: [String]? = nil) -> LocalizedText? {
        let origin = Origin(path: path, location: node.location)
        if let ids, case .string(let s) = node.value { return .init(values: ids.reduce(into: [:]) { $0[$1] = s }, origin: origin) }
        guard case .object(let members) = node.value else {
            let plain = ids == nil ? "" : "a string or "
            sink.error(node.location, path, "expected \(plain)a text object such as {\"en\": \"…\", \"ja\": \"…\"}, found \(node.typeName)")
            return nil
        }
        var values: [String: String] = [:]
        for member in members {
            if values[member.key] != nil {
                sink.error(member.keyLocation, "\(path).\(member.key)", "duplicate key '\(member.key)'")
            } else if let value = string(member.value, path: "\(path).\(member.key)", sink: sink) {
                values[member.key] = value
            }
        }
        return LocalizedText(values: values, origin: origin)
    }
}
