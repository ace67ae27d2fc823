import CheckoutDomain
import CheckoutJSON
import CheckoutLSP
import CheckoutLanguage
import Foundation
import Testing

/// `textDocument/hover`: stages, keys, enumeration values and condition names.
@Suite("LSP hover")
struct HoverTests {
    static func hover(_ text: String, at needle: String, occurrence: Int = 0, offset: Int = 1) -> String? {
        var server = Nav.server(text)
        let (line, character) = Nav.position(of: needle, in: text, occurrence: occurrence, offset: offset)
        return Nav.result(&server, "textDocument/hover", Nav.at(line, character))?["contents"]?["value"]?.string
    }

    @Test("on a stage id or a route to it: what the stage does and where each outcome goes")
    func stage() throws {
        let card = try #require(Self.hover(Nav.flow, at: "declined: card", offset: 11))
        #expect(card.hasPrefix("**screen `card`** (`creditCard`): \(ScreenKind.creditCard.summary)"), "\(card)")
        #expect(card.contains("- `success` → `review` (the next stage)"), "\(card)")
        let charge = try #require(Self.hover(Nav.flow, at: "outcome.charge", offset: 10))
        #expect(charge.contains("**step `charge`** (`sale`)"))
        #expect(charge.contains("- `declined` → `card`") && charge.contains("- `success` → `thanks` (the next stage)"), "\(charge)")
        let thanks = try #require(Self.hover(Nav.flow, at: "id: thanks", offset: 5))
        #expect(thanks.contains("runs when `outcome.charge == success and paymentMethod == card`, else skipped"))
        #expect(thanks.contains("- `success` → the end"))
        // A stage whose id is its kind: on its kind.
        let review = try #require(Self.hover(Nav.flow, at: "kind: review", offset: 7))
        #expect(review.hasPrefix("**screen `review`** (`review`)"))
    }

    @Test("on a stage whose route is still being typed: the route names no stage yet")
    func routeBeingTyped() throws {
        let text = Nav.flow.replacingOccurrences(of: "declined: card", with: "declined: ")
        try #require(text != Nav.flow)
        let charge = try #require(Self.hover(text, at: "outcome.charge", offset: 10))
        #expect(charge.contains("- `declined` → no stage yet"), "\(charge)")
        #expect(!charge.contains("``"), "\(charge)")
    }

    @Test("on a key: its documentation from the key tables, by where it is")
    func keys() throws {
        let spec = try #require(FlowKeys.request.first { $0.name == "withEmail" })
        let text = Nav.flow.replacingOccurrences(of: "request:\n", with: "request:\n  withEmail: false\n")
        #expect(Self.hover(text, at: "withEmail") == "**withEmail**: \(spec.summary)\n\n`bool` · default `true`")
        #expect(Self.hover(Nav.flow, at: "kind: creditCard")?.contains("what the screen asks") == true)
        #expect(Self.hover(Nav.flow, at: "kind: sale")?.contains("what the step does at the provider") == true)
        #expect(Self.hover(Nav.flow, at: "amount: 10")?.contains("purchase amount") == true)
        #expect(Self.hover(Nav.flow, at: "declined: card")?.contains("where to go when the stage ends `declined`") == true)
        #expect(Self.hover(Nav.flow, at: "title: Navigation", offset: 9) == nil)
    }

    @Test("on an enumeration value or a condition name: its words")
    func values() {
        #expect(Self.hover(Nav.flow, at: "[card]", offset: 2) == "**card**: \(PaymentMethodKind.card.summary)")
        #expect(Self.hover(Nav.flow, at: "kind: creditCard", offset: 8) == "**creditCard**: \(ScreenKind.creditCard.summary)")
        #expect(Self.hover(Nav.flow, at: "and paymentMethod", offset: 6) == "**paymentMethod**: \(ConditionName.paymentMethod.summary)")
    }

    @Test("on extends: in a folder whose name reads as a card number, the file but not its path")
    func extendsInACardNumberFolder() throws {
        let folder = URL(fileURLWithPath: LSPTestFolder.freshPath("lsp-hover-")).appendingPathComponent("4111-1111-1111-1111")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try Nav.flow.write(to: folder.appendingPathComponent("base.yaml"), atomically: true, encoding: .utf8)
        let child = "flow: child\ndsl: 1\nextends: base.yaml\n"
        let uri = LSPMessages.fileURI(folder.appendingPathComponent("child.yaml").path)
        var server = Nav.server(child, uri: uri)
        let (line, character) = Nav.position(of: "base.yaml", in: child, offset: 2)
        let hover = Nav.result(&server, "textDocument/hover", Nav.at(line, character, uri: uri))?["contents"]?["value"]?.string
        #expect(hover == "**extends** `base.yaml`: this flow starts from the settings of that file")
    }
}
