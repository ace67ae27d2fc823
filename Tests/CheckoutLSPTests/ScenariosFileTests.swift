import CheckoutJSON
import CheckoutLSP
import CheckoutLanguage
import CheckoutScenarios
import Foundation
import Testing

/// Scenarios files get the findings `checkout test` reports in them (`ScenarioSuite.load`,
/// which reads them and compiles their flows from the disk), at their ranges.
@Suite("LSP scenarios files")
struct ScenariosFileTests {
    /// Mistakes of the reader's: an unknown key, an enumeration, a missing flow file, inline
    /// answers. (With any of them the flows are not looked at, as in `checkout test`.)
    static let readerMistakes = """
        - name: authorized
          answers:
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123", bogus: 4111 1111 1111 1111 }
          expect:
            status: sucess
            steps: { ran: [authorise, creditCard] }
        - name: elsewhere
          flow: nowhere.yaml
          expct: { status: success }

        """
    /// Mistakes only a flow shows: stages it does not have.
    static let stageMistakes = FamilyFlows.scenarios.replacingOccurrences(of: "[authorize]", with: "[authorise, creditCard, sale]")

    @Test("diagnostics equal checkout test's findings for the file", arguments: [readerMistakes, stageMistakes])
    func equalTest(text: String) throws {
        let folder = try LSPTestFolder()
        try folder.write(FamilyFlows.base, to: "base.yaml")
        try folder.write(FamilyFlows.child, to: "child.yaml")
        let path = try folder.write(text, to: "child.scenarios.yaml")
        let suite = ScenarioSuite.load([path])
        let want = suite.findings.filter { $0.source.path == path }.flatMap(\.diagnostics).sorted {
            ($0.range?.start.line ?? 0, $0.range?.start.column ?? 0) < ($1.range?.start.line ?? 0, $1.range?.start.column ?? 0)
        }
        #expect(want.count >= (text == Self.stageMistakes ? 2 : 5), "\(want.map(\.message))")
        var server = LSPMessages.initializedServer()
        let published = server.handle(LSPMessages.didOpen(folder.uri("child.scenarios.yaml"), text))
        let got = try #require(published.first?["params"]?["diagnostics"]?.items)
        #expect(got.count == want.count, "\(got.map { $0["message"] ?? .null })")
        for (g, w) in zip(got, want) {
            #expect(g["message"]?.string == ([w.message] + w.notes).joined(separator: "\n"))
            #expect(g["code"]?.string == w.rule.rawValue)
            let range = try #require(w.range)
            #expect(g["range"]?["start"] == LSPDiagnostics.json(LSPPosition(line: range.start.line - 1, character: range.start.column - 1)))
            #expect(g["range"]?["end"] == LSPDiagnostics.json(LSPPosition(line: range.end.line - 1, character: range.end.column - 1)))
        }
        if text == Self.stageMistakes {
            #expect(got.contains { $0["message"]?.string?.contains("has no stage 'authorise'") == true })
            #expect(got.contains { $0["message"]?.string?.contains("has no stage 'sale'") == true })
        }
        #expect(!published.map { $0.serialized() }.joined().contains("4111"))
    }

    @Test("a scenarios file without mistakes publishes an empty list")
    func clean() throws {
        let folder = try LSPTestFolder()
        try folder.write(FamilyFlows.base, to: "base.yaml")
        try folder.write(FamilyFlows.child, to: "child.yaml")
        var server = LSPMessages.initializedServer()
        let published = server.handle(LSPMessages.didOpen(folder.uri("child.scenarios.yaml"), FamilyFlows.scenarios))
        #expect(published.first?["params"]?["diagnostics"] == .array([]))
    }
}
