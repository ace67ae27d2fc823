import Foundation
import Testing

/// `NO_COLOR` and the high-contrast preset in another language (issue 22, item 5): the
/// language changes the words, never the styles. The real binary on a pseudo-terminal, the
/// same keys in English, German and Chinese: the payment method list, the card form, a card
/// number that fails its check (an error line).
@Suite struct LocalizedStyleTests {
    struct Language {
        var environment: [String: String]
        var hints: [String]
        var card: String
        var cardNumber: String
        var problem: String
    }

    static let english = Language(
        environment: [:], hints: ["enter next", "enter confirm"], card: "❯ 1. Credit or debit card", cardNumber: "❯ Card number",
        problem: "The card number is not valid")
    static let german = Language(
        environment: ["LC_MESSAGES": "de_DE.UTF-8"], hints: ["Enter weiter", "Enter bestätigen"],
        card: "❯ 1. Kredit- oder Debitkarte", cardNumber: "❯ Kartennummer", problem: "Die Kartennummer ist ungültig")
    static let chinese = Language(
        environment: ["LC_MESSAGES": "zh_CN.UTF-8"], hints: ["Enter 下一步", "Enter 确认"], card: "❯ 1. 信用卡或借记卡",
        cardNumber: "❯ 卡号", problem: "卡号无效")

    /// Every SGR sequence (`ESC [ … m`: colours, bold, underline, reset) in `text`, in order.
    static func styleSequences(in text: String) -> [String] {
        text.matches(of: #/\x1B\[[0-9;:]*m/#).map { String($0.output) }
    }

    /// The three screens in `language`, with `extra` arguments; the bytes the checkout wrote.
    static func drive(_ language: Language, _ extra: [String], noColor: Bool) throws -> String {
        var options = TerminalSession.Options()
        options.rows = 40
        options.columns = 100
        options.noColor = noColor
        options.environment = language.environment
        let s = try TerminalSession(TerminalCheckout.arguments(extra), options: options)
        func block(_ text: String) throws {
            try s.waitForScreen("\(text.debugDescription) in a whole block") { screen in
                let last = screen.text.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                return screen.contains(text) && language.hints.contains { last?.contains($0) == true }
            }
        }
        try block(language.card)
        try s.send(.enter)
        try block(language.cardNumber)
        try s.send(TerminalCheckout.invalidVisa)
        try s.waitForScreen(containing: language.problem)
        try block(language.problem)
        return s.text
    }

    @Test(arguments: ["de", "zh-Hans"])
    func noColorWritesNoStyleInAnyLanguage(tag: String) throws {
        let text = try Self.drive(tag == "de" ? Self.german : Self.chinese, [], noColor: true)
        #expect(Self.styleSequences(in: text).isEmpty, "\(Self.styleSequences(in: text))")
        // The same run without NO_COLOR is styled: the check above could fail.
        let coloured = try Self.drive(tag == "de" ? Self.german : Self.chinese, [], noColor: false)
        #expect(!Self.styleSequences(in: coloured).isEmpty)
    }

    @Test(arguments: ["de", "zh-Hans"])
    func theHighContrastPresetStylesTheSameSpansAsInEnglish(tag: String) throws {
        let english = Self.styleSequences(in: try Self.drive(Self.english, ["--high-contrast"], noColor: false))
        let other = Self.styleSequences(in: try Self.drive(tag == "de" ? Self.german : Self.chinese, ["--high-contrast"], noColor: false))
        #expect(!english.isEmpty)
        #expect(other == english, "\(tag): \(other.count) sequences, English \(english.count)")
        // High contrast is its own preset: not the theme's colours.
        let standard = Self.styleSequences(in: try Self.drive(Self.english, [], noColor: false))
        #expect(standard != english)
    }
}
