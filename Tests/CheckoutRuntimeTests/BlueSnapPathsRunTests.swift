import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// BlueSnap's paths at run time: the card field's input-line events, the card given up front
/// (own UI), store-card consent, `wait:` answers and token expiry.
@Suite struct BlueSnapPathsRunTests {
    struct Run {
        var result: CheckoutResult
        var events: [TraceEvent]
        var ledger: [Transaction]
        var names: [String] { events.map(\.event) }
        func lines() -> String { events.map(\.jsonLine).joined(separator: "\n") }
    }

    func run(_ flowText: String, _ answersText: String) async throws -> Run {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 9)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: try compileFlow(flowText), provider: sandbox, frontend: HeadlessFrontend(answers: try readAnswers(answersText)),
            clock: clock, random: random, trace: trace)
        let result = await runner.run()
        return Run(result: result, events: trace.events, ledger: await sandbox.ledger)
    }

    static func cardForm(inputEvents: Bool) -> String {
        """
        flow: form
        dsl: 1
        request: { price: { amount: 15.00 }, withEmail: false }
        screens:
          - { id: card, kind: creditCard, inputEvents: \(inputEvents) }
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: sale
        """
    }

    @Test func theInputLineTracesItsEventsWithBrandAndLast4Only() async throws {
        let r = try await run(Self.cardForm(inputEvents: true), "card: { number: 4111 1111 1111 1111, expiry: 12/35, cvv: 736 }")
        #expect(r.result.status == .success)
        let input = r.events.filter { $0.event.hasPrefix("input.") }
        #expect(input.map(\.event) == ["input.startEdit", "input.endEdit", "input.willCheck", "input.didCheck", "input.didSubmit"])
        #expect(input.allSatisfy { $0.stage == "card" })
        let check = try #require(input.first { $0.event == "input.didCheck" })
        #expect(check.jsonLine.contains(#""valid":true,"brand":"VISA","last4":"1111""#))
        // didSubmit is the tokenize call's answer: after the step starts and the call is made
        // (its `provider.call` record), before the step ends.
        let submit = try #require(r.names.firstIndex(of: "input.didSubmit"))
        #expect(r.events[submit - 1].event == "provider.call" && r.events[submit - 1].stage == "tokenize")
        #expect(r.events[submit - 2].event == "step.start" && r.events[submit - 2].stage == "tokenize")
        #expect(!r.lines().contains("4111111111111111") && !r.lines().contains("736"))
    }

    @Test func aBadNumberIsReportedByDidCheckAndNothingIsSubmitted() async throws {
        let r = try await run(Self.cardForm(inputEvents: true), "card: { number: 4111 1111 1111 1112, expiry: 12/35, cvv: 123 }")
        #expect(r.result.status == .invalid)
        let check = try #require(r.events.first { $0.event == "input.didCheck" })
        #expect(check.jsonLine.contains(#""valid":false,"code":"luhn_check_failed""#))
        #expect(!r.names.contains("input.didSubmit"))
        #expect(!r.lines().contains("4111111111111112"))
    }

    @Test func withoutInputEventsTheScreenTracesNone() async throws {
        let r = try await run(Self.cardForm(inputEvents: false), "card: { number: 4111 1111 1111 1111, expiry: 12/35, cvv: 123 }")
        #expect(r.result.status == .success)
        #expect(!r.names.contains { $0.hasPrefix("input.") })
    }

    static let ownUI = """
        flow: own-ui
        dsl: 1
        request: { price: { amount: 20.00 }, shopperId: "20848977" }
        steps:
          - kind: createToken
          - { kind: tokenize, source: upfront }
          - kind: sale
        """

    @Test func aNewCardGivenUpFrontIsTokenizedAndCharged() async throws {
        let r = try await run(Self.ownUI, "card: { number: 5555 5555 5555 4444, expiry: 06/31, cvv: 123 }")
        #expect(r.result.status == .success)
        #expect(r.result.creditCard?.brand == .mastercard)
        #expect(r.result.savedCard != true)
        #expect(r.ledger.count == 1)
        #expect(r.lines().contains(#""event":"card.received","stage":"tokenize","source":"upfront","paymentMethod":"card""#))
    }

    @Test func aStoredCardGivenUpFrontIsTheShoppersSavedCard() async throws {
        let r = try await run(Self.ownUI, "savedCard: \"4444\"")
        #expect(r.result.status == .success)
        #expect(r.result.savedCard == true)
        #expect(r.result.creditCard?.last4 == "4444")
    }

    @Test func upFrontDataIsValidatedLikeAScreensAndNothingIsCharged() async throws {
        let unknown = try await run(Self.ownUI, "savedCard: \"9999\"")
        #expect(unknown.result.status == .invalid)
        #expect(unknown.result.errors.map(\.code) == ["unknown_card"])
        let missing = try await run(Self.ownUI, "{}")
        #expect(missing.result.errors.map(\.path) == ["card.number", "card.expiry", "card.cvv"])
        #expect(unknown.ledger.isEmpty && missing.ledger.isEmpty)
    }

    static let choose = """
        flow: choose
        dsl: 1
        request: { price: { amount: 10.00 }, mode: choosePayment, shopperId: "20848977" }
        """

    @Test func choosePaymentStoresANewCardOnlyWithConsent() async throws {
        let card = "paymentMethod: card\ncard: { number: 4111 1111 1111 1111, expiry: 12/35, cvv: 123"
        let without = try await run(Self.choose, card + " }")
        #expect(without.result.status == .invalid)
        #expect(without.result.errors.map(\.path) == ["card.storeCard"])
        #expect(without.result.errors.map(\.code) == ["consent_required"])
        #expect(!without.events.contains { $0.stage == "storeShopper" })
        let refused = try await run(Self.choose, card + ", storeCard: false }")
        #expect(refused.result.errors.map(\.code) == ["consent_required"])
        let with = try await run(Self.choose, card + ", storeCard: true }")
        #expect(with.result.status == .success)
        #expect(with.events.contains { $0.event == "step.end" && $0.stage == "storeShopper" })
        #expect(with.ledger.isEmpty)
    }

    @Test func storeCardRequiredCarriesTheConsentForEveryCard() async throws {
        let r = try await run(
            Self.choose + "\ncards: { storeCard: required }\n",
            "paymentMethod: card\ncard: { number: 4111 1111 1111 1111, expiry: 12/35, cvv: 123 }")
        #expect(r.result.status == .success)
    }

    static let expiry = """
        flow: expiry
        dsl: 1
        request: { price: { amount: 18.00 }, withEmail: false, allowCurrencyChange: false }
        """

    @Test func aWaitOnReviewExpiresTheTokenWhichIsRefreshedOnce() async throws {
        let r = try await run(Self.expiry, cardAnswers("4111 1111 1111 1111", extra: "wait: { review: 61m }"))
        #expect(r.result.status == .success)
        #expect(r.names.filter { $0 == "token.refresh" }.count == 1)
        let wait = try #require(r.events.first { $0.event == "screen.wait" })
        #expect(wait.stage == "review")
        let tokenize = try #require(r.events.first { $0.event == "step.start" && $0.stage == "tokenize" })
        #expect(tokenize.time.timeIntervalSince(fixedStart) == 61 * 60)
    }

    @Test func waitsAddUpAcrossScreens() async throws {
        let short = try await run(Self.expiry, cardAnswers("4111 1111 1111 1111", extra: "wait: { creditCard: 30m, billing: 29m }"))
        #expect(!short.names.contains("token.refresh"))
        let long = try await run(Self.expiry, cardAnswers("4111 1111 1111 1111", extra: "wait: { creditCard: 30m, billing: 31m }"))
        #expect(long.names.filter { $0 == "token.refresh" }.count == 1)
        #expect(long.result.status == .success)
    }

    @Test func aRefreshedTokenThatFailsAgainEndsTheRunWithoutASecondRefresh() async throws {
        let r = try await run(Self.expiry, cardAnswers("4000 0000 0000 4004"))
        #expect(r.result.status == .error)
        #expect(r.result.exitCode == 4)
        #expect(r.result.errors.map(\.code) == ["token_expired"])
        #expect(r.names.filter { $0 == "token.refresh" }.count == 1)
        #expect(r.ledger.isEmpty)
    }

    @Test func aTokenUsedByOneChargeIsNotReusedByAnother() async throws {
        let twice = """
            flow: twice
            dsl: 1
            request: { price: { amount: 5.00 }, withEmail: false }
            screens:
              - kind: creditCard
            steps:
              - kind: createToken
              - kind: tokenize
              - { id: first, kind: sale }
              - { id: second, kind: sale }
            """
        let r = try await run(twice, "card: { number: 4111 1111 1111 1111, expiry: 12/35, cvv: 123 }")
        #expect(r.result.status == .error)
        #expect(r.result.errors.map(\.path) == ["second"])
        #expect(r.result.errors.map(\.code) == ["token_expired"])
        // The charge is never refreshed: the card data left memory at tokenize.
        #expect(!r.names.contains("token.refresh"))
        #expect(r.ledger.count == 1)
    }
}
