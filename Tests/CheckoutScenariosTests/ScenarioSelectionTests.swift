import CheckoutScenarios
import Testing

@Suite struct ScenarioSelectionTests {
    @Test func shardParsing() {
        #expect(Shard("2/4") == Shard("2/4") && Shard("2/4")?.index == 2 && Shard("2/4")?.count == 4)
        #expect(Shard("1/1") != nil)
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", "-1/2", "1/2/3", "/2", "1/"] { #expect(Shard(bad) == nil, "\(bad)") }
    }

    @Test(arguments: [1, 2, 3, 4, 7, 13, 20])
    func shardsCoverEveryScenarioExactlyOnce(count: Int) {
        let tags = Array(repeating: [String](), count: 13)
        var runs = Array(repeating: 0, count: tags.count)
        var sizes: [Int] = []
        for k in 1...count {
            let selection = ScenarioSelection(shard: Shard("\(k)/\(count)"))
            let mine = selection.runs(tagsOf: tags)
            sizes.append(mine.filter { $0 }.count)
            for (i, r) in mine.enumerated() where r { runs[i] += 1 }
        }
        #expect(runs == Array(repeating: 1, count: tags.count))
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
    }

    @Test func shardSplitIsRoundRobinOverTheScenariosTheTagsAdmit() {
        let tags: [[String]] = [["smoke"], [], ["smoke"], ["smoke", "slow"], ["smoke"], ["smoke"]]
        let selection = ScenarioSelection(tags: ["smoke"], skipTags: ["slow"], shard: Shard("2/2"))
        // Admitted: 0, 2, 4, 5 → numbered 0…3; shard 2 of 2 takes numbers 1 and 3: scenarios 2 and 5.
        #expect(selection.runs(tagsOf: tags) == [false, false, true, false, false, true])
    }

    @Test func tagsIncludeAnyAndSkipWins() {
        let s = ScenarioSelection(tags: ["smoke", "wallet"], skipTags: ["slow"])
        #expect(s.admits(tags: ["wallet"]))
        #expect(s.admits(tags: ["smoke", "x"]))
        #expect(!s.admits(tags: []))
        #expect(!s.admits(tags: ["smoke", "slow"]))
        #expect(ScenarioSelection().admits(tags: []))
        #expect(!ScenarioSelection(skipTags: ["slow"]).admits(tags: ["slow"]))
    }
}

/// `--filter`: names, ignoring case; several are OR; with tags, AND; before the shard.
@Suite struct ScenarioFilterTests {
    @Test func filtersByNameIgnoringCaseOrAmongThemselvesAndWithTags() {
        let names = ["Visa approved", "visa declined", "PayPal", "apple pay declined"]
        let tags: [[String]] = [["smoke"], [], ["smoke", "wallet"], ["wallet"]]
        #expect(ScenarioSelection(filters: ["VISA"]).runs(tagsOf: tags, names: names) == [true, true, false, false])
        #expect(ScenarioSelection(filters: ["visa", "pay"]).runs(tagsOf: tags, names: names) == [true, true, true, true])
        #expect(ScenarioSelection(filters: ["declined"]).runs(tagsOf: tags, names: names) == [false, true, false, true])
        #expect(ScenarioSelection(tags: ["wallet"], filters: ["declined"]).runs(tagsOf: tags, names: names) == [false, false, false, true])
        #expect(ScenarioSelection(filters: ["nothing"]).runs(tagsOf: tags, names: names) == [false, false, false, false])
        // The shard numbers only what tags and filters admit: 1 and 3 → shard 2 of 2 takes 3.
        #expect(
            ScenarioSelection(shard: Shard("2/2"), filters: ["declined"]).runs(tagsOf: tags, names: names) == [false, false, false, true])
    }
}
