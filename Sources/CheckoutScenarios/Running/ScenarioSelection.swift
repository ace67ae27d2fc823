/// Which scenarios a `checkout test` run executes: tags first, then the shard.
package struct ScenarioSelection: Sendable, Equatable {
    /// Run only scenarios with at least one of these tags (`--tag`); empty: all.
    package var tags: [String]
    /// Never run scenarios with any of these tags (`--skip-tag`); wins over `tags`.
    package var skipTags: [String]
    /// This machine's part of the suite (`--shard K/N`).
    package var shard: Shard?

    /// Creates a selection.
    package init(tags: [String] = [], skipTags: [String] = [], shard: Shard? = nil) {
        self.tags = tags
        self.skipTags = skipTags
        self.shard = shard
    }

    /// Whether the tags let a scenario run.
    package func admits(tags scenarioTags: [String]) -> Bool {
        if scenarioTags.contains(where: skipTags.contains) { return false }
        return tags.isEmpty || scenarioTags.contains(where: tags.contains)
    }

    /// For each scenario, in order, whether it runs here. The shard splits the scenarios the
    /// tags admit, numbered 0, 1, 2, … across all files in order: scenario `i` runs in shard
    /// `i % N + 1`. Every admitted scenario is in exactly one shard, and the shards differ in
    /// size by at most one.
    package func runs(tagsOf scenarios: [[String]]) -> [Bool] {
        var index = 0
        return scenarios.map { tags in
            guard admits(tags: tags) else { return false }
            defer { index += 1 }
            guard let shard else { return true }
            return index % shard.count == shard.index - 1
        }
    }
}

/// `K/N`: the K-th of N parts, K in 1...N.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// K, from 1.
    package var index: Int
    /// N, at least 1.
    package var count: Int

    /// Parses `K/N`; nil unless 1 ≤ K ≤ N.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        index = k
        count = n
    }

    package var description: String { "\(index)/\(count)" }
}
