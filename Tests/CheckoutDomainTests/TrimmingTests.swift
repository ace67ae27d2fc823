import CheckoutDomain
import Foundation
import Testing

/// `trimmingWhitespace` removes exactly what Foundation's `trimmingCharacters` does.
@Suite struct TrimmingTests {
    static let samples = [
        "", " ", "  Jane Doe  ", "\tJane\t", "\nJane\n", "\r\n10001\r\n", "\u{00A0}NBSP\u{00A0}", "\u{2003}em\u{2003}",
        "\u{3000}全角\u{3000}", "\u{2028}LS\u{2029}", "\u{85}NEL\u{85}", "\u{0B}VT\u{0C}", "é ", " 🇩🇪 ", "a b", "\u{200B}zwsp\u{200B}",
        "\u{FEFF}bom", "x\u{0301} ", " \u{0301}x",
    ]

    @Test(arguments: samples)
    func matchesFoundation(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text.trimmingWhitespace(newlines: false) == text.trimmingCharacters(in: .whitespaces))
        let sub = ("[" + text + "]").dropFirst().dropLast()
        #expect(sub.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
