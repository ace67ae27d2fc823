import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Testing

/// `checkout scenarios`: the candidate catalogue, the covering choice and the written suite
/// (docs/testing.md, "Generated suites").
@Suite struct ScenarioGeneratorTests {
    /// A card checkout whose declined charge goes back to the card screen, with a guarded
    /// 3-D Secure step that a billing country decides and a choice the shopper makes.
    static let flowText = """
        flow: routed
        dsl: 1
        request:
          price: { amount: 40.00, currency: USD }
          withEmail: true
          allowCurrencyChange: false
        fields:
          custom:
            - { id: speed, title: Delivery speed, options: [standard, express], required: true }
        screens:
          - kind: paymentMethod
            methods: [card, paypal]
          - id: card
            kind: creditCard
          - kind: billing
          - kind: form
          - kind: review
        steps:
          - kind: createToken
          - kind: tokenize
          - id: verify
            kind: threeDS
            when: billing.country == US
            on: { failed: end, canceled: end }
          - id: charge
            kind: sale
            on: { declined: card }
          - kind: walletPayment
        """

    static func generator(_ text: String = flowText) throws -> ScenarioGenerator {
        let flow = try #require(FlowCompiler.compile(text, file: "suite/routed.yaml").flow)
        var generator = ScenarioGenerator(flowPath: "suite/routed.yaml", flow: flow)
        generator.files = memoryFiles(["suite/routed.yaml": text])
        return generator
    }

    @Test func theCoveringChoiceIsGreedyTakesTheEarliestOnATieAndKeepsIndexOrder() {
        let sets: [Set<String>] = [["a"], ["a", "b"], ["b", "c"], ["c", "d"], ["a", "b", "c", "d"], ["e"]]
        #expect(ScenarioGenerator.choose(sets) == [4, 5])
        // A tie between 1 and 2 (two new keys each) goes to the earlier one.
        #expect(ScenarioGenerator.choose([["a", "b"], ["c", "d"], ["a", "c"]]) == [0, 1])
        #expect(ScenarioGenerator.choose(sets, starting: [0]) == [0, 4, 5])
        #expect(ScenarioGenerator.choose([]) == [])
    }

    @Test func answerDraftsKeepTheirKeysInOrderAndWriteFlowStyle() {
        var draft = AnswerDraft()
        draft.set("card.number", .string("4111 1111 1111 1111"))
        draft.set("billing.zip", .string("10001"))
        draft.set("card.cvv", .string("123"))
        draft.set("paymentMethod", .string("card"))
        #expect(draft.leafPaths == ["card.number", "card.cvv", "billing.zip", "paymentMethod"])
        #expect(
            draft.lines(indent: 2) == [
                "  card: { number: \"4111 1111 1111 1111\", cvv: \"123\" }", "  billing: { zip: \"10001\" }", "  paymentMethod: card",
            ])
        draft.remove("billing.zip")
        draft.remove("card.cvv")
        #expect(draft.leafPaths == ["card.number", "paymentMethod"])
        #expect(draft.value(at: "card.number") == .string("4111 1111 1111 1111"))
    }

    @Test func aTestCardIsWrittenAsTheSandboxDocsWriteItWithItsBrandsCodeLength() {
        #expect(GeneratorValues.card("378282246310005")["number"] == .string("3782 822463 10005"))
        #expect(GeneratorValues.card("378282246310005")["cvv"] == .string("1234"))
        #expect(GeneratorValues.card("4000000000009995")["number"] == .string("4000 0000 0000 9995"))
        #expect(GeneratorValues.card("4000000000009995")["cvv"] == .string("123"))
    }

    @Test func theCatalogueTriesEverySandboxTestCardEachChallengeAnswerAndEachChoice() async throws {
        let generator = try Self.generator()
        let candidates = try await generator.candidates()
        let happy = try #require(candidates.first)
        #expect(happy.label == "happy path")
        // Completed from what the runs asked for: a method, a card, billing, the custom field.
        #expect(happy.answers.value(at: "paymentMethod") == .string("card"))
        #expect(happy.answers.value(at: "custom.speed") == .string("standard"))
        #expect(happy.answers.value(at: "billing.email") != nil)
        // Every test card of the sandbox's own table that behaves otherwise than the plain card
        // in this flow, grouped as shipped scenarios write them; a plain Mastercard takes the
        // plain Visa's path here (every brand is accepted, no `when` reads the card).
        let numbers = Set(candidates.compactMap { $0.answers.value(at: "card.number")?.string })
        let plain = GeneratorValues.behaviorClass(.standard, in: generator.flow)
        var others = 0
        for digits in SandboxCardBehavior.testCardNumbers
        where GeneratorValues.behaviorClass(SandboxCardBehavior.forNumber(digits), in: generator.flow) != plain {
            #expect(numbers.map { $0.filter(\.isNumber) }.contains(digits), "\(digits.suffix(4))")
            others += 1
        }
        #expect(others > 12)
        #expect(!numbers.contains("5555 5555 5555 4444"))
        let labels = candidates.map(\.label)
        #expect(labels.contains("Visa card (declined with insufficient_funds)"))
        // A second card after a decline: once per way of declining (the first such card in
        // order), not once per decline code.
        #expect(labels.contains("Visa card (declined with expired_card) then another card"))
        #expect(!labels.contains("Visa card (declined with insufficient_funds) then another card"))
        #expect(labels.contains("Visa card (3-D Secure challenge) with the challenge canceled"))
        #expect(labels.contains("Visa card (3-D Secure challenge) with a wrong challenge code"))
        #expect(labels.contains("speed express"))
        #expect(labels.contains("pays with paypal"))
        #expect(labels.contains("billing in DE"))
        #expect(labels.contains("card.number invalid"))
        #expect(labels.contains("waits \(GeneratorValues.tokenOutlastingWait) at review"))
        // A challenge card is completed with the sandbox's code.
        let challenge = try #require(candidates.first { $0.label == "Visa card (3-D Secure challenge)" })
        #expect(challenge.answers.value(at: "threeDS.code") == .string(SandboxData.challengeCode))
    }

    @Test func theChosenSuiteCoversEveryEdgeAndReadsBackAndPasses() async throws {
        var generator = try Self.generator()
        let suite = try await generator.generate()
        #expect(suite.coverage.percent == 100, "\(suite.unreached.map(\.item.key))")
        #expect(suite.unreached.isEmpty)
        #expect(suite.chosen.count < suite.tried)
        #expect(suite.chosen.first?.candidate.label == "happy path")
        #expect(suite.chosen.contains { $0.outcome.result.status == .declined })
        // Run the written file as `checkout test` would: every scenario passes.
        let text = GeneratedSuiteWriter.text(suite, generator: generator, output: "suite/routed.scenarios.yaml")
        #expect(text.hasPrefix("# Generated by `checkout scenarios routed.yaml`"))
        #expect(text.contains("coverage \(suite.coverage.total)/\(suite.coverage.total) 100.0%"))
        #expect(!text.contains("  flow: "), "beside the flow, the flow is the default")
        let files = memoryFiles(["suite/routed.yaml": Self.flowText, "suite/routed.scenarios.yaml": text])
        let read = ScenarioReader.read(Array(text.utf8), file: "suite/routed.scenarios.yaml", files: files)
        let scenarios = try #require(read.file?.scenarios, "\(rendered(read))")
        #expect(scenarios.count == suite.chosen.count)
        let runner = ScenarioRunner(flows: ["suite/routed.yaml": generator.flow], provider: .sandbox)
        let outcomes = await runner.run(scenarios.map { ("routed", $0) })
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name): \(o.differences.map(\.message))") }
        var coverage = FlowCoverage(generator.flow, file: "suite/routed.yaml")
        for o in outcomes { coverage.add(RunCoverage(o.trace)) }
        #expect(coverage.coveredCount == coverage.total)
    }

    /// A card screen with `inputEvents: true`: each written scenario says which input-line events
    /// it sent, so the generated suite notices the setting turned off (`checkout test --mutate`).
    @Test func theWrittenStepsSayWhichInputLineEventsACardScreenSent() async throws {
        let text = """
            flow: routed
            dsl: 1
            request:
              price: { amount: 15.00, currency: USD }
            screens:
              - id: card
                kind: creditCard
                inputEvents: true
            steps:
              - kind: createToken
              - kind: tokenize
              - kind: sale
            """
        var generator = try Self.generator(text)
        let suite = try await generator.generate()
        let written = GeneratedSuiteWriter.text(suite, generator: generator, output: "suite/routed.scenarios.yaml")
        #expect(written.contains("      inputs: { card: [startEdit, endEdit, willCheck, didCheck, didSubmit] }\n"), "\(written)")
        // A card that fails the input line's check is never submitted.
        #expect(written.contains("      inputs: { card: [startEdit, endEdit, willCheck, didCheck] }\n"), "\(written)")
        let files = memoryFiles(["suite/routed.yaml": text, "suite/routed.scenarios.yaml": written])
        let read = ScenarioReader.read(Array(written.utf8), file: "suite/routed.scenarios.yaml", files: files)
        let scenarios = try #require(read.file?.scenarios, "\(rendered(read))")
        let outcomes = await ScenarioRunner(flows: ["suite/routed.yaml": generator.flow], provider: .sandbox).run(
            scenarios.map { ("routed", $0) })
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name): \(o.differences.map(\.message))") }
        // The flow above without `inputEvents` writes no `inputs`.
        var plain = try Self.generator(text.replacingOccurrences(of: "    inputEvents: true\n", with: ""))
        let plainSuite = try await plain.generate()
        #expect(!GeneratedSuiteWriter.text(plainSuite, generator: plain, output: "suite/routed.scenarios.yaml").contains("inputs:"))
    }

    @Test func anEdgeNoSandboxInputTakesIsListedWithItsReason() async throws {
        // The sandbox never declines a void: `release`'s declined route cannot be taken.
        let text = """
            flow: voids
            dsl: 1
            request:
              price: { amount: 40.00, currency: USD }
              transactionType: auth
              allowCurrencyChange: false
            screens:
              - kind: creditCard
              - kind: billing
            steps:
              - kind: createToken
              - kind: tokenize
              - kind: authorize
              - id: release
                kind: void
            """
        var generator = try Self.generator(text)
        let suite = try await generator.generate()
        let keys = suite.unreached.map(\.item.key)
        #expect(keys == ["route:release:declined"], "\(keys)")
        #expect(suite.unreached.first?.reason.contains("no sandbox input makes release end declined") == true)
        let summary = GeneratedSuiteWriter.summary(suite, generator: generator).joined(separator: "\n")
        #expect(summary.contains("Not reached (1):\n  suite/routed.yaml"), "\(summary)")
        #expect(summary.contains("route release declined → end"))
    }
}
