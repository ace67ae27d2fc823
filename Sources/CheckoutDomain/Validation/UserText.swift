/// The one rule for quoting text a person typed (a value, a key, an id) in a message.
///
/// Messages reach stdout, stderr, results, traces, journals and JUnit reports, so:
/// - a value that could be card data — anywhere in it, a run of 12 to 19 digits (spaces and
///   `-` allowed between them) that passes the Luhn check — is never quoted: the whole value
///   becomes `cardNumberStandIn`;
/// - control characters (C0 including tab, DEL, C1, U+2028 and U+2029) are written as
///   `\u{1B}`, so a value cannot drive a terminal or split a line. A backslash is left as it is.
package enum UserText {
    /// What a message says instead of a value that could be a card number.
    public static let cardNumberStandIn = "(a value that looks like a card number)"

    /// `'value'`, escaped; the stand-in, without quotes, for a value that could be card data.
    public static func quoted(_ text: some StringProtocol) -> String {
        containsCardNumber(text) ? cardNumberStandIn : "'\(text.escapingControlCharacters)'"
    }

    /// The value escaped, without quotes (for a path such as `wait.review`); the stand-in for a
    /// value that could be card data.
    public static func shown(_ text: some StringProtocol) -> String {
        containsCardNumber(text) ? cardNumberStandIn : text.escapingControlCharacters
    }

    /// True when the text holds a run of 12 to 19 digits, spaces and `-` allowed between
    /// them, that passes the Luhn check (a run of more digits counts when any 12 to 19 of them
    /// in a row do).
    public static func containsCardNumber(_ text: some StringProtocol) -> Bool {
        var digits: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                continue
            default:
                if isCardRun(digits) { return true }
                digits.removeAll(keepingCapacity: true)
            }
        }
        return isCardRun(digits)
    }

    /// Control characters a message never holds raw: C0 (tab too), DEL, C1, and the Unicode
    /// line and paragraph separators.
    public static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0x2028 || s.value == 0x2029
    }

    /// True when the text holds a control character (`isControl`): free text a person types
    /// (a name, an address line) never does.
    public static func hasControlCharacters(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// The message of an `invalid_characters` issue: "Remove the control characters from the city."
    public static func controlCharactersMessage(_ what: String) -> String {
        "Remove the control characters (such as tab, escape or a line break) from the \(what)."
    }

    /// `\u{1B}`: the escaped form of one control character.
    static func escaped(_ s: Unicode.Scalar) -> String {
        "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
    }

    /// A run of digits holding 12 to 19 in a row that pass Luhn. A run of more than 1,000
    /// digits counts without looking (it almost surely holds one, and checking is quadratic).
    static func isCardRun(_ digits: [UInt8]) -> Bool {
        guard digits.count >= 12 else { return false }
        guard digits.count <= 1000 else { return true }
        for start in 0...(digits.count - 12) {
            for length in 12...min(19, digits.count - start) where luhn(digits[start..<(start + length)]) { return true }
        }
        return false
    }

    private static func luhn(_ digits: ArraySlice<UInt8>) -> Bool {
        var sum = 0
        for (i, d) in digits.reversed().enumerated() {
            var v = Int(d)
            if i % 2 == 1 {
                v *= 2
                if v > 9 { v -= 9 }
            }
            sum += v
        }
        return sum % 10 == 0
    }
}

extension StringProtocol {
    /// The text with each control character (`UserText.isControl`) written as `\u{1B}`.
    package var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: UserText.isControl) else { return String(self) }
        var out = ""
        for s in unicodeScalars {
            if UserText.isControl(s) { out += UserText.escaped(s) } else { out.unicodeScalars.append(s) }
        }
        return out
    }
}
