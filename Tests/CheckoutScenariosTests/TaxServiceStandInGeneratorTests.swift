import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// `checkout scenarios` on a flow with a `taxService`: the service's failure is the merchant's
/// business, so only a stand-in reaches `taxUpdate`'s `failed` route; the happy path keeps the
/// real service.
@Suite struct TaxServiceStandInGeneratorTests {
    /// A real service that reads what it is given and always answers 2.00, and its failure
    /// routed back to the review (a service that keeps failing ends the run by the visit limit).
    static let flowText = """
        flow: taxed
        dsl: 1
        request:
          price: { amount: 40.00, currency: USD }
        taxService:
          command: [sh, -c, 'cat > /dev/null; echo "{\\"taxAmount\\": \\"2.00\\"}"']
          timeout: 2s
          attempts: 2
        screens:
          - kind: creditCard
          - kind: billing
          - kind: review
        steps:
          - kind: createToken
          - { kind: taxUpdate, on: { failed: review } }
          - kind: tokenize
          - kind: sale
        """

    /// In the temporary folder, which exists: the command runs there.
    static let flowPath = FileManager.default.temporaryDirectory.appendingPathComponent("taxed.yaml").path

    @Test func standInsReachTheFailureRouteAndTheHappyPathKeepsTheRealService() async throws {
        let flow = try #require(FlowCompiler.compile(Self.flowText, file: Self.flowPath).flow)
        var generator = ScenarioGenerator(flowPath: Self.flowPath, flow: flow)
        generator.files = memoryFiles([Self.flowPath: Self.flowText])
        let suite = try await generator.generate()
        #expect(suite.unreached.isEmpty, "\(suite.unreached.map(\.item.key))")
        #expect(suite.coverage.covered.contains("route:taxUpdate:failed"), "\(suite.coverage.covered.sorted())")
        // The happy path's tax is the real service's answer.
        let happy = try #require(suite.chosen.first)
        #expect(happy.candidate.answers.taxService == nil)
        #expect(happy.outcome.result.json["priceDetails"]?["taxAmount"] == .number("2.00"))
        let standIns = suite.chosen.filter { $0.candidate.answers.taxService != nil }
        #expect(!standIns.isEmpty)
        let text = GeneratedSuiteWriter.text(suite, generator: generator, output: nil)
        #expect(
            text.contains(
                "- name: \"tax service fails: routed to review, ends failed too_many_attempts\"\n  taxService: { fails: the service is down }\n"
            ), "\(text)")
        // The file reads back and every scenario passes.
        let candidatePath = generator.defaultOutput
        let read = ScenarioReader.read(
            Array(text.utf8), file: candidatePath, files: memoryFiles([Self.flowPath: Self.flowText, candidatePath: text]))
        let scenarios = try #require(read.file?.scenarios)
        #expect(scenarios.contains { $0.taxService == .fails(reason: "the service is down") })
        let outcomes = await ScenarioRunner(flows: [Self.flowPath: flow], provider: .sandbox).run(scenarios.map { ("taxed", $0) })
        #expect(outcomes.filter { !$0.passed }.isEmpty, "\(outcomes.filter { !$0.passed }.map(\.differences))")
    }

    @Test func aFlowWithoutAServiceGetsNoStandIns() async throws {
        let flow = try #require(FlowCompiler.compile(plainFlowText, file: "suite/checkout.yaml").flow)
        var generator = ScenarioGenerator(flowPath: "suite/checkout.yaml", flow: flow)
        generator.files = memoryFiles(["suite/checkout.yaml": plainFlowText])
        let candidates = await generator.candidates()
        #expect(!candidates.contains { $0.answers.taxService != nil })
    }
}
