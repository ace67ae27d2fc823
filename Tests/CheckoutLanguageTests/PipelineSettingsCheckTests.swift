import CheckoutLanguage
import Testing

/// Request settings an explicit pipeline decides: `request.transactionType` must agree with the
/// steps (they decide what is charged), `withShipping: false` with a shipping screen is a
/// contradiction, and settings no screen reads are warned of.
@Suite struct PipelineSettingsCheckTests {
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

    @Test func withShippingMustAgreeWithTheShippingScreen() {
        let base = """
            flow: t
            dsl: 1
            request:
              price: { amount: 10.00, currency: USD }
              withShipping: SHIP
            screens:
              - kind: creditCard
              - kind: billing
            SCREEN
            steps:
              - kind: createToken
              - kind: tokenize
              - kind: sale
            """
        func findings(_ ship: String, screen: Bool) -> [String] {
            let text = base.replacingOccurrences(of: "SHIP", with: ship)
                .replacingOccurrences(of: "SCREEN", with: screen ? "  - kind: shipping" : "")
            return FlowCompiler.compile(text, file: "t.yaml").diagnostics.map { "\($0.severity) \($0.message)" }
        }
        #expect(findings("false", screen: true) == ["error 'request.withShipping: false', but the pipeline has a 'shipping' screen"])
        #expect(findings("true", screen: false) == ["warning 'request.withShipping' has no effect: the pipeline has no 'shipping' screen"])
        #expect(findings("true", screen: true).isEmpty && findings("false", screen: false).isEmpty)
    }
}
