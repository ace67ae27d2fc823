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
/// event parsing of the same bytes in the same run.
enum ThroughputBenchmark {
    static func run(budget: Double, only: String?) -> Bool {
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
            let raw = measure("raw libyaml", bytes: bytes, budget: budget) { RawYAML.eventCount($0) }
            let tree = measure("syntax tree", bytes: bytes, budget: budget) { YAMLParser.parse($0, file: nil).diagnostics.count }
            let compile = measure("compile", bytes: bytes, budget: budget) { FlowCompiler.compile($0, file: nil).diagnostics.count }
            print(String(format: "  %@ (%d bytes)", name, bytes.count))
            for m in [raw, tree, compile] {
                print(String(format: "    %-12@ %9.2f MB/s  (%d iterations)", m.name, m.mbPerSecond, m.iterations))
            }
            print(
                String(
                    format: "    ratio compile/raw = %.2f   tree/raw = %.2f", compile.mbPerSecond / raw.mbPerSecond,
                    tree.mbPerSecond / raw.mbPerSecond))
        }
        return !failed
    }
}
