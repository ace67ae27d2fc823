import Foundation
import Testing

/// The standard checkout as tmux draws it (`capture-pane`): what a person sees, independent
/// of the suite's own screen emulator.
@Suite struct TerminalScreenCaptureTests {
    /// The captured session docs/terminal.md points to.
    static let sessionFile = CheckoutBinary.root.appendingPathComponent("docs/terminal-session.txt")

    /// The card number is on the screen while its field is active, and gone — brand and last
    /// four digits only — from the moment the field is left to the end of the run, scrollback
    /// included.
    @Test func cardNumberIsNotOnTheScreenOnceTheFieldIsLeft() throws {
        let tmux = try TmuxSession(TerminalCheckout.arguments())
        try TerminalCheckout.chooseCard(tmux)
        try tmux.send(String(TerminalCheckout.visa.dropLast()))
        try tmux.waitFor("❯ Card number    4111 1111 1111 111")
        try tmux.send("1")
        let left = try tmux.waitForScreen("the card field left") { $0.contains("❯ Expiry") }
        #expect(left.contains(TerminalCheckout.maskedCardLine), "\(left)")
        #expect(!left.contains(TerminalCheckout.numberFragment), "\(left)")

        var frames: [String] = []
        try TerminalCheckout.finishFromExpiry(tmux) { _ in frames.append(try tmux.capture()) }
        #expect(try tmux.waitForExit() == 0)
        let final = try tmux.capture(history: true)
        #expect(final.contains("✔ Card details  Visa •••• 1111 · expires 12/30"), "\(final)")
        #expect(final.contains("✔ Paid $25.00"), "\(final)")
        for screen in frames + [final] {
            #expect(!screen.contains(TerminalCheckout.numberFragment), "\(screen)")
        }
    }

    /// The suite's screen emulator draws the same screens as tmux at every stop of the
    /// checkout: what the pty tests assert about the screen holds for a real terminal.
    @Test func emulatorAgreesWithTmux() throws {
        let tmux = try TmuxSession(TerminalCheckout.arguments())
        var tmuxFrames: [String] = []
        try TerminalCheckout.chooseCard(tmux) { _ in tmuxFrames.append(try tmux.capture()) }
        try tmux.send(TerminalCheckout.visa)
        try TerminalCheckout.finishFromExpiry(tmux) { _ in tmuxFrames.append(try tmux.capture()) }
        #expect(try tmux.waitForExit() == 0)
        tmuxFrames.append(try tmux.capture())

        let pty = try TerminalRunTests.start()
        var ptyFrames: [String] = []
        try TerminalCheckout.chooseCard(pty) { _ in ptyFrames.append(pty.screen.text) }
        try pty.send(TerminalCheckout.visa)
        try TerminalCheckout.finishFromExpiry(pty) { _ in ptyFrames.append(pty.screen.text) }
        #expect(try pty.waitForExit() == 0)
        ptyFrames.append(pty.screen.text)

        #expect(ptyFrames.count == tmuxFrames.count)
        for (mine, theirs) in zip(ptyFrames, tmuxFrames) {
            #expect(mine == theirs)
        }
    }

    /// docs/terminal-session.txt is this session as tmux captured it. After a change to what the
    /// form draws, write it again with `CHECKOUT_RECORD_SESSION=1 swift test --filter
    /// TerminalScreenCaptureTests` and review the difference.
    @Test func documentedSessionIsCurrent() throws {
        let captured = try Self.captureSession()
        if ProcessInfo.processInfo.environment["CHECKOUT_RECORD_SESSION"] == "1" {
            try Data(captured.utf8).write(to: Self.sessionFile)
            return
        }
        let documented = (try? String(contentsOf: Self.sessionFile, encoding: .utf8)) ?? ""
        #expect(
            documented == captured,
            """
            docs/terminal-session.txt differs from the session captured now; after reviewing the \
            new one, record it with CHECKOUT_RECORD_SESSION=1 swift test --filter TerminalScreenCaptureTests
            \(captured)
            """)
    }

    /// The standard checkout typed in a 100 × 40 tmux window, captured at six points.
    static func captureSession() throws -> String {
        let tmux = try TmuxSession(TerminalCheckout.arguments())
        var text = """
            # checkout run flows/standard-checkout.yaml, at a terminal 100 columns by 40 rows
            # (tmux capture-pane; --now \(CheckoutBinary.fixedNow) --seed 1 pin the clock and the ids).
            # Written by TerminalScreenCaptureTests (Tests/CheckoutEndToEndTests); colours are not shown.

            """
        func frame(_ title: String) throws {
            text += "\n── \(title) " + String(repeating: "─", count: max(3, 96 - title.count)) + "\n\n"
            text += try tmux.capture() + "\n"
        }
        try TerminalCheckout.chooseCard(tmux, frame: frame)
        try tmux.send(String(TerminalCheckout.visa.dropLast()))
        try tmux.waitForBlock(containing: "❯ Card number    4111 1111 1111 111")
        try frame("Typing the card number: shown in full, grouped, while the field is active")
        try tmux.send("1")
        try TerminalCheckout.finishFromExpiry(tmux, frame: frame)
        let status = try tmux.waitForExit()
        try frame("Paid (exit \(status))")
        return text
    }
}
