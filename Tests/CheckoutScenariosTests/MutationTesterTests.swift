import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Synchronization
import Testing

/// `MutationTester`: verdicts on mutants, what counts in the score, and the report.
@Suite struct MutationTesterTests {
    static let flowText = """
        flow: checkout
        dsl: 1
        request:
          price: { amount: 25.00, currency: USD }
          withEmail: true
          withShipping: false
        tax:
          US-NY: 8.875

        """

    static let scenariosText = """
        - name: visa approved
          answers: &visa
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
            billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
          expect: { status: success, exitCode: 0, paymentType: CC }
        - name: declined
          answers:
            card: { number: "4000 0000 0000 9995", expiry: "12/30", cvv: "123" }
            billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
          expect: { status: declined, declineCode: insufficient_funds }
        """

    /// Rewrites `25.00` as `25.0`: the same amount, so the same compiled flow.
    static let respell = MutationOperator(name: "respell", summary: "", changes: { $0.text == "25.00" ? ["25.0"] : [] })
    /// Writes `yes` into a bool: the compiler refuses it.
    static let typo = MutationOperator(name: "typo", summary: "", changes: { $0.key == "withEmail" ? ["yes"] : [] })
    static let boolean = MutationOperator.all.first { $0.name == "boolean" }
    static let number = MutationOperator.all.first { $0.name == "number" }

    /// A tester over the flow, with a provider source that counts the runs it serves.
    static func tester(
        flow: String = flowText, scenarios: String = scenariosText, operators: [MutationOperator], runs: RunCount
    ) throws -> (MutationTester, [(suite: String, scenario: Scenario)]) {
        let read = readScenarios(scenarios, others: ["suite/checkout.yaml": flow])
        let file = try #require(read.file, "\(rendered(read))")
        let compiled = try #require(FlowCompiler.compile(flow, file: "suite/checkout.yaml").flow)
        let counting = ProviderSource { flow, clock, random in
            runs.count.withLock { $0 += 1 }
            return ProviderSource.sandbox.make(flow, clock, random)
        }
        let tester = MutationTester(
            flows: ["suite/checkout.yaml": compiled], sources: ["suite/checkout.yaml": Array(flow.utf8)], jobs: 2, provider: counting,
            operators: operators)
        return (tester, file.scenarios.map { ("checkout", $0) })
    }

    @Test func verdictsCountsAndScore() async throws {
        let runs = RunCount()
        let (tester, scenarios) = try Self.tester(
            operators: [Self.respell, Self.typo, try #require(Self.boolean), try #require(Self.number)], runs: runs)
        let report = await tester.run(scenarios)
        let flow = try #require(report.flows.first)
        #expect(
            flow.mutants.map { "\($0.mutant.change) \($0.verdict.word)" } == [
                "request.price.amount 25.00 → 25.0 equivalent",
                "request.price.amount 25.00 → 0 stillborn",
                "request.price.amount 25.00 → 26.00 survived",
                "request.withEmail true → yes stillborn",
                "request.withEmail true → false killed",
                "request.withShipping false → true killed",
                "tax rate US-NY 8.875 → 0 survived",
                "tax rate US-NY 8.875 → 9.875 survived",
            ])
        // Without withEmail the answered email is refused (not_offered): the scenarios kill it.
        // A sale of 0 does not compile (zero-amount): that mutant is stillborn.
        #expect((flow.killed, flow.survived, flow.equivalent, flow.stillborn) == (2, 3, 1, 2))
        // Equivalent and stillborn mutants are not in the score: 2 / (2 + 3).
        #expect(report.score.map { ($0 * 10).rounded() } == 400)
        #expect(report.meets(40) && !report.meets(41))
        #expect(
            flow.mutants.first { $0.verdict.word == "killed" }?.verdict
                == .killed(by: "visa approved", file: "suite/checkout.scenarios.yaml", line: 1))
    }

    @Test func anEquivalentMutantIsNeitherRunNorCounted() async throws {
        let runs = RunCount()
        let (tester, scenarios) = try Self.tester(operators: [Self.respell], runs: runs)
        let report = await tester.run(scenarios)
        #expect(report.flows.first?.mutants.map(\.verdict.word) == ["equivalent"])
        #expect(report.score == nil && report.meets(100))
        // The two runs of the unmutated flow, none of the mutant.
        #expect(runs.count.withLock { $0 } == 2)
        #expect(
            MutationReportText.text(report).hasSuffix("mutation score n/a: 0 killed, 0 survived, 1 equivalent, 0 stillborn in 1 flow\n"))
    }

    @Test func aMutantTheCompilerSaysHasNoEffectIsEquivalent() async throws {
        // An explicit pipeline without a currency screen: allowCurrencyChange true changes
        // nothing, and the compiler says so (ineffective-setting on the mutated line).
        let flow = """
            flow: checkout
            dsl: 1
            request:
              price: { amount: 25.00, currency: USD }
              allowCurrencyChange: false
            screens:
              - kind: creditCard
              - kind: billing
            steps:
              - kind: createToken
              - kind: tokenize
              - kind: sale

            """
        let runs = RunCount()
        let (tester, scenarios) = try Self.tester(flow: flow, operators: [try #require(Self.boolean)], runs: runs)
        let report = await tester.run(scenarios)
        #expect(
            report.flows.first?.mutants.map { "\($0.mutant.change) \($0.verdict.word)" } == [
                "request.allowCurrencyChange false → true equivalent"
            ])
        #expect(runs.count.withLock { $0 } == 2, "only the original's two runs")
    }

    @Test func aStepTimeoutAgainstTheSandboxIsEquivalent() async throws {
        // The sandbox answers at once on the run's clock: no timeout can fire.
        let flow = """
            flow: checkout
            dsl: 1
            request:
              price: { amount: 25.00, currency: USD }
            screens:
              - kind: creditCard
              - kind: billing
            steps:
              - kind: createToken
              - kind: tokenize
              - { id: sale, kind: sale, timeout: 10s }

            """
        let duration = try #require(MutationOperator.all.first { $0.name == "duration" })
        let runs = RunCount()
        var (tester, scenarios) = try Self.tester(flow: flow, operators: [duration], runs: runs)
        tester.timeoutsCanFire = false
        #expect(await tester.run(scenarios).flows.first?.mutants.map(\.verdict.word) == ["equivalent"])
        tester.timeoutsCanFire = true
        #expect(await tester.run(scenarios).flows.first?.mutants.map(\.verdict.word) == ["survived"])

        // A fixture card with a `latency` takes time on the run's clock: against the sandbox the
        // timeout can fire, so its mutant is counted, and a scenario with that card kills it.
        let slow = """
            - name: a gateway 2 s slow
              sandbox: { cards: [{ number: 4000 0000 0000 0036, latency: 2s }] }
              answers:
                card: { number: "4000 0000 0000 0036", expiry: "12/30", cvv: "123" }
                billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
              expect: { status: success, steps: { attempts: { sale: 1 } } }
            """
        var (slowTester, slowScenarios) = try Self.tester(flow: flow, scenarios: slow, operators: [duration], runs: runs)
        slowTester.timeoutsCanFire = false
        #expect(await slowTester.run(slowScenarios).flows.first?.mutants.map(\.verdict.word) == ["killed"])
    }

    @Test func survivorsAreReportedWithFileLineAndChange() async throws {
        let runs = RunCount()
        let (tester, scenarios) = try Self.tester(operators: [try #require(Self.number), try #require(Self.boolean)], runs: runs)
        let report = await tester.run(scenarios)
        #expect(
            MutationReportText.text(report) == """
                mutate checkout (suite/checkout.yaml, 2 scenarios): 6 mutants
                  survived  suite/checkout.yaml:4  request.price.amount 25.00 → 26.00  (number)
                  survived  suite/checkout.yaml:8  tax rate US-NY 8.875 → 0  (number)
                  survived  suite/checkout.yaml:8  tax rate US-NY 8.875 → 9.875  (number)
                  2 killed, 3 survived, 0 equivalent, 1 stillborn; mutation score 40.0%
                mutation score 40.0%: 2 killed, 3 survived, 0 equivalent, 1 stillborn in 1 flow

                """)
        let json = MutationReportText.json(report)
        #expect(json.contains(#""change": "tax rate US-NY 8.875 → 0""#))
        #expect(json.contains(#""killedBy": "suite/checkout.scenarios.yaml:1 visa approved""#))
        for output in [MutationReportText.text(report), json] {
            #expect(!output.contains("4111") && !output.contains("4000 0000") && !output.contains("123"))
        }
    }

    @Test func aScenarioFailingOnTheOriginalStopsBeforeAnyMutant() async throws {
        let runs = RunCount()
        let failing = Self.scenariosText.replacingOccurrences(of: "declineCode: insufficient_funds", with: "declineCode: lost_card")
        let (tester, scenarios) = try Self.tester(scenarios: failing, operators: MutationOperator.all, runs: runs)
        let report = await tester.run(scenarios)
        #expect(report.flows.isEmpty)
        #expect(report.baselineFailures.map(\.scenario.name) == ["declined"])
        #expect(runs.count.withLock { $0 } == 2)
    }
}

/// How many runs a provider source served.
final class RunCount: Sendable {
    let count = Mutex(0)
}
