import CheckoutDomain
import CheckoutFakes
import CheckoutJSON
import CheckoutProviders
import Foundation
import Testing

/// Spreedly's `card_type` names, from `spreedly/mobile-sdk-ios` at
/// 6b46d6f298606872ff8feeb9bbf5e7a1aabc1030, `Spreedly/Models/CardBrand.swift` (provider-contract
/// row #25): `union_pay`, not `unionpay`; `naranja` is Spreedly's too.
@Suite struct SpreedlyCardTypeTests {
    @Test(
        "names follow Spreedly's CardBrand raw values",
        arguments: [
            (CardBrand.visa, "visa"), (.mastercard, "master"), (.americanExpress, "american_express"),
            (.dinersClub, "diners_club"), (.discover, "discover"), (.jcb, "jcb"), (.unionpay, "union_pay"),
            (.maestro, "maestro"), (.elo, "elo"), (.naranja, "naranja"),
        ])
    func names(brand: CardBrand, name: String) {
        #expect(SpreedlyCardType.name(of: brand) == name)
        #expect(SpreedlyCardType.brand(named: name) == brand)
    }

    @Test("the old spelling unionpay is not a Spreedly name")
    func oldSpelling() {
        #expect(SpreedlyCardType.brand(named: "unionpay") == nil)
    }

    @Test func theFakeVaultsAUnionPayCardAsUnionPay() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let body = #"""
            {"payment_method":{"credit_card":{"first_name":"Jo","last_name":"Doe","number":"6200000000000005","verification_value":"123","month":"12","year":"2030"},"retained":false}}
            """#
        var headers = HTTPHeaders()
        headers.set("Authorization", fake.credentials.authorization)
        headers.set("Content-Type", "application/json")
        let response = try await sharedTransport.send(
            HTTPRequest(
                method: "POST", url: fake.baseURL.appendingPathComponent("v1/payment_methods.json"), headers: headers,
                body: Data(body.utf8)),
            timeout: .seconds(20))
        #expect(response.status == 200 || response.status == 201)
        let json = try #require(JSONParser.parse(response.body))
        #expect(json["transaction"]?["payment_method"]?["card_type"]?.text == "union_pay")
    }
}
