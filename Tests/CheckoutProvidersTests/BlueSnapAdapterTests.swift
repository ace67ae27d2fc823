import CheckoutDomain
import CheckoutFakes
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The BlueSnap adapter against the fake BlueSnap on loopback, call by call.
@Suite struct BlueSnapAdapterTests {
    @Test func tokenizeThenSaleChargesOnceAndReplaysTheSameKey() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let token = try await provider.createToken()
        #expect(token.id.hasPrefix("pft_"))
        let tokenized = try await provider.tokenize(.new(card("4111 1111 1111 1111")), token: token)
        #expect(tokenized.brand == .visa)
        #expect(tokenized.last4 == "1111")
        #expect(tokenized.issuingCountry == "US")
        let request = ChargeRequest(
            kind: .sale, card: tokenized, amount: Money(amount: Decimal(string: "18.10")!, currency: usd), idempotencyKey: "key-1",
            threeDSResult: nil)
        let first = try await provider.charge(request)
        let again = try await provider.charge(request)
        guard case .approved(let t) = first else { Issue.record("not approved: \(first)"); return }
        #expect(again == first)
        #expect(t.type == "SALE")
        #expect(fake.ledger.count == 1)
        #expect(fake.ledger.first?.amount == "18.10")
        #expect(fake.ledger.first?.currency == "USD")
        let key = BlueSnapProvider.merchantTransactionId(for: request)
        #expect(key.count == 32)
        #expect(fake.ledger.first?.merchantTransactionId == key)
        #expect(fake.idempotencyKeysSeen == [key, key])
    }

    @Test(arguments: [
        ("4000 0000 0000 9995", "insufficient_funds"), ("4000 0000 0000 9987", "lost_card"), ("4000 0000 0000 0069", "expired_card"),
        ("4000 0000 0000 0127", "incorrect_cvc"), ("4000 0000 0000 0002", "card_declined"),
    ])
    func declinesCarryTheSandboxsCodes(number: String, code: String) async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let token = try await provider.createToken()
        let tokenized = try await provider.tokenize(.new(card(number)), token: token)
        let outcome = try await provider.charge(
            ChargeRequest(kind: .sale, card: tokenized, amount: Money(amount: 5, currency: usd), idempotencyKey: "k", threeDSResult: nil))
        guard case .declined(let got, let transaction) = outcome else { Issue.record("not declined: \(outcome)"); return }
        #expect(got == code)
        #expect(transaction.status == "DECLINED")
        #expect(fake.ledger.isEmpty)
    }

    @Test func transientFailureIsRetryableAndTheRetryChargesOnce() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card("4000 0000 0000 0119")), token: try await provider.createToken())
        let request = ChargeRequest(
            kind: .authorization, card: tokenized, amount: Money(amount: 5, currency: usd), idempotencyKey: "k-119", threeDSResult: nil)
        await #expect(
            throws: ProviderError(
                .transient, "BlueSnap could not complete the charge (GENERAL_PAYMENT_PROCESSING_ERROR); retry with the same idempotency key"
            )
        ) {
            try await provider.charge(request)
        }
        let outcome = try await provider.charge(request)
        guard case .approved(let t) = outcome else { Issue.record("not approved: \(outcome)"); return }
        #expect(t.type == "AUTH_ONLY")
        #expect(fake.ledger.map(\.type) == ["AUTH_ONLY"])
    }

    @Test func threeDSChallengePassesWith1234AndFailsOtherwise() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        for (code, expected) in [("1234", ThreeDSResult.authenticationSucceeded), ("0000", .authenticationFailed)] {
            let provider = adapter(for: fake)
            let tokenized = try await provider.tokenize(.new(card("4000 0000 0000 1091")), token: try await provider.createToken())
            let progress = try await provider.startThreeDS(tokenized, amount: Money(amount: 10, currency: usd))
            guard case .challengeRequired(let session) = progress else { Issue.record("no challenge: \(progress)"); continue }
            #expect(try await provider.completeChallenge(session, response: .code(code)) == expected)
        }
    }

    @Test(arguments: [
        ("4111 1111 1111 1111", ThreeDSResult.authenticationSucceeded), ("4000 0000 0000 1133", .authenticationBypassed),
        ("4000 0000 0000 1059", .authenticationUnavailable), ("4000 0000 0000 1109", .authenticationFailed),
        ("4000 0000 0000 1117", .threeDSError), ("4000 0000 0000 0002", .cardNotSupported),
    ])
    func frictionlessResultsAreTheSandboxs(number: String, result: ThreeDSResult) async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card(number)), token: try await provider.createToken())
        #expect(try await provider.startThreeDS(tokenized, amount: Money(amount: 10, currency: usd)) == .completed(result))
    }

    @Test func aChallengeCanceledNeverReachesTheServer() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card("4000 0000 0000 1091")), token: try await provider.createToken())
        guard case .challengeRequired(let session) = try await provider.startThreeDS(tokenized, amount: Money(amount: 1, currency: usd))
        else { Issue.record("no challenge"); return }
        let before = fake.server.requestCount
        #expect(try await provider.completeChallenge(session, response: .cancel) == .authenticationCanceled)
        #expect(fake.server.requestCount == before)
    }

    @Test func theServerExpiresATokenAfterSixtyMinutes() async throws {
        let serverClock = ManualClock(start: testStart)
        let fake = try FakeBlueSnap(clock: serverClock)
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let token = try await provider.createToken()
        serverClock.advance(by: .seconds(61 * 60))
        let error = await #expect(throws: ProviderError.self) { try await provider.tokenize(.new(card("4111111111111111")), token: token) }
        #expect(error?.code == .tokenExpired)
    }

    @Test func aTokenIsSpentByTheApprovedCharge() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card("4111111111111111")), token: try await provider.createToken())
        let sale = ChargeRequest(
            kind: .sale, card: tokenized, amount: Money(amount: 1, currency: usd), idempotencyKey: "a", threeDSResult: nil)
        _ = try await provider.charge(sale)
        var second = sale
        second.idempotencyKey = "b"
        let error = await #expect(throws: ProviderError.self) { try await provider.charge(second) }
        #expect(error?.code == .tokenExpired)
        #expect(fake.ledger.count == 1)
    }

    @Test func badCredentialsAreRefusedWithoutEchoingThem() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake, password: "wrong-password-xyz")
        let error = await #expect(throws: ProviderError.self) { try await provider.createToken() }
        #expect(error?.code == .rejected)
        #expect(error?.message.contains("credentials") == true)
        #expect(error.map { "\($0)" }?.contains("wrong-password-xyz") == false)
        #expect(error?.isRetryable == false)
    }

    @Test func anInvalidCardNumberIsRejectedByName() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let bad = ValidatedCard(
            number: "4111111111111112", cvv: "123", expiry: CardExpiry(month: 1, year: 2035), brand: .visa, holderName: nil)
        let error = await #expect(throws: ProviderError.self) {
            try await provider.tokenize(.new(bad), token: try await provider.createToken())
        }
        #expect(error?.message.contains("INVALID_CC_NUMBER") == true)
        #expect(error.map { "\($0)" }?.contains("4111111111111112") == false)
    }

    @Test func returningShopperRatesAndStoredCards() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let shopper = try #require(try await provider.shopper(id: "20848977"))
        #expect(shopper == SandboxData.shopper)
        #expect(try await provider.shopper(id: "1") == nil)
        let rates = try await provider.currencyRates()
        #expect(rates == SandboxData.rates)
        let stored = try await provider.tokenize(.stored(shopperId: "20848977", last4: "4444"), token: try await provider.createToken())
        #expect(stored.brand == .mastercard)
        #expect(stored.expiry == CardExpiry(month: 6, year: 2031))
    }

    @Test func payPalIsRefusedForCurrenciesItDoesNotTake() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let paid = try await provider.walletPayment(.paypal, amount: Money(amount: 20, currency: usd), idempotencyKey: "w-1")
        #expect(paid.invoiceId != nil)
        let error = await #expect(throws: ProviderError.self) {
            try await provider.walletPayment(.paypal, amount: Money(amount: 20, currency: Currency.iso("BRL")!), idempotencyKey: "w-2")
        }
        #expect(error?.message.contains("PAYPAL_UNSUPPORTED_CURRENCY") == true)
        #expect(fake.ledger.map(\.type) == ["PAYPAL"])
    }

    @Test func anApplePayPaymentSentAgainUnderItsKeyPaysOnce() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        // Two adapters: the second is a run resumed in a new process with the same key.
        let first = try await adapter(for: fake).walletPayment(.applePay, amount: Money(amount: 20, currency: usd), idempotencyKey: "w-3")
        let again = try await adapter(for: fake).walletPayment(.applePay, amount: Money(amount: 20, currency: usd), idempotencyKey: "w-3")
        #expect(again.transaction.id == first.transaction.id)
        #expect(fake.ledger.count == 1)
        let other = try await adapter(for: fake).walletPayment(.applePay, amount: Money(amount: 20, currency: usd), idempotencyKey: "w-4")
        #expect(other.transaction.id != first.transaction.id)
        #expect(fake.ledger.count == 2)
    }
}
