import CheckoutTesting
import Foundation
import Testing

/// What an embedder's tests write: `import CheckoutTesting` alone compiles a flow, runs it with
/// a scripted front end against the sandbox behind injected faults, on a manual clock.
@Suite struct CheckoutTestingTests {
    static let flowText = """
        flow: embedder-test
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          withEmail: false
          allowCurrencyChange: false
        """

    static func run(
        _ frontend: ScriptedFrontend, plan: FaultInjectingProvider.Plan
    ) async throws -> (CheckoutResult, FaultInjectingProvider) {
        let flow = try #require(FlowCompiler.compile(flowText, file: "embedder.yaml").flow)
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_795_000_000))
        let random = SeededRandom(seed: 1)
        let provider = FaultInjectingProvider(inner: SandboxProvider(clock: clock, random: random), clock: clock, plan: plan)
        let runner = CheckoutRunner(flow: flow, provider: provider, frontend: frontend, clock: clock, random: random)
        return (await runner.run(), provider)
    }

    static let card = ScreenAnswer.card(CardAnswer(number: "4111 1111 1111 1111", expiry: "12/35", cvv: "123"))
    static let billing = ScreenAnswer.billing(Address(name: "Jane Doe", zip: "10001", country: "US"), sameAsBilling: nil)

    static let script: [ScreenKind: [ScreenAnswer]] = [
        .currency: [.currency(nil)], .paymentMethod: [.paymentMethod(.card)], .creditCard: [card], .billing: [billing],
        .review: [.review],
    ]

    @Test func aScriptedFrontendAnswersEachScreenFromItsValues() async throws {
        let shopper = ScriptedFrontend(Self.script)
        let (result, _) = try await Self.run(shopper, plan: .scripted([:]))
        #expect(result.status == .success, "\(result.errors)")
        #expect(shopper.result?.status == .success)
        #expect(shopper.rejections.isEmpty)
        // `allowCurrencyChange: false` fixes the currency: no screen asks it (`choicesFixed`).
        #expect(shopper.prompts.map(\.kind) == [.paymentMethod, .creditCard, .billing, .review])
    }

    @Test func aScreenWithoutAScriptedAnswerEndsTheRunCanceled() async throws {
        let shopper = ScriptedFrontend([.billing: [Self.billing]])
        let (result, _) = try await Self.run(shopper, plan: .scripted([:]))
        #expect(result.status == .canceled)
    }

    @Test func aTransientChargeFaultIsRetriedWithTheSameKey() async throws {
        let shopper = ScriptedFrontend(Self.script)
        let (result, provider) = try await Self.run(shopper, plan: .scripted(["charge": [.transient]]))
        #expect(result.status == .success, "\(result.errors)")
        #expect(provider.chargeKeys.count == 2)
        #expect(Set(provider.chargeKeys).count == 1)
    }
}
