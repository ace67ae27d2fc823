import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Testing

@testable import CheckoutTerminal

/// Phones at the terminal check as the headless run does (the same `PhoneNumber`), on leaving
/// the field, and the summary shows the number the run keeps: E.164.
@Suite struct AddressFormPhoneTests {
    static let requirements = AddressRequirements(withEmail: false, fullBilling: false)
    static let billingPresence: [AddressField: FieldPresence] = [.name: .required, .country: .required, .zip: .required, .phone: .optional]
    static let shippingPresence: [AddressField: FieldPresence] = [
        .name: .required, .address: .required, .city: .required, .zip: .required, .country: .required, .state: .required,
        .phone: .optional,
    ]

    func billingCheck(_ phone: String, country: String) -> String? {
        AddressForms.check(
            ["name": "Jane Doe", "zip": "10001", "country": country, "phone": phone], field: "phone", billing: true,
            requirements: Self.requirements, presence: Self.billingPresence)
    }

    func shippingCheck(_ phone: String, country: String) -> String? {
        AddressForms.check(
            ["name": "Jane Doe", "address": "1 High St", "city": "London", "zip": "SW1A 1AA", "country": country, "phone": phone],
            field: "phone", billing: false, requirements: Self.requirements, presence: Self.shippingPresence)
    }

    @Test func theBillingPhoneIsCheckedForTheChosenCountry() {
        #expect(billingCheck("(415) 555-2671", country: "US") == nil)
        #expect(billingCheck("+44 20 7946 0018", country: "US") == "Enter a phone number for United States (+1).")
        #expect(billingCheck("555 2671", country: "US") == "Enter a valid phone number for United States (+1): 10 digits after +1.")
        #expect(billingCheck("415-555-CALL", country: "US")?.hasPrefix("Enter a phone number in digits") == true)
        #expect(billingCheck("", country: "US") == nil, "the phone is optional")
    }

    @Test func theShippingPhoneIsCheckedForTheShippingCountry() {
        #expect(shippingCheck("020 7946 0018", country: "GB") == nil)
        #expect(shippingCheck("+1 415 555 2671", country: "GB") == "Enter a phone number for United Kingdom (+44).")
    }

    @Test func theSummaryShowsThePhoneInE164Form() throws {
        let p = ScreenPrompt(
            kind: .shipping, stageId: "shipping", price: PriceState(amount: 25, taxAmount: 0, currency: try #require(Currency.iso("GBP"))),
            requirements: Self.requirements)
        let values: Form.Values = [
            "name": "Jane Doe", "address": "1 High St", "city": "London", "zip": "SW1A 1AA", "country": "GB", "phone": "020 7946 0018",
        ]
        let form = AddressForms.form(p, presence: Self.shippingPresence, billing: false, previous: values)
        let line = Summary.lines(form, prompt: p, heading: "Shipping", palette: Palette(theme: Theme()))
            .flatMap(\.segments).map(\.text).joined()
        #expect(line.contains("+442079460018"))
        #expect(!line.contains("020 7946 0018"))
    }
}
