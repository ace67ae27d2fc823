import CheckoutLanguage
import Foundation

/// One throughput measurement: bytes compiled per second.
struct Measurement {
    var name: String
    var bytes: Int
    var seconds: Double
    var iterations: Int
    var mbPerSecond: Double { Double(bytes) * Double(iterations) / seconds / 1_000_000 }
}

func measure(_ name: String, bytes: [UInt8], budget: Double, _ body: ([UInt8]) -> Int) -> Measurement {
    var sink = 0
    sink &+= body(bytes)  // warm-up
    var iterations = 0
    let start = BenchClock.now()
    var elapsed = 0.0
    repeat {
        sink &+= body(bytes)
        iterations += 1
        elapsed = Double(BenchClock.now() - start) / 1e9
    } while elapsed < budget
    if sink == Int.min { print("") }  // keep the work observable
    return Measurement(name: name, bytes: bytes.count, seconds: elapsed, iterations: iterations)
}

/// Compile throughput of a small (~3 KB) and a large (~2 MB) flow, against libyaml's raw
/// event parsing of the same bytes in the same run; the syntax tree alone is measured through
/// each reader (libyaml's events, the fast path) and through `YAMLParser.parse` (which tries
/// the fast path first).
enum ThroughputBenchmark {
    /// With `minimumRatio`, a flow whose compile/raw ratio is below it fails the run: CI's
    /// guard against a check that makes big flows many times slower (a debug build's large
    /// flow is at about 0.09; a per-tax-row Decimal division made it 24× slower for 3 days,
    /// unnoticed, in November 2026).
    static func run(budget: Double, only: String?, minimumRatio: Double? = nil) -> Bool {
        let inputs: [(String, [UInt8])] = [
            ("small flow", Array(BenchmarkFlows.small().utf8)),
            ("large flow", Array(BenchmarkFlows.large(bytes: 2_000_000).utf8)),
        ].filter { only == nil || $0.0.hasPrefix(only ?? "") }

        print("checkout-bench: compile throughput vs raw libyaml events (same bytes, same run, \(budget)s each)")
        var failed = false
        for (name, bytes) in inputs {
            let check = FlowCompiler.compile(bytes, file: name)
            if check.flow == nil {
                print("  \(name): does not compile: \(check.diagnostics.prefix(3).map(\.message))")
                failed = true
                continue
            }
            // The fast path must read the benchmark flows, and read them as libyaml does.
            if let problem = fastPathProblem(bytes, name: name) {
                print("  \(problem)")
                failed = true
                continue
            }
            let raw = measure("raw libyaml", bytes: bytes, budget: budget) { RawYAML.eventCount($0) }
            let libYAMLTree = measure("libyaml tree", bytes: bytes, budget: budget) {
                YAMLParser.parseWithLibYAML($0, file: nil).diagnostics.count
            }
            let fastTree = measure("fast tree", bytes: bytes, budget: budget) {
                YAMLParser.parseWithFastPath($0, file: nil)?.diagnostics.count ?? -1
            }
            let tree = measure("syntax tree", bytes: bytes, budget: budget) { YAMLParser.parse($0, file: nil).diagnostics.count }
            let compile = measure("compile", bytes: bytes, budget: budget) { FlowCompiler.compile($0, file: nil).diagnostics.count }
            print(String(format: "  %@ (%d bytes)", name, bytes.count))
            for m in [raw, libYAMLTree, fastTree, tree, compile] {
                let micros = m.seconds / Double(m.iterations) * 1e6
                let name = m.name.padding(toLength: 13, withPad: " ", startingAt: 0)
                print(String(format: "    %@ %9.2f MB/s  %10.1f µs  (%d iterations)", name, m.mbPerSecond, micros, m.iterations))
            }
            func ratio(_ m: Measurement) -> Double { m.mbPerSecond / raw.mbPerSecond }
            print(
                String(
                    format: "    ratio compile/raw = %.2f   tree/raw = %.2f   (libyaml tree/raw = %.2f, fast tree/raw = %.2f)",
                    ratio(compile), ratio(tree), ratio(libYAMLTree), ratio(fastTree)))
            if let minimumRatio, ratio(compile) < minimumRatio {
                print(String(format: "  %@: compile/raw %.3f is below the minimum %.3f", name, ratio(compile), minimumRatio))
                failed = true
            }
        }
        return !failed
    }

    /// Why the YAML reader's fast path fails on `bytes` (it bails out, or its tree differs
    /// from libyaml's), or `nil` when it reads them exactly.
    static func fastPathProblem(_ bytes: [UInt8], name: String) -> String? {
        guard let fast = YAMLParser.parseWithFastPath(bytes, file: name) else {
            return "\(name): the fast YAML reader bails out on it \(YAMLParser.fastPathBailOut(bytes) ?? "")"
        }
        if let difference = fast.firstDifference(from: YAMLParser.parseWithLibYAML(bytes, file: name)) {
            return "\(name): the fast YAML reader differs from libyaml: \(difference)"
        }
        return nil
    }

    /// `--check-fast-path`: both benchmark flows through the fast path and libyaml, compared
    /// (no timing; the end-to-end tests run it, so a change to the flows that leaves the fast
    /// path's subset is caught before a benchmark run).
    static func checkFastPath() -> Bool {
        var ok = true
        for (name, text) in [("small flow", BenchmarkFlows.small()), ("large flow", BenchmarkFlows.large(bytes: 2_000_000))] {
            let bytes = Array(text.utf8)
            if let problem = fastPathProblem(bytes, name: name) {
                print("checkout-bench: \(problem)")
                ok = false
            } else {
                print("checkout-bench: \(name) (\(bytes.count) bytes): the fast YAML reader reads it as libyaml does")
            }
            // A benchmark of a flow the compiler refuses would measure the error path.
            let findings = FlowCompiler.compile(bytes, file: name).diagnostics
            if findings.isEmpty {
                print("checkout-bench: \(name) compiles without a finding")
            } else {
                print("checkout-bench: \(name) has \(findings.count) findings: \(findings.prefix(3).map(\.message))")
                ok = false
            }
        }
        return ok
    }
}
