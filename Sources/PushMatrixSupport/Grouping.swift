extension Sequence {
    /// The elements in groups of equal `key`, each group in order and the groups in the order their keys first come.
    /// The groups so far are scanned for each element: for the few groups a page or a file lists.
    package func grouped<Key: Equatable>(by key: (Element) -> Key) -> [(key: Key, members: [Element])] {
        var groups: [(key: Key, members: [Element])] = []
        for element in self {
            let elementKey = key(element)
            if let index = groups.firstIndex(where: { $0.key == elementKey }) {
                groups[index].members.append(element)
            } else {
                groups.append((elementKey, [element]))
            }
        }
        return groups
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    package func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
