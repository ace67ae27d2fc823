import CheckoutLanguage
import Testing

/// What the reader reports, and where.
struct YAMLParserDiagnosticTests {
    @Test func duplicateKeyIsReportedAtTheSecondKeyAndTheFirstIsKept() throws {
        let doc = YAMLFixture.parse(
            """
            request:
              withEmail: true
              fullBilling: false
              withEmail: false
            """)
        let diagnostic = try #require(doc.diagnostics.first)
        #expect(doc.diagnostics.count == 1)
        #expect(diagnostic.rule == .duplicateKey)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == "duplicate key 'withEmail'")
        #expect(diagnostic.notes == ["first defined at line 2, column 3"])
        #expect(diagnostic.file == "test.yaml")
        #expect(diagnostic.range?.description == "4:3-4:12")
        let request = YAMLFixture.node(doc.root, "request")
        #expect(request?.mapping?.count == 2)
        #expect(YAMLFixture.node(request, "withEmail")?.scalar?.value == "true")
    }

    @Test func duplicateKeysAreFoundInLargeMappingsToo() {
        var text = "tax:\n"
        for i in 0..<5_000 { text += "  R\(i): 1.5\n" }
        text += "  R17: 2\n  R4999: 3\n"
        let doc = YAMLFixture.parse(text)
        #expect(
            YAMLFixture.summary(doc) == [
                "duplicate-key 5002:3 duplicate key 'R17'",
                "duplicate-key 5003:3 duplicate key 'R4999'",
            ])
        #expect(doc.diagnostics.map(\.notes) == [["first defined at line 19, column 3"], ["first defined at line 5001, column 3"]])
        #expect(YAMLFixture.node(doc.root, "tax")?.mapping?.count == 5_000)
    }

    @Test func quotedAndPlainKeysWithTheSameTextAreDuplicates() {
        let doc = YAMLFixture.parse("flow: a\n\"flow\": b\n")
        #expect(YAMLFixture.summary(doc) == ["duplicate-key 2:1 duplicate key 'flow'"])
    }

    @Test func keysDifferingOnlyInUnicodeNormalizationAreDistinct() {
        let doc = YAMLFixture.parse("caf\u{E9}: 1\ncafe\u{301}: 2\n")
        #expect(doc.diagnostics.isEmpty)
        #expect(doc.root?.mapping?.count == 2)
    }

    @Test func complexKeysAreReportedAndTheirPairsSkipped() {
        let doc = YAMLFixture.parse("[a, b]: 1\n? {c: d}\n: 2\nflow: x\n")
        #expect(
            YAMLFixture.summary(doc) == [
                "complex-key 1:1 a key must be a scalar, not a list",
                "complex-key 2:3 a key must be a scalar, not a mapping",
            ])
        #expect(doc.diagnostics.last?.range?.description == "2:3-2:9")
        #expect(doc.root?.mapping?.map { $0.key.scalar?.value } == ["flow"])
    }

    @Test func anAliasToACollectionUsedAsAKeyIsComplex() {
        let doc = YAMLFixture.parse("a: &list [1]\n*list : x\n")
        #expect(YAMLFixture.summary(doc) == ["complex-key 2:1 a key must be a scalar, not a list"])
    }

    @Test func undefinedAliasIsReportedAtTheAlias() {
        let doc = YAMLFixture.parse("a: 1\nb: *missing\n")
        #expect(YAMLFixture.summary(doc) == ["undefined-alias 2:4 undefined alias '*missing'"])
        #expect(doc.diagnostics.first?.range?.description == "2:4-2:12")
        #expect(doc.diagnostics.first?.notes == ["define the anchor with '&missing' before this alias"])
    }

    @Test func anAliasInsideItsOwnAnchorIsUndefined() {
        let doc = YAMLFixture.parse("a: &loop [1, *loop]\n")
        #expect(doc.diagnostics.map(\.rule) == [.undefinedAlias])
        #expect(doc.diagnostics.first?.notes.first?.contains("still open") == true)
    }

    @Test func aliasesCopyTheAnchoredNodeWithTheirOwnRange() throws {
        let doc = YAMLFixture.parse(
            """
            billing: &addr
              country: US
              zip: "10001"
            shipping: *addr
            """)
        #expect(doc.diagnostics.isEmpty)
        let shipping = try #require(YAMLFixture.node(doc.root, "shipping"))
        #expect(shipping.range.description == "4:11-4:16")
        #expect(YAMLFixture.node(shipping, "zip")?.scalar == YAMLScalar(value: "10001", style: .doubleQuoted))
        // The copied children keep the positions of the anchored source.
        #expect(YAMLFixture.span(YAMLFixture.node(shipping, "country")) == "2:12-2:14")
    }

    @Test func aRedefinedAnchorRefersToItsLatestNode() {
        let doc = YAMLFixture.parse("a: &x 1\nb: &x 2\nc: *x\n")
        #expect(YAMLFixture.node(doc.root, "c")?.scalar?.value == "2")
    }

    @Test(arguments: [
        ("a: b: c\n", "1:5 mapping values are not allowed in this context", [String]()),
        ("a:\n  - x\n - y\n", "3:2 did not find expected key", ["while parsing a block mapping at line 1, column 1"]),
        (
            "a: \"open\n", "1:4 the quoted value starting here is never closed",
            ["the file ends at line 2, column 1 without the closing quote"]
        ),
        ("key: [unclosed\n", "2:1 did not find expected ',' or ']'", ["while parsing a flow sequence at line 1, column 6"]),
        (
            "a:\n\tb: 2\n", "2:1 found character that cannot start any token",
            ["while scanning for the next token at line 2, column 1", "YAML indentation must use spaces, not tabs"]
        ),
    ])
    func syntaxErrorsArePositionedAtLibyamlsProblemMark(text: String, expected: String, notes: [String]) {
        let doc = YAMLFixture.parse(text)
        #expect(doc.root == nil)
        #expect(YAMLFixture.summary(doc) == ["yaml-syntax \(expected)"])
        #expect(doc.diagnostics.first?.notes == notes)
        #expect(doc.diagnostics.first?.file == "test.yaml")
    }

    @Test func aSecondDocumentIsAnErrorAndTheFirstIsKept() {
        let doc = YAMLFixture.parse("flow: a\n---\nflow: b\n")
        #expect(
            YAMLFixture.summary(doc) == [
                "yaml-multiple-documents 2:1 a flow file holds one YAML document, this is a second one"
            ])
        #expect(YAMLFixture.node(doc.root, "flow")?.scalar?.value == "a")
    }

    @Test func anExplicitDocumentEndIsStillOneDocument() {
        let doc = YAMLFixture.parse("---\nflow: a\n...\n")
        #expect(doc.diagnostics.isEmpty)
        #expect(YAMLFixture.node(doc.root, "flow")?.scalar?.value == "a")
    }

    @Test(arguments: ["", "# just a comment\n\n# and another\n", "---\n", "\n\n"])
    func anEmptyFileHasNoRootAndOneDiagnostic(text: String) throws {
        let doc = YAMLFixture.parse(text)
        #expect(doc.root == nil)
        let diagnostic = try #require(doc.diagnostics.first)
        #expect(doc.diagnostics.count == 1)
        #expect(diagnostic.rule == .emptyDocument)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == "the file has no YAML document")
        #expect(diagnostic.range == SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0)))
    }

    @Test func aFileNameOfNilIsPassedThrough() {
        let doc = YAMLParser.parse("a: [", file: nil)
        #expect(doc.diagnostics.count == 1)
        #expect(doc.diagnostics.first?.file == nil)
        #expect(doc.diagnostics.first?.range != nil)
    }
}
