/// Text a provider answered, made safe to keep in a result, a trace or an error.
package enum ProviderText {
    /// A provider's message with any run of 12 or more digits (a card number, whatever its
    /// spacing) replaced, so it can be printed.
    public static func masked(_ message: String) -> String {
        var out = ""
        var run = ""
        func flush() {
            // Separators after the last digit belong to the text that follows.
            let trailing = run.reversed().prefix { !$0.isASCIIDigit }
            let digits = run.filter(\.isASCIIDigit).count
            out += digits >= 12 ? "••••" + String(trailing.reversed()) : run
            run = ""
        }
        for character in message {
            if character.isASCIIDigit || (!run.isEmpty && (character == " " || character == "-")) {
                run.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }

    /// `masked(text)`, or nil for a missing or empty text.
    public static func maskedOrNil(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return masked(text)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
