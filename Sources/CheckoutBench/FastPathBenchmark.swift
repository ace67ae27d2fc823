import Foundation

/// `checkout-bench --fast-path [--rounds N]`: what the YAML fast path is worth to a user. The
/// same `checkout` commands run with the fast path on and off (`CHECKOUT_YAML_FAST_PATH=0`),
/// alternately and in alternating order, in one session so both see the same machine:
/// `validate flows`, `test flows`, `validate` of 1,000 generated flows (as `--validate-many`
/// writes them), and `validate` of one 2 MB flow (as the throughput benchmark's large flow).
/// Reports each command's medians and the median of the per-round ratios off/on, against the
/// 5 % gain issue 15 asks of the fast path on what users run. A report, not a gate: it fails
/// only when a command does.
enum FastPathBenchmark {
    static let threshold = 1.05

    static func run(rounds: Int) throws -> Bool {
        let checkout = try BenchEnvironment.product("checkout")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-bench-\(UUID().uuidString)")
        let many = scratch.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let sources = try ValidateManyBenchmark.shippedFlows()
        for i in 0..<1000 {
            let source = sources[i % sources.count]
            let text = ValidateManyBenchmark.variant(of: source.text, index: i)
            try Data(text.utf8).write(to: many.appendingPathComponent(String(format: "%05d-%@", i, source.name)))
        }
        let large = scratch.appendingPathComponent("large.yaml")
        try Data(BenchmarkFlows.large(bytes: 2_000_000).utf8).write(to: large)
        let flows = BenchEnvironment.root.appendingPathComponent("flows").path
        let commands: [(name: String, arguments: [String])] = [
            ("validate flows", ["validate", flows]),
            ("test flows", ["test", flows]),
            ("validate 1,000 flows", ["validate", many.path]),
            ("validate a 2 MB flow", ["validate", large.path]),
        ]
        let off = ["CHECKOUT_YAML_FAST_PATH": "0"]
        print("checkout-bench: the YAML fast path on and off, \(rounds) rounds, alternating (posix_spawn to wait4)")
        for command in commands {
            // Warm the page cache; not counted.
            _ = try ChildProcess.run(checkout, command.arguments)
            _ = try ChildProcess.run(checkout, command.arguments, setting: off)
            var on: [Double] = []
            var without: [Double] = []
            for round in 0..<rounds {
                for fastPath in round % 2 == 0 ? [true, false] : [false, true] {
                    let r = try ChildProcess.run(checkout, command.arguments, setting: fastPath ? [:] : off)
                    guard r.exitStatus == 0 else {
                        throw ChildProcess.SpawnError(description: "checkout \(command.name) exited with \(r.exitStatus)")
                    }
                    if fastPath { on.append(r.seconds) } else { without.append(r.seconds) }
                }
            }
            let ratio = Summary(zip(without, on).map { $0 / $1 }).median
            let gains = ratio >= threshold
            print(
                String(
                    format: "  %@ on %8.1f ms  off %8.1f ms  off/on %.3f  (%@ 5 %% gain)",
                    command.name.padding(toLength: 21, withPad: " ", startingAt: 0), Summary(on).median * 1000,
                    Summary(without).median * 1000, ratio, gains ? "at least a" : "under a"))
        }
        return true
    }
}
