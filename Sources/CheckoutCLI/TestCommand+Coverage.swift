import ArgumentParser
import CheckoutLanguage
import CheckoutScenarios
import Foundation

/// `checkout test --coverage [FILE]` and `--min-coverage P` (docs/testing.md, "Flow coverage").
extension TestCommand {
    /// True when the run reports coverage.
    var wantsCoverage: Bool { coverage != nil || coverageSummary || minCoverage != nil }

    /// Checks the coverage options.
    func validateCoverage() throws {
        if let minCoverage, !(0...100).contains(minCoverage) {
            throw ValidationError("--min-coverage must be a percentage from 0 to 100; found \(minCoverage)")
        }
        if wantsCoverage, mutate { throw ValidationError("--coverage and --min-coverage cannot be used with --mutate") }
        if wantsCoverage, update { throw ValidationError("--coverage and --min-coverage cannot be used with --update") }
    }

    /// Prints the coverage of `outcomes`, writes its JSON when a file was named, and returns
    /// false when it is below `--min-coverage`.
    func reportCoverage(_ outcomes: [ScenarioOutcome], flows: [String: CompiledFlow]) throws -> Bool {
        let report = CoverageReport(outcomes, flows: flows)
        Output.report(report.text)
        if let file = coverage, !Output.write(report.json.serialized(pretty: true) + "\n", to: file, what: "coverage report") {
            throw ExitCode(ExitStatus.usage)
        }
        guard let minCoverage, report.percent < minCoverage else { return true }
        Output.standardError(
            "checkout: error: coverage \(report.coveredCount)/\(report.total) (\(CoverageReport.formatted(report.percent))) is below --min-coverage \(minCoverage)%\n"
        )
        return false
    }

    /// Rewrites `--coverage` so it takes an optional value: the next argument is its FILE
    /// only when it ends in `.json` (`--coverage=FILE` names any file); otherwise `--coverage`
    /// stands alone (text summary only) and becomes the hidden `--coverage-summary`.
    static func coverageArguments(_ arguments: [String]) -> [String] {
        guard arguments.first == "test" else { return arguments }
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" {
                out += arguments[i...]
                break
            }
            if argument == "--coverage" {
                if i + 1 < arguments.count, arguments[i + 1].hasSuffix(".json"), !arguments[i + 1].hasPrefix("-") {
                    out.append("--coverage=\(arguments[i + 1])")
                    i += 2
                    continue
                }
                out.append("--coverage-summary")
            } else {
                out.append(argument)
            }
            i += 1
        }
        return out
    }
}
