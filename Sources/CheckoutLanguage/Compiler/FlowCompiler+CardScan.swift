import CheckoutDomain

extension FlowCompiler {
    /// Card-scan settings that can have no effect: `cards.requireSortCodeAndAccountNumber`
    /// asks the card scan for the UK bank details, so without a `cardScan` screen nothing
    /// reads them (a typed card has no sort code).
    static func checkCardScanSettings(_ flow: FlowDefinition, pipeline: Pipeline, top: Fields, _ ctx: inout CompileContext) {
        guard flow.cards.requireSortCodeAndAccountNumber, !pipeline.contains(.screen(.cardScan)) else { return }
        let key = "requireSortCodeAndAccountNumber"
        let range = top["cards"]?.mapping?.first { $0.key.scalar?.value == key }?.key.range
        ctx.report(
            .ineffectiveSetting, "'cards.\(key)' has no effect: the pipeline has no 'cardScan' screen", at: range,
            severity: .warning, notes: ["only a card scan reads the sort code and account number; a typed card has none"])
    }
}
