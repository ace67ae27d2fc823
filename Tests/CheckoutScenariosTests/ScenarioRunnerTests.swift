import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Synchronization
import Testing

/// Scenarios of the plain flow, run in-process.
@Suite struct ScenarioRunnerTests {
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
        - name: expects the wrong thing
          answers: *visa
          expect: { status: declined }
        - name: expired on the scenario's clock
          now: 2031-02-01T00:00:00Z
          answers: *visa
          expect: { status: invalid, errors: [{ path: card.expiry, code: card_expired }] }
        - name: paypal
          answers: { paymentMethod: paypal }
          expect: { paymentType: PAYPAL }
        """

    static func load() throws -> (ScenarioFile, [String: CompiledFlow]) {
        let read = readScenarios(scenariosText, others: ["suite/checkout.yaml": plainFlowText])
        let file = try #require(read.file, "\(rendered(read))")
        let flow = try #require(FlowCompiler.compile(plainFlowText, file: "suite/checkout.yaml").flow)
        return (file, ["suite/checkout.yaml": flow])
    }

    @Test func passesAndFailuresWithTheirDifferences() async throws {
        let (file, flows) = try Self.load()
        let outcomes = await ScenarioRunner(flows: flows, provider: .sandbox).run(file.scenarios.map { ("checkout", $0) })
        #expect(outcomes.map(\.passed) == [true, true, false, true, true])
        #expect(outcomes[2].differences == ["expected status declined, got success"])
        #expect(
            ScenarioReport.lines(outcomes[2]) == """
                FAIL checkout › expects the wrong thing
                       suite/checkout.scenarios.yaml:11: expected status declined, got success
                       got: status success, exitCode 0, paymentType CC

                """)
        #expect(ScenarioReport.lines(outcomes[0]) == "ok   checkout › visa approved\n")
        // The trace holds the steps, for JUnit's per-step detail.
        #expect(outcomes[1].trace.contains { $0.event == "step.end" && $0.stage == "sale" })
    }

    @Test func parallelRunsReportInFileOrderAndMatchSerialRuns() async throws {
        let (file, flows) = try Self.load()
        let many = (0..<6).flatMap { _ in file.scenarios }.map { (suite: "checkout", scenario: $0) }
        let order = Mutex<[String]>([])
        let serial = await ScenarioRunner(flows: flows, jobs: 1, provider: .sandbox).run(many)
        let parallel = await ScenarioRunner(flows: flows, jobs: 4, provider: .sandbox).run(many) { o in
            order.withLock { $0.append(o.scenario.name) }
        }
        #expect(order.withLock { $0 } == many.map(\.scenario.name))
        #expect(parallel.map(\.scenario.name) == many.map(\.scenario.name))
        #expect(parallel.map(ScenarioReport.lines) == serial.map(ScenarioReport.lines))
        // Seeded and clocked per scenario: the same ids whichever task ran it.
        #expect(parallel.map(\.result.fraudSessionId) == serial.map(\.result.fraudSessionId))
        #expect(parallel.map { $0.result.transaction?.id } == serial.map { $0.result.transaction?.id })
    }

    @Test func runTimesComeFromTheInjectedStopwatch() async throws {
        let (file, flows) = try Self.load()
        let outcome = await ScenarioRunner(flows: flows, stopwatch: steppingStopwatch(), provider: .sandbox).run(
            file.scenarios[0], suite: "checkout")
        #expect(outcome.duration == .milliseconds(5))
    }
}
