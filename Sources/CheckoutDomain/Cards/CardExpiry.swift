import Foundation

/// A card expiry date, month and four-digit year. A card is valid through its expiry month.
public struct CardExpiry: Sendable, Hashable, CustomStringConvertible {
    /// The month, 1...12.
    public var month: Int
    /// The four-digit year.
    public var year: Int

    /// Makes an expiry; values are stored as given.
    public init(month: Int, year: Int) {
        self.month = month
        self.year = year
    }

    /// Parses `"MM/YY"` or `"MM/YYYY"` (surrounding whitespace ignored); `YY` means `20YY`.
    ///
    /// The month must be two digits, `01`–`12`: `"1/30"` and `"13/30"` are `nil`.
    public static func parse(_ text: String) -> CardExpiry? {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts[0].utf8.count == 2,
            parts[1].utf8.count == 2 || parts[1].utf8.count == 4,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let month = Int(parts[0]), let yearValue = Int(parts[1]),
            (1...12).contains(month)
        else { return nil }
        let year = parts[1].utf8.count == 2 ? 2000 + yearValue : yearValue
        return CardExpiry(month: month, year: year)
    }

    /// The expiry as a calendar month.
    package var yearMonth: YearMonth {
        YearMonth(year: year, month: month)
    }

    /// `MM/YYYY`, e.g. `04/2030`.
    public var description: String {
        let monthText = month < 10 ? "0\(month)" : "\(month)"
        return "\(monthText)/\(year)"
    }
}
