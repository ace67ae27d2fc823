import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// The executable pipeline: the explicit `screens`/`steps` when the flow has them (checked
    /// as a graph), else the standard checkout derived from the request.
    static func compilePipeline(_ top: Fields, flow: FlowDefinition, _ ctx: inout CompileContext) -> Pipeline? {
        guard top["screens"] != nil || top["steps"] != nil else {
            checkSigning(top, drafts: [], flow: flow, &ctx)
            checkTaxService(top, drafts: nil, flow: flow, &ctx)
            return StandardPipeline.derive(for: flow)
        }
        let (drafts, store) = compileStages(top, &ctx)
        checkTaxService(top, drafts: drafts, flow: flow, &ctx)
        checkSigning(top, drafts: drafts, flow: flow, &ctx)
        checkTransactionType(top, drafts: drafts, flow: flow, &ctx)
        for i in drafts.indices where drafts[i].stage.kind == .screen(.form) && drafts[i].fields == nil {
            drafts[i].stage.fields = flow.fields.custom.map(\.id)
        }
        checkCardSources(drafts, &ctx)
        checkStepAmounts(drafts, flow: flow, &ctx)
        let methods = explicitPaymentMethods(drafts, flow: flow, &ctx)
        if let analysis = checkPipeline(drafts, flow: flow, &ctx) {
            let numbers = checkConditions(drafts, analysis: analysis, flow: flow, methods: methods, &ctx)
            // The request's facts the guards are decided by, made once for both checks.
            if drafts.contains(where: { $0.stage.condition != nil }) {
                let facts = RequestFacts(flow: flow, drafts: drafts)
                for (i, value) in checkDeadGuards(drafts, numbers: numbers, facts: facts, &ctx).enumerated() {
                    drafts[i].stage.guardAlways = value
                }
                checkSkippedNeeds(drafts, numbers: numbers, analysis: analysis, facts: facts, &ctx)
            }
            checkHooks(drafts, analysis: analysis, flow: flow, &ctx)
        }
        ctx.sourceMap = sourceMap(drafts)
        // The store's own array, not a copy: no draft changes its stage from here on.
        return Pipeline(stages: store.stages, paymentMethods: methods, isExplicit: true)
    }

    /// The lines of the drafts' stages, guards and routes, in stage order.
    private static func sourceMap(_ drafts: [StageDraft]) -> PipelineSourceMap {
        var map = PipelineSourceMap()
        map.stageLines.reserveCapacity(drafts.count)
        map.guardLines.reserveCapacity(drafts.count)
        for (i, d) in drafts.enumerated() {
            map.stageLines.append(d.idRange.start.line)
            map.guardLines.append(d.when?.range.start.line ?? 0)
            if !d.routeRanges.isEmpty { map.routeLines[i] = d.routeRanges.mapValues(\.start.line) }
        }
        return map
    }

    /// The methods an explicit pipeline offers: a paymentMethod screen's `methods`, checked
    /// against the request, or what the request allows and the stages can take.
    private static func explicitPaymentMethods(
        _ drafts: [StageDraft], flow: FlowDefinition, _ ctx: inout CompileContext
    ) -> [PaymentMethodKind] {
        let r = flow.request
        let has = { (kind: StageKind) in drafts.contains { $0.stage.kind == kind } }
        let upfront = drafts.contains { $0.stage.kind == .step(.tokenize) && $0.cardSource == .upfront }
        var methods: [PaymentMethodKind]
        let chooser = drafts.first { $0.stage.kind == .screen(.paymentMethod) }
        func takenBy(_ m: PaymentMethodKind) -> (ok: Bool, stage: String) {
            switch m {
            case .card: (upfront || has(.screen(.creditCard)) || has(.screen(.cardScan)), "'creditCard' or 'cardScan' screen")
            case .savedCard: (upfront || has(.screen(.savedCard)), "'savedCard' screen")
            case .paypal, .applePay:
                // choosePayment stores a wallet as the chosen method (storeShopper), paying nothing.
                r.mode == .choosePayment
                    ? (has(.step(.storeShopper)), "'storeShopper' step") : (has(.step(.walletPayment)), "'walletPayment' step")
            }
        }
        var refusedWallet = false
        if let listed = chooser?.methods {
            methods = []
            for (m, range) in listed {
                if let why = refusal(of: m, request: r) {
                    ctx.report(.conflictingSettings, "'\(m.rawValue)' cannot be offered: \(why)", at: range)
                    refusedWallet = refusedWallet || m.isWallet
                } else if !takenBy(m).ok {
                    ctx.report(
                        .missingStep, "'\(m.rawValue)' is offered, but the pipeline has no \(takenBy(m).stage) to pay with it", at: range)
                } else {
                    methods.append(m)
                }
            }
        } else {
            methods = StandardPipeline.paymentMethods(for: r).filter { takenBy($0).ok }
        }
        // Without a chooser the flow is fixed to its first method, unless the card comes up
        // front: then the data given there decides between a new card and a stored one.
        if chooser == nil, !upfront, let first = methods.first { methods = [first] }
        if let wallet = drafts.first(where: { $0.stage.kind == .step(.walletPayment) }), !methods.contains(where: \.isWallet),
            !refusedWallet
        {
            let why = [PaymentMethodKind.paypal, .applePay].compactMap { m in refusal(of: m, request: r).map { "\(m.rawValue): \($0)" } }
            ctx.report(
                .conflictingSettings, "step \(UserText.quoted(wallet.stage.id)) pays with a wallet, but this flow offers none",
                at: wallet.idRange,
                notes: why.isEmpty ? ["add a paymentMethod screen that offers paypal or applePay"] : why)
        }
        // A tokenize step without a card is reported at the step, with the fix.
        if methods.isEmpty, !drafts.isEmpty, !has(.step(.tokenize)) {
            ctx.report(
                .missingStep, "the pipeline offers no way to pay", at: drafts[0].idRange,
                notes: [
                    "a card needs a 'creditCard' or 'cardScan' screen, a saved card a 'savedCard' screen, a wallet a 'walletPayment' step"
                ])
        }
        return methods
    }

    /// `source: upfront` means the app's own UI has the card: a card screen in the same
    /// pipeline would ask for it a second time.
    private static func checkCardSources(_ drafts: [StageDraft], _ ctx: inout CompileContext) {
        guard let upfront = drafts.first(where: { $0.cardSource == .upfront }) else { return }
        for d in drafts where d.stage.kind == .screen(.creditCard) || d.stage.kind == .screen(.savedCard) {
            ctx.report(
                .conflictingSettings,
                "screen \(UserText.quoted(d.stage.id)) asks for a card, but step \(UserText.quoted(upfront.stage.id)) takes the card up front ('source: upfront')",
                at: d.idRange,
                notes: ["own UI: remove the card screens; SDK UI: remove 'source: upfront' from \(UserText.quoted(upfront.stage.id))"])
        }
    }

    /// Why the request rules out a payment method, or nil when it allows it.
    static func refusal(of m: PaymentMethodKind, request r: CheckoutRequest) -> String? {
        switch m {
        case .card: return nil
        case .savedCard: return r.shopperId == nil ? "a saved card needs 'request.shopperId'" : nil
        case .paypal:
            if r.subscription { return "PayPal is never offered for subscriptions" }
            if !r.payPalAccepts(r.price.currency.code) {
                let whose = r.payPalCurrencies == nil ? "it" : "the merchant's PayPal ('provider.paypalCurrencies')"
                return
                    "PayPal does not support \(r.price.currency.code) (\(whose) supports \(r.payPalCurrencyList.joined(separator: ", ")))"
            }
            return nil
        case .applePay: return r.subscription ? "Apple Pay is not offered for subscriptions" : nil
        }
    }

    /// Hooks that can have no effect.
    private static func checkHooks(
        _ drafts: [StageDraft], analysis: PipelineGraphAnalysis, flow: FlowDefinition, _ ctx: inout CompileContext
    ) {
        for (i, d) in drafts.enumerated() {
            // With a tax service the hook is an error (`checkTaxService`).
            for (j, hook) in d.hooks.enumerated() where hook == .tax && flow.taxService == nil {
                let knowsAddress =
                    analysis.knows(.shipping, at: i) || d.stage.kind == .screen(.shipping)
                if flow.tax.isEmpty {
                    ctx.report(
                        .ineffectiveSetting, "the 'tax' hook has no effect: the flow sets no 'tax' rates", at: d.hookRanges[j],
                        severity: .warning)
                } else if !knowsAddress {
                    ctx.report(
                        .ineffectiveSetting, "the 'tax' hook on \(UserText.quoted(d.stage.id)) has no shipping address to work from",
                        at: d.hookRanges[j], severity: .warning,
                        notes: ["tax is applied from the shipping address; put it after a shipping screen"])
                }
            }
        }
    }

    /// The `signature` hook and `provider.signature` go together: a hook with nothing to sign
    /// with is an error; signing settings no hook uses are a warning.
    private static func checkSigning(_ top: Fields, drafts: [StageDraft], flow: FlowDefinition, _ ctx: inout CompileContext) {
        var hooked = false
        for d in drafts {
            for (j, hook) in d.hooks.enumerated() where hook == .signature {
                hooked = true
                if flow.provider.signature == nil {
                    ctx.report(
                        .missingKey, "the 'signature' hook on \(UserText.quoted(d.stage.id)) needs 'provider.signature' to sign with",
                        at: d.hookRanges[j],
                        notes: ["set 'provider.signature.privateKey: ${env:NAME}' or 'provider.signature.command: [program, …]'"])
                }
            }
        }
        guard !hooked, flow.provider.signature != nil, let provider = top["provider"]?.mapping,
            let pair = provider.first(where: { $0.key.scalar?.value == "signature" })
        else { return }
        ctx.report(
            .ineffectiveSetting, "'provider.signature' is set, but no step has the 'signature' hook", at: pair.key.range,
            severity: .warning, notes: ["add 'hooks: [signature]' to the sale or authorize step that sends the Maxpay request"])
    }
}
