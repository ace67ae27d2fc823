import CheckoutLanguage
import Foundation
import Testing

/// `taxService`: what the compiler accepts, where the derived pipeline calls it, and the
/// checks (docs/language.md, "The tax service").
@Suite struct TaxServiceCompileTests {
    static func flow(_ extra: String, request: String = "withShipping: true") -> String {
        """
        flow: taxed
        dsl: 1
        request:
          price: { amount: 40, currency: USD }
          \(request)
        \(extra)
        """
    }

    static let service = "taxService:\n  command: [tax/rates.sh, --region, us]\n  timeout: 2s\n  attempts: 3"

    func compile(_ text: String) -> CompileResult { FlowCompiler.compile(text, file: "taxed.yaml") }

    func findings(_ text: String) -> [(Rule, Severity, String)] {
        compile(text).diagnostics.map { ($0.rule, $0.severity, $0.message) }
    }

    @Test func theServiceIsCompiledAndCalledRightAfterTheShippingScreenForEveryMethod() throws {
        let result = compile(Self.flow(Self.service))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let flow = try #require(result.flow)
        #expect(flow.definition.taxService == TaxService(command: ["tax/rates.sh", "--region", "us"], timeout: .seconds(2), attempts: 3))
        let ids = flow.pipeline.stages.map(\.id)
        let tax = try #require(ids.firstIndex(of: "taxUpdate"))
        #expect(ids[tax - 1] == "shipping")
        let stage = flow.pipeline.stages[tax]
        #expect(stage.callsTaxService)
        #expect(stage.condition == nil, "wallets are taxed too")
        #expect(stage.outcomes == [.success, .failed])
        #expect(flow.pipeline.coverageItems.contains { $0.stage == "taxUpdate" && $0.outcome == .failed })
    }

    @Test func withoutShippingTheServiceIsCalledAfterTheBillingScreen() throws {
        let flow = try #require(compile(Self.flow(Self.service, request: "fullBilling: true")).flow)
        let ids = flow.pipeline.stages.map(\.id)
        let tax = try #require(ids.firstIndex(of: "taxUpdate"))
        #expect(ids[tax - 1] == "billing")
        #expect(flow.definition.taxService?.timeout == .seconds(2))
    }

    @Test func defaultsAreFiveSecondsAndOneAttempt() throws {
        let flow = try #require(compile(Self.flow("taxService: { command: [tax] }")).flow)
        #expect(flow.definition.taxService == TaxService(command: ["tax"], timeout: .seconds(5), attempts: 1))
    }

    @Test func aTableTaxUpdateStillEndsOnlySuccess() throws {
        let flow = try #require(compile(Self.flow("tax: { GB: 20 }")).flow)
        let stage = try #require(flow.pipeline.stages.first { $0.id == "taxUpdate" })
        #expect(!stage.callsTaxService)
        #expect(stage.outcomes == [.success])
    }

    @Test func theTableAndTheServiceTogetherAreAConflict() {
        let found = findings(Self.flow("tax: { GB: 20 }\n" + Self.service))
        #expect(found.map(\.0) == [.conflictingSettings])
        #expect(found.first?.2 == "a flow takes either 'tax' rates or a 'taxService', not both")
    }

    @Test(arguments: [
        ("taxService: { timeout: 2s }", Rule.missingKey),
        ("taxService: { command: [] }", .missingKey),
        ("taxService: { command: [\"\"] }", .missingKey),
        ("taxService: { command: [tax], timeout: 5 seconds }", .invalidFormat),
        ("taxService: { command: [tax], timeout: 0s }", .outOfRange),
        ("taxService: { command: [tax], attempts: 0 }", .outOfRange),
        ("taxService: { command: [tax], attempts: 11 }", .outOfRange),
        ("taxService: { command: tax }", .typeMismatch),
    ])
    func aBadSettingIsAnError(text: String, rule: Rule) {
        let found = findings(Self.flow(text))
        #expect(found.map(\.0) == [rule], "\(found.map(\.2))")
        #expect(found.first?.1 == .error)
    }

    @Test func aURLServiceWithHeadersFromTheEnvironment() throws {
        let result = compile(
            Self.flow("taxService: { url: \"https://tax.example/quote\", headers: { X-Api-Key: \"${env:TAX_KEY}\" } }"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let service = try #require(result.flow?.definition.taxService)
        #expect(service.url == "https://tax.example/quote")
        #expect(service.command.isEmpty)
        #expect(service.headers == ["X-Api-Key": "TAX_KEY"])
    }

    @Test(arguments: [
        ("taxService: { command: [tax], url: \"https://tax.example\" }", Rule.conflictingSettings),
        ("taxService: { url: \"ftp://tax.example\" }", .invalidFormat),
        ("taxService: { url: \"https://\" }", .invalidFormat),
        ("taxService: { url: \"https://user:pass@tax.example/q\" }", .inlineCredential),
        ("taxService: { url: \"https://tax.example/q?api_key=sk_live_1\" }", .inlineCredential),
        ("taxService: { url: \"https://tax.example\", headers: { X-Api-Key: sk_live_1 } }", .inlineCredential),
        ("taxService: { url: \"https://tax.example\", headers: [a] }", .typeMismatch),
    ])
    func aBadURLServiceIsAnError(text: String, rule: Rule) {
        let result = compile(Self.flow(text))
        #expect(result.diagnostics.map(\.rule) == [rule], "\(result.diagnostics.map(\.message))")
        if rule == .inlineCredential {
            #expect(result.diagnostics.first?.hidesSource == true)
            #expect(!(result.diagnostics.first?.message.contains("sk_live_1") ?? true))
            #expect(!(result.diagnostics.first?.message.contains("pass") ?? true))
        }
    }

    @Test func headersWithACommandHaveNoEffect() {
        let found = findings(Self.flow("taxService: { command: [tax], headers: { X-Api-Key: \"${env:K}\" } }"))
        #expect(found.map(\.0) == [.ineffectiveSetting])
        #expect(found.first?.1 == .warning)
    }

    @Test func anUnknownKeyGetsADidYouMean() {
        let result = compile(Self.flow("taxService: { comand: [tax] }"))
        let unknown = result.diagnostics.first { $0.rule == .unknownKey }
        #expect(unknown?.suggestion == "command")
        let timeout = compile(Self.flow("taxService: { command: [tax], timout: 2s }")).diagnostics
        #expect(timeout.map(\.rule) == [.unknownKey])
        #expect(timeout.first?.suggestion == "timeout")
    }

    @Test(arguments: ["--api-key=sk_live_4eC39HqLyjWD", "token=abc123", "DB_PASSWORD=hunter2"])
    func aLiteralSecretInTheCommandIsAnInlineCredentialNeverEchoed(argument: String) {
        let result = compile(Self.flow("taxService: { command: [tax/quote.sh, \"\(argument)\"] }"))
        #expect(result.diagnostics.map(\.rule) == [.inlineCredential])
        let d = result.diagnostics.first
        #expect(d?.hidesSource == true)
        let value = String(argument.split(separator: "=", maxSplits: 1)[1])
        #expect(!(d?.message.contains(value) ?? true))
    }

    @Test(arguments: ["--api-key=${env:TAX_KEY}", "--region=us", "--keys"])
    func anEnvironmentReferenceOrAPlainArgumentIsNoSecret(argument: String) {
        #expect(findings(Self.flow("taxService: { command: [tax/quote.sh, \"\(argument)\"] }")).isEmpty)
    }

    static func explicit(_ tax: String, extra: String = service) -> String {
        """
        flow: taxed
        dsl: 1
        request:
          price: { amount: 40, currency: USD }
          withShipping: true
        \(extra)
        screens:
          - kind: creditCard
          - kind: billing
          - kind: shipping
          - kind: review
        steps:
          - kind: createToken
        \(tax)
          - kind: tokenize
          - kind: sale
        """
    }

    @Test func anExplicitTaxUpdateCallsTheServiceAndItsFailureCanBeRouted() throws {
        let result = compile(Self.explicit("  - { kind: taxUpdate, on: { failed: review } }"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let stage = try #require(result.flow?.pipeline.stages.first { $0.kind == .step(.taxUpdate) })
        #expect(stage.callsTaxService)
        #expect(stage.routes[.failed] == .stage("review"))
    }

    @Test func withoutAServiceATaxUpdateNeverEndsFailed() {
        let found = findings(Self.explicit("  - { kind: taxUpdate, on: { failed: review } }", extra: "tax: { US: 5 }"))
        #expect(found.map(\.0).contains(.outcomeRoute))
        #expect(found.contains { $0.2 == "'taxUpdate' never ends 'failed'" })
    }

    @Test func theTaxHookCannotCallTheService() {
        let text = Self.explicit("  - kind: taxUpdate").replacingOccurrences(
            of: "  - kind: review", with: "  - { kind: review, hooks: [tax] }")
        let found = findings(text)
        #expect(found.map(\.0) == [.conflictingSettings])
        #expect(found.first?.2 == "the 'tax' hook cannot call the 'taxService'")
    }

    @Test func aConditionMayAskWhetherTheServiceFailed() {
        let guarded = "  - { id: tax, kind: taxUpdate, on: { failed: sale } }\n  - { kind: threeDS, when: outcome.tax == failed }"
        let text = Self.explicit(guarded).replacingOccurrences(of: "  - kind: tokenize\n", with: "").replacingOccurrences(
            of: "  - kind: createToken\n", with: "  - kind: createToken\n  - kind: tokenize\n"
        ).replacingOccurrences(of: "  - kind: sale", with: "  - { id: sale, kind: sale }")
        #expect(findings(text).isEmpty, "\(findings(text).map(\.2))")
        let table = compile(text.replacingOccurrences(of: Self.service, with: "tax: { US: 5 }")).diagnostics
        let impossible = table.first { $0.rule == .impossibleComparison }
        #expect(impossible?.notes.first == "a taxUpdate step ends only success", "\(table.map(\.message))")
    }

    @Test func theServicesTaxIsUnknownToTheDeadRouteAnalysis() {
        let guarded = "  - kind: taxUpdate\n  - { id: big, kind: threeDS, when: price.total >= 100 }"
        let text = Self.explicit(guarded).replacingOccurrences(of: "  - kind: tokenize\n", with: "").replacingOccurrences(
            of: "  - kind: createToken\n", with: "  - kind: createToken\n  - kind: tokenize\n")
        #expect(findings(text).isEmpty, "the service may answer any tax: 40 + tax >= 100 can hold")
        let table = text.replacingOccurrences(of: Self.service, with: "tax: { US: 5 }")
        #expect(findings(table).map(\.0) == [.deadRoute], "with the table it cannot: 42.00 at most")
    }

    @Test func aServiceNoStepCallsIsAWarning() {
        let found = findings(Self.explicit(""))
        #expect(found.map(\.0) == [.ineffectiveSetting])
        #expect(found.first?.1 == .warning)
        #expect(found.first?.2 == "'taxService' is never called: the pipeline has no 'taxUpdate' step")
    }
}
