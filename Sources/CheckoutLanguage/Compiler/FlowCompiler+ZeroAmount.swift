import CheckoutDomain

extension FlowCompiler {
    /// A `sale` of a price that is always zero (`amount: 0`, no `taxAmount`, no tax service
    /// that could add one) is `zero-amount`: the providers refuse or do not define it —
    /// BlueSnap's Android SDK refuses a subtotal of 0 before any call
    /// (`PriceDetails.verify`: "Invalid subtotal"), Braintree answers 81531 "Amount must be
    /// greater than zero", PayPal refuses a zero order — and a sandbox approving "SALE 0.00"
    /// would pass a scenario that fails in production. A card check without a charge is an
    /// authorization of zero (BlueSnap's "Zero value auth for card validity checks",
    /// developers.bluesnap.com auth-only) or tokenizing alone: `transactionType: auth` or
    /// `none`. A tax table does not help: a percent of zero is zero.
    static func checkZeroAmount(_ flow: FlowDefinition, pipeline: Pipeline, top: Fields, _ ctx: inout CompileContext) {
        let price = flow.request.price
        guard price.amount == 0, price.taxAmount == 0, flow.taxService == nil,
            let sale = pipeline.stages.first(where: { $0.kind == .step(.sale) })
        else { return }
        let amount = top["request"]?.pair("price")?.value.pair("amount")
        let currency = price.currency
        let zero = "0" + (currency.minorUnits > 0 ? "." + String(repeating: "0", count: currency.minorUnits) : "")
        ctx.report(
            .zeroAmount,
            "a price of \(zero) \(currency.code) cannot be sold: step \(UserText.quoted(sale.id)) would charge nothing",
            at: amount?.value.range ?? top["request"]?.range,
            notes: [
                "the providers refuse a sale of zero (BlueSnap's SDK: \"Invalid subtotal\"; Braintree 81531; PayPal)",
                "to check a card without charging it, authorize zero ('transactionType: auth', BlueSnap's zero-value auth) or only tokenize ('transactionType: none')",
            ])
    }
}
