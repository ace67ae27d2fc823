import CheckoutDomain
import Testing

@Suite("The country of a currency")
struct CountryHomeTests {
    @Test(
        "a national currency's code starts with its country's",
        arguments: [("USD", "US"), ("GBP", "GB"), ("JPY", "JP"), ("BRL", "BR"), ("CAD", "CA"), ("CHF", "CH"), ("NOK", "NO")])
    func national(currency: String, country: String) throws {
        #expect(Country.home(of: try #require(Currency.iso(currency))) == country)
    }

    @Test("supranational currencies have no home", arguments: ["EUR", "XOF", "XAF", "XCD", "XPF"])
    func supranational(currency: String) throws {
        #expect(Country.home(of: try #require(Currency.iso(currency))) == nil)
    }
}
