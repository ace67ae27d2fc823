import CheckoutLanguage
import CheckoutProviders
import CheckoutScenarios
import Foundation

/// `--scenarios [--seconds S]`: every scenario under `flows/`, run in this process one at a
/// time (`--jobs 1`), over and over for S seconds: scenarios per second of `checkout test`'s
/// runner, without process start-up, file reading or compiling (measured once, separately).
enum ScenariosBenchmark {
    static func run(budget: Double) async throws -> Bool {
        let dir = BenchEnvironment.root.appendingPathComponent("flows").path
        let loadStart = DispatchTime.now().uptimeNanoseconds
        let suite = ScenarioSuite.load(try ScenarioSuite.find([dir]))
        let loadSeconds = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e9
        guard !suite.hasErrors else {
            print("checkout-bench: the scenarios under \(dir) do not load; run `checkout test flows`")
            return false
        }
        // Scenarios tagged `slow` wait on the wall clock on purpose (the tax service's real
        // timeout, killed after a second per attempt): they measure waiting, not the runner.
        let all = suite.files.flatMap { f in f.scenarios.map { (suite: f.suiteName, scenario: $0) } }
        let items = all.filter { !$0.scenario.tags.contains("slow") }
        let runner = ScenarioRunner(flows: suite.flows, jobs: 1, provider: .sandbox)
        print(
            "checkout-bench: \(items.count) scenarios in \(suite.files.count) files, \(suite.flows.count) flows, one at a time, \(budget)s"
                + " (\(all.count - items.count) tagged slow left out)"
        )
        print(String(format: "  load (read scenarios files + compile flows, once): %.2f ms", loadSeconds * 1000))
        let warmUp = await runner.run(items)
        let failed = warmUp.filter { !$0.passed }
        if !failed.isEmpty {
            print("  \(failed.count) scenarios fail; run `checkout test flows` first")
            return false
        }
        // Today's figure: the scenarios with the six shorthand keys only (no `expect.result`,
        // `steps` or `sent`).
        let plain = items.map { item in
            var scenario = item.scenario
            scenario.expect.result = nil
            scenario.expect.steps = nil
            scenario.expect.sent = nil
            return (suite: item.suite, scenario: scenario)
        }
        let perSecond = await measure(runner, plain, budget: budget)
        // The same scenarios, each with its whole result as `expect.result` and every call it
        // makes as `expect.sent` (its own records, every field): every run records its calls and
        // matches all of them and every fact of its result (issue 17: at least 0.8x).
        var recording = runner
        recording.recordsProviderCalls = true
        let full = zip(plain, await recording.run(plain)).map { item, outcome in
            var scenario = item.scenario
            let text = "[" + outcome.providerCalls.map { $0.serialized() }.joined(separator: ", ") + "]"
            let calls = YAMLParser.parse(text, file: nil).root?.sequence ?? []
            scenario.expect.sent = ExpectedCalls(items: calls, file: scenario.file)
            if let node = YAMLParser.parse(outcome.result.json.serialized(), file: nil).root {
                scenario.expect.result = ExpectedNode(node: node, file: scenario.file)
            }
            return (suite: item.suite, scenario: scenario)
        }
        let sentCalls = full.reduce(0) { $0 + ($1.scenario.expect.sent?.items.count ?? 0) }
        guard (await runner.run(full)).allSatisfy(\.passed) else {
            print("  the scenarios with their own results and calls expected do not pass")
            return false
        }
        print("  with expect.result (the whole result) and expect.sent (\(sentCalls) calls) on every scenario:")
        let perSecondFull = await measure(runner, full, budget: budget)
        print(String(format: "  ratio of the two blocks: %.2f", perSecondFull / perSecond))
        // The ratio from alternating rounds of both, so a change in the machine's load
        // between two timed blocks does not decide it.
        var seconds = (without: 0.0, with: 0.0)
        var rounds = 0
        repeat {
            seconds.without += await time { _ = await runner.run(plain) }
            seconds.with += await time { _ = await runner.run(full) }
            rounds += 1
        } while seconds.without + seconds.with < budget
        print(
            String(
                format:
                    "  ratio with expect.result and expect.sent / shorthand only: %.2f (%d alternating rounds of each: %.0f and %.0f scenarios/s)",
                seconds.without / seconds.with, rounds, Double(rounds * items.count) / seconds.without,
                Double(rounds * items.count) / seconds.with))
        await coverageRatio(runner, items, flows: suite.flows, budget: budget)
        return true
    }

    /// Seconds `body` took.
    static func time(_ body: () async -> Void) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Runs `items` over and over for `budget` seconds; prints and returns scenarios per second.
    static func measure(_ runner: ScenarioRunner, _ items: [(suite: String, scenario: Scenario)], budget: Double) async -> Double {
        var rounds = 0
        let start = DispatchTime.now().uptimeNanoseconds
        var elapsed = 0.0
        repeat {
            let outcomes = await runner.run(items)
            precondition(outcomes.count == items.count)
            rounds += 1
            elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        } while elapsed < budget
        let perSecond = Double(rounds * items.count) / elapsed
        print(String(format: "  %d rounds, %d scenarios in %.2f s", rounds, rounds * items.count, elapsed))
        print(String(format: "  %.0f scenarios/s (%.1f µs per scenario)", perSecond, 1e6 / perSecond))
        return perSecond
    }
}
