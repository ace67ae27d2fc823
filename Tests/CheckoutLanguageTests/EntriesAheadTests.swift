import Testing

@testable import CheckoutLanguage

/// `FastYAMLReader.entriesAhead`: how many entries a big block collection still has, counted
/// on the lines ahead so its array is made once at its size (issue 21: grown by doubling and
/// trimmed, a 150,000-row table held three copies of its pairs at once).
@Suite struct EntriesAheadTests {
    func count(_ text: String, from line: Int, column: Int, sequence: Bool = false) -> Int {
        let bytes = Array(text.utf8)
        var start = 0
        for _ in 1..<line { start = bytes[start...].firstIndex(of: 0x0A)! + 1 }
        return bytes.withUnsafeBufferPointer { FastYAMLReader.entriesAhead(in: $0, from: start, column: column, sequence: sequence) }
    }

    @Test func aTableCountsItsRowsAndStopsAtTheNextKeyOutside() {
        let text = "tax:\n  FR-A: 20\n  # a comment\n\n  FR-B: 5.5\n  FR-C:\n    nested: 1\n  FR-D: 0\ncurrencies: [EUR]\n"
        #expect(count(text, from: 2, column: 2) == 4)
        // From the third row on: FR-B, FR-C, FR-D.
        #expect(count(text, from: 3, column: 2) == 3)
    }

    @Test func aSequenceCountsItsDashesAndStopsAtAKeyInItsColumn() {
        let text = "screens:\n- kind: a\n- kind: b\n  when: x\n- kind: c\nsteps:\n- kind: d\n"
        #expect(count(text, from: 2, column: 0, sequence: true) == 3)
    }

    @Test func theCountOfAGeneratedTableIsExact() {
        let rows = (0..<5_000).map { "  R-\($0): \($0 % 25)\n" }.joined()
        let text = "flow: x\ntax:\n" + rows + "end: true\n"
        #expect(count(text, from: 3, column: 2) == 5_000)
        guard case .mapping(let pairs)? = YAMLParser.parseWithFastPath(Array(text.utf8), file: nil)?.root?.mapping?[1].value.kind else {
            Issue.record("the fast path did not read the table")
            return
        }
        #expect(pairs.count == 5_000)
    }

    func flowCount(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        let start = bytes.firstIndex(where: { $0 == 0x7B || $0 == 0x5B })! + 1
        return bytes.withUnsafeBufferPointer { FastYAMLReader.flowEntriesAhead(in: $0, from: start) }
    }

    @Test func aFlowCollectionCountsItsCommasOutsideQuotesAndNestedCollections() {
        #expect(flowCount("- { id: r1, kind: review, when: billing.country != FR }\n- { id: r2 }\n") == 3)
        #expect(flowCount("x: { a: [1, 2, 3], b: { c: 1, d: 2 }, e: 'x, y', f: \"p, \\\" q\" }") == 4)
        #expect(flowCount("x: [a]") == 1)
    }
}
