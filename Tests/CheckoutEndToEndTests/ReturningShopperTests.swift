import Foundation
import Testing

/// Sandbox shopper 20848977 (SPEC §7) paying with a saved card on the shipped flow.
@Suite struct ReturningShopperTests {
    @Test(arguments: [("1111", "VISA"), ("4444", "MASTERCARD")])
    func paysWithSavedCard(last4: String, ccType: String) throws {
        let ws = try Workspace()
        let run = try ws.run(flow: "flows/returning-shopper.yaml", answers: "paymentMethod: savedCard\nsavedCard: \"\(last4)\"\n")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.status == "success")
        #expect(result.paymentType == "CC")
        #expect(result.savedCard == true)
        #expect(result.creditCard?.ccType == ccType)
        #expect(result.creditCard?.last4Digits == last4)
        #expect(result.transaction?.status == "APPROVED")
        #expect(result.transaction?.amount == Decimal(exactly: "12.50"))
        // Billing and shipping come from the stored shopper; the answers gave none.
        let billing = try #require(result.billingDetails)
        #expect(billing.name == "John Doe")
        #expect(billing.email == "john@example.com")
        #expect(billing.country == "US")
        #expect(billing.state == "NY")
        #expect(billing.zip == "10001")
        #expect(result.shippingDetails?.name == "John Doe")
        #expect(result.shippingDetails?.zip == "10001")
    }

    @Test func shippedSavedVisaExample() throws {
        let ws = try Workspace()
        let answers = try #require(ws.read(CheckoutBinary.root.appendingPathComponent("examples/returning-shopper/saved-visa.yaml").path))
        let run = try ws.run(flow: "flows/returning-shopper.yaml", answers: answers)
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(try run.result().creditCard?.last4Digits == "1111")
    }

    @Test func unknownSavedCardIsAnInvalidAnswer() throws {
        let ws = try Workspace()
        let run = try ws.run(flow: "flows/returning-shopper.yaml", answers: "paymentMethod: savedCard\nsavedCard: \"9999\"\n")
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.status == "invalid")
        #expect(result.errorCodes == ["savedCard unknown_card"])
        #expect(result.transaction == nil)
    }

    /// A new card from the same shopper is not a saved card.
    @Test func newCardIsNotMarkedSaved() throws {
        let ws = try Workspace()
        let answers = "paymentMethod: card\n" + Fixtures.cardAnswers("6011 1111 1111 1117", billing: "")
        let run = try ws.run(flow: "flows/returning-shopper.yaml", answers: answers)
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.savedCard == nil)
        #expect(result.creditCard?.ccType == "DISCOVER")
        #expect(result.billingDetails?.name == "John Doe", "billing is pre-filled from the stored shopper")
    }
}
