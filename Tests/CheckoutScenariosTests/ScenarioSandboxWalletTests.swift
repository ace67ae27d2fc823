import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import CheckoutScenarios
import Testing

/// Issue 19: a fixture shopper's `chosenWallet` is a stored PayPal or Apple Pay, which
/// createPayment pays with its `walletPayment` step; a shopper has one stored choice.
@Suite struct ScenarioSandboxWalletTests {
    static func shopper(_ choice: String) -> String {
        """
          sandbox:
            shoppers:
              - id: "20848977"
                name: John Doe
                billing: { country: US, zip: "10001" }
                savedCards: [{ brand: VISA, last4: "1111", expiry: "12/30" }]
                \(choice)
        """
    }

    @Test func aStoredWalletIsPaidByWalletPayment() async throws {
        let outcomes = try await ScenarioSandboxTests.run(
            """
            - name: stored PayPal
              flow: cp.yaml
            \(Self.shopper("chosenWallet: paypal"))
              answers: {}
              expect:
                status: success
                paymentType: PAYPAL
                steps: { visits: { tokenize: 0, sale: 0, walletPayment: 1 } }
                result: { creditCard: absent, transaction: { status: APPROVED, amount: 42.00 } }
            - name: stored Apple Pay, and the answered saved card is not it
              flow: cp.yaml
            \(Self.shopper("chosenWallet: applePay"))
              answers: { paymentMethod: savedCard }
              expect:
                status: invalid
                errors: [{ path: paymentMethod, code: not_offered }]
                result: { paymentType: APPLE_PAY, transaction: absent }
            - name: the built-in shopper still pays by card
              flow: cp.yaml
              answers: {}
              expect: { status: success, paymentType: CC, result: { creditCard: { last4Digits: "1111" } } }
            """)
        #expect(outcomes.count == 3)
        for o in outcomes { #expect(o.passed, "\(o.scenario.name): \(o.differences.map(\.message))") }
    }

    /// A stored PayPal in a currency PayPal does not accept: nothing is sent, the run names why.
    @Test func aStoredWalletTheFlowCannotPayEndsInvalidBeforeAnythingIsSent() async throws {
        let brl = ScenarioSandboxTests.createPayment.replacingOccurrences(of: "currency: USD", with: "currency: BRL")
        let text = """
            - name: stored PayPal, price in reais
              flow: brl.yaml
            \(Self.shopper("chosenWallet: paypal"))
              answers: {}
              expect:
                status: invalid
                errors: [{ path: request.shopperId, code: not_offered }]
                result: { transaction: absent }
            """
        let read = readScenarios(text, others: ["suite/brl.yaml": brl])
        let file = try #require(read.file, "\(rendered(read))")
        let flow = try #require(FlowCompiler.compile(brl, file: "suite/brl.yaml").flow)
        let outcomes = await ScenarioRunner(flows: ["suite/brl.yaml": flow], provider: .sandbox).run(file.scenarios.map { ("suite", $0) })
        for o in outcomes { #expect(o.passed, "\(o.scenario.name): \(o.differences.map(\.message))") }
        let message = outcomes.first?.result.errors.first?.message ?? ""
        #expect(message.contains("PayPal does not accept BRL"), "\(message)")
        #expect(!outcomes.contains { $0.trace.contains { $0.event == "step.start" } })
    }

    @Test func aShopperHasOneStoredChoice() {
        let read = readScenarios(
            """
            - name: both
              flow: cp.yaml
            \(Self.shopper("chosenCard: \"1111\"\n        chosenWallet: paypal"))
              answers: {}
              expect: { status: success }
            """, others: ["suite/cp.yaml": ScenarioSandboxTests.createPayment])
        #expect(rendered(read).contains("a shopper has one stored choice: 'chosenCard' or 'chosenWallet', not both"), "\(rendered(read))")
        let unknown = readScenarios(
            """
            - name: a card is not a wallet
              flow: cp.yaml
            \(Self.shopper("chosenWallet: card"))
              answers: {}
              expect: { status: success }
            """, others: ["suite/cp.yaml": ScenarioSandboxTests.createPayment])
        #expect(rendered(unknown).contains("'chosenWallet'"), "\(rendered(unknown))")
    }
}
