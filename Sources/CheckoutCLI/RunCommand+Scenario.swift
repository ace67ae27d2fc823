import ArgumentParser
import CheckoutDomain
import CheckoutLanguage
import CheckoutScenarios
import Foundation

/// `checkout run --scenario FILE#NAME`: one scenario replayed exactly as `checkout test` runs
/// it, printed as `checkout run` prints a run (docs/testing.md, "Replaying one scenario").
extension RunCommand {
    func replay(_ reference: String, locale: ShopperLocale?) async throws {
        let given = [(flow != nil, "a flow file"), (answers != nil, "--answers"), (seed != nil, "--seed"), (now != nil, "--now")]
            .filter(\.0).map(\.1)
        if !given.isEmpty {
            throw ValidationError(
                "--scenario replays the scenario's own flow, answers, seed and clock: drop \(given.joined(separator: ", "))")
        }
        if journal != nil { throw ValidationError("--journal cannot be used with --scenario: a scenario is replayed whole") }
        let (path, name): (String, String)
        let files: [String]
        do throws(ScenarioError) {
            (path, name) = try ScenarioReplay.reference(reference)
            files = try ScenarioSuite.find([path])
            if files.count != 1 { throw ScenarioError("--scenario names one scenarios file; \(path) holds \(files.count)") }
        } catch {
            throw ValidationError(error.message)
        }
        // The whole file is read and its flows compiled, as `checkout test FILE` does: a file
        // with errors runs nothing (exit 2), and `--provider-url` resolves against its flows.
        let suite = try ScenarioSuite.loadForCommand(files)
        guard let file = suite.files.first else { throw ExitCode(ExitStatus.usage) }
        let scenario: Scenario
        do {
            scenario = try ScenarioReplay.scenario(named: name, in: file)
        } catch {
            throw ValidationError(error.message)
        }
        guard let program = suite.flows[scenario.flowPath] else { throw ExitCode(ExitStatus.usage) }
        try Output.check(result, what: "result")
        try Output.check(trace, what: "trace")
        var runner = ScenarioRunner(
            flows: suite.flows, provider: try providerOptions.source(for: Array(suite.flows.values), connections: 2))
        runner.runsSandbox = providerOptions.runsSandbox(Array(suite.flows.values))
        // The file's `sandbox:` fixtures; a chain's scenario runs alone, on a sandbox of its own.
        let provider = runner.provider(for: scenario)
        let headless = scenario.headlessRun(program, locale: locale)
        let traceFile = try trace.map(Self.openTrace)
        let watch = RunWatch(forwardingTo: traceFile.map(Self.traceSink))
        let outputs = RunOutputs(result: result, json: json, traceFile: traceFile)
        let interruption = Interruption { signal in outputs.interrupted(by: signal, flow: program, watch: watch) }
        if let report = headless.problemReport(color: Output.wantsColor(fileDescriptor: STDERR_FILENO)) {
            Output.standardError(report)
        }
        let outcome = await headless.run(
            random: scenario.random, trace: watch, steps: watch, provider: provider, signing: scenario.signing)
        interruption.claimNormalEnd()
        try outputs.finish(outcome, summary: true)
    }
}
