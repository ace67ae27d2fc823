import CheckoutDomain
import CheckoutFakes
import CheckoutJSON
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

@testable import CheckoutProviders

/// Issue 19: createPayment pays with a stored wallet. The vaulted shopper's
/// `chosenPaymentMethod.chosenPaymentMethodType` (`CC`, `PAYPAL`, `APPLE_PAY`) is the choice
/// (bluesnap/bluesnap-ios 043e660f `BSApiCaller.parseChosenPaymentMethodsJSON`,
/// `BSCreatePaymentViewController.start`).
@Suite struct BlueSnapChosenWalletTests {
    func read(_ chosen: String) throws -> StoredShopper {
        let body = try #require(
            JSONParser.parse(
                Data(#"{"vaultedShopperId":20848977,"firstName":"John","country":"us","chosenPaymentMethod":\#(chosen)}"#.utf8)))
        return try BlueSnapShopper.read(body, id: "20848977", host: "sandbox.bluesnap.com")
    }

    @Test func theChosenTypeDecidesTheMethod() throws {
        let paypal = try read(#"{"chosenPaymentMethodType":"PAYPAL"}"#)
        #expect(paypal.chosenWallet == .paypal && paypal.chosenCardLast4 == nil && paypal.chosenMethod == .paypal)
        let applePay = try read(#"{"chosenPaymentMethodType":"APPLE_PAY"}"#)
        #expect(applePay.chosenMethod == .applePay && applePay.chosenCardLast4 == nil)
        let card = try read(#"{"chosenPaymentMethodType":"CC","creditCard":{"cardLastFourDigits":"1111"}}"#)
        #expect(card.chosenWallet == nil && card.chosenCardLast4 == "1111" && card.chosenMethod == .savedCard)
        // A type this build has no method for (ECP, a bank account) is no choice at all.
        let ecp = try read(#"{"chosenPaymentMethodType":"ECP"}"#)
        #expect(ecp.chosenMethod == nil)
    }

    /// The fake answers the latest choice as BlueSnap does: a wallet as its type alone, a card
    /// with its last four digits; with no choice stored, the built-in saved Visa.
    @Test func theFakeAnswersTheLatestChoice() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        #expect(try await provider.shopper(id: "20848977")?.chosenMethod == .savedCard)
        _ = try await provider.storeChosenWallet(.applePay, shopperId: "20848977", token: try await provider.createToken())
        let wallet = try #require(try await provider.shopper(id: "20848977"))
        #expect(wallet.chosenWallet == .applePay && wallet.chosenCardLast4 == nil)
        let typed = ValidatedCard(
            number: "4111111111111111", cvv: "123", expiry: CardExpiry(month: 12, year: 2030), brand: .visa, holderName: nil)
        let tokenized = try await provider.tokenize(.new(typed), token: try await provider.createToken())
        _ = try await provider.storeChosenMethod(shopperId: "20848977", card: tokenized)
        let card = try #require(try await provider.shopper(id: "20848977"))
        #expect(card.chosenWallet == nil && card.chosenCardLast4 == "1111")
    }

    /// The shipped chains run over HTTP against one fake BlueSnap: choosePayment stores the
    /// wallet there, createPayment reads it back from the vaulted shopper and pays with it.
    @Test(arguments: [("stored-paypal", "PAYPAL"), ("stored-apple-pay", "APPLE_PAY")])
    func theShippedChainPaysTheStoredWalletOverHTTP(chain: String, type: String) async throws {
        let file = repositoryRoot.appendingPathComponent("flows/create-payment.scenarios.yaml").path
        let suite = ScenarioSuite.load([file])
        #expect(!suite.hasErrors)
        let scenarios = suite.files.flatMap { f in f.scenarios.map { (suite: f.suiteName, scenario: $0) } }
            .filter { $0.scenario.chain == chain }
        #expect(scenarios.count >= 2)
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let factory = ProviderFactory(
            environment: environment(for: fake), transport: sharedTransport,
            override: ProviderOverride(name: .bluesnap, baseURL: fake.baseURL.absoluteString))
        var runner = ScenarioRunner(flows: suite.flows, jobs: 1, provider: try factory.source(for: Array(suite.flows.values)))
        runner.runsSandbox = false
        let outcomes = await runner.run(scenarios)
        for o in outcomes { #expect(o.passed, "\(o.scenario.name): \(o.differences.map(\.message))") }
        #expect(fake.chosenWallets.map(\.type) == [type])
        let paid = try #require(outcomes.first { $0.result.transaction != nil }?.result)
        #expect(paid.paymentType == type && paid.transaction?.status == "APPROVED" && paid.creditCard == nil)
        // No card was tokenized or charged for the wallet: no card PUT, no pfToken charge.
        #expect(!fake.requests.contains { $0.method == "PUT" && $0.path.hasPrefix("payment-fields-tokens/") })
        #expect(!fake.requests.contains { $0.body?["pfToken"] != nil })
    }
}
