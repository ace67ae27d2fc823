import CheckoutLanguage

/// `--count WHAT N`: does one kind of work N times on the small flow and nothing else, for
/// instruction counts under `valgrind --tool=callgrind`, which the machine's load does not
/// disturb. The difference between two counts (say N = 200 and N = 0) divided by the runs is
/// the work's cost per run, start-up excluded. WHAT is `raw` (libyaml's events), `tree`
/// (the syntax tree), `libyaml-tree` or `fast-tree` (the tree through one reader), `compile`, or a `--phases` variant of the compile: `no-when`,
/// `no-pipeline`, `no-fields`. `--count print 1` (`print-large`) writes the small (large) flow
/// to stdout instead.
enum CountMode {
    static func run(what: String, count: Int) -> Bool {
        if what == "print" || what == "print-large" {
            print(what == "print" ? BenchmarkFlows.small() : BenchmarkFlows.large(bytes: 2_000_000), terminator: "")
            return true
        }
        guard
            let text = Phases.variants().first(where: { $0.key == what })?.text
                ?? (["raw", "tree", "libyaml-tree", "fast-tree"].contains(what) ? BenchmarkFlows.small() : nil)
        else {
            print("checkout-bench: --count takes raw, tree, libyaml-tree, fast-tree, compile, no-when, no-pipeline or no-fields")
            return false
        }
        let bytes = Array(text.utf8)
        var sink = 0
        for _ in 0..<count {
            switch what {
            case "raw": sink &+= RawYAML.eventCount(bytes)
            case "tree": sink &+= YAMLParser.parse(bytes, file: nil).diagnostics.count
            case "libyaml-tree": sink &+= YAMLParser.parseWithLibYAML(bytes, file: nil).diagnostics.count
            case "fast-tree": sink &+= YAMLParser.parseWithFastPath(bytes, file: nil)?.diagnostics.count ?? -1
            default: sink &+= FlowCompiler.compile(bytes, file: nil).diagnostics.count
            }
        }
        print("\(what) × \(count): \(bytes.count) bytes, \(sink) findings")
        return true
    }
}
