package import CheckoutLanguage
import CheckoutProviders
package import CheckoutRuntime

/// `checkout test --mutate`: makes the mutants of each flow under test (`FlowMutator`), and
/// runs the flow's scenarios against each, in-process, on the same seeds and clocks.
///
/// A mutant that does not compile is stillborn; one that compiles to the same flow as the
/// original (`FlowEquivalence`) is equivalent; neither is run or counted. Any other is killed
/// when a scenario that passes on the original fails on it (the rest of its scenarios are then
/// not run), and survives when every scenario still passes.
package struct MutationTester: Sendable {
    /// The flows under test, by path, compiled from their files.
    package var flows: [String: CompiledFlow]
    /// The flow files' bytes, by path.
    package var sources: [String: [UInt8]]
    /// False when the scenarios run against the sandbox, which answers at once on the run's
    /// simulated clock: a step's `timeout` can then never fire, so a mutant that changes only
    /// that cannot change any run and counts as equivalent — unless a scenario of the flow's
    /// suite has a fixture card with a `latency` (`SandboxWorld.hasSlowCards`), whose calls take
    /// time on that clock.
    package var timeoutsCanFire = true
    /// Whether the runs are against the sandbox (`ScenarioRunner.runsSandbox`).
    package var runsSandbox = true
    /// How many mutants are tried at once (at least 1).
    package var jobs: Int
    /// Makes each run's provider.
    package var provider: ProviderSource
    /// The mutation operators (`MutationOperator.all`; tests give their own).
    package var operators: [MutationOperator]

    /// Creates a tester.
    package init(
        flows: [String: CompiledFlow], sources: [String: [UInt8]], jobs: Int = 1, provider: ProviderSource,
        operators: [MutationOperator] = MutationOperator.all
    ) {
        self.operators = operators
        self.flows = flows
        self.sources = sources
        self.jobs = max(1, jobs)
        self.provider = provider
    }

    /// Mutation-tests the flows of `scenarios`, in the order their first scenario comes.
    /// First runs every scenario against the unmutated flows: when any fails, stops there and
    /// returns those outcomes in `baselineFailures`. `progress` is told each mutant's end
    /// (mutants done, mutants in all).
    package func run(
        _ scenarios: [(suite: String, scenario: Scenario)], progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async -> MutationReport {
        var runner = ScenarioRunner(flows: flows, jobs: jobs, provider: provider)
        runner.runsSandbox = runsSandbox
        let baseline = await runner.run(scenarios)
        let failures = baseline.filter { !$0.passed }
        if !failures.isEmpty { return MutationReport(flows: [], baselineFailures: failures) }

        var order: [String] = []
        for (_, scenario) in scenarios where !order.contains(scenario.flowPath) { order.append(scenario.flowPath) }
        var work: [(flow: Int, mutant: FlowMutant)] = []
        var reports: [FlowMutationReport] = []
        for (index, path) in order.enumerated() {
            let suite = scenarios.filter { $0.scenario.flowPath == path }
            reports.append(
                FlowMutationReport(flowPath: path, flowID: flows[path]?.definition.id ?? path, scenarios: suite.count, mutants: []))
            let mutants = sources[path].map { FlowMutator.mutants(of: $0, file: path, operators: operators) } ?? []
            work += mutants.map { (index, $0) }
        }
        let verdicts = await judge(
            work, suites: order.map { path in scenarios.filter { $0.scenario.flowPath == path } }, all: scenarios, progress: progress)
        for ((flow, mutant), verdict) in zip(work, verdicts) {
            reports[flow].mutants.append(MutantResult(mutant: mutant, verdict: verdict))
        }
        return MutationReport(flows: reports, baselineFailures: [])
    }

    /// The verdict on each mutant of `work`, in its order, at most `jobs` at a time.
    func judge(
        _ work: [(flow: Int, mutant: FlowMutant)], suites: [[(suite: String, scenario: Scenario)]],
        all: [(suite: String, scenario: Scenario)], progress: @escaping @Sendable (Int, Int) -> Void
    ) async -> [MutantVerdict] {
        var verdicts = [MutantVerdict?](repeating: nil, count: work.count)
        await withTaskGroup(of: (Int, MutantVerdict).self) { group in
            var next = 0
            var done = 0
            func startNext() {
                guard next < work.count else { return }
                let i = next
                next += 1
                let (flow, mutant) = work[i]
                let suite = suites[flow]
                group.addTask { (i, await self.verdict(on: mutant, suite: suite, all: all)) }
            }
            for _ in 0..<jobs { startNext() }
            for await (i, verdict) in group {
                verdicts[i] = verdict
                done += 1
                progress(done, work.count)
                startNext()
            }
        }
        return verdicts.map { $0 ?? .stillborn }
    }

    /// Compiles the mutant once, compares it with the original, and runs the suite on it.
    func verdict(
        on mutant: FlowMutant, suite: [(suite: String, scenario: Scenario)], all: [(suite: String, scenario: Scenario)] = []
    ) async -> MutantVerdict {
        let result = FlowCompiler.compile(mutant.bytes, file: mutant.file)
        guard let compiled = result.flow else { return .stillborn }
        if !timeoutsCanFire, mutant.keyPath.hasPrefix("steps["), mutant.keyPath.hasSuffix(".timeout"),
            !suite.contains(where: { $0.scenario.world?.hasSlowCards == true })
        {
            return .equivalent
        }
        if let original = flows[mutant.file], FlowEquivalence.equivalent(original, compiled) { return .equivalent }
        if compilerSaysNoEffect(result.diagnostics, mutant: mutant) { return .equivalent }
        var mutated = flows
        mutated[mutant.file] = compiled
        var runner = ScenarioRunner(flows: mutated, jobs: 1, provider: provider)
        runner.runsSandbox = runsSandbox
        for (name, scenario) in suite {
            // A chain's scenario runs after the chain's earlier ones, on one sandbox, as in the suite.
            var upTo: [(suite: String, scenario: Scenario)] = []
            if let key = scenario.unitKey {
                upTo = Array(all.filter { $0.scenario.unitKey == key }.prefix { $0.scenario.line != scenario.line })
            }
            upTo.append((suite: name, scenario: scenario))
            let outcomes = await ScenarioRunner.$chainState.withValue(
                scenario.chain == nil ? nil : SandboxState(world: scenario.world ?? .builtIn)
            ) {
                var out: [ScenarioOutcome] = []
                for (n, s) in upTo { out.append(await runner.run(s, suite: n)) }
                return out
            }
            if let failed = outcomes.first(where: { !$0.passed }) {
                return .killed(by: failed.scenario.name, file: failed.scenario.file, line: failed.scenario.line)
            }
        }
        return .survived
    }

    /// True when the compiler reports the mutated setting as having no effect (an
    /// `ineffective-setting` warning on the mutated line that the original flow does not get):
    /// `allowCurrencyChange: true` in a pipeline without a `currency` screen can change nothing
    /// any run shows, so such a mutant counts as equivalent.
    func compilerSaysNoEffect(_ diagnostics: [Diagnostic], mutant: FlowMutant) -> Bool {
        let line = mutant.location.line
        func flags(_ ds: [Diagnostic]) -> Bool { ds.contains { $0.rule == .ineffectiveSetting && $0.range?.start.line == line } }
        guard flags(diagnostics), let source = sources[mutant.file] else { return false }
        return !flags(FlowCompiler.compile(source, file: mutant.file).diagnostics)
    }
}
