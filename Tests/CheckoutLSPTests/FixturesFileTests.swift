import CheckoutJSON
import CheckoutLSP
import CheckoutLanguage
import CheckoutScenarios
import Foundation
import Testing

/// Sandbox fixtures files (`shoppers:`, `cards:`, `rates:`) get the findings their reader gives
/// (`ScenarioReader.fixturesWorld`, as for `sandbox: { file: … }` and `checkout serve
/// --fixtures`), not a flow's: a fixtures file was compiled as a flow with no `flow:` key.
@Suite("LSP fixtures files")
struct FixturesFileTests {
    static let shipped = "examples/sandbox-fixtures/fixtures/shoppers-and-cards.yaml"

    static func shippedText() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(shipped), encoding: .utf8)
    }

    @Test("the shipped fixtures file publishes an empty list")
    func shippedIsClean() throws {
        let folder = try LSPTestFolder()
        let text = try Self.shippedText()
        _ = try folder.write(text, to: "shoppers-and-cards.yaml")
        var server = LSPMessages.initializedServer()
        let published = server.handle(LSPMessages.didOpen(folder.uri("shoppers-and-cards.yaml"), text))
        #expect(published.first?["params"]?["diagnostics"] == .array([]))
    }

    @Test("mistakes: the fixtures reader's findings at their ranges, no card number in them")
    func mistakes() throws {
        let folder = try LSPTestFolder()
        let text = try Self.shippedText()
            .replacingOccurrences(of: "chosenCard: \"4444\"", with: "chosenCrad: \"4444\"")
            .replacingOccurrences(of: "issuingCountry: GB", with: "issuingCuntry: GB")
        let path = try folder.write(text, to: "fixtures.yaml")
        let want = ScenarioReader.fixturesWorld(contentsOf: path).diagnostics
        #expect(want.count >= 2, "\(want.map(\.message))")
        var server = LSPMessages.initializedServer()
        // The open text, not the disk's: the file on disk is clean.
        _ = try folder.write(try Self.shippedText(), to: "fixtures.yaml")
        let published = server.handle(LSPMessages.didOpen(folder.uri("fixtures.yaml"), text))
        let got = try #require(published.first?["params"]?["diagnostics"]?.items)
        #expect(got.map { $0["code"]?.string } == want.map(\.rule.rawValue), "\(got.map { $0["message"] ?? .null })")
        for (g, w) in zip(got, want) {
            #expect(g["message"]?.string?.hasPrefix(w.message) == true)
            let range = try #require(w.range)
            #expect(g["range"]?["start"] == LSPDiagnostics.json(LSPPosition(line: range.start.line - 1, character: range.start.column - 1)))
        }
        #expect(!got.contains { $0["code"]?.string == "missing-key" }, "compiled as a flow: \(got)")
        #expect(!published.map { $0.serialized() }.joined().contains("4000"))
    }

    @Test("a flow with cards: and flow: is still a flow")
    func flowWithCards() throws {
        let folder = try LSPTestFolder()
        let text = "cards:\n  acceptedBrands: [visa]\nflow: demo\ndsl: 1\nrequest:\n  price: { amount: 1.00, currency: EUR }\n  bogus: 1\n"
        _ = try folder.write(text, to: "demo.yaml")
        var server = LSPMessages.initializedServer()
        let published = server.handle(LSPMessages.didOpen(folder.uri("demo.yaml"), text))
        let got = try #require(published.first?["params"]?["diagnostics"]?.items)
        let want = FlowCompiler.compile(Array(text.utf8), file: folder.path + "/demo.yaml").diagnostics
        #expect(got.map { $0["code"]?.string } == want.map(\.rule.rawValue))
        #expect(got.contains { $0["message"]?.string?.contains("bogus") == true })
    }

    @Test("a fixtures file of cards alone, a comment before the first, is one too")
    func cardsAlone() throws {
        let folder = try LSPTestFolder()
        let text = "cards:\n  # refused\n  - number: 4000 0000 0000 0101\n    brand: VISA\n    decline: do_not_honor\n    bogus: 1\n"
        let path = try folder.write(text, to: "cards.yaml")
        let want = ScenarioReader.fixturesWorld(contentsOf: path).diagnostics
        var server = LSPMessages.initializedServer()
        let published = server.handle(LSPMessages.didOpen(folder.uri("cards.yaml"), text))
        let got = try #require(published.first?["params"]?["diagnostics"]?.items)
        #expect(!want.isEmpty && got.map { $0["code"]?.string } == want.map(\.rule.rawValue), "\(got)")
        #expect(!published.map { $0.serialized() }.joined().contains("4000"))
    }
}
