import Foundation
import Testing

@testable import CheckoutLanguage

/// `provider.returnURLs` and `provider.paypalCurrencies` (issue 19): Maxpay's 3-D Secure pages
/// and the merchant's PayPal currencies in the language, checked.
@Suite struct ProviderSettingsCompileTests {
    func compile(_ pages: String, provider: String = "sandbox") -> (ReturnURLs?, [Diagnostic]) {
        let text = """
            flow: pages
            dsl: 1
            provider:
              name: \(provider)
              returnURLs:
            \(pages)
            request:
              price: { amount: 10.00, currency: EUR }
            """
        let result = FlowCompiler.compile(text, file: "pages.yaml")
        return (result.flow?.definition.provider.returnURLs, result.diagnostics)
    }

    @Test func twoHttpsPagesAreKept() throws {
        let (urls, diagnostics) = compile(
            "    redirect: https://shop.example.com/3ds/return\n    callback: https://shop.example.com/3ds/callback")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(urls?.redirect.absoluteString == "https://shop.example.com/3ds/return")
        #expect(urls?.callback.absoluteString == "https://shop.example.com/3ds/callback")
    }

    @Test(arguments: [
        ("http://shop.example.com/r", "must be an https:// URL"),
        ("https://user:pw@shop.example.com/r", "must not carry a user or password"),
        ("https://shop.example.com/r?api_key=abc123", "must not carry a secret in its query"),
        ("https://shop.example.com/r?token=abc123", "must not carry a secret in its query"),
    ])
    func aPageThatIsNotHttpsOrCarriesASecretIsRefused(page: String, why: String) throws {
        let (urls, diagnostics) = compile("    redirect: \(page)\n    callback: https://shop.example.com/3ds/callback")
        #expect(urls == nil)
        let d = try #require(diagnostics.first { $0.message.contains("provider.returnURLs.redirect") })
        #expect(d.rule == .invalidFormat && d.severity == .error)
        #expect(d.message.contains(why), "\(d.message)")
        // The secret is never repeated back.
        #expect(!d.message.contains("abc123") && !d.message.contains("pw@"))
    }

    @Test func bothPagesAreRequired() {
        let (urls, diagnostics) = compile("    redirect: https://shop.example.com/3ds/return")
        #expect(urls == nil)
        #expect(diagnostics.contains { $0.message.contains("callback") })
    }

    @Test func aProviderThatSendsNoSuchPagesIsWarned() {
        let (_, diagnostics) = compile(
            "    redirect: https://shop.example.com/r\n    callback: https://shop.example.com/c", provider: "bluesnap")
        #expect(diagnostics.contains { $0.rule == .ineffectiveSetting && $0.message.contains("Maxpay's 3-D Secure charges only") })
    }

    func compilePayPal(_ list: String, currency: String = "USD", methods: String? = nil) -> CompileResult {
        var text = """
            flow: paypal
            dsl: 1
            provider:
              name: sandbox
            \(list.isEmpty ? "" : "  paypalCurrencies: \(list)")
            request:
              price: { amount: 10.00, currency: \(currency) }
            """
        if let methods {
            text += "\nscreens:\n  - { kind: paymentMethod, methods: \(methods) }\n  - { kind: creditCard }\n  - { kind: review }"
            text += "\nsteps:\n  - { kind: tokenize }\n  - { kind: sale }\n  - { kind: walletPayment }"
        }
        return FlowCompiler.compile(text, file: "paypal.yaml")
    }

    @Test func theMerchantsPayPalCurrenciesDecideWhetherPayPalIsOffered() throws {
        let offered = try #require(compilePayPal("[EUR, USD]").flow)
        #expect(offered.pipeline.paymentMethods.contains(.paypal))
        let notOffered = try #require(compilePayPal("[EUR, GBP]").flow)
        #expect(!notOffered.pipeline.paymentMethods.contains(.paypal))
        #expect(notOffered.definition.request.payPalCurrencies == ["EUR", "GBP"])
        // Without the setting: PayPal's own list.
        let unset = try #require(compilePayPal("").flow)
        #expect(unset.pipeline.paymentMethods.contains(.paypal))
        #expect(unset.definition.request.payPalCurrencies == nil)
    }

    @Test func aListedPayPalThatTheMerchantsAccountRefusesIsReportedWithTheMerchantsList() {
        let result = compilePayPal("[EUR, GBP]", methods: "[card, paypal]")
        let d = result.diagnostics.first { $0.message.contains("'paypal' cannot be offered") }
        #expect(
            d?.message.contains("the merchant's PayPal ('provider.paypalCurrencies') supports EUR, GBP") == true,
            "\(result.diagnostics.map(\.message))")
    }

    @Test func aCodeOffISO4217OrOffPayPalsListIsAnError() {
        let messages = compilePayPal("[EUR, BRL, XYZ]").diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(messages.contains { $0.contains("PayPal does not accept BRL") })
        #expect(messages.contains { $0.contains("'XYZ' is not an ISO 4217 currency code") })
    }

    @Test func theApplePayMerchantIdentifierAndPayLineAreKeptWhenWellFormed() throws {
        func compile(_ block: String) -> CompileResult {
            FlowCompiler.compile(
                "flow: ap\ndsl: 1\nprovider:\n  name: sandbox\n  applePay:\n\(block)\nrequest:\n  price: { amount: 10.00, currency: USD }\n",
                file: "ap.yaml")
        }
        let good = compile("    merchantIdentifier: merchant.com.example.shop\n    payLine: Example Shop")
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics.map(\.message))")
        let settings = try #require(good.flow?.definition.provider.applePay)
        #expect(settings.merchantIdentifier == "merchant.com.example.shop" && settings.payLine == "Example Shop")
        let bad = compile("    merchantIdentifier: com.example.shop\n    payLine: \"  \"")
        #expect(bad.diagnostics.contains { $0.message.contains("must be Apple's merchant identifier") })
        #expect(bad.diagnostics.contains { $0.message.contains("'provider.applePay.payLine' must be one line") })
    }
}
