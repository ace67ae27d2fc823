import CheckoutLanguage
import Testing

/// A stage with a `when` may be skipped: what it provides is not known on the path that skips
/// it, for the "needs" checks and for the names later conditions read.
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

    @Test func aGuardedTokenizeLeavesTheChargeWithoutATokenizedCard() {
        let guarded = FlowCompiler.compile(
            Self.flow("  - kind: createToken\n  - { kind: tokenize, when: price.total > 5 }\n  - kind: sale\n"), file: "a.yaml")
        let lines = guarded.diagnostics.filter { $0.rule == .missingStep }.compactMap { $0.range?.start.line }
        #expect(lines == [11], "\(guarded.diagnostics.map(\.message))")
        #expect(guarded.diagnostics.first { $0.rule == .missingStep }?.message.contains("'tokenize' step") == true)

        let plain = FlowCompiler.compile(Self.flow("  - kind: createToken\n  - kind: tokenize\n  - kind: sale\n"), file: "b.yaml")
        #expect(plain.diagnostics.filter { $0.severity == .error }.isEmpty, "\(plain.diagnostics.map(\.message))")
    }

    @Test func anOutcomeOfAGuardedStepIsNotAvailableAfterIt() {
        let text = Self.flow(
            """
              - kind: createToken
              - kind: tokenize
              - { id: verify, kind: threeDS, when: price.total > 5 }
              - { kind: sale, when: outcome.verify == success }
            """)
        let result = FlowCompiler.compile(text, file: "c.yaml")
        let unavailable = result.diagnostics.filter { $0.rule == .nameNotAvailable }
        #expect(unavailable.map(\.message) == ["'outcome.verify' is not available at this point"])
        #expect(unavailable.first?.range?.start.line == 12)
    }
}
