import CheckoutProviders
import CheckoutRuntime
import Synchronization
import Testing

@testable import CheckoutScenarios

/// `checkout test` without `--junit`, `--update` or coverage keeps neither the runs' traces nor
/// the outcomes once reported: what it prints must not change.
@Suite struct ScenarioRunnerKeepingTests {
    static let stepsScenarios = """
        - name: the steps as they ran
          answers:
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
            \(StepsExpectationTests.billing)
          expect:
            steps:
              ran: [paymentMethod, card, billing, review, createToken, tokenize, charge]
              outcomes: { charge: approved, walletPayment: skipped }
        - name: the steps wrong
          answers:
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
            \(StepsExpectationTests.billing)
          expect:
            steps:
              attempts: { charge: 2 }
        - name: no steps expected
          answers:
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
            \(StepsExpectationTests.billing)
          expect: { status: success }
        """

    @Test func withoutKeptTracesStepsAreStillMatchedAndNoTraceIsKept() async throws {
        let suite = try StepsExpectationTests.suite(Self.stepsScenarios)
        let items = suite.scenarios.map { (suite: "steps", scenario: $0) }
        let kept = await ScenarioRunner(flows: suite.flows, provider: .sandbox).run(items)
        var runner = ScenarioRunner(flows: suite.flows, provider: .sandbox)
        runner.keepsTraces = false
        let light = await runner.run(items)
        #expect(light.map(\.differences) == kept.map(\.differences))
        #expect(light.map(\.passed) == [true, false, true])
        #expect(light[1].differences.map(\.message) == ["steps.attempts.charge: expected 2, got 1"])
        #expect(light.allSatisfy { $0.trace.isEmpty })
        #expect(kept.allSatisfy { !$0.trace.isEmpty })
        #expect(light.map(\.result.status) == kept.map(\.result.status))
    }

    @Test func withoutKeptOutcomesEachIsReportedInOrderAndNoneReturned() async throws {
        let (file, flows) = try ScenarioRunnerTests.load()
        let items = (0..<6).flatMap { _ in file.scenarios }.map { (suite: "checkout", scenario: $0) }
        var runner = ScenarioRunner(flows: flows, jobs: 3, provider: .sandbox)
        runner.keepsOutcomes = false
        let reported = Mutex<[String]>([])
        let passed = Mutex(0)
        let returned = await runner.run(items) { o in
            reported.withLock { $0.append(o.scenario.name) }
            if o.passed { passed.withLock { $0 += 1 } }
        }
        #expect(returned.isEmpty)
        #expect(reported.withLock { $0 } == items.map(\.scenario.name))
        #expect(passed.withLock { $0 } == 6 * 4)
    }
}
