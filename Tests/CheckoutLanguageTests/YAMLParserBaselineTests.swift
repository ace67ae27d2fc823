import CheckoutLanguage
import Testing

/// `RawYAML`, the benchmark's baseline, and budgets at the edges of `Int`.
struct YAMLParserBaselineTests {
    @Test func rawEventCountCountsEveryLibyamlEvent() {
        // stream, document, mapping, "a", sequence, "1", "2", and the three ends with the stream end.
        #expect(RawYAML.eventCount(Array("a: [1, 2]\n".utf8)) == 11)
        #expect(RawYAML.eventCount([]) == 2)
    }

    @Test func rawEventCountStopsAtTheFirstError() {
        // stream start, document start, mapping start, "a"; then "mapping values are not allowed".
        #expect(RawYAML.eventCount(Array("a: b: c\n".utf8)) == 4 + 1)
    }

    @Test func aBudgetNearIntMaxDoesNotOverflow() {
        // Seventy levels of doubling: subtree sizes pass Int.max and must saturate, not trap.
        var text = "l0: &l0 [x, x]\n"
        for level in 1...70 { text += "l\(level): &l\(level) [*l\(level - 1), *l\(level - 1)]\n" }
        let generous = YAMLFixture.parse(text, limits: YAMLLimits(maxDepth: 1_000, maxAliasNodes: .max))
        #expect(generous.diagnostics.isEmpty)
        #expect(YAMLFixture.node(generous.root, "l70", 1, 1, 1)?.sequence?.count == 2)
        let bounded = YAMLFixture.parse(text)
        #expect(bounded.diagnostics.map(\.rule) == [.aliasLimit])
    }

    @Test func aLargeMappingKeepsEveryPairInOrder() {
        var text = "tax:\n"
        for i in 0..<20_000 { text += "  FR-\(i): \(i % 30).5\n" }
        let doc = YAMLFixture.parse(text)
        #expect(doc.diagnostics.isEmpty)
        let pairs = YAMLFixture.node(doc.root, "tax")?.mapping ?? []
        #expect(pairs.count == 20_000)
        #expect(pairs.last?.key.scalar?.value == "FR-19999")
        #expect(pairs.last?.value.range.start == SourceLocation(line: 20_001, column: 13, offset: text.utf8.count - 5))
    }

    @Test func aLargeSequenceFollowedByOtherContentIsExact() {
        var text = "accept: ["
        text += (0..<3_000).map { _ in "v" }.joined(separator: ",")
        text += "]\ndescription: |\n" + String(repeating: "  some long text that follows the list\n", count: 20_000)
        let doc = YAMLFixture.parse(text)
        #expect(doc.diagnostics.isEmpty)
        let items = YAMLFixture.node(doc.root, "accept")?.sequence ?? []
        #expect(items.count == 3_000)
        #expect(items.capacity < 4_000)
    }
}
