import CheckoutDomain
import Foundation
import Testing

private func decimal(_ text: String) -> Decimal {
    DecimalText.parse(text)?.value ?? .nan
}

@Suite("Currency")
struct CurrencyTests {
    @Test(
        "ISO 4217 minor units",
        arguments: [
            ("USD", 2), ("EUR", 2), ("JPY", 0), ("BHD", 3), ("CLF", 4), ("KRW", 0), ("KWD", 3),
            ("GBP", 2), ("CAD", 2), ("ILS", 2), ("BRL", 2), ("ISK", 0), ("UYW", 4), ("XOF", 0),
        ])
    func minorUnits(code: String, units: Int) throws {
        let currency = try #require(Currency.iso(code))
        #expect(currency.code == code)
        #expect(currency.minorUnits == units)
        #expect(!currency.name.isEmpty)
    }

    @Test("unknown and lower-case codes are nil", arguments: ["usd", "XXX", "", "US", "USDD", "HRK"])
    func unknown(code: String) {
        #expect(Currency.iso(code) == nil)
    }

    @Test("the list is complete, sorted and unique")
    func list() {
        let codes = Currency.all.map(\.code)
        #expect(codes.count >= 155)
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.count == 3 && $0 == $0.uppercased() })
        #expect(Currency.iso("USD") == Currency.usd)
        #expect(Currency.usd.name == "US Dollar")
        #expect(Currency.usd.description == "USD")
    }
}

@Suite("Money")
struct MoneyTests {
    let usd = Currency.usd
    var eur: Currency { Currency.iso("EUR") ?? usd }
    var jpy: Currency { Currency.iso("JPY") ?? usd }
    var bhd: Currency { Currency.iso("BHD") ?? usd }

    @Test("10.00 USD to EUR at 0.92 is 9.20")
    func usdToEur() {
        let converted = Money(amount: decimal("10.00"), currency: usd).converted(
            to: eur, fromRate: 1, toRate: decimal("0.92"))
        #expect(converted.amount == decimal("9.2"))
        #expect(converted.currency == eur)
        #expect(converted.formattedAmount == "9.20")
    }

    @Test("10 USD to JPY at 150.5 is 1505")
    func usdToJpy() {
        let converted = Money(amount: 10, currency: usd).converted(to: jpy, fromRate: 1, toRate: decimal("150.5"))
        #expect(converted.amount == 1505)
        #expect(converted.formattedAmount == "1505")
    }

    @Test(
        "conversion rounds half-up to the target's minor units",
        arguments: [
            // amount, from rate, to rate, target, expected
            ("0.005", "1", "1", "USD", "0.01"),
            ("0.004", "1", "1", "USD", "0"),
            ("1", "1", "0.0005", "BHD", "0.001"),
            ("3", "1", "150.5", "JPY", "452"),  // 451.5 → 452
            ("9.20", "0.92", "1", "USD", "10"),  // back to base
            ("100", "0.92", "0.79", "GBP", "85.87"),  // 85.869565… via the base
            ("-0.005", "1", "1", "USD", "-0.01"),
        ])
    func conversionRounding(amount: String, fromRate: String, toRate: String, target: String, expected: String) throws {
        let currency = try #require(Currency.iso(target))
        let money = Money(amount: decimal(amount), currency: usd)
        let converted = money.converted(to: currency, fromRate: decimal(fromRate), toRate: decimal(toRate))
        #expect(converted.amount == decimal(expected))
        #expect(converted.fitsMinorUnits)
    }

    @Test(
        "fitsMinorUnits ignores trailing zeros",
        arguments: [
            ("10.50", "USD", true), ("10.505", "USD", false), ("1.5", "JPY", false), ("1500", "JPY", true),
            ("1.234", "BHD", true), ("1.2345", "BHD", false), ("1.2345", "CLF", true), ("10.000", "USD", true),
        ])
    func fits(amount: String, code: String, fits: Bool) throws {
        let currency = try #require(Currency.iso(code))
        #expect(Money(amount: decimal(amount), currency: currency).fitsMinorUnits == fits)
    }

    @Test("rounded and formattedAmount use the currency's minor units")
    func roundedAndFormatted() {
        let money = Money(amount: decimal("10.505"), currency: usd)
        #expect(money.rounded.amount == decimal("10.51"))
        #expect(money.rounded.currency == usd)
        #expect(money.formattedAmount == "10.51")
        #expect(Money(amount: decimal("10.5"), currency: usd).formattedAmount == "10.50")
        #expect(Money(amount: decimal("1.5"), currency: bhd).formattedAmount == "1.500")
        #expect(Money(amount: decimal("10.5"), currency: usd).description == "10.50 USD")
        #expect(Money(amount: decimal("10.5"), currency: usd) == Money(amount: decimal("10.50"), currency: usd))
    }

    @Test(
        "tax is amount × percent / 100, rounded half-up",
        arguments: [
            ("10.00", "8.875", "USD", "0.89"),  // 0.8875
            ("100", "20", "EUR", "20"),
            ("0.10", "5", "USD", "0.01"),  // 0.005 rounds up
            ("1000", "10", "JPY", "100"),
            ("999", "8.25", "JPY", "82"),  // 82.4175
            ("10", "0", "USD", "0"),
        ])
    func tax(base: String, percent: String, code: String, expected: String) throws {
        let currency = try #require(Currency.iso(code))
        let tax = Tax.amount(on: Money(amount: decimal(base), currency: currency), percent: decimal(percent))
        #expect(tax.amount == decimal(expected))
        #expect(tax.currency == currency)
    }
}
