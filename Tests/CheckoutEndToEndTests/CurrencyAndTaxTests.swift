import Foundation
import Testing

/// Currency change (SPEC §7 rates, half-up to minor units) and tax from the shipping address.
@Suite struct CurrencyAndTaxTests {
    /// A conversion case: the flow's price, the shopper's currency, the exact amount text.
    struct Conversion: Sendable, CustomTestStringConvertible {
        var amount: String
        var from: String
        var to: String
        var expected: String
        var testDescription: String { "\(amount) \(from) → \(expected) \(to)" }
    }

    @Test(arguments: [
        Conversion(amount: "25.00", from: "USD", to: "EUR", expected: "23.00"),
        // 25 × 151.5 = 3787.5 → 3788: half-up, and JPY has no minor units.
        Conversion(amount: "25.00", from: "USD", to: "JPY", expected: "3788"),
        // 1.50 × 0.79 = 1.185 → 1.19 (half-even would give 1.18).
        Conversion(amount: "1.50", from: "USD", to: "GBP", expected: "1.19"),
        // new = old × rate(new) / rate(old): 49.99 / 0.92 = 54.336…
        Conversion(amount: "49.99", from: "EUR", to: "USD", expected: "54.34"),
        Conversion(amount: "49.99", from: "EUR", to: "JPY", expected: "8232"),
        Conversion(amount: "1000", from: "JPY", to: "USD", expected: "6.60"),
        // BHD has three minor digits.
        Conversion(amount: "25.00", from: "USD", to: "BHD", expected: "9.400"),
    ])
    func currencyChange(c: Conversion) throws {
        let ws = try Workspace()
        let flow = try ws.flow(Fixtures.flow(amount: c.amount, currency: c.from))
        let run = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4111 1111 1111 1111", extra: "currency: \(c.to)"))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.priceDetails == .init(amount: Decimal(exactly: c.expected), taxAmount: 0, currency: c.to))
        #expect(result.transaction?.amount == Decimal(exactly: c.expected))
        #expect(result.transaction?.currency == c.to)
        // The text, not only the number: minor units decide the decimal point.
        let amountLines = run.stdout.split(separator: "\n").filter { $0.contains(#""amount""#) }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(amountLines == [#""amount": \#(c.expected),"#, #""amount": \#(c.expected),"#], "\(run.stdout)")
    }

    @Test func jpyTaxHasNoDecimalPoint() throws {
        let ws = try Workspace()
        let flow = try ws.flow(Fixtures.flow(amount: "25.00"))
        let run = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4111 1111 1111 1111", extra: "currency: JPY"))
        #expect(run.stdout.contains(#""taxAmount": 0,"#), "\(run.stdout)")
        #expect(run.stdout.contains(#""currency": "JPY""#))
    }

    @Test(arguments: ["XYZ", "usd"])
    func unknownCurrencyIsAnInvalidAnswer(code: String) throws {
        let ws = try Workspace()
        let run = try ws.run(
            flow: try ws.flow(Fixtures.flow()), answers: Fixtures.cardAnswers("4111 1111 1111 1111", extra: "currency: \(code)"))
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(try run.result().errors?.map(\.path) == ["currency"])
    }

    /// The shipped flow: 100.00 USD, tax by shipping address.
    struct TaxCase: Sendable, CustomTestStringConvertible {
        var shipping: String
        var currency: String?
        var amount: String
        var tax: String
        var total: String
        var testDescription: String {
            "ship to \(shipping.replacingOccurrences(of: "\n ", with: ",")), \(currency ?? "USD"): tax \(tax)"
        }
    }

    @Test(arguments: [
        // 8.875 % of 100.00 = 8.875 → 8.88
        TaxCase(shipping: "zip: \"10118\"\n  country: US\n  state: NY", amount: "100.00", tax: "8.88", total: "108.88"),
        TaxCase(shipping: "zip: \"90001\"\n  country: US\n  state: CA", amount: "100.00", tax: "7.25", total: "107.25"),
        // `NO:` unquoted in the flow's tax table is Norway, not false.
        TaxCase(shipping: "zip: \"0154\"\n  country: NO", amount: "100.00", tax: "25.00", total: "125.00"),
        // No rate for US-TX, none for the US as a whole: no tax.
        TaxCase(shipping: "zip: \"75001\"\n  country: US\n  state: TX", amount: "100.00", tax: "0.00", total: "100.00"),
        TaxCase(shipping: "zip: \"10115\"\n  country: DE", amount: "100.00", tax: "0.00", total: "100.00"),
        // Tax is converted with the price: 8.88 × 151.5 = 1345.32 → 1345.
        TaxCase(shipping: "zip: \"10118\"\n  country: US\n  state: NY", currency: "JPY", amount: "15150", tax: "1345", total: "16495"),
        TaxCase(shipping: "zip: \"10118\"\n  country: US\n  state: NY", currency: "EUR", amount: "92.00", tax: "8.17", total: "100.17"),
    ])
    func taxFromShippingAddress(t: TaxCase) throws {
        let ws = try Workspace()
        let billing =
            "billing:\n  name: Ola Nordmann\n  email: ola@example.com\n  address: Karl Johans gate 1\n  city: Oslo\n  zip: \"0154\"\n  country: NO"
        let shipping = "shipping:\n  name: Ola Nordmann\n  address: 350 Fifth Avenue\n  city: Somewhere\n  \(t.shipping)\n"
        let extra = shipping + (t.currency.map { "currency: \($0)\n" } ?? "")
        let run = try ws.run(
            flow: "flows/full-billing-shipping.yaml", answers: Fixtures.cardAnswers("5555 5555 5555 4444", billing: billing, extra: extra))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        let currency = t.currency ?? "USD"
        #expect(result.priceDetails == .init(amount: Decimal(exactly: t.amount), taxAmount: Decimal(exactly: t.tax), currency: currency))
        #expect(run.stdout.contains(#""taxAmount": \#(t.tax),"#), "\(run.stdout)")
        #expect(run.stdout.contains(#""amount": \#(t.amount),"#))
        // The charge is the price plus its tax.
        #expect(result.transaction?.amount == Decimal(exactly: t.total))
        #expect(result.transaction?.currency == currency)
    }

    /// A flow without shipping never charges tax, even with a tax table matching the billing address.
    @Test func noTaxWithoutShippingAddress() throws {
        let ws = try Workspace()
        let flow = try ws.flow(Fixtures.flow(amount: "100.00", fullBilling: true, tax: "  US-NY: 8.875\n  US: 5\n"))
        let billing = "billing:\n  name: Jane Shopper\n  address: 1 Main St\n  city: New York\n  country: US\n  state: NY\n  zip: \"10001\""
        let run = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4111 1111 1111 1111", billing: billing))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.priceDetails?.taxAmount == 0)
        #expect(result.transaction?.amount == Decimal(exactly: "100.00"))
    }
}
