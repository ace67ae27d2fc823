import CheckoutDomain
import CheckoutFakes
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Provider-contract #10: Spreedly gives `order_id` no deduplication (spreedly-gem 6f2987fe has
/// no such role for it; the fake now charges every purchase it is sent), so the adapter asks
/// what an earlier attempt did (`GET v1/payment_methods/{token}/transactions.json`,
/// spreedly-gem lib/spreedly/urls.rb `list_transactions_url`) before it charges again.
@Suite struct SpreedlyRetryTests {
    @Test func aResultUnknownIsNotChargedAgain() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        fake.setResultUnknown(count: 1)
        let r = try await SpreedlyFakeTests.run("standard-checkout", "4111 1111 1111 1111", against: fake)
        // The gateway charged once; its answer never reached Spreedly. A second purchase would
        // charge the shopper twice.
        #expect(fake.ledger.count == 1)
        #expect(r.result.status != .success)
        #expect(r.result.errors.map(\.code) == ["rejected"])
        #expect(r.result.errors.first?.message.contains("gateway_processing_result_unknown") == true)
    }

    @Test func aLostAnswerIsFoundByAskingNotByChargingAgain() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let sent = SpreedlyFakeTests.counting("/purchase.json", fake, FaultTests.once("POST", "/purchase.json", .truncatedBody))
        let r = try await SpreedlyFakeTests.run("standard-checkout", "4111 1111 1111 1111", against: fake)
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(fake.ledger.count == 1)
        #expect(r.result.transaction?.id == fake.ledger.first?.token)
        // The purchase was made once; the retry found it in the payment method's transactions.
        #expect(sent.value == 1)
    }

    @Test func aGatewayProcessingFailureIsSentAgainOnceTheListShowsNoCharge() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let sent = SpreedlyFakeTests.counting("/purchase.json", fake) { _ in nil }
        let r = try await SpreedlyFakeTests.run("standard-checkout", "4000 0000 0000 0119", against: fake)
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(fake.ledger.count == 1)
        #expect(sent.value == 2)
    }
}
