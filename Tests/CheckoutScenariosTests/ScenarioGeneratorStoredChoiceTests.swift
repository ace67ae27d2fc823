import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Testing

/// `checkout scenarios` on a flow that charges the shopper's stored choice (`mode:
/// createPayment`): candidates give the flow's shopper another stored card through the
/// scenario's own `sandbox:`, so 3-D Secure failed and canceled and a declined sale are reached.
@Suite struct ScenarioGeneratorStoredChoiceTests {
    static let flowText = """
        flow: create-payment
        dsl: 1
        request:
          price: { amount: 42.00, currency: USD }
          mode: createPayment
          shopperId: "20848977"
          activate3DS: true
        """

    static func generator() throws -> ScenarioGenerator {
        let flow = try #require(FlowCompiler.compile(flowText, file: "suite/create-payment.yaml").flow)
        var generator = ScenarioGenerator(flowPath: "suite/create-payment.yaml", flow: flow)
        generator.files = memoryFiles(["suite/create-payment.yaml": flowText])
        return generator
    }

    @Test func storedChoicesReachThreeDSFailedAndCanceledAndADeclinedSale() async throws {
        var generator = try Self.generator()
        let suite = try await generator.generate()
        #expect(suite.unreached.isEmpty, "\(suite.unreached.map(\.item.key))")
        #expect(suite.coverage.coveredCount == suite.coverage.total)
        for key in ["route:threeDS:failed", "route:threeDS:canceled", "route:sale:declined"] {
            #expect(suite.coverage.covered.contains(key), "\(key)")
        }
        let labels = suite.chosen.map(\.candidate.label)
        #expect(labels.contains("stored Visa 1091 (3-D Secure challenge) with the challenge canceled"), "\(labels)")
        // The shopper keeps the world's name, email and addresses; one card, stored as the choice.
        let canceled = try #require(suite.chosen.first { $0.candidate.label.hasSuffix("with the challenge canceled") })
        let shopper = try #require(canceled.candidate.answers.shopper)
        #expect(shopper.id == "20848977")
        #expect(shopper.billing == SandboxData.shopper.billing)
        #expect(shopper.shipping == SandboxData.shopper.shipping)
        #expect(shopper.savedCards.map(\.last4) == ["1091"])
        #expect(shopper.chosenCardLast4 == "1091")
        // Written readably, brand + last 4 + expiry only, and the file reads back and passes.
        let text = GeneratedSuiteWriter.text(suite, generator: generator, output: "suite/create-payment.scenarios.yaml")
        #expect(
            text.contains(
                """
                - name: stored Visa 1091 (3-D Secure challenge) with the challenge canceled ends canceled
                  sandbox:
                    shoppers:
                      - id: "20848977"
                        name: John Doe
                        email: john@example.com
                """), "\(text)")
        #expect(
            text.contains("        savedCards: [{ brand: VISA, last4: \"1091\", expiry: \"12/2030\" }]\n        chosenCard: \"1091\"\n"))
        #expect(!text.contains("number"), "no card number in a suite that asks for no card")
        // Issue 19: a stored wallet is a fixture shopper's `chosenWallet`, paid by walletPayment.
        for key in ["stage:walletPayment", "route:walletPayment:success", "when:tokenize:false"] {
            #expect(suite.coverage.covered.contains(key), "\(key)")
        }
        #expect(labels.contains("stored PayPal"), "\(labels)")
        #expect(text.contains("        chosenWallet: paypal\n"), "\(text)")
        let offered = await generator.candidates().map(\.label)
        #expect(offered.contains("stored PayPal") && offered.contains("stored Apple Pay"), "\(offered)")
        let files = memoryFiles(["suite/create-payment.yaml": Self.flowText, "suite/create-payment.scenarios.yaml": text])
        let read = ScenarioReader.read(Array(text.utf8), file: "suite/create-payment.scenarios.yaml", files: files)
        let scenarios = try #require(read.file?.scenarios, "\(rendered(read))")
        let runner = ScenarioRunner(flows: ["suite/create-payment.yaml": generator.flow], provider: .sandbox)
        let outcomes = await runner.run(scenarios.map { ("create-payment", $0) })
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name): \(o.differences.map(\.message))") }
        var coverage = FlowCoverage(generator.flow, file: "suite/create-payment.yaml")
        for o in outcomes { coverage.add(RunCoverage(o.trace)) }
        #expect(coverage.coveredCount == coverage.total)
        // The same flow gives the same bytes.
        var again = try Self.generator()
        #expect(
            GeneratedSuiteWriter.text(try await again.generate(), generator: again, output: "suite/create-payment.scenarios.yaml") == text)
    }

    @Test func aFlowThatChargesNoStoredChoiceGetsNoStoredChoiceCandidates() async throws {
        let flow = try #require(FlowCompiler.compile(plainFlowText, file: "suite/checkout.yaml").flow)
        var generator = ScenarioGenerator(flowPath: "suite/checkout.yaml", flow: flow)
        generator.files = memoryFiles(["suite/checkout.yaml": plainFlowText])
        let candidates = await generator.candidates()
        #expect(!candidates.contains { $0.answers.shopper != nil || $0.label.hasPrefix("stored ") })
    }
}
