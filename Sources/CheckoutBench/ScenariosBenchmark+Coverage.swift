import CheckoutLanguage
import CheckoutScenarios
import Foundation

extension ScenariosBenchmark {
    /// What `checkout test --coverage` adds: the shipped scenarios as they are, run alone and
    /// run then read for coverage (`CoverageReport` over every run's trace), in alternating
    /// rounds (issue 18: coverage costs at most 10 % of scenario throughput, a ratio ≥ 0.90).
    static func coverageRatio(
        _ runner: ScenarioRunner, _ items: [(suite: String, scenario: Scenario)], flows: [String: CompiledFlow], budget: Double
    ) async {
        var seconds = (without: 0.0, with: 0.0)
        var rounds = 0
        var covered = (items: 0, total: 0)
        repeat {
            seconds.without += await time { _ = await runner.run(items) }
            seconds.with += await time {
                let report = CoverageReport(await runner.run(items), flows: flows)
                covered = (report.coveredCount, report.total)
            }
            rounds += 1
        } while seconds.without + seconds.with < budget
        print("  with --coverage (the shipped scenarios as they are; \(covered.items)/\(covered.total) items covered):")
        print(
            String(
                format: "  ratio with coverage / without: %.2f (%d alternating rounds of each: %.0f and %.0f scenarios/s)",
                seconds.without / seconds.with, rounds, Double(rounds * items.count) / seconds.without,
                Double(rounds * items.count) / seconds.with))
    }
}
