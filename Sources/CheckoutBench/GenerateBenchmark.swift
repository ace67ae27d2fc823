import CheckoutLanguage
import CheckoutScenarios
import Foundation

/// `--generate [--runs N] [--flow FILE]`: `checkout scenarios` on the largest shipped flow (the
/// most pipeline stages, then the longest file) or on FILE, in-process: the time to generate
/// its suite, the best and median of N runs (issue 18: under a second in a release build), and
/// what the suite covers.
enum GenerateBenchmark {
    static func run(runs: Int, flow: String?) async -> Bool {
        let paths =
            flow.map { [$0] }
            ?? ((try? FileManager.default.contentsOfDirectory(atPath: "flows")) ?? [])
            .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".scenarios.yaml") }.sorted().map { "flows/" + $0 }
        let compiled = paths.compactMap { path in FlowCompiler.compile(contentsOf: path).flow.map { (path, $0) } }
        guard
            let (path, flow) = compiled.max(by: {
                ($0.1.pipeline.stages.count, fileSize($0.0)) < ($1.1.pipeline.stages.count, fileSize($1.0))
            })
        else {
            print("checkout-bench: no flows under flows/ (run from the repository root)")
            return false
        }
        var seconds: [Double] = []
        var last: ScenarioGenerator.Suite?
        for _ in 0..<max(1, runs) {
            var generator = ScenarioGenerator(flowPath: path, flow: flow)
            let start = DispatchTime.now().uptimeNanoseconds
            last = try? await generator.generate()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        seconds.sort()
        guard let suite = last else { return false }
        print(
            String(
                format: "generate %@ (%d stages): best %.3f s, median %.3f s over %d runs; %d candidates, %d scenarios, %d/%d items",
                path, flow.pipeline.stages.count, seconds[0], seconds[seconds.count / 2], seconds.count, suite.tried,
                suite.chosen.count, suite.coverage.coveredCount, suite.coverage.total))
        return seconds[seconds.count / 2] < 1
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
