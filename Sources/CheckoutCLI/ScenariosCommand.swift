import ArgumentParser
import CheckoutLanguage
import CheckoutScenarios
import Foundation

/// `checkout scenarios FLOW`: writes a scenarios file whose scenarios together take every edge
/// and outcome of the compiled pipeline that the sandbox can drive (docs/testing.md,
/// "Generated suites").
struct ScenariosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "Generate a scenarios file that covers every reachable edge and outcome of a flow.",
        discussion: """
            Runs a fixed catalogue of answers (each payment method, each sandbox test card, each challenge answer, \
            each field rule broken, token-outlasting waits, …) against the sandbox, keeps a small set that takes every \
            edge `checkout test --coverage` counts, and writes each with its status, steps, provider calls and result. \
            Deterministic: the same flow gives the same file. What it cannot reach is listed, with why, at the top of \
            the file and on standard error.
            """)

    @Argument(help: "The flow file.", completion: .file(extensions: ["yaml", "yml"]))
    var flow: String

    @Option(
        help: ArgumentHelp(
            "Where to write the scenarios (`-`: standard output). Default: NAME.scenarios.yaml beside the flow.", valueName: "file"),
        completion: .file())
    var output: String?

    @Option(
        help: ArgumentHelp("A sandbox fixtures file (docs/testing.md): its cards and shoppers are tried too.", valueName: "file"),
        completion: .file())
    var fixtures: String?

    @Flag(help: "Replace the output file even when it was not generated (a hand-written suite).")
    var force = false

    func run() async throws {
        let compiled = FlowCompiler.compile(contentsOf: flow)
        let renderer = TextDiagnosticRenderer(color: Output.wantsColor(fileDescriptor: STDERR_FILENO))
        if !compiled.diagnostics.isEmpty { Output.standardError(renderer.render(file: compiled.diagnostics, source: compiled.source)) }
        guard let program = compiled.flow, !compiled.diagnostics.hasErrors else { throw ExitCode(ExitStatus.usage) }
        // A suite `checkout test` would not read is no use: say so before generating it.
        if let output, output != "-", !ScenarioSuite.isScenariosFile(output) {
            Output.standardError(
                "checkout: error: \(output) does not end in .scenarios.yaml, so checkout test would not read it; name the output NAME.scenarios.yaml\n"
            )
            throw ExitCode(ExitStatus.usage)
        }
        if let fixtures, !FileManager.default.isReadableFile(atPath: fixtures) {
            Output.error("cannot read the fixtures file \(fixtures)")
            throw ExitCode(ExitStatus.usage)
        }
        var generator = ScenarioGenerator(flowPath: flow, flow: program, fixtures: fixtures)
        let suite: ScenarioGenerator.Suite
        do {
            suite = try await generator.generate()
        } catch {
            Output.standardError(renderer.render(file: error.diagnostics, source: error.source))
            throw ExitCode(ExitStatus.usage)
        }
        let target = output == "-" ? nil : (output ?? generator.defaultOutput)
        let text = GeneratedSuiteWriter.text(suite, generator: generator, output: target)
        Output.standardError(GeneratedSuiteWriter.summary(suite, generator: generator).map { "checkout scenarios: \($0)\n" }.joined())
        guard let target else {
            Output.standardOutput(text)
            return
        }
        // A hand-written suite beside the flow is never replaced by accident.
        if !force, let existing = FileManager.default.contents(atPath: target),
            !String(decoding: existing.prefix(64), as: UTF8.self).hasPrefix(GeneratedSuiteWriter.headerStart)
        {
            Output.standardError(
                "checkout: error: \(target) exists and was not written by checkout scenarios; name another file with --output, "
                    + "or pass --force to replace it\n")
            throw ExitCode(ExitStatus.usage)
        }
        if let failure = OutputFile.write(text, to: target) {
            Output.error("cannot write \(failure)")
            throw ExitCode(ExitStatus.usage)
        }
        Output.standardError("checkout scenarios: wrote \(target)\n")
    }
}
