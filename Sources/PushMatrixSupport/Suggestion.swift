/// "Did you mean …?": the nearest candidate by edit distance, letter case aside, if a plausible typo; else the one
/// candidate the word begins (`lowpower` → `lowPowerMode`). Ties go to the alphabetically first, whatever the order.
package enum Suggestion {
    package static func nearest(_ word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        let unique = Set(candidates)
        var best: (distance: Int, name: String)?
        for candidate in unique {
            let other = Array(candidate.lowercased().unicodeScalars)
            let limit = max(1, min(3, max(target.count, other.count) / 3))  // about one typo per three letters
            let d = distance(target, other)
            guard d <= limit, candidate != word else { continue }
            if best == nil || (d, candidate) < (best!.distance, best!.name) { best = (d, candidate) }
        }
        if let best { return best.name }
        let begun = unique.filter { $0.lowercased().hasPrefix(word.lowercased()) && word.count >= 3 }
        return begun.count == 1 ? begun.first : nil
    }

    /// ` (did you mean 'x'?)` or the empty string. Without a near candidate, those of `words` (each candidate's names
    /// and other texts) that have `word` among their names' words, else among their texts' words, if three at most
    /// (`killed` → `terminated` or `forceQuit`, by their descriptions).
    package static func didYouMean(
        _ word: String, in candidates: some Sequence<String>, words: [(id: String, names: [String], texts: [String])] = []
    ) -> String {
        var found = nearest(word, in: candidates).map { [$0] } ?? []
        let lowered = word.lowercased()
        let has = { ($0 as [String]).contains { $0.lowercased().split { !$0.isLetter && !$0.isNumber }.contains { $0 == lowered } } }
        for matching in [words.filter { has($0.names) }, words.filter { has($0.texts) }] where found.isEmpty && matching.count <= 3 {
            found = matching.map(\.id)
        }
        return found.isEmpty ? "" : " (did you mean " + found.map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }

    /// Edit distance over Unicode scalars where swapping two neighbours counts as one typo (`titel` → `title`), as
    /// people mistype.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
                if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] { current[j + 1] = min(current[j + 1], before[j - 1] + 1) }
            }
            (before, previous) = (previous, current)
        }
        return previous[b.count]
    }
}
