public import Foundation

/// An amount of money in one currency. The amount is always a `Decimal`, never binary floating point.
///
/// A `Money` may hold more fraction digits than its currency allows (an intermediate result);
/// `fitsMinorUnits` tells, `rounded` fixes it. Equality compares values, so 10.5 USD equals 10.50 USD.
public struct Money: Sendable, Hashable, CustomStringConvertible {
    /// The amount, in units of `currency` (10.50 means ten dollars fifty for USD).
    public var amount: Decimal
    /// The currency of `amount`.
    public var currency: Currency

    /// Makes an amount of money; no rounding happens here.
    public init(amount: Decimal, currency: Currency) {
        self.amount = amount
        self.currency = currency
    }

    /// True when `amount` has no more fraction digits than the currency allows
    /// (10.5 USD fits, 10.505 USD and 1.5 JPY do not). Trailing zeros do not count.
    public var fitsMinorUnits: Bool {
        amount.fractionDigits <= currency.minorUnits
    }

    /// The amount rounded half-up (ties away from zero) to the currency's minor units.
    public var rounded: Money {
        Money(amount: amount.rounded(scale: currency.minorUnits), currency: currency)
    }

    /// The amount with exactly the currency's minor units, e.g. `"10.50"` for USD, `"1505"` for JPY.
    ///
    /// Rounds half-up when the amount has more digits. No currency code, no grouping, `.` separator.
    public var formattedAmount: String {
        DecimalText.format(amount, scale: currency.minorUnits)
    }

    /// The amount and code, e.g. `"10.50 USD"`.
    public var description: String {
        "\(formattedAmount) \(currency.code)"
    }
}
