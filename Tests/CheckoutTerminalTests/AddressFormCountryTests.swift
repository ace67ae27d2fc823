import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Testing

@testable import CheckoutTerminal

/// The billing form's country starts where the shopper most likely is (issue 19): what was
/// prefilled, else the home of the checkout's currency — never United States for a GBP checkout.
@Suite struct AddressFormCountryTests {
    func form(currency: String, prefill: String? = nil, allowed: [String]? = nil) throws -> Form {
        var p = ScreenPrompt(
            kind: .billing, stageId: "billing",
            price: PriceState(amount: 25, taxAmount: 0, currency: try #require(Currency.iso(currency))),
            requirements: AddressRequirements(withEmail: false, fullBilling: false))
        if let prefill { p.prefill = Address(country: prefill) }
        return AddressForms.form(
            p, presence: [.name: .required, .country: .required], billing: true, previous: nil, allowedCountries: allowed)
    }

    /// `fields.allowedCountries`: only the listed countries are offered, and nothing outside
    /// the list is preselected.
    @Test func onlyTheAllowedCountriesAreOffered() throws {
        let form = try form(currency: "GBP", allowed: ["US", "CA"])
        guard case .choice(let list)? = form.fields.first(where: { $0.id == "country" })?.control else {
            Issue.record("no country list")
            return
        }
        #expect(list.options.map(\.id) == ["CA", "US"])
        #expect(form.values["country"] == nil, "GB is the pound's home but not allowed")
        #expect(try self.form(currency: "USD", allowed: ["US", "CA"]).values["country"] == "US")
        #expect(try self.form(currency: "EUR", allowed: ["DE"]).values["country"] == "DE")
    }

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
