import CheckoutDomain
import CheckoutJSON
import Foundation
import Testing

@testable import CheckoutProviders

/// A vaulted shopper BlueSnap stored with its own state codes reads with ISO 3166-2's
/// (provider-contract rows #21 and #23; codes from `bluesnap/bluesnap-ios` 043e660f
/// `Sources/BluesnapSDK/BSCountryManager.swift`).
@Suite struct BlueSnapShopperStateTests {
    @Test(
        "BlueSnap's XA-XI and NF read as ISO codes",
        arguments: [("br", "XA", "MA"), ("BR", "XI", "AP"), ("BR", "SP", "SP"), ("ca", "NF", "NL"), ("US", "NY", "NY")])
    func stateReadsAsISO(country: String, stored: String, iso: String) throws {
        let body = try #require(
            JSONParser.parse(
                Data(
                    #"{"vaultedShopperId":"1","firstName":"Ana","lastName":"Lima","country":"\#(country)","state":"\#(stored)","zip":"01310-100","shippingContactInfo":{"firstName":"Ana","lastName":"Lima","country":"\#(country)","state":"\#(stored)"}}"#
                        .utf8)))
        let shopper = try BlueSnapShopper.read(body, id: "1", host: "sandbox.bluesnap.com")
        #expect(shopper.billing.state == iso)
        #expect(shopper.shipping?.state == iso)
    }
}
