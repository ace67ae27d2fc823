import Foundation
import Testing

@testable import CheckoutLanguage

/// `TaxTable` holds its rates in one byte buffer (issue 21); it must read back, compare and
/// look up as the array of `Rate`s it replaced.
@Suite struct TaxTableTests {
    static let rates = [
        TaxTable.Rate(region: "US-NY", percentText: "8.875"), TaxTable.Rate(region: "FR", percentText: "20"),
        TaxTable.Rate(region: "", percentText: ""), TaxTable.Rate(region: "DE-BY", percentText: "19.000"),
        TaxTable.Rate(region: "ÅX-É", percentText: "0"),
    ]

    @Test func theRatesReadBackInOrder() {
        let table = TaxTable(rates: Self.rates)
        #expect(Array(table.rates) == Self.rates)
        #expect(table.rates.count == 5)
        #expect(table.rates[1].percent == 20)
        #expect(!table.isEmpty)
        #expect(TaxTable().isEmpty && TaxTable().rates.isEmpty)
    }

    @Test func appendingIsMakingTheTableFromRates() {
        var table = TaxTable()
        table.reserveCapacity(100, bytesPerRate: 40)
        for rate in Self.rates { table.append(region: rate.region, percentText: rate.percentText) }
        table.trim()
        #expect(table == TaxTable(rates: Self.rates))
        #expect(Array(table.rates) == Self.rates)
    }

    @Test func lookupsPreferTheStateThenTheCountry() {
        let table = TaxTable(rates: Self.rates)
        #expect(table.percent(country: "US", state: "NY") == Decimal(string: "8.875"))
        #expect(table.percent(country: "FR", state: "XX") == 20)
        #expect(table.percent(country: "FR", state: nil) == 20)
        #expect(table.percent(country: "US", state: "CA") == nil)
        // A region that starts another is not it.
        let prefixes = TaxTable(rates: [TaxTable.Rate(region: "FR-1", percentText: "5"), TaxTable.Rate(region: "FR", percentText: "20")])
        #expect(prefixes.percent(country: "FR", state: nil) == 20)
        #expect(prefixes.percent(country: "FR", state: "1") == 5)
        #expect(prefixes.percent(country: "F", state: nil) == nil)
    }

    /// Looked up on the bytes, a region still matches as the strings compared: by canonical
    /// equivalence (K and the Kelvin sign, é in one scalar or two), either side non-ASCII.
    @Test func lookupsCompareRegionsAsStrings() {
        let kelvin = TaxTable(rates: [TaxTable.Rate(region: "US-\u{212A}Y", percentText: "6")])
        #expect(kelvin.percent(country: "US", state: "KY") == 6)
        let ascii = TaxTable(rates: [TaxTable.Rate(region: "US-KY", percentText: "6")])
        #expect(ascii.percent(country: "US", state: "\u{212A}Y") == 6)
        let composed = TaxTable(rates: [TaxTable.Rate(region: "FR-\u{E9}", percentText: "5")])
        #expect(composed.percent(country: "FR", state: "e\u{301}") == 5)
        #expect(composed.percent(country: "FR", state: "e") == nil)
    }

    /// As `[Rate]` did, tables compare their strings by canonical equivalence: an `é` written
    /// as one scalar or as `e` and a combining accent is the same region.
    @Test func equalityAndHashingAreThoseOfTheRates() {
        let composed = TaxTable(rates: [TaxTable.Rate(region: "FR-\u{E9}", percentText: "5")])
        let decomposed = TaxTable(rates: [TaxTable.Rate(region: "FR-e\u{301}", percentText: "5")])
        #expect(composed == decomposed)
        #expect(composed.hashValue == decomposed.hashValue)
        #expect(TaxTable(rates: Self.rates) == TaxTable(rates: Self.rates))
        #expect(TaxTable(rates: Self.rates).hashValue == TaxTable(rates: Self.rates).hashValue)
        #expect(TaxTable(rates: Self.rates) != TaxTable(rates: Array(Self.rates.reversed())))
        #expect(TaxTable(rates: Array(Self.rates.prefix(2))) != TaxTable(rates: Self.rates))
        // The boundary between a region and its percent counts: `FR` `120` is not `FR1` `20`.
        let a = TaxTable(rates: [TaxTable.Rate(region: "FR", percentText: "120")])
        let b = TaxTable(rates: [TaxTable.Rate(region: "FR1", percentText: "20")])
        #expect(a != b)
    }

    @Test func aCompiledTableHoldsEveryValidRow() throws {
        let rows = (0..<3_000).map { "  \(["FR", "DE", "IT", "ES"][$0 / 999])-\($0 % 999 + 1): \($0 % 25).5\n" }.joined()
        let result = FlowCompiler.compile(
            Array(("flow: t\ndsl: 1\nrequest:\n  price: { amount: 10 }\ntax:\n" + rows).utf8), file: "t.yaml", sources: .fileSystem)
        let table = try #require(result.flow?.definition.tax)
        #expect(table.rates.count == 3_000)
        #expect(table.rates[2_996] == TaxTable.Rate(region: "IT-999", percentText: "21.5"))
        #expect(table.percent(country: "DE", state: "1") == Decimal(string: "24.5"))
    }
}
