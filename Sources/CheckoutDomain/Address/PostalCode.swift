/// Postal code formats used by address validation (docs/providers.md "Reference data", row #24).
package enum PostalCode {
    /// The shortest and longest postal code of a country without a format of its own: BlueSnap's
    /// `BSValidator.isValidZip` needs 3 characters and no country in Google's libaddressinput data
    /// has fewer; Iran's `11936-12345`, the longest of Google's examples, has 11.
    public static let lengths = 3...11

    /// True when `zip` has the format of `country`'s postal codes.
    ///
    /// US: 5 digits or ZIP+4, with a hyphen or a space (`"01234"`, `"10001-1234"`, `"10001 1234"`).
    /// CA: `"A1A 1A1"`, space optional, either case, with the letters Canada Post uses (no D, F, I,
    /// O, Q or U; no W or Z first). BR: 8 digits, optionally hyphenated after 5 (`"01310-100"`).
    /// These follow Google's libaddressinput patterns. Anywhere else, or with no country: 3–11
    /// characters of ASCII letters, digits, spaces and hyphens, with at least one letter or digit.
    public static func isValid(_ zip: String, country: String?) -> Bool {
        let bytes = Array(zip.utf8)
        switch country {
        case "US":
            return matches(bytes, "#####") || matches(bytes, "#####-####") || matches(bytes, "##### ####")
        case "CA":
            return (matches(bytes, "@#@ #@#") || matches(bytes, "@#@#@#")) && canadaLetters(bytes)
        case "BR":
            return matches(bytes, "########") || matches(bytes, "#####-###")
        default:
            return lengths.contains(bytes.count)
                && bytes.allSatisfy {
                    isDigit($0) || isLetter($0) || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-")
                }
                && bytes.contains { isDigit($0) || isLetter($0) }
        }
    }

    /// Canada Post's letters (Google's `[ABCEGHJKLMNPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d`)
    /// for a code already shaped `A1A[ ]1A1`.
    private static func canadaLetters(_ bytes: [UInt8]) -> Bool {
        let letters = bytes.filter(isLetter).map { $0 & 0xDF }  // upper case
        let never = Set("DFIOQU".utf8)
        return letters.count == 3 && letters.allSatisfy { !never.contains($0) }
            && letters[0] != UInt8(ascii: "W") && letters[0] != UInt8(ascii: "Z")
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
