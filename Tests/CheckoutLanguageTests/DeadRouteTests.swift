import CheckoutLanguage
import Testing

/// A `when` the request decides is an edge no input can take (`dead-route`, docs/rules.md):
/// what the compiler proves, and where it stays silent.
@Suite struct DeadRouteTests {
    /// A card checkout at `price`, with `tax` rates, a tax hook after the shipping screen and
    /// `extra` stages after the tokenize step.
    static func flow(price: String = "25.00", tax: String = "US-NY: 8.875", screens: String = "", _ extra: String) -> String {
        """
        flow: dead
        dsl: 1
        request:
          price: { amount: \(price), currency: USD }
          withShipping: true
        tax: { \(tax) }
        screens:
          - kind: creditCard
          - kind: billing
          - kind: shipping
            hooks: [tax]
        \(screens)
        steps:
          - kind: createToken
          - kind: tokenize
        \(extra)
        """
    }

    static func findings(_ text: String) -> [String] {
        FlowCompiler.compile(text, file: "dead.yaml").diagnostics.map { "\($0.rule.rawValue) \($0.range?.start.line ?? 0): \($0.message)" }
    }

    /// second-card's `verify` as it was at 25.00 USD: plus at most 8.875 % it never reaches 100.
    @Test func aTotalThePriceNeverReachesIsAlwaysFalse() {
        let text = Self.flow(
            """
              - { id: verify, kind: threeDS, when: price.total >= 100 and billing.country == US }
              - kind: sale
            """)
        let result = FlowCompiler.compile(text, file: "dead.yaml")
        #expect(result.flow != nil)
        #expect(
            Self.findings(text) == [
                "dead-route 16: the 'when' of 'verify' is always false: 'verify' never runs, nor do its routes"
            ])
        let notes = result.diagnostics.first?.notes ?? []
        #expect(
            notes.first == "price.total can only be 25.00 or 27.22 USD (the request's price, plus the tax at one of the flow's 'tax' rates)"
        )
        #expect(result.flow?.pipeline.stages.first { $0.id == "verify" }?.guardAlways == false)
    }

    /// At 95.00 the guard holds only once taxed (103.43): the run decides.
    @Test func aTotalATaxRateCanReachIsNotDecided() {
        let text = Self.flow(
            price: "95.00", tax: "US-NY: 8.875",
            """
              - { id: verify, kind: threeDS, when: price.total >= 100 and billing.country == US }
              - kind: sale
            """)
        #expect(Self.findings(text) == [])
    }

    /// A currency step can convert the price: the compiler assumes nothing about it then.
    @Test func aCurrencyStepLeavesThePriceOpen() {
        let text = Self.flow(
            screens: "  - kind: currency",
            """
              - kind: currencyUpdate
              - { id: verify, kind: threeDS, when: price.total >= 100 or price.currency != USD }
              - kind: sale
            """
        ).replacingOccurrences(of: "withShipping: true", with: "withShipping: true\n  allowCurrencyChange: true")
        #expect(Self.findings(text).filter { $0.hasPrefix("dead-route") } == [])
    }

    @Test func aRequestFlagIsAlwaysTheSame() {
        let text = Self.flow(
            """
              - { id: verify, kind: threeDS, when: request.subscription or billing.country == US }
              - { kind: sale, when: request.withShipping }
            """)
        #expect(
            Self.findings(text) == [
                "dead-route 17: the 'when' of 'sale' is always true: 'sale' always runs, and the route that skips it is never taken"
            ])
    }

    /// Names the shopper or the provider decides are never assumed.
    @Test func answersAndOutcomesAreNeverDecided() {
        let text = Self.flow(
            """
              - { id: verify, kind: threeDS, when: billing.country == US }
              - { kind: sale, when: outcome.verify != failed and card.brand == visa }
            """)
        #expect(Self.findings(text) == [])
    }

    /// A condition fixed by its own literals is `constant-condition`, not reported twice.
    @Test func literalsAloneAreConstantConditionOnly() {
        let text = Self.flow(
            """
              - { id: verify, kind: threeDS, when: 1 == 2 }
              - kind: sale
            """)
        #expect(Self.findings(text).map { String($0.prefix(while: { $0 != " " })) } == ["constant-condition"])
    }
}
