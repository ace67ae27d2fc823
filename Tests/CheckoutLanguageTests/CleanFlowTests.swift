import CheckoutLanguage
import Foundation
import Testing

/// Flows that must compile: the YAML 1.1 traps under `Fixtures/good/` (no findings at all), and
/// flows under `Fixtures/warning/` whose findings are warnings only, kept in `NAME.expected`.
@Suite("Clean flows")
struct CleanFlowTests {
    @Test("compiles without findings", arguments: FlowFixture.names(in: "good"))
    func compilesCleanly(name: String) throws {
        let result = try FlowFixture(group: "good", name: name).compile()
        #expect(result.diagnostics.isEmpty, "\(FlowFixture.renderText(result))")
        #expect(result.flow != nil)
    }

    @Test("`NO`, `01234` and an unquoted shopper id stay text; amounts are exact decimals")
    func yaml11Traps() throws {
        let flow = try #require(try FlowFixture(group: "good", name: "yaml-1-1-traps").compile().flow)
        let request = flow.definition.request
        #expect(request.prefillBilling?.country == "NO")
        #expect(request.prefillBilling?.zip == "01234")
        #expect(request.shopperId == "20848977")
        #expect(request.price.amount == Decimal(10))
        #expect(request.price.currency.code == "USD")

        let amounts = try #require(try FlowFixture(group: "good", name: "decimal-amounts").compile().flow)
        #expect(amounts.definition.request.price.amount == Decimal(string: "10.50"))
        #expect(amounts.definition.request.price.taxAmount == Decimal(string: "0.84"))
    }

    @Test("an alias stands for its anchor's whole mapping")
    func anchors() throws {
        let flow = try #require(try FlowFixture(group: "good", name: "anchors").compile().flow)
        let request = flow.definition.request
        #expect(request.prefillBilling?.city == "New York")
        #expect(request.prefillShipping == request.prefillBilling)
    }

    @Test("warns but compiles", arguments: FlowFixture.names(in: "warning"))
    func warnsButCompiles(name: String) throws {
        let fixture = FlowFixture(group: "warning", name: name)
        let result = try fixture.compile()
        #expect(result.flow != nil)
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        let marks = try fixture.marks()
        #expect(FlowFixture.marks(of: result.diagnostics) == marks)
        try fixture.expect(FlowFixture.renderText(result), matches: ".expected")
    }
}
