/// "Did you mean" for near-miss names, shared by the compiler and the answers reader.
package enum Suggestions {
    /// The candidate closest to `word`, when it is close enough to be a likely typo:
    /// same letters in another case, or an edit distance of at most a third of the word (≥ 1).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == lower }) { return same }
        let limit = max(1, min(3, word.count / 3))
        var best: (String, Int)?
        for c in candidates {
            let d = distance(lower, c.lowercased())
            if d <= limit, d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }

    /// Damerau–Levenshtein distance (optimal string alignment): a swap of two letters is one edit.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
