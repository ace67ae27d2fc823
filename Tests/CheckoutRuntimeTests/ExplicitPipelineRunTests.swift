import CheckoutDomain
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Explicit pipelines at run time: routes, visit limits, per-step retry and timeout, wallets
/// skipping card stages, `fields`, `cards` and custom forms.
@Suite struct ExplicitPipelineRunTests {
    struct Run {
        var result: CheckoutResult
        var events: [TraceEvent]
        var ledger: [Transaction]
        var clock: ManualClock
        func attribute(_ event: String, _ key: String) -> [JSONValue] {
            events.filter { $0.event == event }.compactMap { $0.attributes.first { $0.key == key }?.value }
        }
    }

    func run(
        _ flowText: String, _ answersText: String, maxVisits: Int = 5, seed: UInt64 = 42,
        wrap: ((SandboxProvider, ManualClock) -> any PaymentProvider)? = nil
    ) async throws -> Run {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: seed)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: try compileFlow(flowText), provider: wrap?(sandbox, clock) ?? sandbox,
            frontend: HeadlessFrontend(answers: try readAnswers(answersText)), clock: clock, random: random, trace: trace,
            maxVisits: maxVisits)
        let result = await runner.run()
        return Run(result: result, events: trace.events, ledger: await sandbox.ledger, clock: clock)
    }

    static let secondCardFlow = """
        flow: second-card
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          withEmail: false
        screens:
          - { id: card, kind: creditCard }
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - { id: charge, kind: sale, on: { declined: card } }
        """

    static func card(_ number: String) -> String { "{ number: \"\(number)\", expiry: \"12/35\", cvv: \"123\" }" }

    @Test func aDeclineRoutedBackToTheCardScreenIsPaidWithTheNextCard() async throws {
        let r = try await run(
            Self.secondCardFlow,
            """
            card: [\(Self.card("4000000000009995")), \(Self.card("4111111111111111"))]
            billing: { name: Jane Doe, country: US, zip: "10001" }
            """)
        #expect(r.result.status == .success)
        #expect(r.result.creditCard?.last4 == "1111")
        #expect(r.result.declineCode == nil, "the first attempt's decline must not reach the result")
        #expect(r.result.transaction?.status == "APPROVED")
        #expect(r.attribute("stage.routed", "to") == [.string("card")])
        #expect(r.attribute("step.end", "declineCode") == [.string("insufficient_funds")])
        #expect(r.ledger.map(\.status) == ["APPROVED"], "the ledger holds money taken: one charge")
    }

    @Test func aRouteBackWithNoFurtherCardEndsWithTheRoutedOutcome() async throws {
        let r = try await run(
            Self.secondCardFlow,
            """
            card: \(Self.card("4000000000009995"))
            billing: { name: Jane Doe, country: US, zip: "10001" }
            """)
        #expect(r.result.status == .declined)
        #expect(r.result.declineCode == "insufficient_funds")
        #expect(r.result.errors.isEmpty)
        #expect(r.events.contains { $0.event == "screen.left" && $0.stage == "card" })
    }

    @Test func aStageRunsAtMostMaxVisitsTimes() async throws {
        let declining = Array(repeating: Self.card("4000000000009995"), count: 4).joined(separator: ", ")
        let r = try await run(
            Self.secondCardFlow,
            """
            card: [\(declining)]
            billing: { name: Jane Doe, country: US, zip: "10001" }
            """, maxVisits: 3)
        #expect(r.result.status == .failed)
        #expect(r.result.errors.map(\.code) == ["too_many_attempts"])
        #expect(r.attribute("step.end", "declineCode").count == 3, "three charges were tried, the fourth card never was")
    }

    static func retryFlow(_ retry: String, timeout: String? = nil) -> String {
        """
        flow: retrying
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          withEmail: false
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: sale
            retry: \(retry)
        \(timeout.map { "    timeout: \($0)" } ?? "")
        """
    }

    static let visaAnswers = """
        card: { number: "4111111111111111", expiry: "12/35", cvv: "123" }
        billing: { name: Jane Doe, country: US, zip: "10001" }
        """

    @Test func aStepsOwnRetrySettingsReplaceTheDefault() async throws {
        let r = try await run(
            Self.retryFlow("{ attempts: 5, backoff: constant, delay: 250ms }"), Self.visaAnswers,
            wrap: { sandbox, _ in AlwaysUnavailableProvider(base: sandbox) })
        #expect(r.result.status == .error)
        #expect(r.attribute("step.retry", "attempt") == [.int(2), .int(3), .int(4), .int(5)])
        #expect(r.attribute("step.retry", "delayMs") == Array(repeating: .int(250), count: 4))
        #expect(r.clock.now() == fixedStart.addingTimeInterval(1.0))
    }

    @Test func jitterKeepsEachDelayBetweenHalfAndAllAndFollowsTheSeed() async throws {
        let flow = Self.retryFlow("{ attempts: 4, backoff: exponential, delay: 400ms, maxDelay: 1s, jitter: true }")
        let wrap: (SandboxProvider, ManualClock) -> any PaymentProvider = { sandbox, _ in AlwaysUnavailableProvider(base: sandbox) }
        let a = try await run(flow, Self.visaAnswers, seed: 7, wrap: wrap)
        let b = try await run(flow, Self.visaAnswers, seed: 7, wrap: wrap)
        let delays = a.attribute("step.retry", "delayMs").compactMap { v -> Int? in
            guard case .number(let n) = v else { return nil }
            return Int(n)
        }
        #expect(delays.count == 3)
        for (delay, full) in zip(delays, [400, 800, 1000]) { #expect(delay >= full / 2 && delay <= full) }
        #expect(a.attribute("step.retry", "delayMs") == b.attribute("step.retry", "delayMs"))
    }

    @Test func anAttemptSlowerThanTheTimeoutIsRetriedWithTheSameKeyAndChargesOnce() async throws {
        let r = try await run(
            Self.retryFlow("{ attempts: 3, backoff: constant, delay: 100ms }", timeout: "2s"), Self.visaAnswers,
            wrap: { sandbox, clock in SlowFirstChargeProvider(base: sandbox, clock: clock, delay: .seconds(5)) })
        #expect(r.result.status == .success)
        #expect(r.attribute("step.retry", "code") == [.string("timeout")])
        #expect(r.ledger.count == 1, "the retry reuses the idempotency key")
    }

    @Test func anAttemptWithinTheTimeoutIsNotRetried() async throws {
        let r = try await run(
            Self.retryFlow("{ attempts: 3 }", timeout: "10s"), Self.visaAnswers,
            wrap: { sandbox, clock in SlowFirstChargeProvider(base: sandbox, clock: clock, delay: .seconds(5)) })
        #expect(r.result.status == .success)
        #expect(r.events.contains { $0.event == "step.retry" } == false)
    }

    static let walletFlow = """
        flow: wallets
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
        screens:
          - { kind: paymentMethod, methods: [card, paypal] }
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: sale
          - kind: walletPayment
        """

    @Test func aWalletSkipsTheCardStagesAndACardSkipsTheWallet() async throws {
        let paypal = try await run(Self.walletFlow, "paymentMethod: paypal")
        #expect(paypal.result.status == .success)
        #expect(paypal.result.paymentType == "PAYPAL")
        let skipped = paypal.events.filter { $0.event == "stage.skipped" }.compactMap(\.stage)
        #expect(skipped == ["creditCard", "billing", "tokenize", "sale"])

        let card = try await run(
            Self.walletFlow,
            """
            paymentMethod: card
            card: { number: "4111111111111111", expiry: "12/35", cvv: "123" }
            billing: { name: Jane Doe, email: jane@example.com, country: US, zip: "10001" }
            """)
        #expect(card.result.status == .success)
        #expect(card.events.filter { $0.event == "stage.skipped" }.compactMap(\.stage) == ["walletPayment"])
        #expect(card.ledger.count == 1)
    }

    @Test func fieldsMakeAPhoneRequiredAndRefuseAHiddenField() async throws {
        let flow = """
            flow: phones
            dsl: 1
            request:
              price: { amount: 10.00, currency: USD }
              withEmail: false
            fields:
              billing: { phone: required, email: hidden }
            """
        let r = try await run(
            flow,
            """
            card: { number: "4111111111111111", expiry: "12/35", cvv: "123" }
            billing: { name: Jane Doe, email: jane@example.com, country: US, zip: "10001" }
            """)
        #expect(r.result.status == .invalid)
        let issues = Dictionary(uniqueKeysWithValues: r.result.errors.map { ($0.path, $0.code) })
        #expect(issues == ["billing.phone": "required", "billing.email": "not_offered"])
    }

    static let formFlow = """
        flow: loyalty
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          withEmail: false
        fields:
          custom:
            - { id: loyalty, title: Loyalty number, pattern: "[0-9]{8}", required: true }
            - { id: size, title: Size, options: [S, M, L] }
        screens:
          - kind: creditCard
          - kind: billing
          - kind: form
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: sale
        """

    @Test func aFormChecksCustomFieldsByPatternAndOptions() async throws {
        let bad = try await run(Self.formFlow, Self.visaAnswers + "\ncustom: { loyalty: \"12ab\", size: XL }")
        #expect(bad.result.status == .invalid)
        #expect(bad.result.errors.map(\.path) == ["custom.loyalty", "custom.size"])
        #expect(bad.result.errors.map(\.code) == ["invalid_format", "invalid_option"])

        let good = try await run(Self.formFlow, Self.visaAnswers + "\ncustom: { loyalty: \"12345678\", size: M }")
        #expect(good.result.status == .success)
        #expect(good.result.customFields == ["loyalty": "12345678", "size": "M"])
    }

    @Test func cardsSettingsNarrowBrandsMaskTheNumberAndForceStoring() async throws {
        let flow = """
            flow: visa-only
            dsl: 1
            request:
              price: { amount: 10.00, currency: USD }
              withEmail: false
            cards: { accept: [visa], masking: true, storeCard: required }
            """
        let master = try await run(
            flow,
            """
            card: { number: "5555555555554444", expiry: "12/35", cvv: "123" }
            billing: { name: Jane Doe, country: US, zip: "10001" }
            """)
        #expect(master.result.errors.map(\.code) == ["brand_not_accepted"])

        let visa = try await run(flow, Self.visaAnswers)
        #expect(visa.result.status == .success)
        #expect(visa.result.maskedNumber == "4111 11XX XXXX 1111")

        let refused = try await run(
            flow,
            """
            card: { number: "4111111111111111", expiry: "12/35", cvv: "123", storeCard: false }
            billing: { name: Jane Doe, country: US, zip: "10001" }
            """)
        #expect(refused.result.errors.map(\.path) == ["card.storeCard"])
    }
}

extension ExplicitPipelineRunTests {
    static let brandFlow = """
        flow: visa-3ds
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          withEmail: false
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - id: verify
            kind: threeDS
            when: card.brand == visa and billing.country in [US, CA]
          - { id: charge, kind: sale, when: outcome.verify != failed }
        """

    @Test(arguments: [("4111111111111111", "US", true), ("5555555555554444", "US", false), ("4111111111111111", "GB", false)])
    func conditionsReadTheAnswersAndOutcomesSoFar(number: String, country: String, verified: Bool) async throws {
        let zip = country == "US" ? "10001" : "SW1A 1AA"
        let r = try await run(
            Self.brandFlow,
            """
            card: { number: "\(number)", expiry: "12/35", cvv: "123" }
            billing: { name: Jane Doe, country: \(country), zip: "\(zip)" }
            """)
        #expect(r.result.status == .success)
        #expect(r.events.contains { $0.event == "stage.skipped" && $0.stage == "verify" } == !verified)
        #expect((r.result.threeDSResult != nil) == verified)
        #expect(r.ledger.count == 1, "unset outcome.verify (3DS skipped) is != failed, so the charge runs")
    }
}
