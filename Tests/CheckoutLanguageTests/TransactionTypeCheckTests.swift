import CheckoutLanguage
import Testing

/// `request.transactionType` written in a flow with explicit steps must agree with them: the
/// steps decide what is charged, so a contradicting type is an error at the type's value.
@Suite struct TransactionTypeCheckTests {
    static func flow(type: String, steps: String) -> String {
        """
        flow: t
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          transactionType: \(type)
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
        \(steps)
        """
    }

    static func errors(_ type: String, _ steps: String) -> [String] {
        FlowCompiler.compile(flow(type: type, steps: steps), file: "t.yaml").diagnostics
            .filter { $0.severity == .error }.map(\.message)
    }

    @Test(arguments: [
        ("sale", "  - kind: sale"), ("auth", "  - kind: authorize"), ("sale3d", "  - kind: threeDS\n  - kind: sale"),
        ("auth3d", "  - kind: threeDS\n  - kind: authorize"), ("none", ""),
    ])
    func aTypeTheStepsMakeCompiles(type: String, steps: String) {
        #expect(Self.errors(type, steps).isEmpty)
    }

    @Test(arguments: [
        ("sale", "  - kind: authorize", "only authorizes"), ("auth", "  - kind: sale", "the pipeline sells"),
        ("none", "  - kind: sale", "stops after tokenizing"), ("sale3d", "  - kind: sale", "no 'threeDS' step"),
        ("sale", "  - kind: threeDS\n  - kind: sale", "asks for no 3-D Secure"), ("auth", "", "no 'sale', 'authorize'"),
    ])
    func aTypeTheStepsContradictIsAnError(type: String, steps: String, why: String) {
        let errors = Self.errors(type, steps)
        #expect(errors.count == 1 && errors[0].contains(why), "\(errors)")
    }

    @Test func theDiagnosticPointsAtTheTypesValue() throws {
        let result = FlowCompiler.compile(Self.flow(type: "auth", steps: "  - kind: sale"), file: "t.yaml")
        let d = try #require(result.diagnostics.first { $0.rule == .conflictingSettings })
        #expect(d.range?.start.line == 5)
    }

    @Test func threeDSWithActivate3DSAndAPlainTypeCompiles() {
        let text = Self.flow(type: "sale", steps: "  - kind: threeDS\n  - kind: sale")
            .replacingOccurrences(of: "  transactionType: sale", with: "  transactionType: sale\n  activate3DS: true")
        #expect(FlowCompiler.compile(text, file: "t.yaml").diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func billingSettingsWithoutABillingScreenAreAWarning() {
        let text = """
            flow: t
            dsl: 1
            request:
              price: { amount: 10.00, currency: USD }
              withEmail: false
            screens:
              - kind: creditCard
            steps:
              - kind: createToken
              - kind: tokenize
              - kind: sale
            """
        let warnings = FlowCompiler.compile(text, file: "t.yaml").diagnostics.filter { $0.rule == .ineffectiveSetting }
        #expect(warnings.map(\.message) == ["'request.withEmail' has no effect: the pipeline has no 'billing' screen"])
        let withBilling = text.replacingOccurrences(of: "  - kind: creditCard", with: "  - kind: creditCard\n  - kind: billing")
        #expect(FlowCompiler.compile(withBilling, file: "t.yaml").diagnostics.filter { $0.rule == .ineffectiveSetting }.isEmpty)
    }
}
