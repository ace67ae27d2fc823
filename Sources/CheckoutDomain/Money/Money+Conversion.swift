public import Foundation

extension Money {
    /// Converts to `target` per SPEC §7: `new = old × rate(new) / rate(old)`, rounded half-up to
    /// the target currency's minor units.
    ///
    /// Rates are "units per base currency unit": with USD as base, USD has rate 1 and EUR 0.92,
    /// so 10.00 USD → EUR is `10.00 × 0.92 / 1 = 9.20`. `fromRate` is the rate of this money's
    /// currency, `toRate` the rate of `target`. The multiplication happens before the division so
    /// exact products stay exact; a quotient that does not terminate is carried to 38 digits
    /// before the final rounding.
    ///
    /// - Precondition: both rates are positive. Flow compilation rejects other rates.
    public func converted(to target: Currency, fromRate: Decimal, toRate: Decimal) -> Money {
        precondition(fromRate > 0 && toRate > 0, "currency rates must be positive")
        let raw = amount * toRate / fromRate
        return Money(amount: raw.rounded(scale: target.minorUnits), currency: target)
    }
}
