import CheckoutDomain
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Synchronization
import Testing

@testable import CheckoutTerminal

/// Line mode: one question per line, as through a pipe.
@Suite struct LineModeTests {
    final class Script: Sendable {
        private let lines: Mutex<[String]>
        private let written = Mutex("")
        private let secrets = Mutex<[Bool]>([])
        init(_ lines: [String]) { self.lines = Mutex(lines) }
        func next(secret: Bool) -> String? {
            secrets.withLock { $0.append(secret) }
            return lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        }
        func write(_ s: String) { written.withLock { $0 += s } }
        var output: String { written.withLock { $0 } }
        var secretReads: [Bool] { secrets.withLock { $0 } }
    }

    func run(_ flow: String, _ lines: [String], echo: Bool = true) async throws -> (CheckoutResult, Script, LineFrontend) {
        let compiled = try shippedFlow(flow)
        let script = Script(lines)
        let clock = ManualClock(start: fixedNow)
        let random = SeededRandom(seed: 1)
        let frontend = LineFrontend(
            flow: compiled, today: YearMonth(containing: fixedNow), echo: echo, readLine: { script.next(secret: $0) },
            write: { script.write($0) })
        let runner = CheckoutRunner(
            flow: compiled, provider: SandboxProvider(clock: clock, random: random), frontend: frontend, clock: clock, random: random)
        return (await runner.run(), script, frontend)
    }

    let billing = ["Jane Doe", "jane@example.com", "US", "02134"]

    @Test func aWholeCheckoutLineByLine() async throws {
        let (result, script, _) = try await run(
            "standard-checkout", ["1", "4111 1111 1111 1111", "12/30", "123", "n"] + billing + ["eur", ""])
        #expect(result.status == .success)
        #expect(result.price?.currency.code == "EUR")
        #expect(script.output.contains("  1) Credit or debit card\n  2) PayPal\n  3) Apple Pay\nChoose 1-3 [1]: "))
        // Echoed answers show the card as brand and last four, the code as dots.
        #expect(script.output.contains("Card number (1234 5678 9012 3456): Visa •••• 1111\n"))
        #expect(script.output.contains("Security code (CVV): •••\n"))
        #expect(!script.output.contains("4111 1111 1111 1111") && !script.output.contains("4111111111111111"))
        #expect(script.output.contains("✔ Paid €23.00"))
        // Only the security code is read as a secret.
        #expect(script.secretReads.filter { $0 }.count == 1)
        #expect(!script.output.contains("\u{1B}"))
    }

    @Test func anInvalidAnswerIsAskedAgainWithTheReason() async throws {
        let (result, script, _) = try await run(
            "standard-checkout",
            ["paypal?", "card", "4111 1111 1111 1112", "4111 1111 1111 1111", "13/30", "12/30", "12", "123", "x", "n"] + billing + ["", ""])
        #expect(result.status == .success)
        #expect(script.output.contains("✖ Choose a number from 1 to 3, or type the name."))
        #expect(script.output.contains("✖ The card number is not valid; check it for typing mistakes."))
        #expect(script.output.contains("✖ Enter the expiry date as MM/YY with a month from 01 to 12."))
        #expect(script.output.contains("✖ The CVV must be 3 digits."))
        #expect(script.output.contains("✖ Answer y or n."))
    }

    @Test func theEndOfInputEndsTheRunInvalidWithNothingCharged() async throws {
        let (result, script, frontend) = try await run("standard-checkout", ["1", "4111 1111 1111 1111"])
        #expect(result.status == .invalid)
        #expect(result.exitCode == 3)
        #expect(result.transaction == nil)
        #expect(frontend.inputEndedAt == "Card details")
        #expect(Set(result.errors.map(\.path)) == ["creditCard", "billing", "currency", "review"])
        #expect(script.output.contains("Not completed"))
    }

    @Test func theEndOfInputNeverConfirmsAPayment() async throws {
        // A returning shopper's stored choice: the review is the only screen.
        let (result, _, frontend) = try await run("create-payment", [])
        #expect(result.status == .invalid)
        #expect(result.transaction == nil)
        #expect(result.errors.map(\.path) == ["review"])
        #expect(frontend.inputEndedAt == "Review")
    }

    @Test func noAtTheReviewLeavesTheCheckout() async throws {
        let (result, _, _) = try await run("standard-checkout", ["1", "4111 1111 1111 1111", "12/30", "123", "n"] + billing + ["", "n"])
        #expect(result.status == .canceled)
        #expect(result.transaction == nil)
    }
}

extension LineModeTests {
    /// Maxpay's `showBirthdayField`: the billing screen asks for the date of birth last, with
    /// its format as the hint, checks it against the run's day on leaving the field, and
    /// leaves it out when skipped (it is optional).
    @Test func theBillingScreenAsksForTheDateOfBirth() async throws {
        // The name on the card is asked for (Maxpay sends `card_holder` with every charge).
        let card = ["4111 1111 1111 1111", "12/30", "123", "Anna Schmidt", "n"]
        let billing = ["Anna Schmidt", "anna@example.com", "DE", "", "", "10117", ""]
        let (result, script, _) = try await run("maxpay-sale3d", card + billing + ["2999-01-01", "1990-02-30", "1990-04-30", "y"])
        #expect(result.status == .success)
        #expect(result.billing?.birthday == "1990-04-30")
        #expect(script.output.contains("Date of birth (optional) (YYYY-MM-DD): "))
        #expect(script.output.contains("✖ A date of birth cannot be in the future."))
        #expect(script.output.contains("✖ Enter a date of birth that exists on the calendar."))
    }
}
