import CheckoutLanguage
import CheckoutScenarios
import Foundation

extension ScenariosBenchmark {
    /// What `checkout test --coverage` adds: the shipped scenarios as they are, run alone and
    /// run then read for coverage (`CoverageReport` over every run's trace), in alternating
    /// rounds (issue 18: coverage costs at most 10 % of scenario throughput, a ratio ≥ 0.90) —
    /// all of them, then those whose flows start no process (no signing command, no tax
    /// service: the runs are short and the reading weighs most) — and the reading alone.
    static func coverageRatio(
        _ runner: ScenarioRunner, _ items: [(suite: String, scenario: Scenario)], flows: [String: CompiledFlow], budget: Double
    ) async {
        let unsigned = items.filter { item in
            guard let flow = flows[item.scenario.flowPath] else { return false }
            return flow.definition.taxService == nil && !flow.pipeline.stages.contains { $0.hooks.contains(.signature) }
        }
        print("  with --coverage (the shipped scenarios as they are):")
        let all = await alternate(runner, items, flows: flows, budget: budget / 2, what: "all \(items.count)")
        let unsignedRun = await alternate(
            runner, unsigned, flows: flows, budget: budget / 2, what: "the \(unsigned.count) that start no process")
        // The reading alone, on one round's outcomes: what coverage adds per scenario, without
        // the noise of the runs around it.
        let outcomes = await runner.run(items)
        var readings = 0
        var covered = (items: 0, total: 0)
        let reading = await time {
            let start = DispatchTime.now().uptimeNanoseconds
            repeat {
                let report = CoverageReport(outcomes, flows: flows)
                covered = (report.coveredCount, report.total)
                readings += 1
            } while Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < budget / 4
        }
        let perScenarioReading = reading / Double(readings * items.count)
        print(
            String(
                format:
                    "  coverage reading alone: %.1f µs per scenario (%d readings of all %d; %d/%d items covered): %.1f%% of an average run (%.0f µs), %.1f%% of one that starts no process (%.0f µs)",
                perScenarioReading * 1e6, readings, items.count, covered.items, covered.total, perScenarioReading / all * 100, all * 1e6,
                perScenarioReading / unsignedRun * 100, unsignedRun * 1e6))
    }

    /// Alternating rounds of `items` without and with coverage for `budget` seconds; prints
    /// the ratio and returns the seconds per scenario without.
    static func alternate(
        _ runner: ScenarioRunner, _ items: [(suite: String, scenario: Scenario)], flows: [String: CompiledFlow], budget: Double,
        what: String
    ) async -> Double {
        var seconds = (without: 0.0, with: 0.0)
        var rounds = 0
        repeat {
            seconds.without += await time { _ = await runner.run(items) }
            seconds.with += await time { _ = CoverageReport(await runner.run(items), flows: flows) }
            rounds += 1
        } while seconds.without + seconds.with < budget
        print(
            String(
                format: "  ratio with coverage / without, %@: %.2f (%d alternating rounds of each: %.0f and %.0f scenarios/s)",
                what, seconds.without / seconds.with, rounds, Double(rounds * items.count) / seconds.without,
                Double(rounds * items.count) / seconds.with))
        return seconds.without / Double(rounds * items.count)
    }
}
