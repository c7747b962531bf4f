/// "Did you mean …?" hints: the closest candidate by edit distance, when it is close enough to help.
enum Suggestion {
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate.lowercased())
            if d <= limit, d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// ` (did you mean 'x'?)` or the empty string.
    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        nearest(word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance over characters, two rows at a time.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
