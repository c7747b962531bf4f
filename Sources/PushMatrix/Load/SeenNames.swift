/// Names met so far, to spot one written twice. Spec objects have a handful of keys, which a
/// scan checks faster than hashing (and without allocating a table per object); a long list
/// switches to a set.
struct SeenNames {
    private var names: [String] = []
    private var set: Set<String>?

    private static var hashedFrom: Int { 24 }

    /// Room for `count` names, so that adding them allocates once.
    init(capacity count: Int) { names.reserveCapacity(min(count, Self.hashedFrom)) }

    /// Adds `name`; false when it was already there.
    mutating func insert(_ name: String) -> Bool {
        if set != nil { return set!.insert(name).inserted }
        if names.contains(name) { return false }
        names.append(name)
        if names.count >= Self.hashedFrom { set = Set(names) }
        return true
    }

    func contains(_ name: String) -> Bool { set?.contains(name) ?? names.contains(name) }
}
