import CheckoutLanguage
import Testing

/// Scalars stay text: typing is the DSL's business, never YAML 1.1 guessing.
struct YAMLParserScalarTests {
    @Test(arguments: ["NO", "01234", "yes", "1e3", "~", "null", "0x1F", "2024-01-01", "+12", ".inf"])
    func plainScalarsComeThroughAsText(text: String) {
        let doc = YAMLFixture.parse("value: \(text)\n")
        #expect(doc.diagnostics.isEmpty)
        #expect(YAMLFixture.node(doc.root, "value")?.scalar == YAMLScalar(value: text, style: .plain))
    }

    @Test func quotingStylesAreKept() {
        let doc = YAMLFixture.parse("a: 'NO'\nb: \"tab\\there\"\nc: plain text\n")
        #expect(YAMLFixture.node(doc.root, "a")?.scalar == YAMLScalar(value: "NO", style: .singleQuoted))
        #expect(YAMLFixture.node(doc.root, "b")?.scalar == YAMLScalar(value: "tab\there", style: .doubleQuoted))
        #expect(YAMLFixture.node(doc.root, "c")?.scalar == YAMLScalar(value: "plain text", style: .plain))
    }

    @Test func anEmptyValueIsAnEmptyPlainScalar() {
        let doc = YAMLFixture.parse("prefill:\nflow: x\n")
        let value = YAMLFixture.node(doc.root, "prefill")
        #expect(value?.scalar == YAMLScalar(value: "", style: .plain))
        #expect(value?.scalar?.isNull == true)
    }

    @Test func tagsAreKeptInShortFormWithoutInterpretation() {
        let doc = YAMLFixture.parse("a: !!str 10\nb: !custom x\nc: !!map {}\n")
        #expect(YAMLFixture.node(doc.root, "a")?.tag == "!!str")
        #expect(YAMLFixture.node(doc.root, "a")?.scalar?.value == "10")
        #expect(YAMLFixture.node(doc.root, "b")?.tag == "!custom")
        #expect(YAMLFixture.node(doc.root, "c")?.tag == "!!map")
        #expect(YAMLFixture.node(doc.root, "c")?.mapping?.isEmpty == true)
        #expect(YAMLFixture.key(doc.root, "a")?.tag == nil)
    }

    @Test func mergeKeysAreOrdinaryKeys() {
        let doc = YAMLFixture.parse("base: &b {x: 1}\nuse:\n  <<: *b\n  y: 2\n")
        #expect(doc.diagnostics.isEmpty)
        let use = YAMLFixture.node(doc.root, "use")
        #expect(use?.mapping?.map { $0.key.scalar?.value } == ["<<", "y"])
        #expect(YAMLFixture.node(use, "<<", "x")?.scalar?.value == "1")
    }
}
