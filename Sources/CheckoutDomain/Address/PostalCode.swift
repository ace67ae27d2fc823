/// Postal code formats used by address validation.
package enum PostalCode {
    /// True when `zip` has the format of `country`'s postal codes.
    ///
    /// US: 5 digits or ZIP+4 (`"01234"`, `"10001-1234"`). CA: `"A1A 1A1"`, space optional, either
    /// case. BR: 8 digits, optionally hyphenated after 5 (`"01310-100"`). Anywhere else, or with
    /// no country: 2–10 characters of ASCII letters, digits, spaces and hyphens, with at least
    /// one letter or digit.
    public static func isValid(_ zip: String, country: String?) -> Bool {
        let bytes = Array(zip.utf8)
        switch country {
        case "US":
            return matches(bytes, "#####") || matches(bytes, "#####-####")
        case "CA":
            return matches(bytes, "@#@ #@#") || matches(bytes, "@#@#@#")
        case "BR":
            return matches(bytes, "########") || matches(bytes, "#####-###")
        default:
            return (2...10).contains(bytes.count)
                && bytes.allSatisfy {
                    isDigit($0) || isLetter($0) || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-")
                }
                && bytes.contains { isDigit($0) || isLetter($0) }
        }
    }

    /// Matches a shape where `#` is a digit, `@` a letter and anything else itself.
    private static func matches(_ bytes: [UInt8], _ shape: String) -> Bool {
        let pattern = Array(shape.utf8)
        guard bytes.count == pattern.count else { return false }
        return zip(bytes, pattern).allSatisfy { byte, expected in
            switch expected {
            case UInt8(ascii: "#"): isDigit(byte)
            case UInt8(ascii: "@"): isLetter(byte)
            default: byte == expected
            }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
    }
}
