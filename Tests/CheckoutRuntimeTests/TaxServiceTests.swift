import CheckoutDomain
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// The `taxService` at run time, with a fake command injected through `SigningEnvironment`
/// (the real process runner is tested at the end): what the service is given, what it may
/// answer, retries, the run's clock timing it out, and its failure ended or routed.
@Suite struct TaxServiceTests {
    static let flow = """
        flow: taxed
        dsl: 1
        request:
          price: { amount: 40.00, currency: USD }
          fullBilling: true
          withShipping: true
          allowCurrencyChange: false
        taxService: { command: [tax/rates.sh, --live], timeout: 2s, attempts: 2 }
        """

    static let answers = """
        paymentMethod: card
        card: { number: "4111 1111 1111 1111", expiry: "12/35", cvv: "736" }
        billing: { name: Jane Shopper, email: jane@example.com, address: 1 Main St, city: Albany, zip: "12207", country: US, state: NY }
        shipping: { name: Jane Shopper, address: 350 Fifth Avenue, city: New York, zip: "10118", country: US, state: NY }
        """

    struct Outcome {
        var result: CheckoutResult
        var events: [TraceEvent]
        var ledger: [Transaction]
        var calls: [(argv: [String], input: String)]
        func event(_ name: String) -> TraceEvent? { events.first { $0.event == name } }
    }

    /// Runs `flowText`; `answer` is the fake command: given the call's number (1, 2, …), the
    /// clock and its input, what it prints and its status.
    func run(
        _ flowText: String = flow, answers: String = answers, journal: (any JournalStore)? = nil,
        clock: ManualClock = ManualClock(start: fixedStart), sandbox given: SandboxProvider? = nil,
        provider: ((SandboxProvider) -> any PaymentProvider)? = nil, environment: [String: String] = [:],
        post: (@Sendable (String, [String: String], String, Duration) async throws -> CommandOutput)? = nil,
        answer: @escaping @Sendable (Int, ManualClock, String) async throws -> CommandOutput
    ) async throws -> Outcome {
        let random = SeededRandom(seed: 19)
        let sandbox = given ?? SandboxProvider(clock: clock, random: random)
        let trace = MemoryTraceSink()
        let seen = Mutex<[(argv: [String], input: String)]>([])
        var signing = SigningEnvironment(
            variable: { environment[$0] },
            runCommand: { argv, _, input, _ in
                let n = seen.withLock {
                    $0.append((argv, input))
                    return $0.count
                }
                return try await answer(n, clock, input)
            })
        signing.post = post
        let compiled = try compileFlow(flowText)
        let runner = CheckoutRunner(
            flow: compiled, provider: provider?(sandbox) ?? sandbox, frontend: HeadlessFrontend(answers: try readAnswers(answers)),
            clock: clock, random: random, trace: trace, signing: signing,
            journal: try journal.map { try RunJournal(store: $0, flow: compiled.definition.id, digest: "d1") })
        let result = await runner.run()
        return Outcome(result: result, events: trace.events, ledger: await sandbox.ledger, calls: seen.withLock { $0 })
    }

    static func answering(_ text: String, status: Int32 = 0) -> @Sendable (Int, ManualClock, String) async throws -> CommandOutput {
        { _, _, _ in CommandOutput(status: status, stdout: text) }
    }

    @Test func theServicesTaxIsChargedAndTheServiceIsGivenTheShippingAddressAndPriceOnly() async throws {
        let r = try await run(answer: Self.answering(#"{"taxAmount": "3.55"}"# + "\n"))
        #expect(r.result.status == .success)
        #expect(r.result.price?.taxAmount == Decimal(string: "3.55"))
        #expect(r.result.transaction?.amount?.amount == Decimal(string: "43.55"))
        #expect(r.ledger.map { $0.amount?.amount } == [Decimal(string: "43.55")])
        #expect(r.calls.count == 1)
        #expect(r.calls.first?.argv == ["tax/rates.sh", "--live"])
        let input = try #require(r.calls.first?.input)
        #expect(
            input
                == #"{"address":{"country":"US","state":"NY","zip":"10118","city":"New York"},"addressSource":"shipping","paymentMethod":"card","price":{"amount":"40.00","currency":"USD"}}"#
                + "\n")
        for secret in ["4111", "1111 1111", "736", "Jane", "jane@example.com", "350 Fifth", "1 Main St"] {
            #expect(!input.contains(secret), "the tax service was given \(secret)")
        }
        let hook = try #require(r.event("hook.tax"))
        #expect(hook.stage == "taxUpdate")
        #expect(hook.attributes.first { $0.key == "taxAmount" }?.value == .number("3.55"))
        #expect(hook.attributes.first { $0.key == "given" }?.value == JSONParser.parse(input))
    }

    @Test func withoutShippingTheBillingAddressIsGiven() async throws {
        let flow = Self.flow.replacingOccurrences(of: "  withShipping: true\n", with: "")
        let answers = Self.answers.split(separator: "\n").filter { !$0.hasPrefix("shipping") }.joined(separator: "\n")
        let r = try await run(flow, answers: answers, answer: Self.answering(#"{"taxAmount":"0"}"#))
        #expect(r.result.status == .success)
        let input = try #require(r.calls.first?.input)
        #expect(input.contains(#""address":{"country":"US","state":"NY","zip":"12207","city":"Albany"},"addressSource":"billing""#))
    }

    @Test func aWalletIsTaxedFromThePrefilledShippingAddressElseNone() async throws {
        let prefilled = Self.flow.replacingOccurrences(
            of: "  allowCurrencyChange: false\n",
            with: "  allowCurrencyChange: false\n  prefill: { shipping: { country: CA, zip: M5V 2T6, city: Toronto } }\n")
        let r = try await run(prefilled, answers: "paymentMethod: paypal", answer: Self.answering(#"{"taxAmount":"2.00"}"#))
        #expect(r.result.status == .success)
        #expect(r.result.transaction?.amount?.amount == Decimal(string: "42.00"))
        #expect(
            r.calls.first?.input.contains(
                #""address":{"country":"CA","zip":"M5V 2T6","city":"Toronto"},"addressSource":"prefill.shipping","paymentMethod":"paypal""#)
                == true)
        let bare = try await run(answers: "paymentMethod: applePay", answer: Self.answering(#"{"taxAmount":"0.00"}"#))
        #expect(bare.result.status == .success)
        #expect(bare.calls.first?.input.hasPrefix(#"{"address":null,"addressSource":null,"paymentMethod":"applePay""#) == true)
    }

    @Test(arguments: [
        "", "3.55", #"{"taxAmount": 3.55}"#, #"{"taxAmount": "3.555"}"#, #"{"taxAmount": "-1.00"}"#, #"{"tax": "1.00"}"#,
        #"["3.55"]"#, #"{"taxAmount": "1e2"}"#, "<html>502</html>",
    ])
    func aGarbageAnswerFailsTheStepAndNothingIsCharged(answer: String) async throws {
        let r = try await run(answer: Self.answering(answer))
        #expect(r.result.status == .error)
        #expect(r.result.errors.map(\.code) == ["tax_failed"])
        #expect(r.result.errors.map(\.path) == ["taxUpdate"])
        #expect(r.ledger.isEmpty)
        #expect(r.result.creditCard == nil, "stopped before tokenizing")
        #expect(r.calls.count == 2, "tried `attempts` times")
        #expect(r.result.price?.taxAmount == 0)
        if !answer.isEmpty { #expect(!r.result.errors[0].message.contains(answer), "what it printed is not echoed") }
    }

    @Test func aFailingCallIsRetriedWithBackoffAndTheNextAnswerCounts() async throws {
        let flow = Self.flow.replacingOccurrences(of: "attempts: 2", with: "attempts: 3")
        let r = try await run(flow) { n, _, _ in
            n < 3 ? CommandOutput(status: 75, stdout: "") : CommandOutput(status: 0, stdout: #"{"taxAmount":"1.25"}"#)
        }
        #expect(r.result.status == .success)
        #expect(r.result.price?.taxAmount == Decimal(string: "1.25"))
        #expect(r.calls.count == 3)
        let retries = r.events.filter { $0.event == "step.retry" }
        #expect(retries.map { $0.attributes.first { $0.key == "delayMs" }?.value } == [.int(100), .int(200)])
        #expect(retries.allSatisfy { $0.attributes.first { $0.key == "code" }?.value == .string("tax_failed") })
    }

    @Test func aNonZeroExitOnTheLastAttemptEndsTheRunErrorWithTaxFailed() async throws {
        let r = try await run(answer: Self.answering("", status: 3))
        #expect(r.result.status == .error)
        #expect(r.result.errors.first?.message == "the tax service 'tax/rates.sh' exited with status 3")
        let hook = try #require(r.event("hook.tax"))
        #expect(hook.attributes.first { $0.key == "outcome" }?.value == .string("failed"))
        #expect(r.events.contains { $0.event == "step.end" && $0.stage == "taxUpdate" })
    }

    @Test func aCallPastTheTimeoutOnTheRunsClockFails() async throws {
        let r = try await run { _, clock, _ in
            try await clock.sleep(for: .seconds(30))
            return CommandOutput(status: 0, stdout: #"{"taxAmount":"1.00"}"#)
        }
        #expect(r.result.status == .error)
        #expect(r.result.errors.first?.code == "tax_failed")
        #expect(r.result.errors.first?.message == "the tax service 'tax/rates.sh' took longer than 2.0s")
        #expect(r.calls.count == 2)
        #expect(r.ledger.isEmpty)
    }

    @Test func inAnExplicitPipelineTheFailureIsRoutedAndTheRunGoesOnWithoutTax() async throws {
        let flow = """
            flow: routed
            dsl: 1
            request:
              price: { amount: 40.00, currency: USD }
              fullBilling: true
              withShipping: true
            taxService: { command: [tax] }
            screens:
              - kind: creditCard
              - kind: billing
              - kind: shipping
              - kind: review
            steps:
              - kind: createToken
              - kind: tokenize
              - { id: tax, kind: taxUpdate, on: { failed: charge } }
              - { id: charge, kind: sale }
            """
        let answers = Self.answers.replacingOccurrences(of: "paymentMethod: card\n", with: "")
        let r = try await run(flow, answers: answers, answer: Self.answering("", status: 1))
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(r.result.errors.isEmpty, "a routed failure is not the run's error")
        #expect(r.result.transaction?.amount?.amount == 40, "charged without the tax")
        let routed = try #require(r.events.first { $0.event == "stage.routed" })
        #expect(routed.stage == "tax")
        #expect(routed.attributes.first { $0.key == "outcome" }?.value == .string("failed"))
        let unrouted = try await run(
            flow.replacingOccurrences(of: ", on: { failed: charge }", with: ""), answers: answers, answer: Self.answering("", status: 1))
        #expect(unrouted.result.status == .error)
        #expect(unrouted.result.exitCode == 4)
        #expect(unrouted.ledger.isEmpty)
    }

    @Test func aResumedRunChargesTheTaxItWasAnsweredWithoutAskingAgain() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 19))
        let store = MemoryJournalStore()
        let first = try await run(
            journal: store, clock: clock, sandbox: sandbox,
            provider: { base in ChargeOverridingProvider(base: base) { _ in throw ProviderError(.rejected, "the bank is closed") } },
            answer: Self.answering(#"{"taxAmount":"3.55"}"#))
        #expect(first.result.status == .error)
        let done = try store.lines().compactMap(JournalEntry.init(jsonLine:)).first { $0.event == "step.done" && $0.stage == "taxUpdate" }
        #expect(done?.fields == ["taxAmount": "3.55"])
        let second = try await run(journal: store, clock: clock, sandbox: sandbox, answer: Self.answering(#"{"taxAmount":"9.99"}"#))
        #expect(second.result.status == .success)
        #expect(second.calls.isEmpty, "the service is not asked again")
        #expect(second.result.transaction?.amount?.amount == Decimal(string: "43.55"))
        #expect(second.events.contains { $0.event == "step.restored" && $0.stage == "taxUpdate" })
    }
}
