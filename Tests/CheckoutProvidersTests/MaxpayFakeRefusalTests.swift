import CheckoutDomain
import CheckoutFakes
import CheckoutJSON
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The fake Maxpay refuses what both Maxpay SDKs never send (provider-contract #2, #13), as a
/// validation error and without charging: a charge posted straight to `api/cc`, signed with
/// the fake's key, that lacks one field at a time.
@Suite struct MaxpayFakeRefusalTests {
    static let key = "sandbox-maxpay-private-key"

    /// A complete SALE3D as the adapter sends it, signed; `drop` removes one field first (the
    /// card holder is unsigned and goes after signing).
    static func body(
        _ fake: FakeMaxpay, type: String = "SALE3D", drop: String? = nil, uniqueId: String, number: String = "4111111111111111"
    ) -> Data {
        var fields: [String: String] = [
            "api_version": "1", "auth_type": "bySignature", "transaction_unique_id": uniqueId, "transaction_type": type,
            "amount": "49.90", "currency": "EUR", "first_name": "Anna", "last_name": "Schmidt", "country": "DEU",
            "user_email": "anna@example.com", "user_ip": "203.0.113.7", "zip": "10117",
        ]
        if type.hasSuffix("3D") {
            fields["redirect_url"] = "https://shop.example/return"
            fields["callback_url"] = "https://shop.example/callback"
        }
        if let drop { fields[drop] = nil }
        var body = JSONObjectBuilder()
        for (k, v) in fields.sorted(by: { $0.key < $1.key }) { body.add(k, v) }
        body.add("public_key", fake.publicKey)
        body.add("signature", MaxpaySignature.sign(fields, privateKey: key))
        body.add("card_number", number)
        body.add("card_exp_month", "12")
        body.add("card_exp_year", "2035")
        body.add("cvv", "123")
        if drop != "card_holder" { body.add("card_holder", "Anna Schmidt") }
        return body.value.data
    }

    static func post(_ fake: FakeMaxpay, _ body: Data) async throws -> MaxpayResponse {
        let answer = try await CurlTransport(maxConnectionsPerHost: 1).send(
            HTTPRequest(
                method: "POST", url: fake.baseURL.appendingPathComponent("api/cc"), headers: ["Content-Type": "application/json"],
                body: body),
            timeout: .seconds(20))
        return try MaxpayResponse(json: answer.body)
    }

    @Test func aCompleteSale3DIsTaken() async throws {
        let fake = try FakeMaxpay(privateKey: Self.key)
        defer { fake.stop() }
        let answer = try await Self.post(fake, Self.body(fake, uniqueId: "u-ok"))
        #expect(answer.status == "success", "\(answer.message)")
        #expect(fake.ledger.count == 1)
    }

    @Test(arguments: ["user_ip", "user_email", "country", "first_name", "last_name", "card_holder", "redirect_url", "callback_url"])
    func aChargeWithoutAFieldBothSDKsSendIsAValidationError(field: String) async throws {
        let fake = try FakeMaxpay(privateKey: Self.key)
        defer { fake.stop() }
        let answer = try await Self.post(fake, Self.body(fake, drop: field, uniqueId: "u-\(field)"))
        #expect(answer.status == "error")
        #expect(answer.code == MaxpayCodes.validationError.code)
        #expect(answer.message.contains(field), "\(answer.message)")
        #expect(fake.ledger.isEmpty)
    }

    @Test func aSaleNeedsNoMerchantPages() async throws {
        // Both SDKs send `redirect_url`/`callback_url` with the 3-D Secure types only.
        let fake = try FakeMaxpay(privateKey: Self.key)
        defer { fake.stop() }
        let answer = try await Self.post(fake, Self.body(fake, type: "SALE", uniqueId: "u-sale"))
        #expect(answer.status == "success", "\(answer.message)")
    }

    @Test func theIssuersPageTakesOnlyTheTransactionsRedirectAsTermUrl() async throws {
        // Android `ThreeDSFragment` posts the merchant's redirect URL as `TermUrl`.
        let fake = try FakeMaxpay(privateKey: Self.key)
        defer { fake.stop() }
        let answer = try await Self.post(fake, Self.body(fake, uniqueId: "u-acs", number: "4000000000001091"))
        let acs = try #require(answer.acsURL.flatMap(URL.init(string:)))
        let reference = try #require(answer.reference)
        func form(_ term: String) async throws -> Int {
            let text = "PaReq=\(answer.pareq ?? "")&MD=\(reference)&TermUrl=\(term)&code=\(FakeMaxpay.challengeCode)"
            return try await CurlTransport(maxConnectionsPerHost: 1).send(
                HTTPRequest(
                    method: "POST", url: acs, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(text.utf8)),
                timeout: .seconds(20)
            ).status
        }
        #expect(try await form("https%3A%2F%2Fgateway.example%2F3ds%2Freturn") == 400)
        #expect(fake.ledger.isEmpty)
        #expect(try await form("https%3A%2F%2Fshop.example%2Freturn") == 200)
        #expect(fake.ledger.count == 1)
    }
}
