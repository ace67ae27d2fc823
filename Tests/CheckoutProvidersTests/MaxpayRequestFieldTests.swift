import CheckoutDomain
import CheckoutFakes
import CheckoutJSON
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// A transport that passes every request on and keeps a copy, to see what went on the wire.
final class RecordingTransport: HTTPTransport {
    let inner: any HTTPTransport
    let sent = Mutex<[HTTPRequest]>([])
    init(_ inner: any HTTPTransport) { self.inner = inner }
    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
        sent.withLock { $0.append(request) }
        return try await inner.send(request, timeout: timeout)
    }
    var requests: [HTTPRequest] { sent.withLock { $0 } }
}

/// Every row of docs/providers.md "Maxpay request fields", on the wire: a SALE3D through the
/// adapter to the fake Maxpay, which takes it (and would refuse it without a required field).
@Suite struct MaxpayRequestFieldTests {
    static let billing = Address(
        name: "Anna Schmidt", email: "anna@example.com", address: "Unter den Linden 1", city: "Berlin", zip: "10117", country: "DE",
        phone: "+4930123456", birthday: "1990-04-30")

    @Test func everyFieldOfTheTableGoesOutAsTheTableSays() async throws {
        let fake = try FakeMaxpay(privateKey: "sandbox-maxpay-private-key")
        defer { fake.stop() }
        let transport = RecordingTransport(CurlTransport(maxConnectionsPerHost: 1))
        let pages = MaxpayReturnURLs(
            redirect: URL(string: "https://shop.example/3ds/return")!, callback: URL(string: "https://shop.example/maxpay/callback")!)
        let p = MaxpayProvider(
            configuration: MaxpayConfiguration(baseURL: fake.baseURL, publicKey: fake.publicKey, returnURLs: pages),
            transport: transport, clock: ManualClock(start: Date()), random: SeededRandom(seed: 5))
        let card = ValidatedCard(
            number: "4111111111111111", cvv: "123", expiry: CardExpiry(month: 3, year: 2031), brand: .visa, holderName: "ANNA SCHMIDT")
        let tokenized = try await p.tokenize(.new(card), token: try await p.createToken())
        var request = ChargeRequest(
            kind: .sale, card: tokenized, amount: Money(amount: Decimal(string: "49.90")!, currency: Currency.iso("EUR")!),
            idempotencyKey: "run-key-1", threeDSResult: nil)
        request.threeDSRequested = true
        request.customerIP = "203.0.113.7"
        let signer = try #require(p.requestSigner)
        let fields = signer.signedFields(of: request, billing: Self.billing, threeDS: true)
        request.signed = SignedFields(fields: fields, signature: signer.signature(of: fields, privateKey: "sandbox-maxpay-private-key"))
        guard case .finished(.approved, _) = try await p.startCharge(request) else {
            Issue.record("the fake did not approve a complete SALE3D")
            return
        }
        let sent = try #require(transport.requests.first)
        #expect(sent.method == "POST" && sent.url.path == "/api/cc")
        let body = try #require(JSONParser.parse(sent.body ?? Data()))
        let expected: [String: JSONValue] = [
            "api_version": .number("1"), "auth_type": .string("bySignature"), "transaction_unique_id": .string("run-key-1"),
            "transaction_type": .string("SALE3D"), "amount": .string("49.90"), "currency": .string("EUR"),
            "first_name": .string("Anna"), "last_name": .string("Schmidt"), "user_email": .string("anna@example.com"),
            "user_ip": .string("203.0.113.7"), "country": .string("DEU"), "date_of_birth": .string("1990-04-30"),
            "address": .string("Unter den Linden 1"), "city": .string("Berlin"), "zip": .string("10117"),
            "user_phone": .string("+4930123456"), "redirect_url": .string("https://shop.example/3ds/return"),
            "callback_url": .string("https://shop.example/maxpay/callback"), "public_key": .string(fake.publicKey),
            "card_number": .string("4111111111111111"), "card_exp_month": .string("03"), "card_exp_year": .string("2031"),
            "cvv": .string("123"), "card_holder": .string("ANNA SCHMIDT"),
        ]
        for (key, value) in expected {
            #expect(body[key] == value, "\(key)")
        }
        #expect(body["signature"]?.text == MaxpaySignature.sign(fields, privateKey: "sandbox-maxpay-private-key"))
        // Nothing else: no field the table does not list.
        guard case .object(let members) = body else { return }
        #expect(Set(members.map(\.key)).subtracting(expected.keys) == ["signature"])
        #expect(fake.ledger.count == 1)
    }
}
