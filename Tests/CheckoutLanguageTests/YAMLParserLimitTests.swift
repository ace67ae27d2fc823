import CheckoutLanguage
import Testing

/// Hostile or broken input ends in a diagnostic: never a hang, a crash or a huge allocation.
struct YAMLParserLimitTests {
    /// Nine levels of nine aliases each: 9^9 (387 million) nodes if expanded.
    static let billionLaughs: String = {
        var text = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let aliases = Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ")
            text += "l\(level): &l\(level) [\(aliases)]\n"
        }
        return text
    }()

    @Test func billionLaughsStopsAtTheAliasBudget() throws {
        let doc = YAMLFixture.parse(Self.billionLaughs)
        #expect(doc.root == nil)
        let diagnostic = try #require(doc.diagnostics.first)
        #expect(doc.diagnostics.count == 1)
        #expect(diagnostic.rule == .aliasLimit)
        #expect(diagnostic.message == "alias '*l4' takes alias expansion past the limit of 100000 nodes")
        // Stopping at level 4 (9^4 nodes and more) proves the expansion never ran to 9^9.
        #expect(diagnostic.range?.start.line == 6)
    }

    @Test func aliasesWithinTheBudgetExpand() {
        let doc = YAMLFixture.parse(Self.billionLaughs, limits: YAMLLimits(maxAliasNodes: 10_000_000_000))
        #expect(doc.diagnostics.isEmpty)
        // The copies share storage, so even billions of logical nodes cost little.
        #expect(YAMLFixture.node(doc.root, "l9", 8, 8, 8, 8, 8, 8, 8, 8, 8, 8)?.scalar?.value == "lol")
        #expect(YAMLFixture.span(YAMLFixture.node(doc.root, "l9", 8)) == "10:50-10:53")
    }

    @Test func aSmallBudgetCountsEveryNodeAnAliasAdds() {
        let text = "a: &a [1, 2, 3]\nb: *a\nc: *a\n"
        // Each alias adds the list and its three items: four nodes.
        #expect(YAMLFixture.parse(text, limits: YAMLLimits(maxAliasNodes: 8)).diagnostics.isEmpty)
        let over = YAMLFixture.parse(text, limits: YAMLLimits(maxAliasNodes: 7))
        #expect(YAMLFixture.summary(over) == ["alias-limit 3:4 alias '*a' takes alias expansion past the limit of 7 nodes"])
    }

    @Test func deepFlowNestingStopsAtTheDepthLimit() throws {
        let text = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let doc = YAMLFixture.parse(text)
        #expect(doc.root == nil)
        let diagnostic = try #require(doc.diagnostics.first)
        #expect(doc.diagnostics.count == 1)
        #expect(diagnostic.rule == .depthLimit)
        #expect(diagnostic.message == "nesting is deeper than the limit of 100 levels")
        #expect(diagnostic.range?.start == SourceLocation(line: 1, column: 101, offset: 100))
    }

    @Test func deepBlockNestingStopsAtTheDepthLimit() {
        var text = ""
        for level in 0..<150 { text += String(repeating: " ", count: level) + "k\(level):\n" }
        let doc = YAMLFixture.parse(text)
        #expect(doc.root == nil)
        #expect(YAMLFixture.summary(doc) == ["depth-limit 101:101 nesting is deeper than the limit of 100 levels"])
    }

    @Test func nestingAtTheLimitIsAccepted() {
        let text = String(repeating: "[", count: 100) + "x" + String(repeating: "]", count: 100)
        let doc = YAMLFixture.parse(text)
        #expect(doc.diagnostics.isEmpty)
        #expect(doc.root != nil)
    }

    @Test func anAliasThatWouldNestTooDeeplyStops() {
        func nested(_ levels: Int, _ inside: String) -> String {
            String(repeating: "[", count: levels) + inside + String(repeating: "]", count: levels)
        }
        // 1 (the root mapping) + 46 + the 60 levels of `*deep` = 107 > 100.
        let text = "a: &deep \(nested(60, ""))\nb: \(nested(46, "*deep"))\n"
        let doc = YAMLFixture.parse(text)
        #expect(doc.root == nil)
        #expect(doc.diagnostics.map(\.rule) == [.depthLimit])
        #expect(doc.diagnostics.first?.notes == ["the alias '*deep' adds 60 levels of nesting here"])
    }

    @Test func oversizedInputIsRejectedUnread() {
        let doc = YAMLFixture.parse("flow: x\n" + String(repeating: "# padding\n", count: 20), limits: YAMLLimits(maxBytes: 64))
        #expect(doc.root == nil)
        #expect(YAMLFixture.summary(doc) == ["size-limit 1:1 the file is 208 bytes, more than the limit of 64 bytes"])
        #expect(doc.diagnostics.first?.file == "test.yaml")
    }

    @Test(arguments: [
        ([UInt8]("a: b\nc: ".utf8) + [0xFF, 0x0A], "2:4", "the file is not valid UTF-8: invalid byte sequence starting with byte 0xFF"),
        ([UInt8]("a: caf".utf8) + [0xC3, 0x28], "1:7", "the file is not valid UTF-8: invalid byte sequence starting with byte 0xC3"),
        ([UInt8]("a: é\nb: x".utf8) + [0xE2, 0x82], "2:5", "the file is not valid UTF-8: invalid byte sequence starting with byte 0xE2"),
        ([0xFF, 0xFE] + [UInt8]("a\0:\0".utf8), "1:1", "the file is not valid UTF-8: invalid byte sequence starting with byte 0xFF"),
        ([UInt8]("a: b\u{1}".utf8), "1:5", "control characters are not allowed (U+0001)"),
    ])
    func invalidBytesAreEncodingErrors(bytes: [UInt8], location: String, message: String) throws {
        let doc = YAMLParser.parse(bytes, file: "bad.yaml")
        #expect(doc.root == nil)
        let diagnostic = try #require(doc.diagnostics.first)
        #expect(doc.diagnostics.count == 1)
        #expect(diagnostic.rule == .yamlEncoding)
        #expect(diagnostic.message == message)
        #expect(diagnostic.range.map { "\($0.start)" } == location)
        #expect(diagnostic.file == "bad.yaml")
    }
}
