import Foundation
import Testing

/// `checkout run FLOW` at a terminal (issue 5, docs/terminal.md): the real binary on a
/// pseudo-terminal of its own, typed at with the keys xterm sends, its screen drawn by
/// `ScreenEmulator`.
@Suite struct TerminalRunTests {
    static let options: TerminalSession.Options = {
        var o = TerminalSession.Options()
        o.rows = 40
        o.columns = 100
        return o
    }()

    static func start(_ extra: [String] = [], options: TerminalSession.Options = options) throws -> TerminalSession {
        try TerminalSession(TerminalCheckout.arguments(extra), options: options)
    }

    static func result(_ path: String) throws -> ResultJSON {
        try JSONDecoder().decode(ResultJSON.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    // MARK: The whole checkout

    /// Arrow keys through the payment method and currency lists, the card typed, billing
    /// filled in, Pay: success, and the card number gone from the screen and from every byte
    /// written once its field was left.
    @Test func standardCheckoutTypedWithArrowKeys() throws {
        let ws = try Workspace()
        let resultPath = ws.url.appendingPathComponent("result.json").path
        let s = try Self.start(["--result", resultPath])
        try TerminalCheckout.chooseCard(s)
        // Fifteen digits, shown grouped while the field is active; the sixteenth completes a
        // valid number and the form moves on.
        try s.send(String(TerminalCheckout.visa.dropLast()))
        try s.waitForScreen(containing: "❯ Card number    4111 1111 1111 111")
        try s.send("1")
        try s.waitForScreen("the card field left") { $0.contains(TerminalCheckout.maskedCardLine) && $0.contains("❯ Expiry") }
        let leftCard = s.output.count
        try TerminalCheckout.finishFromExpiry(s)

        #expect(try s.waitForExit() == 0, "\(s.screen.text)")
        let result = try Self.result(resultPath)
        #expect(result.status == "success")
        #expect(result.creditCard?.ccType == "VISA" && result.creditCard?.last4Digits == "1111")
        #expect(result.billingDetails?.name == "Jane Shopper" && result.billingDetails?.zip == "10001")
        #expect(result.priceDetails?.currency == "USD")

        let screen = s.screen
        // Every sequence the form wrote was understood, so the screen below is the real one.
        #expect(screen.unhandled.isEmpty, "\(screen.unhandled)")
        #expect(screen.contains("✔ Paid $25.00"), "\(screen.history)")
        #expect(screen.contains("✔ Card details  Visa •••• 1111 · expires 12/30"), "\(screen.history)")
        #expect(screen.line(containing: "Visa •••• 1111 · transaction ") != nil, "\(screen.history)")
        // The number was typed and shown while its field was active …
        #expect(s.text(before: leftCard).contains("4111 1111 1111 111"))
        // … and never again: not on the screen, not in its scrollback, not in any byte after.
        #expect(!screen.history.contains(TerminalCheckout.numberFragment), "\(screen.history)")
        #expect(!s.text(after: leftCard).contains(TerminalCheckout.numberFragment), "\(s.text(after: leftCard).debugDescription)")
        // The flow's theme in xterm's 256 colours (TERM=xterm-256color, no COLORTERM).
        #expect(s.text.contains("\u{1B}[38;5;"), "\(s.text.debugDescription)")
        #expect(TerminalCheckout.colourSequences(in: s.text).allSatisfy { !$0.contains("38;2;") })
        Self.expectRestored(s)
    }

    /// An invalid number (Luhn) is refused where it was typed; fixed with Backspace, the form
    /// moves on and the payment goes through with the corrected card.
    @Test func correctionAfterAnInvalidCard() throws {
        let ws = try Workspace()
        let resultPath = ws.url.appendingPathComponent("result.json").path
        let s = try Self.start(["--result", resultPath])
        try TerminalCheckout.chooseCard(s)
        try s.send(TerminalCheckout.invalidVisa)
        let problem = "✖ The card number is not valid; check it for typing mistakes."
        try s.waitForScreen(containing: problem)
        #expect(s.screen.contains("❯ Card number    4111 1111 1111 1112"), "\(s.screen.text)")
        // Enter does not move on past the problem.
        let beforeEnter = s.output.count
        try s.send(.enter)
        try s.waitForScreen("a redraw after Enter") { _ in s.output.count > beforeEnter }
        #expect(s.screen.contains(problem) && s.screen.contains("❯ Card number"), "\(s.screen.text)")
        #expect(!s.screen.contains("❯ Expiry"))

        try s.send(.backspace)
        try s.waitForScreen(containing: "❯ Card number    4111 1111 1111 111 ")
        try s.send("1")
        try s.waitForScreen("the corrected card accepted") { $0.contains(TerminalCheckout.maskedCardLine) && $0.contains("❯ Expiry") }
        #expect(!s.screen.contains("✖"), "\(s.screen.text)")
        try TerminalCheckout.finishFromExpiry(s)

        #expect(try s.waitForExit() == 0, "\(s.screen.text)")
        let result = try Self.result(resultPath)
        #expect(result.status == "success")
        #expect(result.creditCard?.last4Digits == "1111")
        #expect(result.errors == nil || result.errors == [])
        #expect(s.screen.contains("✔ Paid $25.00"), "\(s.screen.history)")
        #expect(!s.screen.history.contains(TerminalCheckout.numberFragment), "\(s.screen.history)")
        Self.expectRestored(s)
    }

    // MARK: Interrupting and ending input

    /// Ctrl-C with half a card number typed: exit 130, the terminal back in its modes, the
    /// cursor shown, bracketed paste off, and the half number erased from the screen.
    @Test func ctrlCMidFlow() throws {
        let ws = try Workspace()
        let resultPath = ws.url.appendingPathComponent("result.json").path
        let s = try Self.start(["--result", resultPath])
        try TerminalCheckout.chooseCard(s)
        try s.send("41111111")
        try s.waitForScreen(containing: "❯ Card number    4111 1111")
        #expect(!s.modes.canonical && !s.modes.echo, "the form runs in raw mode")
        try s.send(.ctrlC)

        #expect(try s.waitForExit() == 130)
        #expect(s.text.contains("checkout: error: interrupted"), "\(s.text.debugDescription)")
        #expect(!s.screen.history.contains(TerminalCheckout.numberFragment), "\(s.screen.history)")
        #expect(s.screen.lines.contains("checkout: error: interrupted"), "\(s.screen.text)")
        #expect(!FileManager.default.fileExists(atPath: resultPath), "an interrupted run writes no result")
        Self.expectRestored(s)
    }

    /// Ctrl-C in line mode at a terminal (`--plain`): the terminal's own SIGINT, exit 130.
    @Test func ctrlCInLineModeAtATerminal() throws {
        let s = try Self.start(["--plain"])
        try s.waitFor("Choose 1-3 [1]: ")
        try s.send(.ctrlC)
        #expect(try s.waitForExit() == 130)
        #expect(s.modes.canonical && s.modes.echo && s.modes.signals)
    }

    /// Line mode with stdin a pipe that ends after the card number: the run stops asking,
    /// says where on stderr, charges nothing and exits 3.
    @Test func endOfInputInLineMode() throws {
        var options = Self.options
        options.stdinIsPipe = true
        options.stderrIsPipe = true
        let s = try Self.start(options: options)
        try s.waitFor("Choose 1-3 [1]: ")
        try s.send("1\n")
        try s.waitFor("Card number (1234 5678 9012 3456): ")
        try s.send(TerminalCheckout.visa + "\n")
        try s.waitFor("Expiry (MM/YY): ")
        s.closeInput()

        #expect(try s.waitForExit() == 3)
        #expect(
            s.errorText.contains("checkout: error: input ended at Card details before the checkout was complete; nothing was charged"),
            "\(s.errorText)")
        // The answer is logged masked (stdin is not a terminal, so nothing echoed the digits).
        #expect(s.text.contains("Card number (1234 5678 9012 3456): Visa •••• 1111"), "\(s.text)")
        #expect(!s.text.contains(TerminalCheckout.numberFragment), "\(s.text)")
        #expect(!s.text.contains("✔ Paid"))
    }

    /// No terminal at all and no input: the first question meets end of input.
    @Test func endOfInputThroughPipes() throws {
        let r = try CheckoutBinary.run(TerminalCheckout.arguments(["--json"]))
        #expect(r.status == 3)
        #expect(r.stderr.contains("checkout: error: input ended at Payment method"), "\(r.stderr)")
        let result = try JSONDecoder().decode(ResultJSON.self, from: Data(r.stdout.utf8))
        #expect(result.status == "invalid")
        #expect(!r.stdout.contains("\u{1B}") && !r.stderr.contains("\u{1B}"))
    }

    // MARK: Colour and terminal safety

    /// `NO_COLOR`: the whole checkout without a single colour sequence (the form still
    /// moves the cursor to redraw).
    @Test func noColor() throws {
        var options = Self.options
        options.noColor = true
        let s = try Self.start(options: options)
        try TerminalCheckout.chooseCard(s)
        try s.send(TerminalCheckout.visa)
        try TerminalCheckout.finishFromExpiry(s)
        #expect(try s.waitForExit() == 0, "\(s.screen.text)")
        #expect(s.screen.contains("✔ Paid $25.00"))
        #expect(TerminalCheckout.colourSequences(in: s.text).isEmpty, "\(TerminalCheckout.colourSequences(in: s.text))")
        #expect(s.text.contains("\u{1B}[J"), "redraws in place")
    }

    /// A paste carrying escape sequences (colour, clear screen, a title) lands as text: none of
    /// them reaches the terminal.
    @Test func pastedEscapeSequencesAreNotEchoed() throws {
        var options = Self.options
        options.noColor = true
        let s = try Self.start(options: options)
        try TerminalCheckout.chooseCard(s)
        try s.send(TerminalCheckout.visa + "1230123")
        try s.waitForScreen(containing: "Security code  •••")
        try s.send(.enter)
        try s.waitForScreen(containing: "❯ Store my card")
        try s.send(.enter)
        try s.waitForScreen(containing: "❯ Full name")
        let before = s.output.count
        try s.send("\u{1B}[200~Jane\u{1B}[31m Shopper\u{1B}[2J\u{1B}]0;owned\u{7}\u{1B}[201~")
        try s.waitForScreen(containing: "Shopper")
        let echoed = s.text(after: before)
        #expect(
            !echoed.contains("\u{1B}[31m") && !echoed.contains("\u{1B}[2J") && !echoed.contains("\u{1B}]0;"), "\(echoed.debugDescription)")
        #expect(s.screen.contains("Full name"), "the form is still drawn: \(s.screen.text)")
        try s.send(.ctrlC)
        #expect(try s.waitForExit() == 130)
    }

    /// A window resize redraws the form at the new size, and the run carries on.
    @Test func resizeRedraws() throws {
        let s = try Self.start()
        try TerminalCheckout.chooseCard(s)
        let before = s.output.count
        try s.resize(rows: 30, columns: 72)
        try s.waitForScreen("a redraw after the resize") { screen in
            s.text(after: before).contains("\u{1B}[2J") && screen.contains("❯ Card number") && screen.contains("Payment method")
        }
        #expect(s.screen.lines.allSatisfy { $0.count <= 72 })
        try s.send(TerminalCheckout.visa)
        try TerminalCheckout.finishFromExpiry(s)
        #expect(try s.waitForExit() == 0, "\(s.screen.text)")
        #expect(s.screen.contains("✔ Paid $25.00"))
    }

    /// After the run: canonical mode, echo and signals back on, the cursor shown, bracketed
    /// paste turned off again.
    static func expectRestored(_ s: TerminalSession, sourceLocation: SourceLocation = #_sourceLocation) {
        let modes = s.modes
        #expect(modes.canonical && modes.echo && modes.signals, "\(modes)", sourceLocation: sourceLocation)
        #expect(s.screen.cursorVisible, sourceLocation: sourceLocation)
        let paste = s.text.ranges(of: "\u{1B}[?2004").last.map { String(s.text[$0.upperBound...].prefix(1)) }
        #expect(paste == "l", "bracketed paste left \(paste ?? "untouched")", sourceLocation: sourceLocation)
    }
}
