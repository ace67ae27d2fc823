import Foundation

/// What the checkout helpers need of a terminal: `TerminalSession` (a pty and `ScreenEmulator`)
/// or `TmuxSession` (tmux draws the screen).
protocol TerminalDriver {
    func send(_ text: String) throws
    func send(_ keys: TerminalKey...) throws
    /// Waits until the screen's text (rows joined by newlines) satisfies `condition`.
    func waitForScreenText(_ description: String, _ condition: (String) -> Bool) throws
}

extension TerminalDriver {
    /// Waits until `text` is on the screen in a block drawn to its end: the form draws a block
    /// top to bottom, its key hints (`… enter next`, `enter confirm …`) last, so a screen caught
    /// between two reads of one redraw is not taken for the new one.
    func waitForBlock(containing text: String) throws {
        try waitForScreenText("\(text.debugDescription) in a whole block") { screen in
            let last = screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return screen.contains(text) && (last?.contains("enter next") == true || last?.contains("enter confirm") == true)
        }
    }
}

extension TerminalSession: TerminalDriver {
    func waitForScreenText(_ description: String, _ condition: (String) -> Bool) throws {
        try waitForScreen(description) { condition($0.text) }
    }
}

extension TmuxSession: TerminalDriver {
    func waitForScreenText(_ description: String, _ condition: (String) -> Bool) throws {
        try waitForScreen(description, condition)
    }
}

/// The standard checkout (flows/standard-checkout.yaml) at the terminal front end: its command
/// line and the keys a person presses, screen by screen (docs/terminal.md's labels).
enum TerminalCheckout {
    static let flow = CheckoutBinary.root.appendingPathComponent("flows/standard-checkout.yaml").path

    /// `checkout run` of the standard checkout with the clock and ids pinned.
    static func arguments(flow: String = flow, _ extra: [String] = []) -> [String] {
        ["run", flow, "--now", CheckoutBinary.fixedNow, "--seed", "1"] + extra
    }

    /// The sandbox's approved Visa (SPEC §7) and one digit off it (fails the Luhn check).
    static let visa = "4111111111111111"
    static let visaGrouped = "4111 1111 1111 1111"
    static let invalidVisa = "4111111111111112"

    /// A piece of the card number that no screen shows once the field is left: its first
    /// group (the masked form keeps only the last four digits).
    static let numberFragment = "4111"

    /// The Card details line of a number that was left: brand and last four only.
    static let maskedCardLine = "Card number    Visa •••• 1111"

    /// Keys through the payment method list (↓ ↓ ↑ ↑, each move checked on screen), then Enter
    /// on the card.
    static func chooseCard(_ s: some TerminalDriver, frame: (String) throws -> Void = { _ in }) throws {
        try s.waitForBlock(containing: "❯ 1. Credit or debit card")
        try frame("The payment method list")
        try s.send(.down)
        try s.waitForBlock(containing: "❯ 2. PayPal")
        try s.send(.down)
        try s.waitForBlock(containing: "❯ 3. Apple Pay")
        try s.send(.up)
        try s.waitForBlock(containing: "❯ 2. PayPal")
        try s.send(.up)
        try s.waitForBlock(containing: "❯ 1. Credit or debit card")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ Card number")
    }

    /// From the expiry on: expiry, security code, the store switch, billing, currency (↓ ↑),
    /// review. Returns when the Pay button has been pressed. `frame` is called with a title at
    /// the screens docs/terminal-session.txt shows.
    static func finishFromExpiry(_ s: some TerminalDriver, frame: (String) throws -> Void = { _ in }) throws {
        try s.waitForBlock(containing: "❯ Expiry")
        try frame("The card number left: brand and last four digits")
        try s.send("1230")
        try s.waitForBlock(containing: "❯ Security code")
        try s.send("123")
        try s.waitForBlock(containing: "Security code  •••")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ Store my card")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ Full name")
        try s.send("Jane Shopper")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ Email")
        try s.send("jane@example.com")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ United States  US")
        try frame("Billing details: the country list")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ Postal code")
        try s.send("10001")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ USD  US Dollar")
        try s.send(.down)
        try s.waitForBlock(containing: "❯ AUD  Australian Dollar")
        try s.send(.up)
        try s.waitForBlock(containing: "❯ USD  US Dollar")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ [ Pay $25.00 ]")
        try frame("Review")
        try s.send(.enter)
    }

    /// SGR sequences that set a colour: foreground or background, 16, 256 or 24-bit.
    static func colourSequences(in text: String) -> [String] {
        text.matches(of: #/\x1B\[([0-9;:]*)m/#).compactMap { match -> String? in
            let parameters = match.output.1.split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap { Int($0) }
            let colour = parameters.contains { (30...49).contains($0) || (90...107).contains($0) }
            return colour ? String(match.output.0) : nil
        }
    }
}

extension TerminalSession {
    /// The output up to byte `offset`, as text.
    func text(before offset: Int) -> String { String(decoding: output[..<min(offset, output.count)], as: UTF8.self) }
}

extension ScreenEmulator {
    /// The first visible row containing `text`.
    func line(containing text: String) -> String? { lines.first { $0.contains(text) } }
}
