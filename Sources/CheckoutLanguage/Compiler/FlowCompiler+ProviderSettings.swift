import CheckoutDomain
import Foundation

/// The merchant's provider settings beyond name, URL and credentials: Maxpay's 3-D Secure
/// pages and the merchant's PayPal currencies (issue 19).
extension FlowCompiler {
    /// `provider.returnURLs`: both pages, each https with a host and no secret in it. They
    /// go with Maxpay's signed charges (the `maxpay` adapter, or the sandbox's Maxpay signing).
    static func compileReturnURLs(_ node: YAMLNode, _ ctx: inout CompileContext) -> ReturnURLs? {
        guard let f = ctx.fields(of: node, path: "provider.returnURLs", keys: .returnURLs) else { return nil }
        var urls: [String: URL] = [:]
        for key in ["redirect", "callback"] {
            guard let n = f[key], let text = ctx.string(n, path: "provider.returnURLs.\(key)") else { continue }
            if let why = ReturnURLs.problem(with: text) {
                var d = Diagnostic(
                    rule: .invalidFormat, message: "'provider.returnURLs.\(key)' \(why)", file: ctx.file, range: n.range)
                // A URL with a user, a password or a secret parameter is not shown back.
                d.hidesSource = why.contains("secret") || why.contains("password")
                ctx.append([d])
            } else if let url = URL(string: text) {
                urls[key] = url
            }
        }
        guard let redirect = urls["redirect"], let callback = urls["callback"] else { return nil }
        return ReturnURLs(redirect: redirect, callback: callback)
    }

    /// `provider.paypalCurrencies`: the currencies the merchant's PayPal account takes (BlueSnap's
    /// `sdk-init` `paypalCurrencies`, BS-iOS `BSSdkConfiguration.paypalCurrencies`). Each must be
    /// an ISO 4217 code PayPal itself accepts (`PaymentMethodKind.payPalCurrencies`).
    static func compilePayPalCurrencies(_ node: YAMLNode, _ ctx: inout CompileContext) -> Set<String>? {
        guard let items = ctx.list(node, path: "provider.paypalCurrencies") else { return nil }
        var codes: Set<String> = []
        for (i, item) in items.enumerated() {
            guard let currency = ctx.currency(item, path: "provider.paypalCurrencies[\(i)]") else { continue }
            if !PaymentMethodKind.payPalCurrencies.contains(currency.code) {
                ctx.report(
                    .unsupported, "PayPal does not accept \(currency.code), so no merchant's PayPal account does", at: item.range,
                    notes: ["PayPal's currencies: \(PaymentMethodKind.payPalCurrencies.sorted().joined(separator: ", "))"])
            } else if !codes.insert(currency.code).inserted {
                ctx.report(
                    .duplicateKey, "\(currency.code) is listed twice in 'provider.paypalCurrencies'", at: item.range, severity: .warning)
            }
        }
        return codes
    }

    /// `provider.applePay`: `merchantIdentifier` (`merchant.` and a reverse domain) and
    /// `payLine` (one line, at most 64 characters).
    static func compileApplePay(_ node: YAMLNode, _ ctx: inout CompileContext) -> ApplePaySettings? {
        guard let f = ctx.fields(of: node, path: "provider.applePay", keys: .applePay) else { return nil }
        var settings = ApplePaySettings()
        if let n = f["merchantIdentifier"], let text = ctx.string(n, path: "provider.applePay.merchantIdentifier") {
            if isMerchantIdentifier(text) {
                settings.merchantIdentifier = text
            } else {
                ctx.report(
                    .invalidFormat,
                    "'provider.applePay.merchantIdentifier' must be Apple's merchant identifier: 'merchant.' and a reverse domain, e.g. merchant.com.example.shop; found \(UserText.quoted(text))",
                    at: n.range)
            }
        }
        if let n = f["payLine"], let text = ctx.string(n, path: "provider.applePay.payLine") {
            let line = text.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.count > 64 || line.contains(where: \.isNewline) {
                ctx.report(.invalidFormat, "'provider.applePay.payLine' must be one line of 1 to 64 characters", at: n.range)
            } else {
                settings.payLine = line
            }
        }
        return settings
    }

    /// `merchant.` followed by letters, digits, dots and hyphens, starting with a letter or digit.
    static func isMerchantIdentifier(_ text: String) -> Bool {
        guard text.hasPrefix("merchant."), text.count > "merchant.".count else { return false }
        let rest = text.dropFirst("merchant.".count)
        guard let first = rest.first, first.isASCII, first.isLetter || first.isNumber else { return false }
        return rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }
}
