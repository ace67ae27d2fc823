import CheckoutDomain
import CheckoutFakes
import CheckoutJSON
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// Every request field of docs/providers.md's Spreedly table, checked on the wire against the
/// fake: a 3-D Secure run with a fingerprint and a challenge (spreedly-3ds2, 4556 7610 2998 3886,
/// code 1234) and a plain purchase (standard-checkout). Field names only are compared; no
/// expectation prints a body (card data stays in memory).
@Suite struct SpreedlyWireTests {
    struct Seen: Sendable {
        var line: String
        var fields: [String]
        var hasAuthorization: Bool
        var body: Data
    }

    final class Log: Sendable {
        let items = Mutex<[Seen]>([])
        var all: [Seen] { items.withLock { $0 } }
    }

    static func record(_ fake: FakeSpreedly) -> Log {
        let seen = Log()
        fake.server.setFaultHook { request in
            var fields: [String] = []
            func walk(_ value: JSONValue, _ prefix: String) {
                guard case .object(let members) = value else { return }
                for m in members {
                    let name = prefix.isEmpty ? m.key : prefix + "." + m.key
                    if case .object = m.value { walk(m.value, name) } else { fields.append(name) }
                }
            }
            if let json = JSONParser.parse(request.body) { walk(json, "") }
            let line = "\(request.method) \(request.path)"
            let s = Seen(line: line, fields: fields, hasAuthorization: request.headers["Authorization"] != nil, body: request.body)
            seen.items.withLock { $0.append(s) }
            return nil
        }
        return seen
    }

    static func fields(_ seen: [Seen], _ suffix: String) -> [String] {
        seen.first { $0.line.hasSuffix(suffix) }?.fields ?? []
    }

    @Test func aThreeDSChallengeRunSendsSpreedlysFieldsToSpreedlysEndpoints() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let log = Self.record(fake)
        let r = try await SpreedlyFakeTests.run("spreedly-3ds2", "4556 7610 2998 3886", code: "1234", against: fake)
        #expect(r.result.status == .success, "\(r.result.errors)")
        let seen = log.all
        let lines = seen.map(\.line).map { $0.replacingOccurrences(of: #"[A-Z]{2}0+\d+"#, with: "{t}", options: .regularExpression) }
        // provider-contract #4: complete.json (no body) after the fingerprint and after the
        // challenge; the code goes to the issuer's page; no continue.json.
        #expect(
            lines == [
                "POST /v1/payment_methods.json", "GET /v1/payment_methods/{t}/transactions.json",
                "POST /v1/gateways/FakeGateway0001/authorize.json", "POST /v1/transactions/{t}/complete.json", "POST /acs/{t}",
                "POST /v1/transactions/{t}/complete.json", "POST /v1/transactions/{t}/capture.json",
            ])
        #expect(
            Self.fields(seen, "/payment_methods.json").sorted() == [
                "payment_method.credit_card.country", "payment_method.credit_card.first_name", "payment_method.credit_card.last_name",
                "payment_method.credit_card.month", "payment_method.credit_card.number", "payment_method.credit_card.verification_value",
                "payment_method.credit_card.year", "payment_method.credit_card.zip", "payment_method.retained",
            ])
        #expect(
            Self.fields(seen, "/authorize.json").sorted() == [
                "transaction.amount", "transaction.attempt_3dsecure", "transaction.browser_info", "transaction.callback_url",
                "transaction.currency_code", "transaction.order_id", "transaction.payment_method_token", "transaction.redirect_url",
                "transaction.three_ds_version",
            ])
        for s in seen where s.line.hasSuffix("/complete.json") { #expect(s.body.isEmpty) }
        let acs = try #require(seen.first { $0.line.hasPrefix("POST /acs/") })
        #expect(!acs.hasAuthorization, "Spreedly's credentials never go to the issuer's page")
        #expect(String(decoding: acs.body, as: UTF8.self) == "code=1234")
        #expect(Self.fields(seen, "/capture.json").sorted() == ["transaction.amount", "transaction.currency_code"])
    }

    @Test func aPurchaseSendsTheTablesFields() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let log = Self.record(fake)
        let r = try await SpreedlyFakeTests.run("standard-checkout", "4111 1111 1111 1111", against: fake)
        #expect(r.result.status == .success, "\(r.result.errors)")
        let seen = log.all
        // The card name (Anna Schmidt) as first and last name: no allow_blank_name; the billing
        // answers' country, zip and email go with the card (SpreedlyTokenizeDetailsTests).
        #expect(
            Self.fields(seen, "/payment_methods.json").sorted() == [
                "payment_method.credit_card.country", "payment_method.credit_card.first_name", "payment_method.credit_card.last_name",
                "payment_method.credit_card.month", "payment_method.credit_card.number", "payment_method.credit_card.verification_value",
                "payment_method.credit_card.year", "payment_method.credit_card.zip", "payment_method.email", "payment_method.retained",
            ])
        #expect(
            Self.fields(seen, "/purchase.json").sorted() == [
                "transaction.amount", "transaction.currency_code", "transaction.order_id", "transaction.payment_method_token",
            ])
        #expect(seen.map(\.line).contains { $0.hasSuffix("/transactions.json") }, "the order is looked up before the purchase")
    }
}
