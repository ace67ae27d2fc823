import CheckoutDomain
import CheckoutHeadless
import CheckoutJSON
import CheckoutLSP
import CheckoutLanguage
import Foundation
import Testing

/// Answers files get the findings `checkout run --answers` reports, and no card number from
/// them (they hold test card numbers by design) reaches the editor in any message; a flow
/// value that looks like one is never quoted either.
@Suite("LSP answers files and card data")
struct CardDataTests {
    static let card = "4111 1111 1111 1111"

    /// Answers files with mistakes around card numbers: in a key, in a value of the wrong
    /// type, in fields that are not card fields, on a line with a syntax error.
    static let answersFiles = [
        "paymentMethod: card\ncard:\n  number: \(card)\n  expiry: 12/35\n  cvv: 123\n  bogus: 1\n",
        "paymentMethod: card\ncard:\n  number: [\(card)]\n  expiry: \(card)\n  cvv: \(card)\n  \(card): x\n",
        "paymentMethod: \(card)\ncard: { number: \(card), expiry: 13/99, cvv: 12345 }\nbilling:\n  email: \(card)\n  name: \(card)\n  country: \(card)\n",
        "paymentMethod: card\ncard:\n  number: \(card)\n  cvv: \"123\n  expiry: 12/35\n",
        "paymentMethod: card\ncard: &c { number: 4111111111111111 }\nbilling: *c\nshipping: { zip: 4111111111111111 }\n",
    ]

    @Test("an answers file gets run --answers's findings, at their ranges", arguments: answersFiles.indices)
    func answersFindings(index: Int) throws {
        let folder = try LSPTestFolder()
        let text = Self.answersFiles[index]
        let path = try folder.write(text, to: "shopper.yaml")
        let want = AnswersReader.read(contentsOf: path).1.map(\.diagnostic)
        #expect(!want.isEmpty)
        var server = LSPMessages.initializedServer()
        let published = server.handle(LSPMessages.didOpen(folder.uri("shopper.yaml"), text))
        let got = try #require(published.first?["params"]?["diagnostics"]?.items)
        #expect(got.map { $0["code"]?.string } == want.map(\.rule.rawValue))
        #expect(got.map { $0["range"]?["start"]?["line"]?.int } == want.map { $0.range.map { $0.start.line - 1 } ?? 0 })
        for (g, w) in zip(got, want) {
            #expect(g["message"]?.string?.hasPrefix(String(w.message.prefix(20))) == true, "\(g) \(w.message)")
        }
        // Every message, note and suggestion (the URI holds a random folder name).
        let out = JSONValue.array(got).serialized()
        #expect(!UserText.containsCardNumber(out), "\(out)")
        #expect(!out.contains("4111"), "\(out)")
    }

    @Test("the control: the same text without the answers keys is compiled as a flow")
    func flowControl() {
        var server = LSPMessages.initializedServer()
        let flowish = Self.answersFiles[0].replacingOccurrences(of: "paymentMethod: card\ncard:", with: "cards:")
        let compiled = server.handle(LSPMessages.didOpen("file:///tmp/lsp-card/flow.yaml", flowish))
        let messages = compiled.first?["params"]?["diagnostics"]?.items?.compactMap { $0["message"]?.string } ?? []
        #expect(messages.contains { $0.contains("'flow'") }, "\(messages)")
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
}
