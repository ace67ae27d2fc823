import CheckoutJSON
import CheckoutLSP
import Foundation
import Testing

/// No card number a flow holds comes back in a hover, a completion, a symbol, a rename or a
/// code action: every position of a flow with card numbers in its values and an id is asked.
@Suite("LSP card data in hover, completion and the outline")
struct NavigationCardDataTests {
    static let card = "4111 1111 1111 1111"

    static let flow = """
        flow: leak
        dsl: 1
        title: "\(card)"
        description: pay with \(card.replacingOccurrences(of: " ", with: "-"))
        "\(card)": a key that is a card number
        request:
          price: { amount: 10.00, currency: USD }
        screens:
          - kind: paymentMethod
            methods: [card]
          - id: x4111111111111111
            kind: creditCard
            title: \(card)
          - kind: review
        steps:
          - kind: createToken
          - kind: tokenize
          - id: charge
            kind: sale
            on: { declined: x4111111111111111 }
          - kind: storeShopper
            when: declineCode != "\(card)"

        """

    /// True when `text` holds the card number (digits alone, spaces and dashes dropped).
    static func leaks(_ text: String) -> Bool {
        let digits = text.filter { $0 != " " && $0 != "-" }
        return digits.contains("4111111111111111")
    }

    @Test("hover, completion, rename preparation and code actions at every position; symbols; no card number")
    func everyPosition() {
        // The flow is a flow, with its findings (the control: the requests below have something to say).
        var server = Nav.server(Self.flow)
        var replies: [JSONValue] = []
        var hovers = 0
        var completions = 0
        for (line, text) in Self.flow.components(separatedBy: "\n").enumerated() {
            for character in 0...text.utf16.count {
                let at = Nav.at(line, character)
                let hover = server.handle(LSPMessages.request(1, "textDocument/hover", at))
                if hover.first?["result"] != .null { hovers += 1 }
                let completion = server.handle(LSPMessages.request(2, "textDocument/completion", at))
                if completion.first?["result"]?.items?.isEmpty == false { completions += 1 }
                replies += hover + completion + server.handle(LSPMessages.request(3, "textDocument/prepareRename", at))
            }
        }
        let document = JSONValue.object([JSONMember("uri", .string(Nav.uri))])
        replies += server.handle(LSPMessages.request(4, "textDocument/documentSymbol", .object([JSONMember("textDocument", document)])))
        let whole = JSONValue.object([
            JSONMember("start", LSPDiagnostics.json(LSPPosition(line: 0, character: 0))),
            JSONMember("end", LSPDiagnostics.json(LSPPosition(line: 100, character: 0))),
        ])
        replies += server.handle(
            LSPMessages.request(
                5, "textDocument/codeAction",
                .object([
                    JSONMember("textDocument", document), JSONMember("range", whole),
                    JSONMember("context", .object([JSONMember("diagnostics", .array([]))])),
                ])))
        #expect(hovers > 20 && completions > 20, "\(hovers) \(completions)")
        // The stage whose id looks like a card number is still there: its routes go to it.
        #expect(replies.contains { $0.serialized().contains("(a value that looks like a card number)") })
        for reply in replies {
            #expect(!Self.leaks(reply.serialized()), "\(reply.serialized().prefix(300))")
        }
    }
}
