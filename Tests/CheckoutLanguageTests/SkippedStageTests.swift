import CheckoutLanguage
import Testing

/// A guarded stage may be skipped, and a skipped stage gives the stages after it nothing: the
/// "needs" checks follow its skip edge. A stage with its own `when` assumes it: a stage whose
/// `when` it implies runs too, one it rules out is skipped. Names a condition reads still count
/// a guarded stage as run: at run time a name whose stage was skipped is unset, which
/// conditions handle (docs/language.md).
@Suite struct SkippedStageTests {
    static func flow(_ steps: String, request: String = "") -> String {
        """
        flow: skips
        dsl: 1
        request:
          price: { amount: 10, currency: USD }
        \(request)
        screens:
          - kind: creditCard
          - kind: billing
        steps:
        \(steps)
        """
    }

    static func rules(_ text: String) -> [String] {
        FlowCompiler.compile(text, file: "s.yaml").diagnostics.map { "\($0.rule.rawValue) \($0.range?.start.line ?? 0)" }
    }

    @Test func stepsBehindTheSameConditionCompileClean() {
        let text = Self.flow(
            """
              - { kind: createToken, when: billing.country == US }
              - { kind: tokenize, when: billing.country == US }
              - { kind: sale, when: billing.country == US }
            """)
        let result = FlowCompiler.compile(text, file: "free.yaml")
        #expect(result.flow != nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func aConditionMayReadTheOutcomeOfAGuardedStep() {
        let text = Self.flow(
            """
              - kind: createToken
              - kind: tokenize
              - { id: verify, kind: threeDS, when: billing.country == US }
              - { kind: sale, when: outcome.verify != failed }
            """)
        let result = FlowCompiler.compile(text, file: "c.yaml")
        #expect(result.flow?.pipeline.stages.last?.condition != nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    /// What a stage needs is still checked on every route: a route that jumps over `tokenize`
    /// leaves the sale without a tokenized card.
    @Test func aRouteAroundAStageStillCounts() {
        let text = Self.flow(
            """
              - { kind: createToken, on: { success: charge } }
              - kind: tokenize
              - { id: charge, kind: sale }
            """)
        let result = FlowCompiler.compile(text, file: "d.yaml")
        #expect(result.diagnostics.map(\.rule).contains(.missingStep), "\(result.diagnostics.map(\.message))")
    }

    /// The skip edge: a sale without a `when` after a guarded tokenize has no card when the
    /// guard is false.
    @Test func aSkippedStageGivesNothing() {
        let text = Self.flow(
            """
              - kind: createToken
              - { kind: tokenize, when: billing.country == US }
              - kind: sale
            """)
        let result = FlowCompiler.compile(text, file: "e.yaml")
        #expect(Self.rules(text) == ["missing-step 12"])
        #expect(
            result.diagnostics.first?.message
                == "'sale' needs a 'tokenize' step before it on every path, and 'tokenize' may be skipped (its 'when')")
    }

    /// A `when` that implies the earlier one: the earlier stage ran (auth-capture-refund's
    /// refunds after its captures); one it rules out was skipped.
    @Test func aConditionThatImpliesAnotherRunsAfterIt() {
        let text = """
            flow: plans
            dsl: 1
            request:
              price: { amount: 10, currency: USD }
              transactionType: auth
            fields:
              custom:
                - { id: plan, title: Plan, options: [captureAll, refundAll, refundPart, voidAuth], required: true }
            screens:
              - kind: creditCard
              - kind: form
            steps:
              - kind: createToken
              - kind: tokenize
              - kind: authorize
              - { kind: capture, when: "custom.plan in [captureAll, refundAll, refundPart]" }
              - { id: refundAll, kind: refund, when: custom.plan == refundAll }
              - { id: refundPart, kind: refund, amount: 5, when: custom.plan == refundPart }
              - { kind: void, when: custom.plan == voidAuth }
            """
        #expect(Self.rules(text) == [])
        let loose = text.replacingOccurrences(of: "when: custom.plan == refundPart", with: "when: custom.plan != voidAuth")
        #expect(Self.rules(loose) == ["missing-step 18"], "voidAuth aside, captureAll's plan is left open: the capture may be skipped")
    }

    /// A guard the request decides has one edge: always true, never skipped; always false,
    /// only skipped.
    @Test func aGuardTheRequestDecidesHasOneEdge() {
        let always = Self.flow(
            """
              - kind: createToken
              - { kind: tokenize, when: price.total > 0 }
              - kind: sale
            """)
        #expect(Self.rules(always) == ["dead-route 11"])
        let never = Self.flow(
            """
              - kind: createToken
              - { kind: tokenize, when: request.subscription }
              - { kind: sale, when: request.subscription or billing.country == US }
            """)
        #expect(Self.rules(never) == ["dead-route 11", "missing-step 12"])
    }
}
