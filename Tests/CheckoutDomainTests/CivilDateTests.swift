import Foundation
import Testing

@testable import CheckoutDomain

/// `CalendarDate(containing:)` and `YearMonth(containing:)` compute the day by arithmetic
/// (issue 21); Foundation's Gregorian calendar is the oracle they must agree with.
@Suite struct CivilDateTests {
    static func oracle(_ date: Date, _ zone: TimeZone) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let p = calendar.dateComponents([.year, .month, .day], from: date)
        return CalendarDate(year: p.year!, month: p.month!, day: p.day!)
    }

    /// Days around the edges (epoch, leap days, century years, before 1970), then a spread of
    /// instants from 1601 to 2400 stepped by a prime number of seconds.
    @Test func arithmeticAgreesWithFoundationsCalendar() {
        let utc = TimeZone(secondsFromGMT: 0)!
        var instants: [Double] = [0, -1, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_400, -2_208_988_800, 1_782_777_599]
        var t = -11_644_473_600.0  // 1601-01-01
        while t < 13_569_465_600 {  // 2400-01-01
            instants.append(t)
            t += 1_000_003 * 7.0
        }
        for s in instants {
            let date = Date(timeIntervalSince1970: s)
            let expected = Self.oracle(date, utc)
            #expect(CalendarDate(containing: date) == expected, "\(s)")
            #expect(YearMonth(containing: date) == YearMonth(year: expected.year, month: expected.month), "\(s)")
        }
        #expect(instants.count > 1000)
    }

    /// A zone moves the day: 23:30 UTC on 31 December is already 1 January at UTC+2.
    @Test func aTimeZoneShiftsTheDay() {
        let date = Date(timeIntervalSince1970: 1_798_759_800)  // 2026-12-31T23:30:00Z
        let plusTwo = TimeZone(secondsFromGMT: 7200)!
        #expect(CalendarDate(containing: date) == CalendarDate(year: 2026, month: 12, day: 31))
        #expect(CalendarDate(containing: date, timeZone: plusTwo) == CalendarDate(year: 2027, month: 1, day: 1))
        #expect(CalendarDate(containing: date, timeZone: plusTwo) == Self.oracle(date, plusTwo))
        #expect(YearMonth(containing: date, timeZone: plusTwo) == YearMonth(year: 2027, month: 1))
    }
}
