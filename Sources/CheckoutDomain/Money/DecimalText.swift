public import Foundation

/// Locale-independent reading and writing of decimal numbers, without binary floating point.
///
/// Flow files, answer files and results carry amounts as text. `DecimalText` is the single place
/// that turns that text into `Decimal` and back, so that `"10.50"` never passes through a `Double`.
public enum DecimalText {
    /// The largest number of significant digits a `Decimal` holds exactly.
    static let maxSignificantDigits = 38

    /// Parses strict decimal syntax: an optional `-`, digits, then optionally `.` and digits.
    ///
    /// Accepted: `"10"`, `"10.5"`, `"-0.25"`, `"0.075"`, `"007"`. Rejected: exponents (`"1e3"`),
    /// `"+1"`, spaces, a leading or trailing `.`, grouping separators, non-ASCII digits.
    /// Returns the value and its scale, the number of fraction digits as written
    /// (`"10.50"` has scale 2 even though the value is 10.5). Up to 38 significant digits are
    /// read exactly; longer input, or a magnitude `Decimal` cannot represent, yields `nil`.
    public static func parse(_ text: String) -> (value: Decimal, scale: Int)? {
        guard let shape = scan(text) else { return nil }
        var reader = DigitReader()
        for byte in text.utf8 where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
            guard reader.append(byte &- UInt8(ascii: "0")) else { return nil }
        }
        let negative = shape.negative
        let fractionDigits = shape.fractionDigits

        // Trailing zeros were held back; they become a positive exponent instead of digits.
        let exponent = reader.pendingZeros - fractionDigits
        guard (-128)...127 ~= exponent else { return nil }
        let significand = reader.significand()
        let sign: FloatingPointSign = negative && !significand.isZero ? .minus : .plus
        return (Decimal(sign: sign, exponent: exponent, significand: significand), fractionDigits)
    }

    /// Formats `value` with exactly `scale` fraction digits, rounding half-up (ties away from zero).
    ///
    /// `format(10.5, scale: 2) == "10.50"`, `format(1234, scale: 0) == "1234"`,
    /// `format(0.125, scale: 2) == "0.13"`. No grouping, `.` as separator, whatever the locale.
    /// A negative `scale` is treated as 0; a value that rounds to zero never prints as `-0`.
    /// NaN formats as `"NaN"`.
    public static func format(_ value: Decimal, scale: Int) -> String {
        guard !value.isNaN else { return "NaN" }
        let scale = max(0, scale)
        let rounded = value.rounded(scale: scale)
        // `Decimal.description` is locale-independent and prints plain digits, never an exponent.
        var text = rounded.isZero ? "0" : rounded.description
        let existing: Int
        if let point = text.firstIndex(of: ".") {
            existing = text.distance(from: point, to: text.endIndex) - 1
        } else {
            existing = 0
            if scale > 0 { text.append(".") }
        }
        if scale > existing {
            text.append(String(repeating: "0", count: scale - existing))
        }
        return text
    }
}

/// Accumulates decimal digits into an exact integer significand.
///
/// Digits are gathered 18 at a time in a `UInt64` and folded into a `Decimal` only when a number
/// is longer than that, so the common case never touches `Decimal` arithmetic.
struct DigitReader {
    private var folded = Decimal.zero
    private var hasFolded = false
    private var chunk: UInt64 = 0
    private var chunkDigits = 0
    /// Significant digits appended so far (leading zeros and held-back zeros excluded).
    private(set) var significantDigits = 0
    /// Zeros seen after the last non-zero digit, not yet part of the significand.
    private(set) var pendingZeros = 0

    /// Appends one digit (0-9); returns false when the significand would exceed 38 digits.
    mutating func append(_ digit: UInt8) -> Bool {
        if digit == 0 {
            // Leading zeros carry no value; later zeros wait until a non-zero digit shows they are inner.
            if significantDigits > 0 { pendingZeros += 1 }
            return true
        }
        guard significantDigits + pendingZeros + 1 <= DecimalText.maxSignificantDigits else {
            return false
        }
        for _ in 0..<pendingZeros { push(0) }
        pendingZeros = 0
        push(UInt64(digit))
        return true
    }

    private mutating func push(_ digit: UInt64) {
        if chunkDigits == 18 { fold() }
        chunk = chunk * 10 + digit
        chunkDigits += 1
        significantDigits += 1
    }

    private mutating func fold() {
        folded =
            hasFolded
            ? Decimal(sign: .plus, exponent: chunkDigits, significand: folded) + Decimal(chunk)
            : Decimal(chunk)
        hasFolded = true
        chunk = 0
        chunkDigits = 0
    }

    /// The integer made of the significant digits appended so far.
    func significand() -> Decimal {
        guard hasFolded else { return Decimal(chunk) }
        return Decimal(sign: .plus, exponent: chunkDigits, significand: folded) + Decimal(chunk)
    }
}
