import ArgumentParser
import CheckoutLanguage
import CheckoutScenarios
import Foundation

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
            throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, such as 2/4; found '\(shard)'")
        }
    }

    func run() async throws {
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
        let runner = ScenarioRunner(flows: suite.flows, jobs: jobs, provider: provider)
        let outcomes = await runner.run(selected) { Output.standardOutput(ScenarioReport.lines($0)) }
        let failed = outcomes.filter { !$0.passed }.count
        Output.standardOutput(
            ScenarioReport.summary(passed: outcomes.count - failed, failed: failed, skipped: all.count - selected.count))
        if let junit {
            do {
                try Output.write(JUnitWriter.document(outcomes), to: junit)
            } catch {
                Output.standardError("checkout: cannot write the JUnit report \(junit): \(error.localizedDescription)\n")
                throw ExitCode(ExitStatus.usage)
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
