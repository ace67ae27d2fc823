import CheckoutDomain
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// A transport that answers from a function and keeps every request, for adapter tests that
/// look at exactly what was sent.
final class ScriptedMaxpayTransport: HTTPTransport {
    let answer: @Sendable (HTTPRequest, Int) -> HTTPResponse
    let sent = Mutex<[HTTPRequest]>([])

    init(_ answer: @escaping @Sendable (HTTPRequest, Int) -> HTTPResponse) { self.answer = answer }

    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
        let n = sent.withLock {
            $0.append(request)
            return $0.count
        }
        return answer(request, n)
    }

    var requests: [HTTPRequest] { sent.withLock { $0 } }
}

/// `MaxpayProvider`: one signed `POST api/cc` per charge, its answer read by `MaxpayResponse`.
@Suite struct MaxpayAdapterTests {
    static let number = "4111111111111111"
    static let card = ValidatedCard(
        number: number, cvv: "737", expiry: CardExpiry(month: 3, year: 2031), brand: .visa, holderName: "Anna Schmidt")

    func provider(_ transport: ScriptedMaxpayTransport) -> MaxpayProvider {
        MaxpayProvider(
            configuration: MaxpayConfiguration(baseURL: URL(string: "http://127.0.0.1:9/")!, publicKey: "pk_test_42"),
            transport: transport, clock: ManualClock(start: Date(timeIntervalSince1970: 1_795_000_000)), random: SeededRandom(seed: 3))
    }

    static func json(_ status: Int, _ text: String) -> HTTPResponse { HTTPResponse(status: status, body: Data(text.utf8)) }

    func signedCharge(_ p: MaxpayProvider, key: String = "order-1") async throws -> (ChargeRequest, TokenizedCard) {
        let token = try await p.createToken()
        let tokenized = try await p.tokenize(.new(Self.card), token: token)
        let amount = Money(amount: Decimal(string: "49.9")!, currency: Currency.iso("EUR")!)
        var request = ChargeRequest(kind: .sale, card: tokenized, amount: amount, idempotencyKey: key, threeDSResult: nil)
        request.customerIP = "203.0.113.7"
        let fields = MaxpayFields.of(request, billing: MaxpayWireTests.billing, threeDS: false)
        request.signed = SignedFields(fields: fields, signature: MaxpaySignature.sign(fields, privateKey: "secret-key"))
        return (request, tokenized)
    }

    @Test func aChargeIsOneSignedPostToApiCcWithTheCardAndReadsMaxpaysAnswer() async throws {
        let transport = ScriptedMaxpayTransport { _, _ in
            Self.json(
                200,
                #"{"status":"success","code":0,"message":"Transaction processed successfully","reference":"r-77","transaction_unique_id":"order-1"}"#
            )
        }
        let p = provider(transport)
        let (request, tokenized) = try await signedCharge(p)
        #expect(tokenized.last4 == "1111" && tokenized.brand == .visa)
        #expect(transport.requests.isEmpty, "createToken and tokenize send nothing: Maxpay has no such calls")
        let outcome = try await p.charge(request)
        guard case .approved(let t) = outcome else {
            Issue.record("not approved: \(outcome)")
            return
        }
        #expect(t.id == "r-77" && t.type == "SALE")
        let sent = try #require(transport.requests.first)
        #expect(sent.method == "POST" && sent.url.absoluteString == "http://127.0.0.1:9/api/cc")
        let body = try #require(JSONParser.parse(sent.body ?? Data()))
        #expect(body["card_number"]?.text == Self.number && body["cvv"]?.text == "737")
        #expect(body["card_exp_month"]?.text == "03" && body["card_exp_year"]?.text == "2031")
        #expect(body["public_key"]?.text == "pk_test_42")
        #expect(body["transaction_unique_id"]?.text == "order-1" && body["transaction_type"]?.text == "SALE")
        // What Maxpay checks: the signature over the signed fields, card fields left out.
        var signedFields: [String: String] = [:]
        for key in request.signed!.fields.keys { signedFields[key] = body[key]?.text }
        #expect(body["signature"]?.text == MaxpaySignature.sign(signedFields, privateKey: "secret-key"))
    }

    @Test func aDeclineIsMappedAndTheCardIsForgotten() async throws {
        let transport = ScriptedMaxpayTransport { _, _ in
            Self.json(200, #"{"status":"decline","code":3001,"message":"Insufficient funds","reference":"r-5"}"#)
        }
        let p = provider(transport)
        let (request, _) = try await signedCharge(p)
        let outcome = try await p.charge(request)
        #expect(
            outcome
                == .declined(
                    code: "insufficient_funds",
                    transaction: Transaction(
                        id: "r-5", type: "SALE", status: "DECLINED", amount: request.amount, responseCode: "3001",
                        responseMessage: "Insufficient funds")))
        await #expect(throws: ProviderError(.tokenExpired, "the card for this checkout token was already charged or never given")) {
            try await p.charge(request)
        }
        #expect(transport.requests.count == 1)
    }

    @Test func aServerFailureKeepsTheCardForTheRetryUnderTheSameUniqueId() async throws {
        let transport = ScriptedMaxpayTransport { _, n in
            n == 1 ? Self.json(503, "busy") : Self.json(200, #"{"status":"success","code":0,"message":"ok","reference":"r-8"}"#)
        }
        let p = provider(transport)
        let (request, _) = try await signedCharge(p)
        await #expect {
            try await p.charge(request)
        } throws: { error in
            (error as? ProviderError)?.isRetryable == true && !"\(error)".contains(Self.number)
        }
        let outcome = try await p.charge(request)
        #expect(outcome.isApproved)
        let ids = transport.requests.map { JSONParser.parse($0.body ?? Data())?["transaction_unique_id"]?.text }
        #expect(ids == ["order-1", "order-1"])
    }

    @Test func anUnreadableAnswerIsARetryableFaultNamingNoCard() async throws {
        let transport = ScriptedMaxpayTransport { _, _ in Self.json(200, #"{"status":"succ"#) }
        let p = provider(transport)
        let (request, _) = try await signedCharge(p)
        await #expect {
            try await p.charge(request)
        } throws: { error in
            guard let e = error as? ProviderError else { return false }
            return e.code == .unavailable && !e.message.contains(Self.number) && !e.message.contains("737")
        }
    }

    @Test func anUnsignedChargeIsRefusedBeforeAnythingIsSent() async throws {
        let transport = ScriptedMaxpayTransport { _, _ in Self.json(200, "{}") }
        let p = provider(transport)
        var (request, _) = try await signedCharge(p)
        request.signed = nil
        await #expect(throws: ProviderError.self) { try await p.charge(request) }
        #expect(transport.requests.isEmpty)
    }

    @Test func storedCardsShoppersWalletsAnd3DSAreRefusedWithAReason() async throws {
        let p = provider(ScriptedMaxpayTransport { _, _ in Self.json(200, "{}") })
        let token = try await p.createToken()
        await #expect(throws: ProviderError.self) { try await p.tokenize(.stored(shopperId: "1", last4: "1111"), token: token) }
        await #expect(throws: ProviderError.self) { try await p.shopper(id: "20848977") }
        await #expect(throws: ProviderError.self) { try await p.currencyRates() }
        let tokenized = try await p.tokenize(.new(Self.card), token: token)
        await #expect(throws: ProviderError.self) {
            try await p.startThreeDS(tokenized, amount: Money(amount: 1, currency: .usd))
        }
    }
}

extension ChargeOutcome {
    var isApproved: Bool {
        if case .approved = self { return true }
        return false
    }
}
