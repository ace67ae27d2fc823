package import Foundation

/// Tax computation for the tax-update step.
package enum Tax {
    /// The tax on `base` at `percent` (e.g. `8.875` for 8.875 %): `amount × percent / 100`,
    /// rounded half-up to the currency's minor units, in the currency of `base`.
    ///
    /// 10.00 USD at 8.875 % is 0.8875 → 0.89 USD.
    public static func amount(on base: Money, percent: Decimal) -> Money {
        let raw = base.amount * percent / 100
        return Money(amount: raw.rounded(scale: base.currency.minorUnits), currency: base.currency)
    }
}
