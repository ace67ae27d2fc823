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
            Exit 0 when every scenario passes, 1 when any fails, 2 for an invalid scenarios file or flow, or a usage error.
            """)

    @Argument(help: "Scenario files, flows, or directories.")
    var paths: [String]

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Option(help: "Run only part K of N of the selected scenarios (scenario i runs in shard i % N + 1).")
    var shard: String?

    @Option(help: "Run this many scenarios at once; output keeps file order.")
    var jobs = 1

    @Option(name: .customLong("tag"), help: "Run only scenarios with this tag (repeatable: any of them).")
    var tags: [String] = []

    @Option(name: .customLong("skip-tag"), help: "Skip scenarios with this tag (repeatable; wins over --tag).")
    var skipTags: [String] = []

    @OptionGroup var providerOptions: ProviderOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, such as 2/4; found \(UserText.quoted(shard))")
        }
    }

    func run() async throws {
        try Output.check(junit, what: "JUnit report")
        let files: [String]
        do {
            files = try ScenarioSuite.find(paths)
        } catch {
            throw ValidationError(error.message)
        }
        let suite = ScenarioSuite.load(files)
        if !suite.findings.isEmpty {
            let renderer = TextDiagnosticRenderer(color: Output.wantsColor(fileDescriptor: STDERR_FILENO))
            for (diagnostics, source) in suite.findings {
                Output.standardError(renderer.render(file: diagnostics, source: source))
            }
        }
        if suite.hasErrors { throw ExitCode(ExitStatus.usage) }

        let selection = ScenarioSelection(tags: tags, skipTags: skipTags, shard: shard.flatMap(Shard.init))
        let all = suite.files.flatMap { f in f.scenarios.map { (suite: f.suiteName, scenario: $0) } }
        let runsHere = selection.runs(tagsOf: all.map(\.scenario.tags))
        let selected = zip(all, runsHere).filter(\.1).map(\.0)
        let provider = try providerOptions.source(for: Array(suite.flows.values), connections: jobs)
        var runner = ScenarioRunner(flows: suite.flows, jobs: jobs, provider: provider)
        // JUnit's per-step detail shows every scenario's provider calls.
        runner.recordsProviderCalls = junit != nil
        let reported = Mutex<[ScenarioOutcome]>([])
        let notRun = selected.map { s in
            (suite: s.suite, scenario: s.scenario, flow: suite.flows[s.scenario.flowPath]?.definition.id ?? "")
        }
        let junit = self.junit
        let interruption = Interruption { signal in
            let done = reported.withLock { $0 }
            let name = Interruption.name(signal)
            Output.standardError(
                "checkout: interrupted by \(name) after \(done.count) of \(selected.count) scenarios"
                    + (junit == nil ? "\n" : "; the JUnit report lists the other \(selected.count - done.count) as errors\n"))
            if let junit {
                let document = JUnitWriter.document(
                    done, notRun: Array(notRun.dropFirst(done.count)), reason: "not run to its end: interrupted by \(name)")
                Output.write(document, to: junit, what: "JUnit report")
            }
            Foundation.exit(ExitStatus.interrupted(by: signal))
        }
        let outcomes = await runner.run(selected) { outcome in
            reported.withLock { $0.append(outcome) }
            Output.standardOutput(ScenarioReport.lines(outcome))
        }
        interruption.claimNormalEnd()
        let failed = outcomes.filter { !$0.passed }.count
        Output.standardOutput(
            ScenarioReport.summary(passed: outcomes.count - failed, failed: failed, skipped: all.count - selected.count))
        if let junit, !Output.write(JUnitWriter.document(outcomes), to: junit, what: "JUnit report") {
            throw ExitCode(ExitStatus.usage)
        }
        if failed > 0 { throw ExitCode(ExitStatus.scenariosFailed) }
    }
}
