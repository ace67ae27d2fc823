import ArgumentParser
import CheckoutLanguage
import CheckoutRuntime
import CheckoutScenarios
import Foundation

/// `checkout test --mutate`: mutation testing of the suites (docs/testing.md#mutation-testing).
extension TestCommand {
    /// The options that only go with `--mutate`, and those that do not.
    func validateMutation() throws {
        if !mutate {
            if minMutationScore != nil { throw ValidationError("--min-mutation-score goes with --mutate") }
            if json { throw ValidationError("--json goes with --mutate") }
            return
        }
        if junit != nil { throw ValidationError("--junit does not go with --mutate") }
        if let minMutationScore, !(0...100).contains(minMutationScore) {
            throw ValidationError("--min-mutation-score must be a percent from 0 to 100; found \(minMutationScore)")
        }
    }

    /// Mutation-tests the flows of the selected scenarios and prints the report; exits 1 when
    /// a scenario fails on an unmutated flow or the score is below `--min-mutation-score`.
    func runMutation(
        _ selected: [(suite: String, scenario: Scenario)], flows: [String: CompiledFlow], provider: ProviderSource
    ) async throws {
        var sources: [String: [UInt8]] = [:]
        for path in Set(selected.map(\.scenario.flowPath)) {
            guard case .success(let bytes) = SourceFile.read(path: path, maxBytes: YAMLLimits.default.maxBytes) else {
                Output.error("cannot read \(path) to mutate it")
                throw ExitCode(ExitStatus.usage)
            }
            sources[path] = bytes
        }
        var tester = MutationTester(flows: flows, sources: sources, jobs: jobs, provider: provider)
        tester.runsSandbox = providerOptions.runsSandbox(Array(flows.values))
        // Against the sandbox (no --provider, every flow's own provider the sandbox), no call takes
        // time on the run's clock, so step timeouts cannot fire — but for a fixture card's `latency`,
        // which the tester looks for in each flow's suite.
        tester.timeoutsCanFire =
            providerOptions.provider.map { $0 != .sandbox } ?? flows.values.contains { $0.definition.provider.name != .sandbox }
        let report = await tester.run(selected) { done, total in
            if done == total || done % 50 == 0 { Output.standardError("checkout: mutate: \(done) of \(total) mutants\n") }
        }
        if !report.baselineFailures.isEmpty {
            for outcome in report.baselineFailures { Output.standardOutput(ScenarioReport.lines(outcome)) }
            Output.standardError(
                "checkout: error: --mutate needs every scenario to pass on the unmutated flows; \(report.baselineFailures.count) failed, "
                    + "so no mutant was made\n")
            throw ExitCode(ExitStatus.scenariosFailed)
        }
        Output.standardOutput(json ? MutationReportText.json(report) : MutationReportText.text(report))
        if let minMutationScore, !report.meets(minMutationScore) {
            Output.standardError(
                "checkout: error: mutation score \(MutationReportText.percent(report.score)) is below --min-mutation-score \(minMutationScore)\n"
            )
            throw ExitCode(ExitStatus.scenariosFailed)
        }
    }
}
