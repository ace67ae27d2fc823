import CheckoutProviders
import CheckoutRuntime
import Synchronization
import Testing

@testable import CheckoutScenarios

/// Holds the first scenario's run until every other one has finished, so completion order is
/// the reverse of file order for it.
actor FinishLastGate {
    private let others: Int
    private var finished = 0
    private var waiting: CheckedContinuation<Void, Never>?

    init(others: Int) { self.others = others }

    func waitForOthers() async {
        if finished == others { return }
        await withCheckedContinuation { waiting = $0 }
    }

    func finishedOne() {
        finished += 1
        if finished == others, let w = waiting {
            waiting = nil
            w.resume()
        }
    }
}

@Suite struct ScenarioRunnerOrderTests {
    @Test func outcomesAreReportedInFileOrderWhenRunsFinishOutOfOrder() async throws {
        let (file, flows) = try ScenarioRunnerTests.load()
        let items = file.scenarios.map { (suite: "checkout", scenario: $0) }
        let runner = ScenarioRunner(flows: flows, jobs: items.count, provider: .sandbox)
        let gate = FinishLastGate(others: items.count - 1)
        let completed = Mutex<[String]>([])
        let reported = Mutex<[String]>([])
        let first = items[0].scenario.name
        let outcomes = await runner.run(items, report: { o in reported.withLock { $0.append(o.scenario.name) } }) { scenario, suite in
            if scenario.name == first { await gate.waitForOthers() }
            let o = await runner.run(scenario, suite: suite)
            completed.withLock { $0.append(scenario.name) }
            if scenario.name != first { await gate.finishedOne() }
            return o
        }
        #expect(completed.withLock { $0.last } == first, "the gate did not reorder the runs")
        #expect(reported.withLock { $0 } == items.map(\.scenario.name))
        #expect(outcomes.map(\.scenario.name) == items.map(\.scenario.name))
    }

    @Test func noMoreThanJobsRunAtOnce() async throws {
        let (file, flows) = try ScenarioRunnerTests.load()
        let items = (0..<4).flatMap { _ in file.scenarios }.map { (suite: "checkout", scenario: $0) }
        let runner = ScenarioRunner(flows: flows, jobs: 3, provider: .sandbox)
        let counts = Mutex((running: 0, peak: 0))
        _ = await runner.run(items, report: { _ in }) { scenario, suite in
            counts.withLock {
                $0.running += 1; $0.peak = max($0.peak, $0.running)
            }
            let o = await runner.run(scenario, suite: suite)
            counts.withLock { $0.running -= 1 }
            return o
        }
        #expect(counts.withLock { $0.peak } <= 3)
    }

    /// An interrupted suite's JUnit lists what was reported: a scenario that ended must be
    /// reported before the next one starts (`--jobs 1`), not when a batch or the suite ends.
    @Test func eachOutcomeIsReportedBeforeTheNextScenarioStarts() async throws {
        let (file, flows) = try ScenarioRunnerTests.load()
        let items = (0..<3).flatMap { _ in file.scenarios }.map { (suite: "checkout", scenario: $0) }
        let runner = ScenarioRunner(flows: flows, jobs: 1, provider: .sandbox)
        let reported = Mutex(0)
        let started = Mutex(0)
        let unreportedAtStart = Mutex<[Int]>([])
        _ = await runner.run(items, report: { _ in reported.withLock { $0 += 1 } }) { scenario, suite in
            let n = started.withLock { s in
                defer { s += 1 }
                return s
            }
            if reported.withLock({ $0 }) != n { unreportedAtStart.withLock { $0.append(n) } }
            return await runner.run(scenario, suite: suite)
        }
        #expect(unreportedAtStart.withLock { $0 } == [])
        #expect(reported.withLock { $0 } == items.count)
    }
}
