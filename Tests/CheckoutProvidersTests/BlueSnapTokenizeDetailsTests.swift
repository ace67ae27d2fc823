import CheckoutDomain
import CheckoutFakes
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Provider-contract #5: the card PUT carries what the flow collected, as bluesnap-ios 043e660f
/// `BSApiManager.submitTokenizedDetails` puts it on the token (`storeCard`, `fraudSessionId`,
/// `billing*`, `email`, `shipping*`), checked on the wire against the fake's masked record.
@Suite struct BlueSnapTokenizeDetailsTests {
    static let billing = Address(
        name: "Maria Clara Souza", email: "maria@example.com", address: "Rua das Flores 10", city: "São Luís", zip: "65000-000",
        country: "BR", state: "MA")
    static let shipping = Address(
        name: "Ola Nordmann", address: "350 Fifth Avenue", city: "New York", zip: "10118", country: "US", state: "NY")

    func put(_ fake: FakeBlueSnap) -> FakeBlueSnap.RecordedRequest? {
        fake.requests.last { $0.method == "PUT" && $0.path == "payment-fields-tokens/*" && $0.body?["jwt"] == nil }
    }

    @Test func aNewCardGoesWithTheBillingShippingFraudSessionAndStoreCardChoice() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let details = TokenizeDetails(billing: Self.billing, shipping: Self.shipping, fraudSessionId: "fs-123", storeCard: false)
        _ = try await provider.tokenize(.new(card("4111 1111 1111 1111")), token: try await provider.createToken(), details: details)
        let body = try #require(put(fake)?.body)
        let expected: [String: String] = [
            "storeCard": "false", "fraudSessionId": "fs-123",
            // No holder name on the card: the billing name, split at its first space.
            "billingFirstName": "Maria", "billingLastName": "Clara Souza", "billingCountry": "BR",
            // BlueSnap's code for Maranhão (BSCountryManager COUNTRY_STATES), not ISO's MA.
            "billingState": "XA", "billingCity": "São Luís", "billingAddress": "Rua das Flores 10", "billingZip": "65000-000",
            "email": "maria@example.com", "shippingFirstName": "Ola", "shippingLastName": "Nordmann", "shippingCountry": "US",
            "shippingState": "NY", "shippingCity": "New York", "shippingAddress": "350 Fifth Avenue", "shippingZip": "10118",
        ]
        for (field, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(body[field]?.text == value, "\(field)")
        }
        #expect(body["shippingEmail"] == nil && body["phone"] == nil)
        let kept = fake.requests.compactMap { $0.body?.serialized() }.joined()
        #expect(!kept.contains("4111111111111111"))
    }

    @Test func theCardHoldersNameGoesBeforeTheBillingName() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let typed = ValidatedCard(
            number: "4111111111111111", cvv: "123", expiry: CardExpiry(month: 3, year: 2031), brand: .visa, holderName: "Jane Doe")
        _ = try await provider.tokenize(
            .new(typed), token: try await provider.createToken(), details: TokenizeDetails(billing: Self.billing, storeCard: true))
        let body = try #require(put(fake)?.body)
        #expect(body["billingFirstName"]?.text == "Jane" && body["billingLastName"]?.text == "Doe")
        #expect(body["storeCard"]?.text == "true")
        #expect(body["shippingCountry"] == nil)
    }

    /// Through the runtime: full-billing-shipping's answers reach the PUT, with the run's fraud
    /// session id and the shopper's store-card choice.
    @Test func aRunSendsWhatTheShopperTyped() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        var compiled = shippedFlow("full-billing-shipping")
        compiled.definition.request.fraudSessionId = "fraud-session-7"
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
            environment: environment(for: fake), transport: sharedTransport,
            override: ProviderOverride(name: .bluesnap, baseURL: fake.baseURL.absoluteString))
        let provider = try factory.make(compiled.definition.provider, clock: clock, random: random)
        let runner = CheckoutRunner(
            flow: compiled, provider: provider, frontend: HeadlessFrontend(answers: try #require(answers)), clock: clock, random: random)
        let result = await runner.run()
        #expect(result.status == .success, "\(result.errors)")
        let body = try #require(put(fake)?.body)
        let expected: [String: String] = [
            "storeCard": "true", "fraudSessionId": "fraud-session-7", "billingFirstName": "Ola", "billingLastName": "Nordmann",
            "billingCountry": "NO", "billingCity": "Oslo", "billingAddress": "Karl Johans gate 1", "billingZip": "0154",
            "email": "ola@example.com", "shippingFirstName": "Kari", "shippingLastName": "Nordmann", "shippingCountry": "US",
            "shippingState": "NY", "shippingCity": "New York", "shippingAddress": "350 Fifth Avenue", "shippingZip": "10118",
        ]
        for (field, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(body[field]?.text == value, "\(field)")
        }
        #expect(body["ccNumber"]?.text == "************4444" && body["cvv"]?.text == "***")
    }
}
