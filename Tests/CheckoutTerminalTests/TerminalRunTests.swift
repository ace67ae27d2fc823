import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Testing

@testable import CheckoutTerminal

/// Whole checkouts typed at a scripted terminal, through the real runner and the sandbox.
@Suite struct TerminalRunTests {
    let billing = "Jane Doe\r" + "jane@example.com\r" + "\r" + "02134\r"

    @Test func aStandardCheckoutTypedWithArrowKeys() async throws {
        let flow = try shippedFlow("standard-checkout")
        let run = await typeThrough(
            flow,
            reads(
                Keys.down, Keys.down, Keys.up, Keys.up, Keys.enter,  // PayPal, Apple Pay, back to the card
                "4111 1111 1111 1111", "1230", "123", Keys.tab, Keys.enter,
                "Jane Doe", Keys.enter, "jane@example.com", Keys.tab, "germ", Keys.enter, "10115", Keys.enter,
                "eur", Keys.enter, Keys.enter))
        #expect(run.result.status == .success)
        #expect(run.result.creditCard?.last4 == "1111")
        #expect(run.result.billing?.country == "DE")
        #expect(run.result.price?.currency.code == "EUR")
        #expect(unstyled(run.terminal.output).contains("Pay €23.00"))
        #expect(unstyled(run.terminal.output).contains("✔ Paid €23.00"))
        #expect(run.terminal.restoreCount >= 1)
        #expect(!run.terminal.isRaw)
    }

    @Test func aCorrectionAfterAnInvalidCard() async throws {
        let flow = try shippedFlow("standard-checkout")
        let run = await typeThrough(
            flow,
            reads(
                Keys.enter, "4111 1111 1111 1112", Keys.enter, Keys.backspace, "1", "12/30", "123", Keys.enter + Keys.enter,
                billing, Keys.enter, Keys.enter))
        #expect(run.result.status == .success)
        #expect(unstyled(run.terminal.output).contains("✖ The card number is not valid; check it for typing mistakes."))
    }

    @Test func theCardNumberIsNotDrawnOnceItsFieldIsLeft() async throws {
        let flow = try shippedFlow("standard-checkout")
        // Read 1 types 15 digits; read 2 the last, which completes the number: the form moves on.
        let run = await typeThrough(
            flow, reads(Keys.enter, "411111111111111", "1", "1230", "123", Keys.enter + Keys.enter, billing, Keys.enter, Keys.enter))
        #expect(run.result.status == .success)
        let whileTyping = run.terminal.output(fromEvent: 1)
        #expect(unstyled(whileTyping).contains("4111 1111 1111 111"))
        let afterLeaving = run.terminal.output(fromEvent: 2)
        #expect(!afterLeaving.isEmpty)
        for secret in ["4111 1111 1111 111", "411111111111111", "1111 1111 111"] { #expect(!afterLeaving.contains(secret)) }
        #expect(unstyled(afterLeaving).contains("Visa •••• 1111"))
        // The security code is never drawn, not even while typed.
        #expect(!run.terminal.output.contains("123\u{1B}") && !run.terminal.output.contains(" 123 "))
    }

    @Test func escapeThenYesLeavesTheCheckout() async throws {
        let run = await typeThrough(try shippedFlow("standard-checkout"), reads(Keys.enter, "4111", Keys.escape, "y"))
        #expect(run.result.status == .canceled)
        #expect(run.result.transaction == nil)
    }

    @Test func ctrlCInterruptsAndRestoresTheTerminal() async throws {
        let run = await typeThrough(try shippedFlow("standard-checkout"), reads(Keys.enter, "4111 1111 1111 111", Keys.ctrlC))
        #expect(run.interrupts == 1)
        #expect(run.frontend.wasInterrupted)
        #expect(!run.terminal.isRaw)
        #expect(run.result.transaction == nil)
        // The block being typed in was erased: the number is not left on the screen.
        let output = run.terminal.output
        let lastDrawn = try #require(output.range(of: "4111 1111 1111 111", options: .backwards))
        #expect(output[lastDrawn.upperBound...].contains("\u{1B}[J"))
    }

    @Test func theEndOfInputEndsTheRunInvalid() async throws {
        let run = await typeThrough(try shippedFlow("standard-checkout"), reads(Keys.enter, "4111"))
        #expect(run.result.status == .invalid)
        #expect(run.result.exitCode == 3)
        #expect(run.frontend.inputEndedAt == "Card details")
        #expect(run.result.errors.map(\.path).contains("creditCard"))
        #expect(run.result.transaction == nil)
    }

    @Test func withoutColourNoStyleSequenceIsWritten() async throws {
        let flow = try shippedFlow("standard-checkout")
        let keys = reads(Keys.enter, "4111 1111 1111 1111 12/30 123", Keys.enter + Keys.enter, billing, Keys.enter, Keys.enter)
        let plain = await typeThrough(flow, keys, depth: .none)
        #expect(plain.result.status == .success)
        #expect(!hasColour(plain.terminal.output))
        #expect(!plain.terminal.output.contains("\u{1B}[1m"))
        let coloured = await typeThrough(flow, keys, depth: .trueColor)
        #expect(hasColour(coloured.terminal.output))
        // The flow's headerTitleColor #1A1A2E, in 24-bit.
        #expect(coloured.terminal.output.contains("38;2;26;26;46"))
    }

    @Test func aResizeRedrawsTheScreen() async throws {
        let flow = try shippedFlow("standard-checkout")
        let run = await typeThrough(
            flow,
            [
                .input(Array(Keys.enter.utf8)), .resize, .input(Array("4111".utf8)), .input(Array(Keys.escape.utf8)),
                .input(Array("y".utf8)),
            ],
            resizeTo: TerminalSize(rows: 20, columns: 60))
        let redraw = run.terminal.output(fromEvent: 1)
        #expect(redraw.hasPrefix("\u{1B}[2J\u{1B}[H"))
        #expect(run.terminal.size() == TerminalSize(rows: 20, columns: 60))
        // What was answered before is drawn again, then the form.
        #expect(unstyled(redraw).contains("Payment method") && unstyled(redraw).contains("Card number"))
        #expect(run.result.status == .canceled)
    }

    /// After a suspend (`fg`): the whole screen drawn again at the same size, the typed digits kept.
    @Test func aRedrawAfterResumingDrawsEverythingAgain() async throws {
        let flow = try shippedFlow("standard-checkout")
        let run = await typeThrough(
            flow,
            [
                .input(Array(Keys.enter.utf8)), .input(Array("4111".utf8)), .redraw, .input(Array(Keys.escape.utf8)),
                .input(Array("y".utf8)),
            ])
        let redraw = run.terminal.output(fromEvent: 2)
        #expect(redraw.hasPrefix("\u{1B}[2J\u{1B}[H"))
        #expect(unstyled(redraw).contains("Payment method") && unstyled(redraw).contains("Card number    4111"))
        #expect(run.terminal.size() == TerminalSize(rows: 40, columns: 100))
        #expect(run.result.status == .canceled)
    }

    @Test func aThreeDSChallengeIsAnsweredWithTheCode() async throws {
        let flow = try shippedFlow("three-d-secure")
        let run = await typeThrough(
            flow,
            reads(
                Keys.enter, "4000 0000 0000 1091 12/30 123", Keys.enter + Keys.enter,
                // A EUR checkout starts the country list at no country: the shopper picks one.
                "Jane Doe\r" + "jane@example.com\r" + "United States\r" + "10001\r", Keys.enter, "1234", Keys.enter))
        #expect(run.result.status == .success)
        #expect(run.result.threeDSResult == .authenticationSucceeded)
        #expect(unstyled(run.terminal.output).contains("3-D Secure: AUTHENTICATION_SUCCEEDED"))
    }
}
