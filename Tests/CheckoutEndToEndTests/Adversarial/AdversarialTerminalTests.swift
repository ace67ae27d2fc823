import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Attacks on the terminal form of the real binary (issue 14): suspend and resume, a paste
/// start with no end, an escape sequence with no end, the terminal going away. Each waits
/// with the sessions' deadlines (a hung child is killed and the test fails), and checks the
/// exit code, the size of what was written, and that the card number typed is in no byte
/// written after its field was left, nor in any file.
@Suite struct AdversarialTerminalTests {
    static let leaks = LeakScanner(number: TerminalCheckout.visa, cvv: "123")
    /// Far more than a whole checkout draws (about 40 KB).
    static let outputBound = 1 << 20

    /// The standard checkout with `--result` and `--trace` in `ws`.
    static func start(_ ws: Workspace, program: String? = nil, prefix: [String] = []) throws -> TerminalSession {
        var options = TerminalRunTests.options
        options.program = program
        let files = [
            "--result", ws.url.appendingPathComponent("result.json").path, "--trace", ws.url.appendingPathComponent("trace.jsonl").path,
        ]
        return try TerminalSession(prefix + TerminalCheckout.arguments(files), options: options)
    }

    /// From the expiry field to the end: paid, the terminal restored, and no leak after `leftCard`.
    static func finishAndExpectPaid(
        _ s: TerminalSession, leftCard: Int, in ws: Workspace, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try TerminalCheckout.finishFromExpiry(s)
        #expect(try s.waitForExit() == 0, "\(s.screen.text)", sourceLocation: sourceLocation)
        #expect(s.screen.contains("✔ Paid $25.00"), "\(s.screen.text)", sourceLocation: sourceLocation)
        TerminalRunTests.expectRestored(s, sourceLocation: sourceLocation)
        expectNoLeak(s, after: leftCard, in: ws, sourceLocation: sourceLocation)
    }

    /// Bounded output, no card number after `leftCard` (a byte offset) nor in any file of `ws`.
    static func expectNoLeak(_ s: TerminalSession, after leftCard: Int, in ws: Workspace, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(s.output.count < outputBound, "\(s.output.count) bytes written", sourceLocation: sourceLocation)
        #expect(leaks.findings(in: s.text(after: leftCard)) == [], sourceLocation: sourceLocation)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: ws.url.path)) ?? []
        for name in names {
            let text = ws.read(ws.url.appendingPathComponent(name).path) ?? ""
            #expect(leaks.findings(in: text) == [], "\(name)", sourceLocation: sourceLocation)
        }
    }

    /// The card number typed, the field left; returns the output offset after it was left.
    static func typeCard(_ s: TerminalSession) throws -> Int {
        try s.send(TerminalCheckout.visa)
        try s.waitForScreen("the card field left") { $0.contains(TerminalCheckout.maskedCardLine) && $0.contains("❯ Expiry") }
        return s.output.count
    }

    // MARK: Suspend and resume

    /// How the form is suspended: SIGTSTP to the terminal's foreground job (as `kill -TSTP`
    /// does), or Ctrl-Z typed (raw mode turns the terminal's own SIGTSTP off, so the form acts on the key).
    enum Suspend: String, CaseIterable { case signal, key }

    /// Under a job-control shell (`sh -m`, so the form's process group is not orphaned and
    /// SIGTSTP stops it): suspended mid card number, the terminal is back in its modes —
    /// canonical, echo, cursor shown, bracketed paste off — while the form is stopped; after
    /// `fg` the form is drawn again whole and the checkout goes on to be paid.
    @Test(arguments: Suspend.allCases) func suspendRestoresTheTerminalAndResumeRedraws(_ how: Suspend) throws {
        let ws = try Workspace()
        let script = #""$0" "$@"; echo "[stopped $?]"; read line; fg; echo "[exit $?]""#
        let s = try Self.start(ws, program: "/bin/sh", prefix: ["-m", "-c", script, CheckoutBinary.url.path])
        try TerminalCheckout.chooseCard(s)
        try s.send("41111111")
        try s.waitForScreen(containing: "❯ Card number    4111 1111")
        #expect(!s.modes.canonical && !s.modes.echo, "the form runs in raw mode")
        switch how {
        case .signal:
            let group = try #require(s.foregroundProcessGroup)
            kill(-group, SIGTSTP)
        case .key:
            try s.send(bytes: [0x1A])
        }
        try s.waitFor("[stopped ")
        // Stopped: the shell's terminal, as the form found it.
        let modes = s.modes
        #expect(modes.canonical && modes.echo && modes.signals, "\(modes)")
        #expect(s.screen.cursorVisible)
        let paste = s.text.ranges(of: "\u{1B}[?2004").last.map { String(s.text[$0.upperBound...].prefix(1)) }
        #expect(paste == "l", "bracketed paste left \(paste ?? "untouched")")

        try s.send("\n")
        try s.waitForScreen("the form drawn again") { screen in
            !screen.contains("[stopped") && screen.contains("❯ Card number    4111 1111") && screen.contains("Payment method")
        }
        #expect(!s.modes.canonical && !s.modes.echo, "raw mode again")
        try s.send("11111111")
        try s.waitForScreen("the card field left") { $0.contains(TerminalCheckout.maskedCardLine) && $0.contains("❯ Expiry") }
        let leftCard = s.output.count
        try TerminalCheckout.finishFromExpiry(s)
        try s.waitFor("[exit 0]")
        #expect(try s.waitForExit() == 0, "\(s.screen.text)")
        #expect(s.screen.contains("✔ Paid $25.00"), "\(s.screen.text)")
        Self.expectNoLeak(s, after: leftCard, in: ws)
    }

    /// Ctrl-Z where no job-control shell is above the form (its process group is orphaned, as
    /// under this harness): the kernel drops the stop, and the form is drawn again at once and
    /// carries on — Ctrl-Z is not ignored, nor does it leave the terminal cooked.
    @Test func ctrlZWithoutAShellRedrawsAndCarriesOn() throws {
        let ws = try Workspace()
        let s = try Self.start(ws)
        try TerminalCheckout.chooseCard(s)
        try s.send("41111111")
        try s.waitForScreen(containing: "❯ Card number    4111 1111")
        try s.send(bytes: [0x1A])
        try s.waitFor("\u{1B}[?2004l")
        try s.waitFor("\u{1B}[?2004h")
        try s.waitFor("\u{1B}[2J")
        try s.waitForScreen(containing: "❯ Card number    4111 1111")
        #expect(!s.modes.canonical && !s.modes.echo, "raw mode again")
        try s.send("11111111")
        try s.waitForScreen("the card field left") { $0.contains(TerminalCheckout.maskedCardLine) && $0.contains("❯ Expiry") }
        let leftCard = s.output.count
        try Self.finishAndExpectPaid(s, leftCard: leftCard, in: ws)
    }

    // MARK: Input that never ends

    /// A bracketed-paste start with no end marker, then the card typed: the keys are keys,
    /// and the checkout is paid.
    @Test func keysAfterALonePasteStartWork() throws {
        let ws = try Workspace()
        let s = try Self.start(ws)
        try TerminalCheckout.chooseCard(s)
        try s.send("\u{1B}[200~")
        let leftCard = try Self.typeCard(s)
        try Self.finishAndExpectPaid(s, leftCard: leftCard, in: ws)
    }

    /// `ESC [` and 6,000 digits with no final byte (more than one read): none of the digits
    /// reaches the card field; after it (an arrow key ends it), the card typed is taken as is.
    @Test func anOverLongEscapeSequenceLeaksNothingIntoTheCardField() throws {
        let ws = try Workspace()
        let s = try Self.start(ws)
        try TerminalCheckout.chooseCard(s)
        try s.send("\u{1B}[" + String(repeating: "5", count: 6000))
        try s.send(.left)
        let leftCard = try Self.typeCard(s)
        #expect(!s.screen.contains("5555"), "\(s.screen.text)")
        try Self.finishAndExpectPaid(s, leftCard: leftCard, in: ws)
    }

    // MARK: The terminal going away

    /// The terminal closed in the middle of the card number: the process ends as SIGHUP ends
    /// it (exit 129), not by a trap; nothing is charged and no result is written.
    @Test func hangUpMidFormEndsTheRunWithoutATrap() throws {
        let ws = try Workspace()
        let s = try Self.start(ws)
        try TerminalCheckout.chooseCard(s)
        try s.send("41111111")
        try s.waitForScreen(containing: "❯ Card number    4111 1111")
        s.hangUp()
        let code = try s.waitForExit()
        #expect(code == 129, "exit \(code) (\(code > 128 ? "signal \(code - 128)" : "no signal"))")
        #expect(!FileManager.default.fileExists(atPath: ws.url.appendingPathComponent("result.json").path))
        let trace = ws.read(ws.url.appendingPathComponent("trace.jsonl").path) ?? ""
        #expect(trace.contains("\"createToken\"") && !trace.contains("\"sale\""), "\(trace)")
        // Half a number, shown in its active field, is all the screen had: only the files are scanned.
        Self.expectNoLeak(s, after: s.output.count, in: ws)
    }

    /// The terminal closed on the review screen, with the card given: still exit 129, and
    /// nothing charged — Pay was never pressed.
    @Test func hangUpOnTheReviewChargesNothing() throws {
        let ws = try Workspace()
        let s = try Self.start(ws)
        try TerminalCheckout.chooseCard(s)
        let leftCard = try Self.typeCard(s)
        try s.send("1230")
        try s.waitForBlock(containing: "❯ Security code")
        try s.send("123")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ Store my card")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ Full name")
        try s.send("Jane Shopper\rjane@example.com\r")
        try s.waitForBlock(containing: "❯ United States  US")
        try s.send("\r10001\r")
        try s.waitForBlock(containing: "❯ USD  US Dollar")
        try s.send(.enter)
        try s.waitForBlock(containing: "❯ [ Pay $25.00 ]")
        s.hangUp()
        #expect(try s.waitForExit() == 129)
        #expect(!FileManager.default.fileExists(atPath: ws.url.appendingPathComponent("result.json").path))
        // The trace goes as far as the review: no tokenize, no sale (the charge).
        let trace = ws.read(ws.url.appendingPathComponent("trace.jsonl").path) ?? ""
        #expect(trace.contains("\"currencyUpdate\""), "\(trace)")
        #expect(!trace.contains("\"tokenize\"") && !trace.contains("\"sale\""), "\(trace)")
        Self.expectNoLeak(s, after: leftCard, in: ws)
    }
}
