import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// `request` (SPEC §3), with the cross-field rules that make a request coherent.
    static func compileRequest(_ node: YAMLNode?, root: YAMLNode, flow: FlowDefinition, _ ctx: inout CompileContext) -> CheckoutRequest {
        var r = CheckoutRequest()
        r.payPalCurrencies = flow.provider.payPalCurrencies
        guard let node else {
            ctx.report(
                .missingKey, "missing 'request' with 'price.amount': a checkout needs an amount (or 'subscription: true')",
                at: ctx.firstLine(of: root))
            return r
        }
        guard let f = ctx.fields(of: node, path: "request", keys: .request) else { return r }

        func flag(_ key: String, _ keyPath: WritableKeyPath<CheckoutRequest, Bool>) {
            if let n = f[key], let v = ctx.bool(n, path: "request.\(key)") { r[keyPath: keyPath] = v }
        }
        flag("withEmail", \.withEmail)
        flag("fullBilling", \.fullBilling)
        flag("withShipping", \.withShipping)
        flag("allowCurrencyChange", \.allowCurrencyChange)
        flag("hideStoreCardSwitch", \.hideStoreCardSwitch)
        flag("activate3DS", \.activate3DS)
        flag("processFailed3DS", \.processFailed3DS)
        flag("subscription", \.subscription)
        if let n = f["mode"], let v = ctx.enumeration(n, path: "request.mode", as: CheckoutMode.self) { r.mode = v }
        if let n = f["transactionType"], let v = ctx.enumeration(n, path: "request.transactionType", as: TransactionType.self) {
            r.transactionType = v
        }
        if let n = f["shopperId"], let v = ctx.string(n, path: "request.shopperId") {
            if v.isEmpty {
                ctx.report(.invalidFormat, "'request.shopperId' must not be empty", at: n.range)
            } else {
                r.shopperId = v
            }
        }
        if let n = f["fraud"], let ff = ctx.fields(of: n, path: "request.fraud", keys: .fraud),
            let s = ff["sessionId"], let v = ctx.string(s, path: "request.fraud.sessionId")
        {
            // A character is at least one byte: only text longer than 32 bytes needs counting.
            if v.isEmpty || (v.utf8.count > 32 && v.count > 32) {
                ctx.report(.outOfRange, "'request.fraud.sessionId' must be 1 to 32 characters, found \(v.count)", at: s.range)
            } else {
                r.fraudSessionId = v
            }
        }
        if let n = f["locale"], let v = ctx.string(n, path: "request.locale"), v != "auto" {
            if let locale = ShopperLocale.matching(v) {
                r.locale = locale
            } else {
                ctx.report(
                    .unsupportedLocale,
                    "'request.locale' \(UserText.quoted(v)) is not a supported locale; use auto or one of \(ShopperLocale.supportedList)",
                    at: n.range, suggestion: Suggestions.closest(to: v, in: ["auto"] + ShopperLocale.supported.map(\.tag)))
            }
        }
        compileMerchantReferences(f, request: &r, &ctx)
        if let n = f["prefill"], let pf = ctx.fields(of: n, path: "request.prefill", keys: .prefill) {
            if let b = pf["billing"] { r.prefillBilling = compileAddress(b, path: "request.prefill.billing", &ctx) }
            if let s = pf["shipping"] { r.prefillShipping = compileAddress(s, path: "request.prefill.shipping", &ctx) }
        }
        compilePrice(f, request: &r, flow: flow, &ctx)
        checkCoherence(f, r, flow: flow, &ctx)
        return r
    }

    private static func compilePrice(_ f: Fields, request r: inout CheckoutRequest, flow: FlowDefinition, _ ctx: inout CompileContext) {
        guard let node = f["price"] else {
            if !r.subscription {
                ctx.report(
                    .missingKey, "missing required key 'price' in 'request' (only a subscription may omit it)",
                    at: SourceRange(at: f.range.start))
            }
            return
        }
        guard let p = ctx.fields(of: node, path: "request.price", keys: .price) else { return }
        if let n = p["currency"], let c = ctx.currency(n, path: "request.price.currency") { r.price.currency = c }
        let currency = r.price.currency
        func amount(_ key: String) -> Decimal? {
            guard let n = p[key], let d = ctx.nonNegativeDecimal(n, path: "request.price.\(key)") else { return nil }
            if d.scale > currency.minorUnits, d.value.fractionDigits > currency.minorUnits {
                ctx.report(
                    .amountPrecision,
                    "'request.price.\(key)' has \(d.value.fractionDigits) decimal\(d.value.fractionDigits == 1 ? "" : "s") but \(currency.code) allows \(currency.minorUnits)",
                    at: n.range)
                return nil
            }
            return d.value
        }
        r.price.amount = amount("amount")
        if let tax = amount("taxAmount") { r.price.taxAmount = tax }
        if p["amount"] == nil, !r.subscription {
            ctx.report(
                .missingKey, "missing required key 'amount' in 'request.price' (only a subscription may omit it)",
                at: ctx.firstLine(of: node))
        }
    }

    private static func checkCoherence(_ f: Fields, _ r: CheckoutRequest, flow: FlowDefinition, _ ctx: inout CompileContext) {
        if r.processFailed3DS, !r.uses3DS, let range = f.keyRange("processFailed3DS") {
            ctx.report(
                .ineffectiveSetting, "'processFailed3DS' has no effect without 'activate3DS: true' or a 3DS transactionType",
                at: range, severity: .warning)
        }
        if r.subscription, f["allowCurrencyChange"] != nil, r.allowCurrencyChange, let range = f.keyRange("allowCurrencyChange") {
            ctx.report(
                .ineffectiveSetting, "'allowCurrencyChange' has no effect on a subscription: its currency cannot change",
                at: range, severity: .warning)
        }
        if r.mode == .createPayment, r.shopperId == nil, let range = f.keyRange("mode") {
            ctx.report(
                .conflictingSettings, "'mode: createPayment' pays with a stored choice and needs 'shopperId'",
                at: range)
        }
        if let table = flow.currencies, table.rate(of: r.price.currency.code) == nil {
            // Underline the currency when the flow names it, else the `price` key.
            let currencyNode = f["price"]?.pair("currency")?.value
            ctx.report(
                .conflictingSettings,
                "currency \(r.price.currency.code) has no rate in 'currencies' (base \(table.base.code))",
                at: currencyNode?.range ?? f.keyRange("price") ?? f.range)
        }
    }

    /// An address mapping (prefill).
    static func compileAddress(_ node: YAMLNode, path: String, _ ctx: inout CompileContext) -> Address? {
        guard let f = ctx.fields(of: node, path: path, keys: .address) else { return nil }
        var a = Address()
        // The country last: its check is the one that is more than a type's.
        for field in AddressField.withoutBirthday where field != .country {
            a[field] = f[field.rawValue].flatMap { ctx.string($0, path: join(path, field.rawValue)) }
        }
        if let n = f[AddressField.country.rawValue] { a.country = ctx.country(n, path: join(path, AddressField.country.rawValue)) }
        return a
    }
}
