import ArgumentParser
import CheckoutLanguage
import CheckoutScenarios
import Foundation

extension ScenarioSuite {
    /// Loads the scenarios files as `checkout test` and `checkout run --scenario` do: every
    /// finding on stderr, and nothing runs (exit 2) when any is an error.
    static func loadForCommand(_ files: [String], jobs: Int = 1) throws -> ScenarioSuite {
        let suite = ScenarioSuite.load(files, jobs: jobs)
        if !suite.findings.isEmpty {
            let renderer = TextDiagnosticRenderer(color: Output.wantsColor(fileDescriptor: STDERR_FILENO))
            for (diagnostics, source) in suite.findings {
                Output.standardError(renderer.render(file: diagnostics, source: source))
            }
        }
        if suite.hasErrors { throw ExitCode(ExitStatus.usage) }
        return suite
    }
}
