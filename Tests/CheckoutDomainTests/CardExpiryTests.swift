import CheckoutDomain
import Testing

@Suite("CardExpiry and YearMonth")
struct CardExpiryTests {
    @Test(
        "parses MM/YY and MM/YYYY",
        arguments: [
            ("01/2030", 1, 2030), ("12/30", 12, 2030), ("06/25", 6, 2025), (" 09/2041 ", 9, 2041), ("10/00", 10, 2000),
        ])
    func parses(text: String, month: Int, year: Int) throws {
        let expiry = try #require(CardExpiry.parse(text))
        #expect(expiry.month == month)
        #expect(expiry.year == year)
    }

    @Test(
        "rejects other shapes and months outside 01-12",
        arguments: [
            "13/30", "00/30", "1/30", "001/30", "12/3", "12/203", "12/20300", "12-30", "1230", "12/ab",
            "", "/", "12/", "/30", "12/30/1", "+1/30", "１２/30",
        ])
    func rejects(text: String) {
        #expect(CardExpiry.parse(text) == nil)
    }

    @Test("year-months order chronologically and add months across years")
    func yearMonth() {
        #expect(YearMonth(year: 2024, month: 12) < YearMonth(year: 2025, month: 1))
        #expect(YearMonth(year: 2025, month: 2) > YearMonth(year: 2025, month: 1))
        #expect(YearMonth(year: 2024, month: 11).adding(months: 3) == YearMonth(year: 2025, month: 2))
        #expect(YearMonth(year: 2025, month: 1).adding(months: -1) == YearMonth(year: 2024, month: 12))
        #expect(YearMonth(year: 2025, month: 6).adding(months: 240) == YearMonth(year: 2045, month: 6))
        #expect(YearMonth(year: 2025, month: 3).adding(months: -27) == YearMonth(year: 2022, month: 12))
        #expect(YearMonth(year: 2030, month: 4).description == "2030-04")
        #expect(CardExpiry(month: 4, year: 2030).description == "04/2030")
    }
}
