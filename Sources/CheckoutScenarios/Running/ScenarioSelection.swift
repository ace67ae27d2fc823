import Foundation

/// Which scenarios a `checkout test` run executes: tags and names first, then the shard.
package struct ScenarioSelection: Sendable, Equatable {
    /// Run only scenarios with at least one of these tags (`--tag`); empty: all.
    package var tags: [String]
    /// Never run scenarios with any of these tags (`--skip-tag`); wins over `tags`.
    package var skipTags: [String]
    /// This machine's part of the suite (`--shard K/N`).
    package var shard: Shard?
    /// Run only scenarios whose name contains one of these, ignoring case (`--filter`); empty: all.
    package var filters: [String]

    /// Creates a selection.
    package init(tags: [String] = [], skipTags: [String] = [], shard: Shard? = nil, filters: [String] = []) {
        self.tags = tags
        self.skipTags = skipTags
        self.shard = shard
        self.filters = filters
    }

    /// Whether the filters let a scenario named `name` run: its name contains any of them,
    /// ignoring case.
    package func admits(name: String) -> Bool {
        filters.isEmpty || filters.contains { name.range(of: $0, options: .caseInsensitive) != nil }
    }

    /// Whether the tags let a scenario run.
    package func admits(tags scenarioTags: [String]) -> Bool {
        if scenarioTags.contains(where: skipTags.contains) { return false }
        return tags.isEmpty || scenarioTags.contains(where: tags.contains)
    }

    /// Whether every scenario runs here: no tag, filter or shard narrows the suite.
    package var selectsAll: Bool { tags.isEmpty && skipTags.isEmpty && shard == nil && filters.isEmpty }

    /// For each scenario, in order, whether it runs here: `runs(tagsOf:names:)` with their
    /// tags and names.
    package func runs(_ scenarios: [Scenario]) -> [Bool] {
        runs(tagsOf: scenarios.map(\.tags), names: scenarios.map(\.name), units: scenarios.map(\.unitKey))
    }

    /// For each scenario, in order, whether it runs here. The shard splits the scenarios the
    /// tags and the filters admit (both must), numbered 0, 1, 2, … across all files in order:
    /// scenario `i` runs in shard `i % N + 1`. Every admitted scenario is in exactly one shard,
    /// and the shards differ in size by at most one. Without `names` the filters are not applied.
    /// A chain (`units`: the same key) is one unit: numbered once, its admitted scenarios all in
    /// the shard of its first.
    package func runs(tagsOf scenarios: [[String]], names: [String]? = nil, units: [String?]? = nil) -> [Bool] {
        var index = 0
        var shardOfUnit: [String: Bool] = [:]
        return scenarios.indices.map { i in
            let tags = scenarios[i]
            guard admits(tags: tags), names.map({ admits(name: $0[i]) }) ?? true else { return false }
            let unit = units?[i] ?? nil
            if let unit, let here = shardOfUnit[unit] { return here }
            defer { index += 1 }
            let here = shard.map { index % $0.count == $0.index - 1 } ?? true
            if let unit { shardOfUnit[unit] = here }
            return here
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
