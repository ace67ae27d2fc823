import CheckoutDomain

extension FlowCompiler {
    /// Card-scan settings that can have no effect: `cards.requireSortCodeAndAccountNumber`
    /// asks the card scan for the UK bank details, so without a `cardScan` screen nothing
    /// reads them (a typed card has no sort code); `cards.reportingCriteria` names scan
    /// attempts, and without the screen there is none.
    static func checkCardScanSettings(_ flow: FlowDefinition, pipeline: Pipeline, top: Fields, _ ctx: inout CompileContext) {
        guard !pipeline.contains(.screen(.cardScan)) else { return }
        if !flow.cards.requireExpiry {
            ctx.report(
                .unsupported,
                "'cards.requireExpiry: false' needs a 'cardScan' screen: a typed card is always asked its expiry (every provider here needs it)",
                at: top["cards"]?.pair("requireExpiry")?.value.range,
                notes: ["with a card scan, the scan does not read the expiry and the shopper types it after the scan"])
        }
        for key in ["expiryEditable", "holderNameEditable"] where top["cards"]?.pair(key)?.value.scalar?.value == "true" {
            ctx.report(
                .ineffectiveSetting, "'cards.\(key)' has no effect: the pipeline has no 'cardScan' screen",
                at: top["cards"]?.pair(key)?.key.range, severity: .warning,
                notes: ["it lets the shopper correct what a card scan read; a typed card is typed"])
        }
        if flow.cards.requireSortCodeAndAccountNumber {
            let key = "requireSortCodeAndAccountNumber"
            let range = top["cards"]?.pair(key)?.key.range
            ctx.report(
                .ineffectiveSetting, "'cards.\(key)' has no effect: the pipeline has no 'cardScan' screen", at: range,
                severity: .warning, notes: ["only a card scan reads the sort code and account number; a typed card has none"])
        }
        if flow.cards.reportingCriteria != nil {
            let range = top["cards"]?.pair("reportingCriteria")?.key.range
            ctx.report(
                .ineffectiveSetting, "'cards.reportingCriteria' has no effect: the pipeline has no 'cardScan' screen", at: range,
                severity: .warning, notes: ["it names card-scan attempts in the scan provider's reports; a typed card makes none"])
        }
    }

    /// Request settings an explicit pipeline decides instead: `allowCurrencyChange: true`
    /// without a `currency` screen, `withShipping: true` without a `shipping` screen (no effect),
    /// `withShipping: false` with one (a contradiction: the screen asks anyway); `withEmail` and
    /// `fullBilling`, which decide what the billing screen asks, without one (and without a
    /// `tokenize` that takes the details up front).
    static func checkBillingSettings(_ flow: FlowDefinition, pipeline: Pipeline, top: Fields, _ ctx: inout CompileContext) {
        if pipeline.isExplicit, flow.request.allowCurrencyChange, !pipeline.contains(.screen(.currency)),
            let pair = top["request"]?.pair("allowCurrencyChange")
        {
            ctx.report(
                .ineffectiveSetting, "'request.allowCurrencyChange' has no effect: the pipeline has no 'currency' screen",
                at: pair.key.range, severity: .warning, notes: ["add a 'currency' screen where the shopper can change it"])
        }
        if pipeline.isExplicit, let pair = top["request"]?.pair("withShipping") {
            let hasScreen = pipeline.contains(.screen(.shipping))
            if !flow.request.withShipping, hasScreen {
                ctx.report(
                    .conflictingSettings, "'request.withShipping: false', but the pipeline has a 'shipping' screen", at: pair.value.range,
                    notes: ["the screen asks for the shipping address whatever the flag says: set 'withShipping: true' or drop the screen"])
            } else if flow.request.withShipping, !hasScreen {
                ctx.report(
                    .ineffectiveSetting, "'request.withShipping' has no effect: the pipeline has no 'shipping' screen", at: pair.key.range,
                    severity: .warning, notes: ["add a 'shipping' screen that asks for the address"])
            }
        }
        guard pipeline.isExplicit, !pipeline.contains(.screen(.billing)),
            !pipeline.stages.contains(where: { $0.kind == .step(.tokenize) && $0.cardSource == .upfront })
        else { return }
        for key in ["withEmail", "fullBilling"] where pipeline.isExplicit {
            guard let pair = top["request"]?.pair(key) else { continue }
            ctx.report(
                .ineffectiveSetting, "'request.\(key)' has no effect: the pipeline has no 'billing' screen", at: pair.key.range,
                severity: .warning, notes: ["remove it, or add a 'billing' screen that asks for the details"])
        }
    }
}
