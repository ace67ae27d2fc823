import CheckoutFakes
import CheckoutRuntime
import Foundation
import Testing

/// A zero authorization on Spreedly is Spreedly's verification (`POST gateways/{g}/verify.json`,
/// no amount; spreedly-gem 6f2987fe `verify_on_gateway`), not an authorize of 0 that a gateway
/// may refuse: flows/card-check.yaml against the fake Spreedly.
@Suite struct SpreedlyVerifyTests {
    @Test func aZeroAuthorizationIsAVerify() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let log = SpreedlyWireTests.record(fake)
        let r = try await SpreedlyFakeTests.run("card-check", "4111 1111 1111 1111", against: fake)
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(r.result.transaction?.type == "AUTH_ONLY")
        #expect(r.result.transaction?.amount?.amount == 0)
        let lines = log.all.map(\.line)
        #expect(lines.contains("POST /v1/gateways/FakeGateway0001/verify.json"), "\(lines)")
        #expect(!lines.contains { $0.hasSuffix("/authorize.json") || $0.hasSuffix("/purchase.json") })
        #expect(
            SpreedlyWireTests.fields(log.all, "/verify.json").sorted() == ["transaction.order_id", "transaction.payment_method_token"])
        #expect(fake.ledger.isEmpty, "a verification moves no money")
    }

    @Test func aDecliningCardFailsTheVerify() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let r = try await SpreedlyFakeTests.run("card-check", "4000 0000 0000 9995", against: fake)
        #expect(r.result.status == .declined, "\(r.result.errors)")
        #expect(r.result.declineCode == "insufficient_funds")
        #expect(r.result.transaction?.status == "DECLINED")
    }
}
