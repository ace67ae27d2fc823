package import Foundation

/// A calendar month, the precision of card expiry dates. Ordered chronologically.
package struct YearMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The four-digit year, e.g. 2030.
    public var year: Int
    /// The month, 1...12.
    public var month: Int

    /// Makes a month; values are stored as given (validation is the caller's job).
    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The month containing `date` in `timeZone`, for callers with a clock.
    /// Arithmetic, not `Calendar` (`CalendarDate(containing:)`).
    public init(containing date: Date, timeZone: TimeZone) {
        let day = CalendarDate(containing: date, timeZone: timeZone)
        self.init(year: day.year, month: day.month)
    }

    /// The month containing `date` in UTC.
    public init(containing date: Date) {
        let day = CalendarDate(containing: date)
        self.init(year: day.year, month: day.month)
    }

    /// This month moved by `months` (negative goes back): 2024-11 + 3 = 2025-02.
    public func adding(months: Int) -> YearMonth {
        let index = year * 12 + (month - 1) + months
        let (quotient, remainder) = index.quotientAndRemainder(dividingBy: 12)
        return remainder < 0
            ? YearMonth(year: quotient - 1, month: remainder + 13)
            : YearMonth(year: quotient, month: remainder + 1)
    }

    /// Chronological order.
    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    /// `YYYY-MM`, e.g. `2030-04`.
    public var description: String {
        let monthText = month < 10 ? "0\(month)" : "\(month)"
        return "\(year)-\(monthText)"
    }
}
