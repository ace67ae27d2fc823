import CheckoutJSON
import CheckoutLSP
import Foundation
import Testing

/// `textDocument/documentSymbol`: the flow as an outline.
@Suite("LSP document symbols")
struct SymbolTests {
    static func symbols(_ text: String) -> [JSONValue] {
        var server = Nav.server(text)
        let params = JSONValue.object([JSONMember("textDocument", .object([JSONMember("uri", .string(Nav.uri))]))])
        return Nav.result(&server, "textDocument/documentSymbol", params)?.items ?? []
    }

    @Test("top-level keys; screens and steps hold their stages; a stage holds its routes")
    func outline() throws {
        let symbols = Self.symbols(Nav.flow)
        #expect(symbols.compactMap { $0["name"]?.string } == ["flow", "dsl", "title", "request", "screens", "steps", "translations"])
        let screens = try #require(symbols.first { $0["name"] == .string("screens") }?["children"]?.items)
        #expect(screens.compactMap { $0["name"]?.string } == ["paymentMethod", "card", "review"])
        #expect(screens[1]["detail"] == .string("screen creditCard"))
        let (line, character) = Nav.position(of: "id: card", in: Nav.flow)
        #expect(Nav.range(screens[1]["range"]) == [line, character, line + 1, 20])
        #expect(Nav.range(screens[1]["selectionRange"]) == [line, character + 4, line, character + 8])
        let steps = try #require(symbols.first { $0["name"] == .string("steps") }?["children"]?.items)
        #expect(steps.compactMap { $0["name"]?.string } == ["createToken", "tokenize", "charge", "thanks"])
        let charge = steps[2]
        #expect(charge["children"]?.items?.compactMap { $0["name"]?.string } == ["declined → card"])
        #expect(charge["detail"] == .string("step sale"))
    }

    @Test("every selection range is inside its range, and every child inside its parent")
    func nesting() {
        func check(_ symbol: JSONValue, inside parent: [Int]?) {
            let range = Nav.range(symbol["range"])
            let selection = Nav.range(symbol["selectionRange"])
            #expect(Self.within(selection, range), "\(symbol["name"] ?? .null)")
            if let parent { #expect(Self.within(range, parent), "\(symbol["name"] ?? .null)") }
            for child in symbol["children"]?.items ?? [] { check(child, inside: range) }
        }
        for symbol in Self.symbols(Nav.flow) { check(symbol, inside: nil) }
        let flowStyle = Nav.flow.replacingOccurrences(of: "- kind: review", with: "- { kind: review, on: { success: createToken } }")
        for symbol in Self.symbols(flowStyle) { check(symbol, inside: nil) }
        #expect(Self.symbols("flow: [\n").isEmpty)
    }

    static func within(_ inner: [Int], _ outer: [Int]) -> Bool {
        !inner[0...1].lexicographicallyPrecedes(outer[0...1]) && !outer[2...3].lexicographicallyPrecedes(inner[2...3])
    }
}
