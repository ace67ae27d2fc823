public import Foundation

extension Decimal {
    /// This value rounded half-up (ties away from zero) to `scale` fraction digits.
    ///
    /// `2.5` → `3`, `-2.5` → `-3`, `0.125` at scale 2 → `0.13`. A negative `scale` rounds to
    /// tens, hundreds, …. NaN stays NaN.
    public func rounded(scale: Int) -> Decimal {
        var source = self
        var result = Decimal()
        // `.plain` is NSDecimal's half-away-from-zero mode, the "half-up" of money.
        NSDecimalRound(&result, &source, scale, .plain)
        return result
    }

    /// The number of significant fraction digits: `10.50` → 1, `10.25` → 2, `10` → 0.
    ///
    /// Trailing zeros do not count, whatever scale the value was written with. NaN has 0.
    public var fractionDigits: Int {
        guard !isNaN, !isZero else { return 0 }
        // `description` is exact and locale-independent; counting its digits avoids relying
        // on whether a particular arithmetic result was normalised.
        let text = description
        guard let point = text.firstIndex(of: ".") else { return 0 }
        let fraction = text[text.index(after: point)...]
        return fraction.reversed().drop(while: { $0 == "0" }).count
    }
}
