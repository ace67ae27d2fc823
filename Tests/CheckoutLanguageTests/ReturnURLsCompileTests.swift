@testable import CheckoutLanguage
import Foundation
import Testing

/// `provider.returnURLs` (issue 19): Maxpay's 3-D Secure pages in the language, checked.
@Suite struct ReturnURLsCompileTests {
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
}
