import CheckoutLanguage
import Testing

/// Every node keeps where it starts and ends: 1-based line and column, byte offset, end exclusive.
struct YAMLParserPositionTests {
    @Test func blockMappingKeysValuesAndNesting() {
        let doc = YAMLFixture.parse(
            """
            request:
              price:
                amount: 10.5
              withEmail: true
            flow: demo

            """)
        let root = doc.root
        #expect(doc.diagnostics.isEmpty)
        #expect(YAMLFixture.span(root) == "1:1-6:1")
        #expect(YAMLFixture.span(YAMLFixture.key(root, "request")) == "1:1-1:8")
        #expect(YAMLFixture.span(YAMLFixture.node(root, "request")) == "2:3-5:1")
        #expect(YAMLFixture.span(YAMLFixture.node(root, "request", "price")) == "3:5-4:3")
        #expect(YAMLFixture.span(YAMLFixture.node(root, "request", "price", "amount")) == "3:13-3:17")
        #expect(YAMLFixture.span(YAMLFixture.key(YAMLFixture.node(root, "request"), "withEmail")) == "4:3-4:12")
        #expect(YAMLFixture.span(YAMLFixture.node(root, "request", "withEmail")) == "4:14-4:18")
        #expect(YAMLFixture.span(YAMLFixture.node(root, "flow")) == "5:7-5:11")
    }

    @Test func byteOffsetsCountUTF8WhileColumnsCountCharacters() throws {
        let doc = YAMLFixture.parse("name: Zoë Ünal\ncity: Zürich\n")
        let city = try #require(YAMLFixture.node(doc.root, "city"))
        #expect(city.range.start == SourceLocation(line: 2, column: 7, offset: 23))
        #expect(city.range.end == SourceLocation(line: 2, column: 13, offset: 30))
        let name = try #require(YAMLFixture.node(doc.root, "name"))
        #expect(name.range.end.column == 15)
        #expect(name.range.end.offset == 16)
    }

    @Test func blockSequencesAndTheirItems() {
        let doc = YAMLFixture.parse(
            """
            cards:
              accept:
                - visa
                - mastercard
            theme: dark
            """)
        let accept = YAMLFixture.node(doc.root, "cards", "accept")
        #expect(YAMLFixture.span(accept) == "3:5-5:1")
        #expect(YAMLFixture.span(YAMLFixture.node(accept, 0)) == "3:7-3:11")
        #expect(YAMLFixture.span(YAMLFixture.node(accept, 1)) == "4:7-4:17")
        #expect(accept?.sequence?.count == 2)
    }

    @Test func flowCollectionsEndAfterTheirClosingBracket() {
        let doc = YAMLFixture.parse("accept: [visa, amex]\nprice: {amount: 5, currency: EUR}\n")
        #expect(YAMLFixture.span(YAMLFixture.node(doc.root, "accept")) == "1:9-1:21")
        #expect(YAMLFixture.span(YAMLFixture.node(doc.root, "accept", 1)) == "1:16-1:20")
        #expect(YAMLFixture.span(YAMLFixture.node(doc.root, "price")) == "2:8-2:34")
        #expect(YAMLFixture.span(YAMLFixture.key(YAMLFixture.node(doc.root, "price"), "currency")) == "2:20-2:28")
        #expect(YAMLFixture.span(YAMLFixture.node(doc.root, "price", "currency")) == "2:30-2:33")
    }

    @Test func blockScalarsSpanFromIndicatorToTheNextContent() {
        let doc = YAMLFixture.parse(
            """
            description: |
              line one
              line two
            title: >-
              folded
              text
            flow: x
            """)
        let description = YAMLFixture.node(doc.root, "description")
        #expect(YAMLFixture.span(description) == "1:14-4:1")
        #expect(description?.scalar == YAMLScalar(value: "line one\nline two\n", style: .literal))
        let title = YAMLFixture.node(doc.root, "title")
        #expect(YAMLFixture.span(title) == "4:8-7:1")
        #expect(title?.scalar == YAMLScalar(value: "folded text", style: .folded))
    }

    @Test func multiLineQuotedScalarsEndAtTheirClosingQuote() {
        let doc = YAMLFixture.parse("title: \"first\n  second\"\nnote: 'a\n\n  b'\n")
        let title = YAMLFixture.node(doc.root, "title")
        #expect(YAMLFixture.span(title) == "1:8-2:10")
        #expect(title?.scalar == YAMLScalar(value: "first second", style: .doubleQuoted))
        let note = YAMLFixture.node(doc.root, "note")
        #expect(YAMLFixture.span(note) == "3:7-5:5")
        #expect(note?.scalar == YAMLScalar(value: "a\nb", style: .singleQuoted))
    }

    @Test func aByteOrderMarkIsSkippedButCountedInOffsets() {
        let doc = YAMLParser.parse([0xEF, 0xBB, 0xBF] + Array("a: b\n".utf8), file: "bom.yaml")
        #expect(doc.diagnostics.isEmpty)
        let value = YAMLFixture.node(doc.root, "a")
        #expect(value?.range.start == SourceLocation(line: 1, column: 4, offset: 6))
    }

    @Test func theLastNodeOfAFileWithoutAFinalLineBreakEndsOnTheLastLine() {
        let doc = YAMLFixture.parse("a: 1\nb: [x, y]")
        #expect(YAMLFixture.span(doc.root) == "1:1-2:10")
        #expect(doc.root?.range.end.offset == 14)
        #expect(YAMLFixture.span(YAMLFixture.node(doc.root, "b")) == "2:4-2:10")
    }

    @Test func crlfLineEndsCountAsOneBreak() {
        let doc = YAMLFixture.parse("a: 1\r\nb: 2\r\n")
        #expect(YAMLFixture.node(doc.root, "b")?.range.start == SourceLocation(line: 2, column: 4, offset: 9))
    }
}
