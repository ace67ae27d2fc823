package import CheckoutDomain
import CheckoutHeadless
package import CheckoutJSON
package import CheckoutLanguage
package import CheckoutProviders
package import CheckoutRuntime
import Synchronization

/// How one scenario went.
package struct ScenarioOutcome: Sendable {
    /// The scenario.
    package var scenario: Scenario
    /// The suite (scenarios file) it belongs to.
    package var suiteName: String
    /// The run's result.
    package var result: CheckoutResult
    /// What differed from the expectation; empty when it passed.
    package var differences: [ScenarioDifference]
    /// The run's trace events, for per-step detail.
    package var trace: [TraceEvent]
    /// The run's provider calls, in order (`provider.call` events as `{operation, stage,
    /// fields, answer}`); empty when the runner did not record them.
    package var providerCalls: [JSONValue] {
        trace.compactMap { e in
            guard e.event == ScenarioRunner.providerCallEvent else { return nil }
            var members = e.attributes
            if let stage = e.stage { members.insert(JSONMember("stage", .string(stage)), at: min(1, members.count)) }
            return .object(members)
        }
    }
    /// Wall time of the run.
    package var duration: Duration

    /// Whether the result matched the expectation.
    package var passed: Bool { differences.isEmpty }
}

/// Runs scenarios in-process: each against a fresh provider (from the `ProviderSource` it is
/// given: `ProviderSource.sandbox` offline), with its own seeded ids and
/// manual clock (retry backoff advances the clock instead of waiting), through the headless
/// front end, exactly as `checkout run --answers --seed --now` would.
package struct ScenarioRunner: Sendable {
    /// Compiled flows by path.
    package var flows: [String: CompiledFlow]
    /// How many scenarios run at once (at least 1).
    package var jobs: Int
    /// A monotonic reading, to time runs; injected so tests get fixed times.
    package var stopwatch: @Sendable () -> Duration
    /// Makes each run's provider.
    package var provider: ProviderSource
    /// Whether every run records its provider calls (a JUnit report shows them); false: only
    /// the runs of scenarios with `expect.sent`, as recording costs allocations.
    package var recordsProviderCalls = false
    /// Whether every outcome keeps its run's trace (a JUnit report's step detail and
    /// `--coverage` read it); false: only the runs of scenarios with `expect.steps` or
    /// `expect.sent` are traced, to be matched, and no outcome keeps a trace. Tracing a run
    /// allocates every event, and 10,000 kept traces were half of a suite's memory (issue 21).
    package var keepsTraces = true
    /// Whether `run(_:report:)` returns the outcomes; false: each is handed to `report` and
    /// then let go, and it returns none (`checkout test` without `--junit`, `--update` or
    /// coverage needs only the report's lines and counts).
    package var keepsOutcomes = true
    /// The flows each worker after the first runs its scenarios on, made when it starts
    /// (`ScenarioSuite.compiledAgain`); nil, or nil from it: every worker shares `flows`.
    package var workerFlows: (@Sendable () -> [String: CompiledFlow]?)?
    /// The shopper's language of every scenario (`checkout test --locale`); nil: each
    /// scenario's own, else its flow's, else English (`Scenario.headlessRun`).
    package var locale: ShopperLocale?
    /// Whether the runs are against the sandbox (no `--provider`, every flow's provider the
    /// sandbox): then a scenario's `sandbox:` fixtures apply, and a chain shares one sandbox.
    package var runsSandbox = true
    /// The sandbox state the scenarios of the chain being run share (`chain:`).
    @TaskLocal package static var chainState: SandboxState?
    /// The trace event of a provider call.
    package static let providerCallEvent = "provider.call"

    /// Creates a runner over compiled flows.
    package init(
        flows: [String: CompiledFlow], jobs: Int = 1, stopwatch: (@Sendable () -> Duration)? = nil, provider: ProviderSource
    ) {
        self.flows = flows
        self.jobs = max(1, jobs)
        self.provider = provider
        if let stopwatch {
            self.stopwatch = stopwatch
        } else {
            let origin = ContinuousClock.now
            self.stopwatch = { ContinuousClock.now - origin }
        }
    }

    /// Runs `scenarios` (each paired with its suite name), at most `jobs` at a time, and hands
    /// each outcome to `report` in the order given, whatever order the runs finish in: as soon as
    /// every scenario before it has been reported. Returns the outcomes in that order (none when
    /// `keepsOutcomes` is false).
    @discardableResult
    package func run(
        _ scenarios: [(suite: String, scenario: Scenario)], report: @escaping @Sendable (ScenarioOutcome) -> Void = { _ in }
    ) async -> [ScenarioOutcome] {
        await run(scenarios, report: report) { scenario, suite, flows in await self.run(scenario, suite: suite, flows: flows) }
    }

    /// `run(_:report:)` with the single run injected, so a test can finish runs out of order.
    ///
    /// `jobs` workers each take the next unit (a scenario, or a chain) until none is left, and
    /// the worker that finishes one reports whatever is now ready, in order, under one lock.
    /// No thread hands a scenario to another: a task per scenario, awaited by the caller, cost
    /// two futex calls per scenario (a third of a 10,000-scenario suite's time at `--jobs 1`).
    func run(
        _ scenarios: [(suite: String, scenario: Scenario)], report: @escaping @Sendable (ScenarioOutcome) -> Void,
        execute: @escaping @Sendable (Scenario, String) async -> ScenarioOutcome
    ) async -> [ScenarioOutcome] {
        await run(scenarios, report: report) { scenario, suite, _ in await execute(scenario, suite) }
    }

    /// `run(_:report:execute:)` with the flows of the worker that runs it.
    func run(
        _ scenarios: [(suite: String, scenario: Scenario)], report: @escaping @Sendable (ScenarioOutcome) -> Void,
        execute: @escaping @Sendable (Scenario, String, [String: CompiledFlow]) async -> ScenarioOutcome
    ) async -> [ScenarioOutcome] {
        let units = Self.units(scenarios.map(\.scenario))
        let board = ReportBoard(expected: scenarios.count, keeps: keepsOutcomes)
        @Sendable func work(isFirst: Bool) async {
            let flows = isFirst ? self.flows : (workerFlows?() ?? self.flows)
            while let u = board.claim(units.count) {
                let unit = units[u]
                let first = scenarios[unit[0]].scenario
                if first.chain == nil {
                    let outcome = await execute(first, scenarios[unit[0]].suite, flows)
                    board.finish(unit[0], outcome, report)
                    continue
                }
                // A chain: its scenarios in file order, sharing one sandbox, each reported as it ends.
                await Self.$chainState.withValue(SandboxState(world: first.world ?? .builtIn)) {
                    for i in unit {
                        let outcome = await execute(scenarios[i].scenario, scenarios[i].suite, flows)
                        board.finish(i, outcome, report)
                    }
                }
            }
        }
        let workers = min(jobs, units.count)
        if workers <= 1 {
            await work(isFirst: true)
        } else {
            await withTaskGroup(of: Void.self) { group in
                for w in 0..<workers { group.addTask { await work(isFirst: w == 0) } }
            }
        }
        return board.take()
    }

    /// Runs one scenario.
    package func run(_ scenario: Scenario, suite: String) async -> ScenarioOutcome {
        await run(scenario, suite: suite, flows: flows)
    }

    /// Runs one scenario on its flow among `flows`.
    func run(_ scenario: Scenario, suite: String, flows: [String: CompiledFlow]) async -> ScenarioOutcome {
        let started = stopwatch()
        let matchesTrace = scenario.expect.steps != nil || scenario.expect.sent != nil
        let trace = keepsTraces || matchesTrace ? MemoryTraceSink() : nil
        let result: CheckoutResult
        if let flow = flows[scenario.flowPath] {
            result = await scenario.headlessRun(flow, locale: locale).run(
                random: scenario.random, trace: trace, provider: provider(for: scenario),
                recordsProviderCalls: recordsProviderCalls || scenario.expect.sent != nil, signing: scenario.signing)
        } else {
            // The suite loader compiles every flow first; reaching here is a caller's mistake.
            result = CheckoutResult(status: .error, flow: scenario.flowPath, fraudSessionId: "")
        }
        var outcome = ScenarioOutcome(
            scenario: scenario, suiteName: suite, result: result, differences: ScenarioMatcher.differences(scenario.expect, result),
            trace: trace?.events ?? [], duration: .zero)
        if let steps = scenario.expect.steps {
            outcome.differences += StepsMatcher.differences(steps, trace: outcome.trace).map { ScenarioDifference($0) }
        }
        if let sent = scenario.expect.sent {
            outcome.differences += SentMatcher.differences(expected: sent.items, calls: outcome.providerCalls, file: sent.file)
                .map { ScenarioDifference($0) }
        }
        if !keepsTraces { outcome.trace = [] }
        if flows[scenario.flowPath] == nil {
            outcome.differences.insert(ScenarioDifference("flow \(scenario.flowPath) was not compiled"), at: 0)
        }
        outcome.duration = stopwatch() - started
        return outcome
    }

    /// The provider of `scenario`'s run: against the sandbox, one built from the built-in world
    /// plus its file's fixtures, with the running chain's state or a new one; else `provider`.
    package func provider(for scenario: Scenario) -> ProviderSource {
        guard runsSandbox, scenario.runsOnItsOwnSandbox else { return provider }
        let world = scenario.world ?? .builtIn
        let shared = Self.chainState
        return .sandbox(world: world) { shared ?? SandboxState(world: world) }
    }

    /// The units `scenarios` run as, each a list of indices: a chain (the scenarios of one file
    /// with one `chain`, in file order) at its first scenario's place, every other scenario alone.
    package static func units(_ scenarios: [Scenario]) -> [[Int]] {
        var units: [[Int]] = []
        var unitOf: [String: Int] = [:]
        for (i, scenario) in scenarios.enumerated() {
            if let key = scenario.unitKey {
                if let u = unitOf[key] {
                    units[u].append(i)
                    continue
                }
                unitOf[key] = units.count
            }
            units.append([i])
        }
        return units
    }
}

/// The runs' shared state: the next unit to take (an atomic counter), and behind one lock the
/// outcomes that ended before an earlier one and those reported.
///
/// One worker at a time hands outcomes to `report`, outside the lock: a worker that finishes
/// while another is reporting leaves its outcome for that one and goes on to the next unit.
/// With `report` called under the lock, the two workers of `--jobs 2` waited for each other's
/// reports often enough to show in a profile (a contended lock is a system call here).
private final class ReportBoard: Sendable {
    private struct State {
        var waiting: [Int: ScenarioOutcome] = [:]
        var reported: [ScenarioOutcome] = []
        /// How many outcomes have been reported (`reported.count` when they are kept).
        var reportedCount = 0
        /// Whether the reported outcomes are kept, to be returned.
        var keeps = true
        /// Whether a worker is handing outcomes to `report` now.
        var reporting = false

        /// Counts `o` as reported, and keeps it when outcomes are kept.
        mutating func keep(_ o: ScenarioOutcome) {
            reportedCount += 1
            if keeps { reported.append(o) }
        }

        /// The outcomes now next in order, moved to `reported`.
        mutating func takeReady() -> [ScenarioOutcome] {
            var ready: [ScenarioOutcome] = []
            while let o = waiting.removeValue(forKey: reportedCount) {
                keep(o)
                ready.append(o)
            }
            return ready
        }
    }

    private let next = Atomic<Int>(0)
    private let state: Mutex<State>

    init(expected: Int, keeps: Bool) {
        var s = State()
        s.keeps = keeps
        if keeps { s.reported.reserveCapacity(expected) }
        state = Mutex(s)
    }

    /// The next unit's index, or nil when every unit is taken.
    func claim(_ count: Int) -> Int? {
        let n = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return n < count ? n : nil
    }

    /// Keeps `outcome` (scenario `index`) and, unless another worker is reporting, reports
    /// every outcome that is now next in order, and those that become next meanwhile. Reports
    /// never overlap and never come out of order; at `--jobs 1` each is made before the next
    /// scenario starts.
    func finish(_ index: Int, _ outcome: ScenarioOutcome, _ report: (ScenarioOutcome) -> Void) {
        var ready = state.withLock { s -> [ScenarioOutcome] in
            if !s.reporting, index == s.reportedCount, s.waiting.isEmpty {
                s.keep(outcome)
                s.reporting = true
                return [outcome]
            }
            s.waiting[index] = outcome
            if s.reporting { return [] }
            let ready = s.takeReady()
            s.reporting = !ready.isEmpty
            return ready
        }
        while !ready.isEmpty {
            for o in ready { report(o) }
            ready = state.withLock { s in
                let more = s.takeReady()
                s.reporting = !more.isEmpty
                return more
            }
        }
    }

    /// The reported outcomes, leaving none.
    func take() -> [ScenarioOutcome] {
        state.withLock { s in
            defer { s.reported = [] }
            return s.reported
        }
    }
}
