import PushMatrixSpec

extension Matrix {
    /// The scenarios of each payload combination, in the matrix's order: the generated module's scenario files and
    /// the suite's test classes are one per combination.
    package var scenariosByPayload: [(payload: Payload, scenarios: ArraySlice<Scenario>)] {
        // The matrix lists scenarios payload by payload (docs' order): a group is a run, a slice of the matrix's array,
        // no scenario copied.
        let all = scenarios
        var groups: [(payload: Payload, scenarios: ArraySlice<Scenario>)] = []
        var start = all.startIndex
        for end in all.indices.dropFirst() where all[end].payload != all[start].payload {
            groups.append((all[start].payload, all[start..<end]))
            start = end
        }
        if start < all.endIndex {
            groups.append((all[start].payload, all[start...]))
        }
        return groups
    }
}
