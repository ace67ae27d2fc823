import CheckoutDomain
import CheckoutFakes
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

@testable import CheckoutProviders

/// What the flow collected goes with the card to `POST v1/payment_methods.json`, as
/// mobile-sdk-ios 6b46d6f2 (`PaymentMethodInfo.toJson`, `Address.toJson`,
/// `CreditCardInfo.toRequestJson`) sends it and spreedly-gem 6f2987fe (`environment.rb`
/// `add_card_to_doc`, `:retained, :email`) takes it; `retained` is the shopper's store-card
/// choice. Checked on the wire against the fake; the hook keeps no card number or CVV.
@Suite struct SpreedlyTokenizeDetailsTests {
    final class Seen: Sendable {
        let fields = Mutex<[String: JSONValue]>([:])
    }

    /// The vaulting request's fields other than the card number and CVV, by dotted path.
    static func recordVaulting(_ fake: FakeSpreedly) -> Seen {
        let seen = Seen()
        fake.server.setFaultHook { request in
            guard request.path.hasSuffix("/payment_methods.json"), let json = JSONParser.parse(request.body) else { return nil }
            var fields: [String: JSONValue] = [:]
            func walk(_ value: JSONValue, _ prefix: String) {
                guard case .object(let members) = value else { return }
                for m in members where m.key != "number" && m.key != "verification_value" {
                    let name = prefix.isEmpty ? m.key : prefix + "." + m.key
                    if case .object = m.value { walk(m.value, name) } else { fields[name] = m.value }
                }
            }
            walk(json, "")
            seen.fields.withLock { $0 = fields }
            return nil
        }
        return seen
    }

    @Test(arguments: [true, false, nil] as [Bool?])
    func theAddressesEmailAndStoreCardChoiceGoWithTheCard(storeCard: Bool?) async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let seen = Self.recordVaulting(fake)
        let p = SpreedlyTokenizeTests.provider(fake)
        let details = TokenizeDetails(
            billing: Address(
                name: "Anna Schmidt", email: "anna@example.com", address: "Unter den Linden 1", city: "Berlin", zip: "10117",
                country: "DE", phone: "+49 30 123456"),
            shipping: Address(name: "Ben Schmidt", address: "350 Fifth Avenue", city: "New York", zip: "10118", country: "US", state: "NY"),
            fraudSessionId: "fs-1", storeCard: storeCard)
        let card = SpreedlyTokenizeTests.named("4111 1111 1111 1111", "Anna Schmidt")
        _ = try await p.tokenize(.new(card), token: try await p.createToken(), details: details)
        let fields = seen.fields.withLock { $0 }
        let expected: [String: String] = [
            "payment_method.email": "anna@example.com",
            "payment_method.credit_card.address1": "Unter den Linden 1", "payment_method.credit_card.city": "Berlin",
            "payment_method.credit_card.zip": "10117", "payment_method.credit_card.country": "DE",
            "payment_method.credit_card.phone_number": "+49 30 123456",
            "payment_method.credit_card.shipping_address1": "350 Fifth Avenue", "payment_method.credit_card.shipping_city": "New York",
            "payment_method.credit_card.shipping_state": "NY", "payment_method.credit_card.shipping_zip": "10118",
            "payment_method.credit_card.shipping_country": "US",
        ]
        for (field, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(fields[field]?.text == value, "\(field)")
        }
        #expect(fields["payment_method.retained"] == .bool(storeCard == true))
        // No state was collected for the billing address, so none is sent; Spreedly has no fraud session field.
        #expect(fields["payment_method.credit_card.state"] == nil)
        #expect(!fields.keys.contains { $0.contains("fraud") })
    }

    /// Through the runtime: full-billing-shipping over the fake Spreedly, the answers on the wire.
    @Test func aRunSendsWhatTheShopperTyped() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let seen = Self.recordVaulting(fake)
        let compiled = shippedFlow("full-billing-shipping")
        let text = """
            card: { number: "5555 5555 5555 4444", expiry: "12/35", cvv: "321", name: Ola Nordmann, storeCard: true }
            billing: { name: Ola Nordmann, email: ola@example.com, address: Karl Johans gate 1, city: Oslo, zip: "0154", country: NO }
            shipping: { name: Kari Nordmann, address: 350 Fifth Avenue, city: New York, zip: "10118", country: US, state: NY }
            """
        let (answers, problems) = AnswersReader.read(Array(text.utf8), file: "answers.yaml")
        #expect(problems.isEmpty)
        let clock = ManualClock(start: testStart)
        let random = SeededRandom(seed: 5)
        let factory = ProviderFactory(
            environment: fake.environment, transport: sharedTransport,
            override: ProviderOverride(name: .spreedly, baseURL: fake.baseURL.absoluteString))
        let provider = try factory.make(compiled.definition.provider, clock: clock, random: random)
        let runner = CheckoutRunner(
            flow: compiled, provider: provider, frontend: HeadlessFrontend(answers: try #require(answers)), clock: clock, random: random)
        let result = await runner.run()
        #expect(result.status == .success, "\(result.errors)")
        let fields = seen.fields.withLock { $0 }
        let expected: [String: String] = [
            "payment_method.email": "ola@example.com", "payment_method.credit_card.first_name": "Ola",
            "payment_method.credit_card.last_name": "Nordmann", "payment_method.credit_card.address1": "Karl Johans gate 1",
            "payment_method.credit_card.city": "Oslo", "payment_method.credit_card.zip": "0154",
            "payment_method.credit_card.country": "NO", "payment_method.credit_card.shipping_address1": "350 Fifth Avenue",
            "payment_method.credit_card.shipping_city": "New York", "payment_method.credit_card.shipping_state": "NY",
            "payment_method.credit_card.shipping_zip": "10118", "payment_method.credit_card.shipping_country": "US",
        ]
        for (field, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(fields[field]?.text == value, "\(field)")
        }
        #expect(fields["payment_method.retained"] == .bool(true))
    }
}
