import CheckoutLanguage
import Foundation
import Testing

/// `capture`, `void` and `refund` steps: what must come before them, and their `amount`.
@Suite struct SettlementStepTests {
    static func flow(_ steps: String) -> String {
        """
        flow: settle
        dsl: 1
        request:
          price: { amount: 10, currency: USD }
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
        \(steps)
        """
    }

    func findings(_ steps: String) -> [(Rule, String)] {
        FlowCompiler.compile(Self.flow(steps), file: "settle.yaml").diagnostics.map { ($0.rule, $0.message) }
    }

    @Test func authorizeCapturePartlyThenRefundCompilesClean() {
        let result = FlowCompiler.compile(
            Self.flow(
                """
                  - kind: authorize
                  - { id: ship, kind: capture, amount: 6.50, on: { declined: release } }
                  - { kind: refund, amount: 2, on: { success: end } }
                  - { id: release, kind: void }
                """), file: "settle.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let stages = (result.flow?.pipeline.stages ?? []).dropFirst(4)
        #expect(stages.map(\.kind.name) == ["authorize", "capture", "refund", "void"])
        #expect(stages.map(\.amount) == [nil, Decimal(string: "6.50"), 2, nil])
        #expect(StepKind.capture.outcomes == [.success, .declined])
    }

    @Test(arguments: [
        ("  - kind: sale\n  - kind: capture", "'capture' needs an 'authorize' step before it on every path"),
        ("  - kind: sale\n  - kind: void", "'void' needs an 'authorize' step before it on every path"),
        ("  - kind: authorize\n  - kind: refund", "'refund' needs a 'sale' or 'capture' step before it on every path"),
    ])
    func aStepWithoutTheTransactionItActsOnIsMissingAStep(steps: String, message: String) {
        let found = findings(steps)
        #expect(found.count == 1)
        #expect(found.first?.0 == .missingStep)
        #expect(found.first?.1 == message)
    }

    @Test func amountsAreCheckedForTheirStepAndCurrency() {
        let found = findings(
            """
              - kind: authorize
              - { kind: capture, amount: 5.001 }
              - { kind: void, amount: 3 }
              - { id: back, kind: refund, amount: 0 }
            """)
        #expect(found.map(\.0) == [.amountPrecision, .unknownKey, .outOfRange], "\(found.map(\.1))")
    }
}
