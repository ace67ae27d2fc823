import CheckoutLanguage
import Testing

/// A stage with a `when` counts as run for the "needs" checks and for the names conditions
/// read: the checker does not relate conditions to each other, and at run time a name whose
/// stage was skipped is unset (docs/language.md).
@Suite struct SkippedStageTests {
    static func flow(_ steps: String) -> String {
        """
        flow: skips
        dsl: 1
        request:
          price: { amount: 10, currency: USD }
        screens:
          - kind: creditCard
          - kind: billing
        steps:
        \(steps)
        """
    }

    @Test func stepsBehindTheSameConditionCompileClean() {
        let text = Self.flow(
            """
              - { kind: createToken, when: price.total > 0 }
              - { kind: tokenize, when: price.total > 0 }
              - { kind: sale, when: price.total > 0 }
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
              - { id: verify, kind: threeDS, when: price.total > 5 }
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
}
