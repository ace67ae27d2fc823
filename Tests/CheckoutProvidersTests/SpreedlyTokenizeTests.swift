import CheckoutDomain
import CheckoutFakes
import CheckoutRuntime
import Foundation
import Testing

@testable import CheckoutProviders

/// Tokenizing through `SpreedlyProvider` against the fake Spreedly, which refuses blank names as
/// real Spreedly does (provider-contract #3) and reports the issuing country where Spreedly does
/// (#16).
@Suite struct SpreedlyTokenizeTests {
    static func provider(_ fake: FakeSpreedly) -> SpreedlyProvider {
        SpreedlyProvider(
            configuration: SpreedlyConfiguration(baseURL: fake.baseURL, credentials: fake.credentials, gatewayToken: fake.gatewayToken),
            transport: sharedTransport, clock: ManualClock(start: testStart), random: SeededRandom(seed: 3))
    }

    static func named(_ number: String, _ name: String?) -> ValidatedCard {
        let c = card(number)
        return ValidatedCard(number: c.number, cvv: c.cvv, expiry: c.expiry, brand: c.brand, holderName: name)
    }

    /// spreedly-gem 6f2987fe test/remote/remote_add_credit_card_test.rb: blank first and last
    /// names are refused (422 `errors.blank`) unless `allow_blank_name` (mobile-sdk-ios 6b46d6f2
    /// CreditCardInfo.toRequestJson) says a nameless card is meant.
    @Test(arguments: [nil, "Cher", "Anna Schmidt", "Anna Maria Schmidt"] as [String?])
    func aCardIsVaultedWithOrWithoutAHolderName(name: String?) async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let p = Self.provider(fake)
        let token = try await p.createToken()
        let t = try await p.tokenize(.new(Self.named("4111 1111 1111 1111", name)), token: token)
        #expect(t.paymentMethodToken?.hasPrefix("PM") == true)
        // On the wire: the names it has, never "", and allow_blank_name only when one is missing.
        let body = SpreedlyProvider.paymentMethodBody(Self.named("4111 1111 1111 1111", name))
        let card = body["payment_method"]?["credit_card"]
        let parts = (name ?? "").split(separator: " ", maxSplits: 1).map(String.init)
        #expect(card?["first_name"]?.text == parts.first)
        #expect(card?["last_name"]?.text == (parts.count > 1 ? parts[1] : nil))
        #expect((body["payment_method"]?["allow_blank_name"] == .bool(true)) == (parts.count < 2))
    }

    @Test func theFakeRefusesBlankNamesAsSpreedlyDoes() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let body =
            #"{"payment_method":{"credit_card":{"first_name":" ","last_name":"","number":"4111111111111111","verification_value":"739","month":12,"year":2035},"retained":false}}"#
        let response = try await sharedTransport.send(
            HTTPRequest(
                method: "POST", url: fake.baseURL.appendingPathComponent("v1/payment_methods.json"),
                headers: ["Authorization": fake.credentials.authorization, "Content-Type": "application/json"], body: Data(body.utf8)),
            timeout: .seconds(10))
        #expect(response.status == 422)
        let keys = String(decoding: response.body, as: UTF8.self)
        #expect(keys.contains(#""attribute":"first_name""#) && keys.contains(#""attribute":"last_name""#))
        #expect(keys.contains("errors.blank"))
    }

    /// SP-docs reference/api/v1/payment_methods/show: `bin_metadata.issuing_country_iso_a2_code`.
    @Test func theIssuingCountryIsReadFromBinMetadata() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let p = Self.provider(fake)
        let token = try await p.createToken()
        let t = try await p.tokenize(.new(Self.named("5555 5555 5555 5557", "Anna Schmidt")), token: token)
        #expect(t.issuingCountry == "BR")
    }
}
