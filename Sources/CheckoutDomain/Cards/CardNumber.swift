/// Helpers for card numbers held as strings of ASCII digits.
package enum CardNumber {
    /// The digits of a typed card number: spaces and `-` are removed; `nil` when anything
    /// else remains (letters, other punctuation, non-ASCII digits) or nothing is left.
    ///
    /// `"4111 1111-1111 1111"` → `"4111111111111111"`.
    public static func digits(from text: String) -> String? {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                return nil
            }
        }
        return result.isEmpty ? nil : result
    }

    /// True when `digits` (ASCII digits only, at least one) passes the Luhn (mod 10) check.
    public static func luhnValid(_ digits: String) -> Bool {
        var sum = 0
        var count = 0
        for byte in digits.utf8.reversed() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            var value = Int(byte - UInt8(ascii: "0"))
            if count % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
            count += 1
        }
        return count > 0 && sum % 10 == 0
    }

    /// The last 4 digits (all of them when there are fewer).
    public static func last4(_ digits: String) -> String {
        String(digits.suffix(4))
    }

    /// BAM masking (`cardNumberMasked`): the number grouped at `gaps`, its first 6 and last 4
    /// digits shown and every other digit `X` (`"4111 11XX XXXX 1111"`, `"3782 82XXXX X0005"`).
    ///
    /// Numbers of 10 digits or fewer would be shown whole that way, so for them every digit but
    /// the last 4 is masked. Pass `brand.gaps`.
    public static func masked(_ digits: String, gaps: [Int]) -> String {
        let count = digits.count
        let shown = count > 10 ? 6 : 0
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, gaps.contains(offset) { result.append(" ") }
            result.append(offset < shown || offset >= count - 4 ? character : "X")
        }
        return result
    }

    /// The digits with a space before each gap position: `"4111 1111 1111 1111"`.
    ///
    /// Pass `brand.gaps`; positions past the end are ignored.
    public static func grouped(_ digits: String, gaps: [Int]) -> String {
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, gaps.contains(offset) { result.append(" ") }
            result.append(character)
        }
        return result
    }

    /// `"•••• 1111"` for a typed number long enough to be a card, else `"••••"`: safe to print.
    static func redacted(_ text: String) -> String {
        guard let digits = digits(from: text), digits.count >= 12 else { return "••••" }
        return "•••• \(last4(digits))"
    }
}
