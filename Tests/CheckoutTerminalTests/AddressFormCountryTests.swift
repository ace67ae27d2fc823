import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Testing

@testable import CheckoutTerminal

/// The billing form's country starts where the shopper most likely is (issue 19): what was
/// prefilled, else the home of the checkout's currency — never United States for a GBP checkout.
@Suite struct AddressFormCountryTests {
    func country(currency: String, prefill: String? = nil) throws -> String? {
        var p = ScreenPrompt(
            kind: .billing, stageId: "billing",
            price: PriceState(amount: 25, taxAmount: 0, currency: try #require(Currency.iso(currency))),
            requirements: AddressRequirements(withEmail: false, fullBilling: false))
        if let prefill { p.prefill = Address(country: prefill) }
        let form = AddressForms.form(p, presence: [.name: .required, .country: .required], billing: true, previous: nil)
        return form.values["country"]
    }

    @Test func aPoundCheckoutStartsInTheUnitedKingdom() throws { #expect(try country(currency: "GBP") == "GB") }
    @Test func aDollarCheckoutStartsInTheUnitedStates() throws { #expect(try country(currency: "USD") == "US") }
    @Test func aEuroCheckoutStartsAtNoCountry() throws { #expect(try country(currency: "EUR") == nil) }
    @Test func thePrefilledCountryWins() throws { #expect(try country(currency: "GBP", prefill: "DE") == "DE") }
}
