import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Testing

/// Chains (`chain: NAME`): the chain's scenarios share one sandbox in file order, and are one
/// unit for `--jobs` and `--shard`; other scenarios stay independent.
@Suite struct ScenarioChainTests {
    static let chooseFlow = """
        flow: choose
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          mode: choosePayment
          shopperId: "20848977"
        """
    static let createFlow = """
        flow: create
        dsl: 1
        request:
          price: { amount: 42.00, currency: USD }
          mode: createPayment
          shopperId: "20848977"
        """
    static let text = """
        - name: store the Mastercard
          flow: choose.yaml
          chain: mc
          answers: { paymentMethod: card, card: { number: "5555 5555 5555 4444", expiry: "06/31", cvv: "123", storeCard: true } }
          expect: { status: success }
        - name: independent, between the chain's scenarios
          flow: create.yaml
          answers: {}
          expect: { status: success, result: { creditCard: { last4Digits: "1111" } } }
        - name: charge the stored choice
          flow: create.yaml
          chain: mc
          answers: {}
          expect: { status: success, result: { creditCard: { ccType: MASTERCARD, last4Digits: "4444" } } }
        """

    static func load(_ text: String = text) throws -> ([Scenario], [String: CompiledFlow]) {
        let read = readScenarios(text, others: ["suite/choose.yaml": chooseFlow, "suite/create.yaml": createFlow])
        let file = try #require(read.file, "\(rendered(read))")
        let flows = [
            "suite/choose.yaml": try #require(FlowCompiler.compile(chooseFlow, file: "suite/choose.yaml").flow),
            "suite/create.yaml": try #require(FlowCompiler.compile(createFlow, file: "suite/create.yaml").flow),
        ]
        return (file.scenarios, flows)
    }

    @Test(arguments: [1, 3]) func aChainSharesOneSandboxInOrderAndOthersStayIndependent(jobs: Int) async throws {
        let (scenarios, flows) = try Self.load()
        let runner = ScenarioRunner(flows: flows, jobs: jobs, provider: .sandbox)
        let outcomes = await runner.run(scenarios.map { ("suite", $0) })
        #expect(outcomes.map(\.scenario.name) == scenarios.map(\.name))
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name)") }
    }

    @Test func aChainedScenarioRunAloneDoesNotSeeTheChain() async throws {
        let (scenarios, flows) = try Self.load()
        let runner = ScenarioRunner(flows: flows, provider: .sandbox)
        let alone = await runner.run([("suite", scenarios[2])])
        #expect(alone.map(\.passed) == [false])
    }

    @Test func aChainIsOneUnitForShards() throws {
        let (scenarios, _) = try Self.load()
        #expect(ScenarioRunner.units(scenarios) == [[0, 2], [1]])
        for k in 1...2 {
            let runs = ScenarioSelection(shard: Shard("\(k)/2")).runs(scenarios)
            #expect(runs[0] == runs[2])
        }
        #expect(ScenarioSelection(shard: Shard("1/2")).runs(scenarios) == [true, false, true])
        #expect(ScenarioSelection(shard: Shard("2/2")).runs(scenarios) == [false, true, false])
    }
}
