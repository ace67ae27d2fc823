import CheckoutDomain
import CheckoutFakes
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The fake BlueSnap answers a repeated `Idempotency-Key` with its first answer — a decline
/// included (docs/providers.md): a retry of a declined charge is told the same decline with
/// the same transaction id, not a new one.
@Suite struct FakeBlueSnapDeclineReplayTests {
    @Test func aDeclinedChargeRepeatedUnderItsKeyGetsTheSameDeclineAndTransactionId() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card("4000 0000 0000 9995")), token: try await provider.createToken())
        let request = ChargeRequest(
            kind: .sale, card: tokenized, amount: Money(amount: 5, currency: usd), idempotencyKey: "declined-key", threeDSResult: nil)
        let first = try await provider.charge(request)
        let again = try await provider.charge(request)
        guard case .declined(let code, let t1) = first, case .declined(let code2, let t2) = again else {
            Issue.record("not declined twice: \(first), \(again)")
            return
        }
        #expect(code == "insufficient_funds" && code2 == code)
        #expect(t2.id == t1.id, "the repeated key was given a new transaction id")
        #expect(again == first)
        #expect(fake.ledger.isEmpty)
        let key = BlueSnapProvider.merchantTransactionId(for: request)
        #expect(fake.idempotencyKeysSeen == [key, key])
    }
}
