import ArgumentParser
import CheckoutDomain
import CheckoutLanguage
import CheckoutScenarios
import Foundation
import Synchronization

/// `checkout test PATH…`: run scenario files (SPEC §12, docs/testing.md).
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scenario files (*.scenarios.yaml) against their flows.",
        discussion: """
            Directories are searched for *.scenarios.yaml; a flow NAME.yaml stands for the NAME.scenarios.yaml beside it. \
            Exit 0 when every scenario passes, 1 when any fails, 2 for an invalid scenarios file or flow, or a usage error. \
            With --mutate, exit 1 also when the mutation score is below --min-mutation-score; \
            with --min-coverage, exit 1 also when flow coverage is below it.
            """)

    @Argument(help: "Scenario files, flows, or directories.", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]

    @Option(help: "Write a JUnit XML report to this file (valid against Jenkins' junit-10.xsd).", completion: .file(extensions: ["xml"]))
    var junit: String?

    @Flag(
        help:
            "Also write file and line on each JUnit <testcase>, where GitLab and the GitHub JUnit actions read them (Jenkins' schema does not allow them)."
    )
    var junitTestcaseLocations = false

    @Option(help: "Run only part K of N of the selected scenarios (scenario i runs in shard i % N + 1).")
    var shard: String?

    @Option(help: "Run this many scenarios at once (with --mutate: mutants); output keeps file order.")
    var jobs = 1

    @Option(
        name: .customLong("tag"), help: "Run only scenarios with this tag (repeatable: any of them).", completion: .custom(Completions.tags)
    )
    var tags: [String] = []

    @Option(
        name: .customLong("skip-tag"), help: "Skip scenarios with this tag (repeatable; wins over --tag).",
        completion: .custom(Completions.tags))
    var skipTags: [String] = []

    @Option(
        name: .customLong("filter"),
        help: ArgumentHelp(
            "Run only scenarios whose name contains this text, ignoring case (repeatable: any of them; with --tag, both must hold).",
            valueName: "text"))
    var filters: [String] = []
    @Flag(
        help: ArgumentHelp(
            "Rewrite the expect.result of the selected scenarios from what they now give, and print the diff of each file.",
            discussion: "Exit 0 when every selected scenario then passes. Without --update nothing is written."))
    var update = false
    @Flag(
        help:
            "Mutation-test the suites: change each flow under test in small ways, one at a time, and report the changes no scenario noticed."
    )
    var mutate = false

    @Option(help: "With --mutate: exit 1 when the mutation score (percent) is below this.")
    var minMutationScore: Double?

    @Flag(help: "With --mutate: print the report as JSON.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Report flow coverage: stages run, guards both ways, outcome routes taken; with FILE (ending .json, or --coverage=FILE), also as JSON.",
            valueName: "file"), completion: .file())
    var coverage: String?

    /// `--coverage` without a file (see `coverageArguments`).
    @Flag(name: .customLong("coverage-summary"), help: .hidden)
    var coverageSummary = false

    @Option(help: "Exit 1 when flow coverage (percent) is below this; implies --coverage.")
    var minCoverage: Double?

    @Option(help: LocaleOption.help)
    var locale: String?

    @OptionGroup var providerOptions: ProviderOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        _ = try LocaleOption.parse(locale)
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, such as 2/4; found \(UserText.quoted(shard))")
        }
        try validateMutation()
        try validateCoverage()
    }

    func run() async throws {
        try Output.claimStandardOutput([("--junit", junit), ("--coverage", coverage)])
        try Output.check(junit, what: "JUnit report")
        try Output.check(coverage, what: "coverage report")
        let files: [String]
        do {
            files = try ScenarioSuite.find(paths)
        } catch {
            throw ValidationError(error.message)
        }
        let suite = try ScenarioSuite.loadForCommand(files, jobs: jobs)

        let selection = ScenarioSelection(tags: tags, skipTags: skipTags, shard: shard.flatMap(Shard.init), filters: filters)
        let all = suite.files.flatMap { f in f.scenarios.map { (suite: f.suiteName, scenario: $0) } }
        let selected = selection.selectsAll ? all : zip(all, selection.runs(all.map(\.scenario))).filter(\.1).map(\.0)
        let provider = try providerOptions.source(for: Array(suite.flows.values), connections: jobs)
        if mutate { return try await runMutation(selected, flows: suite.flows, provider: provider) }
        var runner = ScenarioRunner(flows: suite.flows, jobs: jobs, provider: provider)
        runner.runsSandbox = providerOptions.runsSandbox(Array(suite.flows.values))
        runner.locale = try LocaleOption.parse(locale)
        // JUnit's per-step detail shows every scenario's provider calls.
        runner.recordsProviderCalls = junit != nil
        runner.keepsTraces = junit != nil || wantsCoverage
        runner.workerFlows = { suite.compiledAgain() }
        // Without a JUnit report, `--update` or coverage, no outcome is kept once it is reported:
        // its lines and the counts are all that is left of it.
        runner.keepsOutcomes = junit != nil || update || wantsCoverage
        let reported = Mutex<(outcomes: [ScenarioOutcome], count: Int, failed: Int)>(([], 0, 0))
        // Report lines go out in writes of up to 16 KB (about 300 scenarios; 10 ms of a fast
        // suite), not one write per scenario: 10,000 writes were a tenth of a suite's time.
        // Lines are never held longer than 100 ms (slow scenarios still show as they end), and
        // whatever is held is written before anything else is (interruption, summary).
        let pending = Mutex((text: "", since: ContinuousClock.now))
        @Sendable func flushReport() {
            let text = pending.withLock { p in
                defer { p = ("", ContinuousClock.now) }
                return p.text
            }
            if !text.isEmpty { Output.report(text) }
        }
        // What an interrupted run's JUnit report lists as not run.
        let notRun =
            junit == nil
            ? []
            : selected.map { s in
                (suite: s.suite, scenario: s.scenario, flow: suite.flows[s.scenario.flowPath]?.definition.id ?? "")
            }
        let junit = self.junit
        let locations = junitTestcaseLocations
        let interruption = Interruption { signal in
            flushReport()
            let (done, count) = reported.withLock { ($0.outcomes, $0.count) }
            let name = Interruption.name(signal)
            Output.standardError(
                "checkout: error: interrupted by \(name) after \(count) of \(selected.count) scenarios"
                    + (junit == nil ? "\n" : "; the JUnit report lists the other \(selected.count - done.count) as errors\n"))
            if let junit {
                let document = JUnitWriter.document(
                    done, notRun: Array(notRun.dropFirst(done.count)), reason: "not run to its end: interrupted by \(name)",
                    testcaseLocations: locations)
                Output.write(document, to: junit, what: "JUnit report")
            }
            Foundation.exit(ExitStatus.interrupted(by: signal))
        }
        let keepsForJUnit = junit != nil
        let outcomes = await runner.run(selected) { outcome in
            reported.withLock { r in
                if keepsForJUnit { r.outcomes.append(outcome) }
                r.count += 1
                if !outcome.passed { r.failed += 1 }
            }
            let full = pending.withLock { p in
                p.text += ScenarioReport.lines(outcome)
                return p.text.utf8.count >= 16 << 10 || ContinuousClock.now - p.since >= .milliseconds(100)
            }
            if full { flushReport() }
        }
        flushReport()
        interruption.claimNormalEnd()
        let (count, failed) = reported.withLock { ($0.count, $0.failed) }
        Output.report(ScenarioReport.summary(passed: count - failed, failed: failed, skipped: all.count - selected.count))
        if let junit, !Output.write(JUnitWriter.document(outcomes, testcaseLocations: locations), to: junit, what: "JUnit report") {
            throw ExitCode(ExitStatus.usage)
        }
        if update {
            try updateExpectations(outcomes)
            return
        }
        let coverageHolds = try wantsCoverage ? reportCoverage(outcomes, flows: suite.flows) : true
        if failed > 0 || !coverageHolds { throw ExitCode(ExitStatus.scenariosFailed) }
    }

    /// `--update`: rewrites the files, prints their diffs, then checks the outcomes against the
    /// rewritten expectations; exit 1 when any still fails (on a key `--update` does not write).
    func updateExpectations(_ outcomes: [ScenarioOutcome]) throws {
        let updates = ScenarioUpdater.plan(outcomes)
        for u in updates {
            guard Output.write(String(decoding: u.bytes, as: UTF8.self), to: u.path, what: "scenarios file") else {
                throw ExitCode(ExitStatus.usage)
            }
            Output.report(u.diff)
        }
        let stillFailing = ScenarioUpdater.stillFailing(outcomes, updated: Set(updates.map(\.path)))
        Output.report(
            "updated \(updates.count) scenarios file\(updates.count == 1 ? "" : "s")"
                + (stillFailing.isEmpty ? "\n" : "; still failing: " + stillFailing.map(\.scenario.name).joined(separator: ", ") + "\n"))
        if !stillFailing.isEmpty { throw ExitCode(ExitStatus.scenariosFailed) }
    }
}
