import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// `provider` (SPEC §7). Credentials must be `${env:NAME}`; a diagnostic about an inline
    /// secret never shows the secret or its source line.
    static func compileProvider(_ node: YAMLNode, _ ctx: inout CompileContext) -> ProviderSettings? {
        guard let f = ctx.fields(of: node, path: "provider", keys: .provider) else { return nil }
        var p = ProviderSettings()
        if let n = f["name"], let v = ctx.enumeration(n, path: "provider.name", as: ProviderName.self) { p.name = v }
        if let n = f["baseURL"], let v = ctx.string(n, path: "provider.baseURL") {
            if v.hasPrefix("https://") || v.hasPrefix("http://") {
                p.baseURL = v
            } else {
                ctx.report(.invalidFormat, "'provider.baseURL' must start with https:// or http://", at: n.range)
            }
        }
        if let n = f["credentials"] {
            if let pairs = n.mapping {
                for pair in pairs {
                    guard let name = pair.key.scalar?.value else { continue }
                    if let s = pair.value.scalar, let env = environmentReference(s.value) {
                        p.credentials[name] = env
                    } else {
                        ctx.secretError(
                            .inlineCredential,
                            "credential \(UserText.quoted(name)) must name an environment variable as ${env:NAME}; secrets are never written in a flow",
                            at: pair.value.range)
                    }
                }
            } else {
                ctx.report(.typeMismatch, "'provider.credentials' must be a mapping, found \(n.shapeDescription)", at: n.range)
            }
        }
        if let n = f["signature"] { p.signature = compileSigning(n, &ctx) }
        if let n = f["paypalCurrencies"] { p.payPalCurrencies = compilePayPalCurrencies(n, &ctx) }
        if let n = f["applePay"] { p.applePay = compileApplePay(n, &ctx) }
        if let n = f["requireTermsConsent"], let v = ctx.bool(n, path: "provider.requireTermsConsent") { p.requireTermsConsent = v }
        if let n = f["returnURLs"] {
            p.returnURLs = compileReturnURLs(n, &ctx)
            if p.name == .bluesnap || p.name == .spreedly, let range = f.keyRange("returnURLs") {
                ctx.report(
                    .ineffectiveSetting, "'provider.returnURLs' is sent with Maxpay's 3-D Secure charges only", at: range,
                    severity: .warning)
            }
        }
        return p
    }

    /// `provider.signature`: `privateKey: ${env:NAME}` or `command: [program, args…]`, never both.
    private static func compileSigning(_ node: YAMLNode, _ ctx: inout CompileContext) -> RequestSigning? {
        guard let f = ctx.fields(of: node, path: "provider.signature", keys: .signature) else { return nil }
        let keyNode = f["privateKey"]
        let commandNode = f["command"]
        if keyNode != nil, let commandNode {
            ctx.report(
                .conflictingSettings, "'provider.signature' takes either 'privateKey' or 'command', not both", at: commandNode.range,
                notes: ["'command' keeps the key out of this process; 'privateKey' signs here with a key from the environment"])
            return nil
        }
        if let keyNode {
            if let s = keyNode.scalar, let env = environmentReference(s.value) {
                if let range = f.keyRange("timeout") {
                    ctx.report(
                        .ineffectiveSetting, "'timeout' applies to a signing 'command' only", at: range, severity: .warning)
                }
                return .privateKey(environmentVariable: env)
            }
            ctx.secretError(
                .inlineCredential,
                "'provider.signature.privateKey' must name an environment variable as ${env:NAME}; secrets are never written in a flow",
                at: keyNode.range)
            return nil
        }
        guard let commandNode else {
            ctx.report(
                .missingKey, "'provider.signature' needs 'privateKey' (${env:NAME}) or 'command' (a program that signs)",
                at: ctx.firstLine(of: node))
            return nil
        }
        guard let items = ctx.list(commandNode, path: "provider.signature.command") else { return nil }
        var argv: [String] = []
        for (i, item) in items.enumerated() {
            guard let word = ctx.string(item, path: "provider.signature.command[\(i)]") else { return nil }
            argv.append(word)
        }
        guard let program = argv.first, !program.isEmpty else {
            ctx.report(.missingKey, "'provider.signature.command' must name a program", at: commandNode.range)
            return nil
        }
        var timeout = RequestSigning.defaultCommandTimeout
        if let t = f["timeout"] {
            guard let d = ctx.duration(t, path: "provider.signature.timeout") else { return nil }
            timeout = d
        }
        return .command(argv, timeout: timeout)
    }

    /// `${env:NAME}` → `NAME`.
    static func environmentReference(_ text: String) -> String? {
        guard text.hasPrefix("${env:"), text.hasSuffix("}") else { return nil }
        let name = text.dropFirst(6).dropLast()
        guard let first = name.first, first.isLetter || first == "_",
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { return nil }
        return String(name)
    }

    /// `currencies: { base, rates }`.
    static func compileCurrencies(_ node: YAMLNode, _ ctx: inout CompileContext) -> CurrencyTable? {
        guard let f = ctx.fields(of: node, path: "currencies", keys: .currencies) else { return nil }
        guard let baseNode = f["base"], let base = ctx.currency(baseNode, path: "currencies.base") else { return nil }
        var rates: [String: Decimal] = [:]
        if let n = f["rates"] {
            guard let pairs = n.mapping else {
                ctx.report(.typeMismatch, "'currencies.rates' must be a mapping, found \(n.shapeDescription)", at: n.range)
                return nil
            }
            rates.reserveCapacity(pairs.count)
            for pair in pairs {
                guard let code = ctx.currency(pair.key, path: "currencies.rates"),
                    let rate = ctx.decimal(pair.value, path: "currencies.rates.\(code.code)")
                else { continue }
                if rate.value <= 0 {
                    ctx.report(.outOfRange, "rate of \(code.code) must be greater than 0", at: pair.value.range)
                } else {
                    rates[code.code] = rate.value
                }
            }
        }
        return CurrencyTable(base: base, rates: rates)
    }

    /// `theme`. The keys written are read in the order written (a theme sets a few of its
    /// dozens of keys); every theme check is about its own key, so the findings are the same
    /// in any order.
    static func compileTheme(_ node: YAMLNode, _ ctx: inout CompileContext) -> Theme {
        var theme = Theme()
        guard let f = ctx.fields(of: node, path: "theme", keys: .theme) else { return theme }
        // `KeyTable.theme` lists `preset`, then the colour, number and font keys.
        let colors = 1..<(1 + Theme.colorKeys.count)
        let numbers = colors.upperBound..<(colors.upperBound + Theme.numberKeys.count)
        theme.colors.reserveCapacity(f.specIndices.count { colors.contains($0) })
        for j in f.pairs.indices {
            let s = f.specIndices[j]
            let key = f.key(at: j)
            let n = f.pairs.value(at: j)
            if s == 0 {
                if let v = ctx.enumeration(n, path: "theme.preset", as: ThemePreset.self) { theme.preset = v }
            } else if colors.contains(s) {
                if n.mapping != nil {
                    // `{ light, dark }`: both required, each a colour.
                    guard let pair = ctx.fields(of: n, path: "theme.\(key)", keys: .colorPair) else { continue }
                    let light = pair["light"].flatMap { color($0, path: "theme.\(key).light", &ctx) }
                    let dark = pair["dark"].flatMap { color($0, path: "theme.\(key).dark", &ctx) }
                    if let light, let dark {
                        theme.colors[key] = light
                        theme.darkColors[key] = dark
                    }
                } else if let c = color(n, path: "theme.\(key)", &ctx) {
                    theme.colors[key] = c
                }
            } else if numbers.contains(s) {
                guard let d = ctx.decimal(n, path: "theme.\(key)") else { continue }
                if d.value < 0 {
                    ctx.report(.outOfRange, "'theme.\(key)' must not be negative", at: n.range)
                } else {
                    theme.numbers[key] = NSDecimalNumber(decimal: d.value).doubleValue
                }
            } else {
                guard let ff = ctx.fields(of: n, path: "theme.\(key)", keys: .font),
                    let familyNode = ff["family"], let family = ctx.string(familyNode, path: "theme.\(key).family"),
                    let sizeNode = ff["size"], let size = ctx.decimal(sizeNode, path: "theme.\(key).size")
                else { continue }
                if size.value <= 0 {
                    ctx.report(.outOfRange, "'theme.\(key).size' must be greater than 0", at: sizeNode.range)
                } else {
                    theme.fonts[key] = ThemeFont(family: family, size: NSDecimalNumber(decimal: size.value).doubleValue)
                }
            }
        }
        return theme
    }

    /// A `#RRGGBB` colour at `path`, or a finding.
    private static func color(_ n: YAMLNode, path: String, _ ctx: inout CompileContext) -> RGBColor? {
        guard let text = ctx.string(n, path: path) else { return nil }
        if let c = RGBColor(hex: text) { return c }
        ctx.report(.invalidFormat, "'\(path)' must be a colour \"#RRGGBB\", found \(UserText.quoted(text))", at: n.range)
        return nil
    }
}
