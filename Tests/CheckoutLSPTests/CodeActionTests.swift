import CheckoutJSON
import CheckoutLSP
import CheckoutLanguage
import Foundation
import Testing

/// `textDocument/codeAction`: a quick fix per suggestion, whose edit removes that finding.
@Suite("LSP code actions")
struct CodeActionTests {
    /// Six mistakes, each with a suggestion, none of which changes another's finding.
    static let mistakes = Nav.flow
        .replacingOccurrences(of: "currency: USD }", with: "currency: usd }")
        .replacingOccurrences(of: "- kind: tokenize", with: "- kind: tokenize\n    retry: { backoff: exponental }")
        .replacingOccurrences(of: "declined: card", with: "declined: crad")
        .replacingOccurrences(of: "and paymentMethod ==", with: "and paymentMetod ==")
        .replacingOccurrences(of: "title: Navigation", with: "title: Navigation\ncards:\n  requireCvv: yes\n  maskng: true")

    static func actions(_ text: String, range: ((Int, Int), (Int, Int))? = nil, only: [String]? = nil) -> [JSONValue] {
        var server = Nav.server(text)
        let lines = text.components(separatedBy: "\n")
        let r = range ?? ((0, 0), (lines.count, 0))
        var context = [JSONMember("diagnostics", .array([]))]
        if let only { context.append(JSONMember("only", .array(only.map { .string($0) }))) }
        let params = JSONValue.object([
            JSONMember("textDocument", .object([JSONMember("uri", .string(Nav.uri))])),
            JSONMember(
                "range",
                .object([
                    JSONMember("start", LSPDiagnostics.json(LSPPosition(line: r.0.0, character: r.0.1))),
                    JSONMember("end", LSPDiagnostics.json(LSPPosition(line: r.1.0, character: r.1.1))),
                ])),
            JSONMember("context", .object(context)),
        ])
        return Nav.result(&server, "textDocument/codeAction", params)?.items ?? []
    }

    /// "rule: message" of an LSP diagnostic (its message without the notes appended).
    static func finding(_ d: JSONValue) -> String {
        "\(d["code"]?.string ?? ""): \(d["message"]?.string?.components(separatedBy: "\n").first ?? "")"
    }

    static func edits(_ action: JSONValue) -> [JSONValue] {
        action["edit"]?["changes"]?[Nav.uri]?.items ?? []
    }

    @Test("each suggestion is a quick fix whose edit removes that finding and only it")
    func eachFixRemovesItsFinding() throws {
        let before = Nav.findings(Self.mistakes)
        #expect(before.count == 6, "\(before)")
        let actions = Self.actions(Self.mistakes)
        #expect(
            actions.compactMap { $0["title"]?.string }.sorted()
                == [
                    "Change to 'USD'", "Change to 'card'", "Change to 'exponential'", "Change to 'masking'", "Change to 'paymentMethod'",
                    "Change to 'true'",
                ].sorted(),
            "\(actions)")
        #expect(actions.count == 6)
        for action in actions {
            #expect(action["kind"] == .string("quickfix"))
            let diagnostic = try #require(action["diagnostics"]?.items?.first)
            let finding = Self.finding(diagnostic)
            let fixed = Nav.apply(Self.edits(action), to: Self.mistakes)
            var expected = before
            expected.removeAll { $0 == finding }
            #expect(expected.count == before.count - 1, "\(finding)")
            #expect(Nav.findings(fixed) == expected, "\(action)")
        }
        // All six applied: the flow validates clean.
        let all = actions.flatMap(Self.edits)
        #expect(Nav.findings(Nav.apply(all, to: Self.mistakes)).isEmpty)
    }

    @Test("only the findings touching the range; none when only other kinds are asked for")
    func rangeAndKinds() {
        let (line, column) = Nav.position(of: "crad", in: Self.mistakes)
        let onLine = Self.actions(Self.mistakes, range: ((line, 0), (line, 0)))
        #expect(onLine.map { $0["title"] } == [.string("Change to 'card'")])
        #expect(Nav.range(onLine.first.flatMap(Self.edits)?.first?["range"]) == [line, column, line, column + 4])
        #expect(Self.actions(Self.mistakes, only: ["refactor"]).isEmpty)
        #expect(Self.actions(Self.mistakes, only: ["quickfix"]).count == 6)
        #expect(Self.actions(Nav.flow).isEmpty)
    }

    @Test("a condition over several lines gets no fix: its finding covers the whole condition")
    func multiLineCondition() {
        let oneLine = Nav.flow.replacingOccurrences(of: "and paymentMethod ==", with: "and paymentMetod ==")
        #expect(Self.actions(oneLine).count == 1)
        let folded = Nav.flow.replacingOccurrences(
            of: "when: outcome.charge == success and paymentMethod == card",
            with: "when: >-\n      outcome.charge == success\n      and paymentMetod == card")
        #expect(Nav.findings(folded).count == 1, "\(Nav.findings(folded))")
        #expect(Self.actions(folded).isEmpty)
        // One line, but with an escape: the finding is placed on the whole quoted condition.
        let escaped = Nav.flow.replacingOccurrences(
            of: "when: outcome.charge == success and paymentMethod == card",
            with: #"when: "outcome.charge == success and paymentMetod == \"card\"""#)
        #expect(Nav.findings(escaped) == ["unknown-name: unknown name 'paymentMetod'"])
        #expect(Self.actions(escaped).isEmpty)
    }

    /// Each place the compiler makes a suggestion: tax regions and their states, a brand's
    /// alias, a locale, a translation's language, a seed SDK's key name, a flow id, a quoted bool.
    @Test("every kind of suggestion: the fix removes its finding; a key's path suggestion gets none")
    func everyKindOfSuggestion() throws {
        let text = Nav.flow
            .replacingOccurrences(of: "flow: nav", with: "flow: My Nav")
            .replacingOccurrences(
                of: "title: Navigation",
                with:
                    "title: Navigation\ntax:\n  fr: 20\n  US-ny: 8.875\ncards:\n  accept: [Visa, mastercard]\n  cvvRequired: true\n  masking: \"no\"\nwithEmail: true"
            )
            .replacingOccurrences(of: "  price:", with: "  locale: dee\n  price:")
            .replacingOccurrences(of: "  de:\n", with: "  dee:\n")
        let before = Nav.findings(text)
        let actions = Self.actions(text)
        let titles = actions.compactMap { $0["title"]?.string }
        #expect(
            titles == [
                "Change to 'my-nav'", "Change to 'FR'", "Change to 'US-NY'", "Change to 'visa'", "Change to 'requireCvv'",
                "Change to 'false'",
                "Change to 'de'", "Change to 'de'",
            ], "\(titles)\n\(before)")
        // The top-level `withEmail` is request's: its finding suggests a path, and gets no fix.
        #expect(before.contains { $0.hasPrefix("unknown-key: unknown key 'withEmail'") })
        for action in actions {
            let d = try #require(action["diagnostics"]?.items?.first)
            let fixed = Nav.findings(Nav.apply(Self.edits(action), to: text))
            #expect(!fixed.contains(Self.finding(d)), "\(Self.finding(d))")
            #expect(fixed.count == before.count - 1, "\(Self.finding(d)): \(fixed)")
        }
    }

    /// Every suggestion the broken fixtures carry: the offered edit removes its finding.
    @Test("every fix offered for the broken fixtures removes its finding")
    func brokenFixtures() throws {
        var offered = 0
        for name in FixtureDiagnosticsTests.names() {
            let path = FixtureDiagnosticsTests.root.appendingPathComponent(name + ".yaml").path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let uri = LSPMessages.fileURI(path)
            var server = LSPMessages.initializedServer()
            _ = server.handle(LSPMessages.didOpen(uri, text))
            let params = JSONValue.object([
                JSONMember("textDocument", .object([JSONMember("uri", .string(uri))])),
                JSONMember(
                    "range",
                    .object([
                        JSONMember("start", LSPDiagnostics.json(LSPPosition(line: 0, character: 0))),
                        JSONMember("end", LSPDiagnostics.json(LSPPosition(line: 100_000, character: 0))),
                    ])),
                JSONMember("context", .object([JSONMember("diagnostics", .array([]))])),
            ])
            let actions = Nav.result(&server, "textDocument/codeAction", params)?.items ?? []
            for action in actions {
                let d = try #require(action["diagnostics"]?.items?.first)
                let finding = Self.finding(d)
                let edits = action["edit"]?["changes"]?[uri]?.items ?? []
                #expect(edits.count == 1)
                let fixed = Nav.apply(edits, to: text)
                #expect(!Nav.findings(fixed, file: path).contains(finding), "\(name): \(finding)")
                offered += 1
            }
        }
        #expect(offered >= 15, "\(offered)")
    }
}
