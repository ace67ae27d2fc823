import Foundation

/// `checkout-bench --startup [--runs N]`: the cold start-up of `checkout validate` on one small
/// flow against a hello-world that links Foundation, run alternately in the same session so
/// both see the same machine. Target: checkout's median at most 1.5× hello-foundation's, and a
/// headless `checkout run` of it at most 1.3× `checkout validate`'s.
enum StartupBenchmark {
    static let target = 1.5
    /// A headless `checkout run` of the same flow against `checkout validate` (issue 21).
    static let runTarget = 1.3

    static func run(runs: Int) throws -> Bool {
        let hello = try BenchEnvironment.product("hello-foundation")
        let checkout = try BenchEnvironment.product("checkout")
        let flow = BenchEnvironment.root.appendingPathComponent("flows/standard-checkout.yaml").path
        let answers = BenchEnvironment.root.appendingPathComponent("examples/standard-checkout/visa-approved.yaml").path
        let contenders: [(name: String, executable: String, arguments: [String])] = [
            ("hello-foundation", hello, []),
            ("checkout validate", checkout, ["validate", flow]),
            // The same command spelled so that it goes through ArgumentParser
            // (`ValidateCommand.quickParse` leaves `--opt=value` to it): what the parser costs.
            ("  (via parser)", checkout, ["validate", "--format=text", flow]),
            // A headless run of the same flow to its end (issue 21: within 1.3× of validate).
            ("checkout run", checkout, ["run", flow, "--answers", answers]),
            // The same run spelled so that it goes through ArgumentParser (`--opt=value`).
            ("  (via parser)", checkout, ["run", flow, "--answers=\(answers)"]),
        ]
        print("checkout-bench: start-up, \(runs) runs each, alternating (posix_spawn to wait4, monotonic clock)")
        // Warm the page cache and the dynamic loader's files; these runs are not counted.
        for _ in 0..<3 {
            for c in contenders { _ = try ChildProcess.run(c.executable, c.arguments) }
        }
        var times = Array(repeating: [Double](), count: contenders.count)
        var peaks = Array(repeating: 0, count: contenders.count)
        for _ in 0..<runs {
            for (i, c) in contenders.enumerated() {
                let r = try ChildProcess.run(c.executable, c.arguments)
                guard r.exitStatus == 0 else {
                    throw ChildProcess.SpawnError(description: "\(c.name) exited with \(r.exitStatus)")
                }
                times[i].append(r.seconds)
                peaks[i] = max(peaks[i], r.peakMemoryBytes)
            }
        }
        let summaries = times.map(Summary.init)
        for (i, c) in contenders.enumerated() {
            let s = summaries[i]
            print(
                String(
                    format: "  %@ median %6.2f ms  p90 %6.2f ms  min %6.2f ms  peak memory %5.1f MiB",
                    c.name.padding(toLength: 18, withPad: " ", startingAt: 0), s.median * 1000,
                    s.p90 * 1000, s.min * 1000, Double(peaks[i]) / 1_048_576))
        }
        let ratio = summaries[1].median / summaries[0].median
        print(
            String(
                format: "  ratio checkout/hello: median %.2f  p90 %.2f  (target ≤ %.1f: %@); through the parser: median %.2f", ratio,
                summaries[1].p90 / summaries[0].p90, target, ratio <= target ? "met" : "missed", summaries[2].median / summaries[0].median))
        let runRatio = summaries[3].median / summaries[1].median
        print(
            String(
                format: "  ratio run/validate: median %.2f  p90 %.2f  (target ≤ %.1f: %@)", runRatio, summaries[3].p90 / summaries[1].p90,
                runTarget, runRatio <= runTarget ? "met" : "missed"))
        print(String(format: "  ratio run through the parser/validate: median %.2f", summaries[4].median / summaries[1].median))
        return ratio <= target && runRatio <= runTarget
    }
}

/// Order statistics of a sample.
struct Summary {
    var median: Double
    var p90: Double
    var min: Double

    init(_ sample: [Double]) {
        let sorted = sample.sorted()
        func quantile(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            // Linear interpolation between closest ranks.
            let position = q * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down))
            let upper = Swift.min(lower + 1, sorted.count - 1)
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
        }
        median = quantile(0.5)
        p90 = quantile(0.9)
        min = sorted.first ?? .nan
    }
}
