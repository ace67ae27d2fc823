import CheckoutDomain
import CheckoutFakes
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Every request field of docs/providers.md's BlueSnap table, on the wire, against the fake
/// that behaves as BlueSnap's SDKs (bluesnap-ios 043e660f, bluesnap-android-int 9f9761b4) and
/// its API docs say BlueSnap does (provider-contract rows 5, 6, 8, 9, 11, 14, 17, 18, 22).
@Suite struct BlueSnapWireTests {
    /// The last recorded request to `path` (method too).
    func last(_ fake: FakeBlueSnap, _ method: String, _ path: String) -> FakeBlueSnap.RecordedRequest? {
        fake.requests.last { $0.method == method && $0.path == path }
    }

    @Test func aNewCardGoesWithItsTypeHolderAndTokenAuthentication() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let typed = ValidatedCard(
            number: "4111111111111111", cvv: "123", expiry: CardExpiry(month: 3, year: 2031), brand: .visa, holderName: "Jane Q Doe")
        let tokenized = try await provider.tokenize(.new(typed), token: try await provider.createToken())
        let put = try #require(last(fake, "PUT", "payment-fields-tokens/*"))
        #expect(put.tokenAuthentication)
        #expect(put.body?["ccNumber"]?.text == "************1111")
        #expect(put.body?["cvv"]?.text == "***")
        #expect(put.body?["expDate"]?.text == "03/2031")
        #expect(put.body?["ccType"]?.text == "VISA")
        #expect(put.body?["billingFirstName"]?.text == "Jane")
        #expect(put.body?["billingLastName"]?.text == "Q Doe")
        #expect(tokenized.expiry == CardExpiry(month: 3, year: 2031))
        // Nothing the fake keeps holds the number or the CVV.
        let kept = fake.requests.compactMap { $0.body?.serialized() }.joined()
        #expect(!kept.contains("4111111111111111") && !kept.contains("\"123\""))
    }

    @Test func aStoredCardIsTokenizedUnderATokenForTheShopper() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let shopper = try #require(try await provider.shopper(id: "20848977"))
        // BlueSnap's CARTE_BLEUE card is left out; the shopper still reads (row 14).
        #expect(shopper.savedCards.map(\.last4) == ["1111", "4444"])
        let tokenized = try await provider.tokenize(.stored(shopperId: "20848977", last4: "4444"), token: try await provider.createToken())
        let create = try #require(fake.requests.last { $0.method == "POST" && $0.path == "payment-fields-tokens" })
        #expect(create.query["shopperId"] == "20848977")
        let put = try #require(last(fake, "PUT", "payment-fields-tokens/*"))
        #expect(put.tokenAuthentication)
        #expect(put.body?["lastFourDigits"]?.text == "4444")
        #expect(put.body?["ccType"]?.text == "MASTERCARD")
        #expect(put.body?["expDate"]?.text == "06/2031")
        #expect(put.body?["storeCard"] == .string("true"))
        #expect(put.body?["vaultedShopperId"] == nil)
        #expect(tokenized.expiry == CardExpiry(month: 6, year: 2031))
        #expect(tokenized.brand == .mastercard)
        let outcome = try await provider.charge(
            ChargeRequest(kind: .sale, card: tokenized, amount: Money(amount: 5, currency: usd), idempotencyKey: "s", threeDSResult: nil))
        guard case .approved = outcome else { Issue.record("not approved: \(outcome)"); return }
    }

    @Test func threeDSSendsTheAmountAsTextAndTheChargeNoInventedFields() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card("4111 1111 1111 1111")), token: try await provider.createToken())
        let amount = Money(amount: Decimal(string: "10.50")!, currency: usd)
        let progress = try await provider.startThreeDS(tokenized, amount: amount)
        #expect(progress == .completed(.authenticationSucceeded))
        let auth = try #require(fake.requests.last { $0.method == "PUT" && $0.body?["jwt"] != nil })
        #expect(auth.tokenAuthentication)
        #expect(auth.body?["amount"] == .string("10.50"))
        #expect(auth.body?["currency"]?.text == "USD")
        let outcome = try await provider.charge(
            ChargeRequest(kind: .sale, card: tokenized, amount: amount, idempotencyKey: "t", threeDSResult: .authenticationSucceeded))
        guard case .approved = outcome else { Issue.record("not approved: \(outcome)"); return }
        let sale = try #require(last(fake, "POST", "transactions"))
        #expect(sale.body?["threeDSecure"] == nil)
        #expect(sale.body?["pfToken"]?.text == tokenized.token)
        #expect(sale.body?["amount"] == .number("10.50"))
        #expect(sale.body?["currency"]?.text == "USD")
        #expect(sale.body?["cardTransactionType"]?.text == "AUTH_CAPTURE")
        #expect(sale.body?["merchantTransactionId"]?.text == sale.idempotencyKey)
    }

    /// BS-iOS `BSCardinalManager.authWith3DS`: a challenge on a version other than 2.x ends
    /// `CARD_NOT_SUPPORTED` without one.
    @Test func aChallengeOn3DS1IsCardNotSupported() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        fake.answerThreeDSVersion("1.0.2")
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card("4000 0000 0000 1091")), token: try await provider.createToken())
        #expect(try await provider.startThreeDS(tokenized, amount: Money(amount: 10, currency: usd)) == .completed(.cardNotSupported))
    }

    @Test func aSubscriptionWithoutAPriceSendsTheRunsCurrency() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card("4111 1111 1111 1111")), token: try await provider.createToken())
        var request = ChargeRequest(kind: .subscription, card: tokenized, amount: nil, idempotencyKey: "sub0", threeDSResult: nil)
        request.currency = usd
        guard case .approved = try await provider.charge(request) else { Issue.record("not approved"); return }
        let sent = try #require(last(fake, "POST", "recurring/ondemand"))
        #expect(sent.body?["currency"]?.text == "USD")
        #expect(sent.body?["amount"] == nil)
    }

    @Test func aSubscriptionCarriesItsTokenUnderPaymentSourceAndItsCurrency() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card("4111 1111 1111 1111")), token: try await provider.createToken())
        let outcome = try await provider.charge(
            ChargeRequest(
                kind: .subscription, card: tokenized, amount: Money(amount: 9, currency: usd), idempotencyKey: "sub",
                threeDSResult: nil))
        guard case .approved = outcome else { Issue.record("not approved: \(outcome)"); return }
        let sent = try #require(last(fake, "POST", "recurring/ondemand"))
        #expect(sent.body?["paymentSource"]?["pfToken"]?.text == tokenized.token)
        #expect(sent.body?["pfToken"] == nil)
        #expect(sent.body?["currency"]?.text == "USD")
        #expect(fake.ledger.map(\.type) == ["SUBSCRIPTION"])
    }

    @Test func http409IsRetriedUnderTheSameKeyAndChargesOnce() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card("4111 1111 1111 1111")), token: try await provider.createToken())
        let request = ChargeRequest(
            kind: .sale, card: tokenized, amount: Money(amount: 7, currency: usd), idempotencyKey: "k409", threeDSResult: nil)
        let first = try await provider.charge(request)
        fake.answerInProgress(1)
        let error = await #expect(throws: ProviderError.self) { try await provider.charge(request) }
        #expect(error?.code == .transient)
        #expect(error?.isRetryable == true)
        #expect(try await provider.charge(request) == first)
        #expect(fake.ledger.count == 1)
    }

    @Test func choosePaymentSendsThePfTokenAndAnIntIdAndTakesA204() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let typed = ValidatedCard(
            number: "6759649826438453", cvv: "123", expiry: CardExpiry(month: 1, year: 2030), brand: .maestro, holderName: nil)
        let tokenized = try await provider.tokenize(.new(typed), token: try await provider.createToken())
        #expect(try await provider.storeChosenMethod(shopperId: "20848977", card: tokenized) == "20848977")
        let put = try #require(last(fake, "PUT", "tokenized-services/shopper"))
        #expect(put.tokenAuthentication)
        #expect(put.body?["vaultedShopperId"] == .number("20848977"))
        #expect(put.body?["paymentSources"]?["creditCardInfo"]?.items?.first?["pfToken"]?.text == tokenized.token)
        #expect(put.body?["chosenPaymentMethod"]?["chosenPaymentMethodType"]?.text == "CC")
        #expect(put.body?["chosenPaymentMethod"]?["creditCard"]?["cardType"]?.text == "MAESTR_UK")
        #expect(put.body?["chosenPaymentMethod"]?["creditCard"]?["cardLastFourDigits"]?.text == "8453")
        #expect(fake.chosenMethods.map(\.shopperId) == ["20848977"])
    }

    /// BS-iOS `BSStartViewController.payPalClicked` under `BSSdkRequestShopperRequirements`:
    /// the wallet goes in as `chosenPaymentMethodType` alone, under the token.
    @Test func choosePaymentStoresAWalletAsItsTypeAlone() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let token = try await provider.createToken()
        #expect(try await provider.storeChosenWallet(.paypal, shopperId: "20848977", token: token) == "20848977")
        let put = try #require(last(fake, "PUT", "tokenized-services/shopper"))
        #expect(put.tokenAuthentication)
        #expect(put.body?["vaultedShopperId"] == .number("20848977"))
        #expect(put.body?["chosenPaymentMethod"]?["chosenPaymentMethodType"]?.text == "PAYPAL")
        #expect(put.body?["paymentSources"] == nil)
        #expect(fake.chosenWallets.map(\.type) == ["PAYPAL"])
        let error = await #expect(throws: ProviderError.self) { try await provider.storeChosenWallet(.paypal, shopperId: "1", token: nil) }
        #expect(error?.code == .rejected)
    }

    @Test func aPayPalStatusAtTheTopLevelIsRead() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let outcome = try await provider.walletPayment(.paypal, amount: Money(amount: 12, currency: usd), idempotencyKey: "pp")
        #expect(outcome.transaction.status == "APPROVED")
        let start = try #require(last(fake, "GET", "tokenized-services/paypal-token"))
        #expect(start.query["amount"] == "12.00" && start.query["currency"] == "USD")
    }
}
