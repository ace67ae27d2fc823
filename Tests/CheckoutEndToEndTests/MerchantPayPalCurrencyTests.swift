import Foundation
import Testing

/// `provider.paypalCurrencies` (issue 19): the merchant's PayPal currencies decide, at run time,
/// whether PayPal is offered and which currency a PayPal shopper may change to.
@Suite struct MerchantPayPalCurrencyTests {
    static func flow(currency: String) -> String {
        """
        flow: merchant-paypal
        dsl: 1
        provider:
          name: sandbox
          paypalCurrencies: [EUR, GBP]
        request:
          price: { amount: 10.00, currency: \(currency) }
        """
    }

    @Test func payPalInACurrencyTheMerchantsAccountRefusesIsNotOffered() throws {
        let workspace = try Workspace()
        let r = try workspace.run(flow: try workspace.flow(Self.flow(currency: "USD")), answers: "paymentMethod: paypal\n")
        #expect(r.exitCode == 3)
        #expect(r.stdout.contains("this merchant's PayPal does not accept USD (it accepts EUR, GBP)"), "\(r.stdout)")
    }

    @Test func aPayPalShopperCannotChangeToACurrencyTheMerchantsAccountRefuses() throws {
        let workspace = try Workspace()
        let path = try workspace.flow(Self.flow(currency: "EUR"))
        let paid = try workspace.run(flow: path, answers: "paymentMethod: paypal\n")
        #expect(paid.exitCode == 0, "\(paid.summary)")
        #expect(try paid.result().paymentType == "PAYPAL")
        let changed = try workspace.run(flow: path, answers: "paymentMethod: paypal\ncurrency: USD\n")
        #expect(changed.exitCode == 3)
        #expect(try changed.result().errorCodes == ["currency not_supported_by_paypal"])
    }

    /// `provider.applePay` (issue 19): the Apple Pay sheet's merchant identifier and pay line go
    /// into the wallet step's trace, as BlueSnap's SDK puts them on its `PKPaymentRequest`.
    @Test func theApplePaySheetsMerchantIdentifierAndPayLineAreTraced() throws {
        let workspace = try Workspace()
        let flow = """
            flow: apple-pay-sheet
            dsl: 1
            provider:
              name: sandbox
              applePay: { merchantIdentifier: merchant.com.example.shop, payLine: Example Shop }
            request:
              price: { amount: 10.00, currency: USD }
            """
        let r = try workspace.run(flow: try workspace.flow(flow), answers: "paymentMethod: applePay\n")
        #expect(r.exitCode == 0, "\(r.summary)")
        #expect(
            try r.trace().contains {
                $0.event == "step.end" && $0.line.contains(#""merchantIdentifier":"merchant.com.example.shop","payLine":"Example Shop""#)
            })
    }
}
