import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Leaving the terminal form other than by Ctrl-C: Esc and a signal from outside.
@Suite struct TerminalLeaveTests {
    /// Esc asks, `y` leaves: the run ends canceled (exit 1), nothing charged, the terminal back.
    @Test func escapeThenYesCancels() throws {
        let ws = try Workspace()
        let resultPath = ws.url.appendingPathComponent("result.json").path
        let s = try TerminalRunTests.start(["--result", resultPath])
        try TerminalCheckout.chooseCard(s)
        try s.send(.escape)
        try s.waitForScreen(containing: "Leave the checkout?")
        try s.send("y")
        #expect(try s.waitForExit() == 1, "\(s.screen.text)")
        let result = try TerminalRunTests.result(resultPath)
        #expect(result.status == "canceled")
        #expect(result.transaction == nil)
        #expect(s.screen.contains("✖ Card details: left the checkout"), "\(s.screen.text)")
        TerminalRunTests.expectRestored(s)
    }

    /// Esc, then any other key stays on the form, which carries on.
    @Test func escapeThenAnotherKeyStays() throws {
        let s = try TerminalRunTests.start()
        try TerminalCheckout.chooseCard(s)
        try s.send(.escape)
        try s.waitForScreen(containing: "Leave the checkout?")
        try s.send("n")
        try s.waitForScreen("the question gone") { !$0.contains("Leave the checkout?") && $0.contains("❯ Card number") }
        try s.send(TerminalCheckout.visa)
        try TerminalCheckout.finishFromExpiry(s)
        #expect(try s.waitForExit() == 0, "\(s.screen.text)")
        #expect(s.screen.contains("✔ Paid $25.00"))
    }

    /// SIGTERM (a `kill`) in the middle of the card number: the terminal is restored, the half
    /// number erased, exit 128 + 15.
    @Test func sigtermRestoresTheTerminal() throws {
        let s = try TerminalRunTests.start()
        try TerminalCheckout.chooseCard(s)
        try s.send("41111111")
        try s.waitForScreen(containing: "❯ Card number    4111 1111")
        kill(s.pid, SIGTERM)
        #expect(try s.waitForExit() == 143)
        #expect(!s.screen.history.contains(TerminalCheckout.numberFragment), "\(s.screen.history)")
        TerminalRunTests.expectRestored(s)
    }
}
