public import Foundation

/// A day of the Gregorian calendar, without a time or a time zone: the precision of a date of
/// birth. Ordered chronologically.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, e.g. 1990.
    public var year: Int
    /// The month, 1...12.
    public var month: Int
    /// The day of the month, 1...31.
    public var day: Int

    /// Makes a date; values are stored as given (`isReal` says whether the day exists).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day containing `date` in `timeZone`, for callers with a clock —
    /// the run's clock decides "today".
    ///
    /// Arithmetic on the seconds since 1970 (Howard Hinnant's `civil_from_days`), not
    /// `Calendar`: a Gregorian calendar costs ICU's time-zone data on first use, about a third
    /// of a headless run's own start-up (issue 21, docs/benchmarks.md "Start-up").
    public init(containing date: Date, timeZone: TimeZone) {
        self.init(secondsSince1970: date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date)))
    }

    /// The day containing `date` in UTC.
    public init(containing date: Date) {
        self.init(secondsSince1970: date.timeIntervalSince1970)
    }

    /// The day containing the instant `seconds` after 1970-01-01T00:00:00 (proleptic Gregorian).
    init(secondsSince1970 seconds: Double) {
        let days = Int((seconds / 86_400).rounded(.down))
        // civil_from_days: eras of 400 years (146,097 days) starting on 0000-03-01.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// `YYYY-MM-DD` exactly (ISO 8601 calendar date, four-digit year, ASCII digits), or nil.
    /// The day is not checked against the month: see `isReal`.
    public init?(iso text: String) {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-") else { return nil }
        func number(_ r: Range<Int>) -> Int? {
            var n = 0
            for i in r {
                guard u[i] >= UInt8(ascii: "0"), u[i] <= UInt8(ascii: "9") else { return nil }
                n = n * 10 + Int(u[i] - UInt8(ascii: "0"))
            }
            return n
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Whether the day exists: month 1–12, day within the month (29 February only in a leap
    /// year), year at least 1.
    public var isReal: Bool {
        guard year >= 1, (1...12).contains(month), day >= 1 else { return false }
        return day <= Self.days(inMonth: month, of: year)
    }

    /// This day `years` years earlier (the same month and day; 29 February stays 29 February,
    /// which orders between the 28th and 1 March of a common year).
    public func minus(years: Int) -> CalendarDate {
        CalendarDate(year: year - years, month: month, day: day)
    }

    /// Chronological order (field by field, so it also orders days that do not exist).
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`, e.g. `1990-04-30`.
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let y = String(year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + two(month) + "-" + two(day)
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
