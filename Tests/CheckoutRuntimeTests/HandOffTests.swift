import CheckoutDomain
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The hand-off to the merchant's server (issue 16, item 3): the result carries the token to
/// charge when the run stopped after tokenizing or took the card from the app's own UI, the
/// shopper the run paid for or created, and the provider's answer to the charge. Never card data.
@Suite struct HandOffTests {
    struct Run {
        var result: CheckoutResult
        var events: [TraceEvent]
    }

    func run(_ flowText: String, _ answersText: String) async throws -> Run {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 21)
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: try compileFlow(flowText), provider: SandboxProvider(clock: clock, random: random),
            frontend: HeadlessFrontend(answers: try readAnswers(answersText)), clock: clock, random: random, trace: trace)
        return Run(result: await runner.run(), events: trace.events)
    }

    /// What the trace says the `tokenize` step got back.
    func tracedVaultToken(_ events: [TraceEvent]) -> String? {
        let end = events.first { $0.event == "step.end" && $0.stage == "tokenize" }
        guard case .string(let token)? = end?.attributes.first(where: { $0.key == "paymentMethodToken" })?.value else { return nil }
        return token
    }

    static let card = #"card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }"#

    static func flow(transactionType: String, upfront: Bool = false) -> String {
        """
        flow: hand-off
        dsl: 1
        request: { price: { amount: 12.00, currency: USD }, transactionType: \(transactionType) }
        \(upfront ? "" : "screens:\n  - kind: creditCard\n")steps:
          - kind: createToken
          - { kind: tokenize\(upfront ? ", source: upfront" : "") }
        \(transactionType == "none" ? "" : "  - kind: sale\n")
        """
    }

    @Test func aTokenizeOnlyRunHandsOverTheTokenToCharge() async throws {
        let r = try await run(Self.flow(transactionType: "none"), Self.card)
        #expect(r.result.status == .success && r.result.transaction == nil)
        let token = try #require(r.result.paymentMethodToken, "the merchant's server gets nothing to charge")
        #expect(token == tracedVaultToken(r.events))
        #expect(r.result.json["paymentMethodToken"] == .string(token))
        #expect(!String(decoding: r.result.json.data, as: UTF8.self).contains("4111111111111111"))
    }

    @Test func anOwnUIRunHandsOverItsTokenAndACheckoutScreenSaleDoesNot() async throws {
        let ownUI = try await run(Self.flow(transactionType: "sale", upfront: true), Self.card)
        #expect(ownUI.result.status == .success && ownUI.result.paymentMethodToken != nil)
        let screens = try await run(Self.flow(transactionType: "sale"), Self.card)
        #expect(screens.result.status == .success && screens.result.paymentMethodToken == nil)
        #expect(screens.result.json["paymentMethodToken"] == nil)
    }

    @Test func theShopperARunPaidForOrCreatedIsInTheResult() async throws {
        let returning = try await run(
            """
            flow: returning
            dsl: 1
            request: { price: { amount: 12.00, currency: USD }, shopperId: "20848977" }
            """,
            #"savedCard: "1111""#)
        #expect(returning.result.shopperId == "20848977")
        #expect(returning.result.json["shopperId"] == .string("20848977"))

        let created = try await run(
            """
            flow: choose
            dsl: 1
            request: { price: { amount: 12.00, currency: USD }, mode: choosePayment }
            """,
            """
            paymentMethod: card
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123", storeCard: true }
            billing: { name: Jane Doe, email: jane@example.com, zip: "10001", country: US }
            """)
        let stored = created.events.first { $0.stage == "storeShopper" && $0.event == "step.end" }
        guard case .string(let id)? = stored?.attributes.first(where: { $0.key == "shopperId" })?.value else {
            Issue.record("no storeShopper step: \(created.events.map(\.event)) \(created.result.status) \(created.result.errors)")
            return
        }
        #expect(created.result.shopperId == id)
    }
}
