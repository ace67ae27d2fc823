import CheckoutJSON
import CheckoutLSP
import Foundation
import Testing

/// No card number reaches the editor: answers files (where card numbers live) are not compiled,
/// and a flow value that looks like one is never quoted. Scenario files get an empty list.
@Suite("LSP card data and other files")
struct CardDataTests {
    static let card = "4111 1111 1111 1111"

    @Test("an answers file with a card number publishes an empty list")
    func answersFile() throws {
        let answers = "paymentMethod: card\ncard:\n  number: \(Self.card)\n  expiry: 12/35\n  cvv: 123\n  bogus: 1\n"
        var server = LSPMessages.initializedServer()
        let published = server.handle(LSPMessages.didOpen("file:///tmp/lsp-card/visa-approved.yaml", answers))
        #expect(published.first?["params"]?["diagnostics"] == .array([]))
        // The control: the same text named as a flow, without the answers keys, is compiled.
        let flowish = answers.replacingOccurrences(of: "paymentMethod: card\ncard:", with: "cards:")
        let compiled = server.handle(LSPMessages.didOpen("file:///tmp/lsp-card/flow.yaml", flowish))
        #expect(compiled.first?["params"]?["diagnostics"]?.items?.isEmpty == false)
    }

    @Test("a flow holding a card number in values the compiler rejects never quotes it")
    func flowValues() throws {
        let flow = "flow: \(Self.card)\ndsl: 1\ntitle: x\nrequest:\n  price: { amount: 1.00, currency: \(Self.card) }\n  \(Self.card): 1\n"
        var server = LSPMessages.initializedServer()
        let published = server.handle(LSPMessages.didOpen("file:///tmp/lsp-card/leak.yaml", flow))
        let diagnostics = try #require(published.first?["params"]?["diagnostics"]?.items)
        #expect(diagnostics.count >= 3, "\(diagnostics)")
        let text = published.first?.serialized() ?? ""
        #expect(!text.contains("4111"), "\(text)")
        #expect(!text.replacingOccurrences(of: " ", with: "").contains("4111111111111111"))
    }

    @Test("a scenarios file publishes an empty list (not checked in this slice)")
    func scenariosFile() {
        var server = LSPMessages.initializedServer()
        let published = server.handle(LSPMessages.didOpen("file:///tmp/lsp-card/x.scenarios.yaml", "flow: 1\nbogus: [\n"))
        #expect(published.first?["params"]?["diagnostics"] == .array([]))
    }
}
