import CheckoutFakes
import CheckoutHeadless
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The hand-off (issue 16, item 3): what the merchant's server needs of the provider's answer
/// reaches the result — BlueSnap's `processingInfo.authorizationCode` and its decline's code
/// and description; Spreedly's `response.message` and `response.error_code` — through each
/// adapter against its fake, never with card data.
@Suite struct HandOffTests {
    @Test func blueSnapGivesTheIssuersAuthorizationCodeOnApproval() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let result = try await FaultTests.run(
            "examples/standard-checkout/visa-approved.yaml", against: fake.baseURL, credentials: environment(for: fake))
        let transaction = try #require(result.transaction)
        #expect(result.status == .success)
        let code = try #require(transaction.authCode)
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        #expect(transaction.responseCode == nil && transaction.responseMessage == nil)
    }

    @Test func blueSnapGivesTheDeclinesCodeAndDescription() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let result = try await FaultTests.run(
            "examples/standard-checkout/insufficient-funds.yaml", against: fake.baseURL, credentials: environment(for: fake))
        #expect(result.status == .declined)
        let transaction = try #require(result.transaction)
        #expect(transaction.responseCode == "14002")
        #expect(transaction.responseMessage == "The transaction was declined")
        #expect(transaction.authCode == nil)
    }

    @Test func spreedlyGivesTheGatewaysMessageAndErrorCode() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let approved = try await SpreedlyFakeTests.run("standard-checkout", "4111111111111111", against: fake).result
        #expect(approved.status == .success)
        #expect(approved.transaction?.responseMessage == "Successful purchase")
        #expect(approved.transaction?.responseCode == nil)
        let declined = try await SpreedlyFakeTests.run("standard-checkout", "4000000000009995", against: fake).result
        #expect(declined.status == .declined)
        let code = try #require(declined.transaction?.responseCode)
        #expect(declined.transaction?.responseMessage?.contains(code) == true, "\(declined.transaction?.responseMessage ?? "")")
    }

    @Test func aProviderMessageQuotingACardNumberIsMaskedBeforeItIsKept() {
        #expect(ProviderText.masked("Card 4111 1111 1111 1111 declined") == "Card •••• declined")
        #expect(ProviderText.maskedOrNil("") == nil)
    }
}
