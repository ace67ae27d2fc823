import CheckoutFuzzChecks
import CheckoutLanguage
import Foundation

/// One fuzzing run: picks an input from the pool, mutates it, compiles and checks it, and
/// grows the pool with inputs that show new diagnostics.
final class FuzzSession {
    struct Options {
        var seconds: Double
        var seed: UInt64
        var outDirectory: String
        var caseLimit: Double
        var keepGoing: Bool
        var strict: Bool
    }

    private let options: Options
    private var rng: Xoshiro256
    private let corpus: SeedCorpus
    private let mutator: Mutator
    private let slot: CrashSlot
    private let watchdog: Watchdog
    private var pool: [[UInt8]]
    private var coverage = Coverage()
    private var cases = 0
    private var failures = 0
    /// Cases the YAML reader's fast path read (each compared with the libyaml path).
    private var fastPathCases = 0
    private var failureKinds: Set<String> = []
    private var knownIssues: [String: Int] = [:]
    private var slowest: (nanoseconds: UInt64, number: Int) = (0, 0)

    /// Inputs that showed a new signature join the pool up to this many, up to this size.
    private let maxDiscovered = 4096
    private let maxDiscoveredBytes = 64 * 1024

    init(options: Options, corpus: SeedCorpus, slot: CrashSlot, watchdog: Watchdog) {
        self.options = options
        self.rng = Xoshiro256(seed: options.seed)
        self.corpus = corpus
        self.mutator = Mutator(corpus: corpus)
        self.slot = slot
        self.watchdog = watchdog
        self.pool = corpus.seeds.map(\.bytes)
    }

    var reproduceLine: String { Self.reproduceLine(seed: options.seed, seconds: options.seconds) }

    /// How to run the same cases again.
    static func reproduceLine(seed: UInt64, seconds: Double) -> String {
        "checkout-fuzz: reproduce with: checkout-fuzz --seed \(seed) --seconds \(seconds) (same corpus, same build)"
    }

    /// Runs until the time is up (or the first failure unless `keepGoing`); returns the number
    /// of failures.
    func run() -> Int {
        let start = monotonicNanoseconds()
        let deadline = start + UInt64(options.seconds * 1e9)
        var nextProgress = start + 5_000_000_000
        // The seeds themselves first, unmutated: they fill the coverage tables and must pass too.
        for seed in corpus.seeds where runCase(seed.bytes, limits: .default) {
            if !options.keepGoing { return finish(start) }
        }
        while true {
            let now = monotonicNanoseconds()
            if now >= deadline { break }
            if now >= nextProgress {
                progress(since: start, now: now)
                nextProgress = now + 5_000_000_000
            }
            let base = pool[rng.below(pool.count)]
            let other = pool[rng.below(pool.count)]
            let input = mutator.mutate(base, other: other, using: &rng)
            if runCase(input, limits: randomLimits(for: input)), !options.keepGoing { break }
        }
        return finish(start)
    }

    /// Mostly the default limits; sometimes tight ones, so that the limit checks run on
    /// ordinary inputs.
    private func randomLimits(for input: [UInt8]) -> YAMLLimits {
        guard rng.chance(10) else { return .default }
        return YAMLLimits(
            maxBytes: rng.chance(30) ? rng.below(input.count + 1) : YAMLLimits.default.maxBytes,
            maxDepth: rng.int(in: 1...12),
            maxAliasNodes: rng.below(200))
    }

    /// Compiles and checks one input; true when it failed.
    private func runCase(_ input: [UInt8], limits: YAMLLimits) -> Bool {
        cases += 1
        let number = cases
        slot.store(input)
        let begin = monotonicNanoseconds()
        watchdog.begin(number, at: begin)
        let check = CaseCheck(input, limits: limits, recompile: number % 16 == 0)
        let elapsed = monotonicNanoseconds() - begin
        watchdog.end()
        if elapsed > slowest.nanoseconds { slowest = (elapsed, number) }
        if check.tookFastPath { fastPathCases += 1 }
        var problems = check.problems
        if Double(elapsed) / 1e9 > options.caseLimit {
            problems.append(
                CaseCheck.Problem(
                    kind: "slow",
                    detail: String(format: "took %.3f s, more than the limit of %g s", Double(elapsed) / 1e9, options.caseLimit)))
        }
        if coverage.record(check.diagnostics, source: input), pool.count < corpus.seeds.count + maxDiscovered,
            input.count <= maxDiscoveredBytes
        {
            pool.append(input)
        }
        let known = options.strict ? [] : problems.filter { CaseCheck.KnownIssue.all.contains($0.kind) }
        for problem in known {
            knownIssues[problem.kind, default: 0] += 1
            if knownIssues[problem.kind] == 1 { saveKnownIssue(problem, input, limits: limits) }
        }
        problems.removeAll { p in known.contains { $0.kind == p.kind } }
        guard !problems.isEmpty else { return false }
        report(number, input, limits: limits, problems: problems)
        return true
    }

    /// The first input that shows a known issue, and a shrunk copy, as `known-<kind>.yaml`.
    private func saveKnownIssue(_ problem: CaseCheck.Problem, _ input: [UInt8], limits: YAMLLimits) {
        let small = Shrinker.shrink(input, attempts: 1000) { candidate in
            slot.store(candidate)
            return CaseCheck(candidate, limits: limits, recompile: false).problems.contains { $0.kind == problem.kind }
        }
        write(input, to: file("known-\(problem.kind).yaml"))
        write(small, to: file("known-\(problem.kind).min.yaml"))
        let line = "checkout-fuzz: known issue \(problem.kind) (not a failure): \(file("known-\(problem.kind).min.yaml"))\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    private func report(_ number: Int, _ input: [UInt8], limits: YAMLLimits, problems: [CaseCheck.Problem]) {
        failures += 1
        let kinds = Set(problems.map(\.kind))
        let isNewKind = !kinds.isSubset(of: failureKinds)
        failureKinds.formUnion(kinds)
        let path = file("failure-\(number).yaml")
        write(input, to: path)
        var note = "case \(number), seed \(options.seed), \(input.count) bytes\n"
        note += "limits: maxBytes \(limits.maxBytes), maxDepth \(limits.maxDepth), maxAliasNodes \(limits.maxAliasNodes)\n"
        note += problems.map { "\($0)\n" }.joined()
        var message = "checkout-fuzz: FAILURE case \(number): \(problems.prefix(3).map(\.description).joined(separator: "; "))\n"
        message += "checkout-fuzz: input saved to \(path)\n"
        // Shrink deterministic failures, once per kind; timing depends on the machine.
        if isNewKind, !kinds.contains("slow") {
            let kind = problems[0].kind
            let small = Shrinker.shrink(input) { candidate in
                slot.store(candidate)
                return CaseCheck(candidate, limits: limits, recompile: false).problems.contains { $0.kind == kind }
            }
            let smallPath = file("failure-\(number).min.yaml")
            write(small, to: smallPath)
            note += "shrunk to \(small.count) bytes: \(smallPath)\n"
            note += CaseCheck(small, limits: limits, recompile: false).problems.map { "  \($0)\n" }.joined()
            message += "checkout-fuzz: shrunk to \(small.count) bytes: \(smallPath)\n"
        }
        write(Array(note.utf8), to: file("failure-\(number).txt"))
        FileHandle.standardError.write(Data((message + reproduceLine + "\n").utf8))
    }

    private func write(_ bytes: [UInt8], to path: String) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(Data("checkout-fuzz: cannot write \(path): \(error)\n".utf8))
        }
    }

    private func file(_ name: String) -> String { (options.outDirectory as NSString).appendingPathComponent(name) }

    private func progress(since start: UInt64, now: UInt64) {
        let seconds = Double(now - start) / 1e9
        let line = String(
            format: "checkout-fuzz: %4.0f s  %9d cases  %7.0f/s  rules %d/%d  signatures %d  pool %d+%d  failures %d\n",
            seconds, cases, Double(cases) / seconds, coverage.rules.count, Coverage.reachableRuleCount, coverage.signatures.count,
            corpus.seeds.count, pool.count - corpus.seeds.count, failures)
        FileHandle.standardError.write(Data(line.utf8))
    }

    private func finish(_ start: UInt64) -> Int {
        slot.clear()
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        standardOutput(
            String(
                format:
                    "checkout-fuzz: seed %llu: %d cases in %.1f s (%.0f/s), %d failures, rules %d/%d, %d signatures, slowest case %.0f ms (#%d), %d on the YAML fast path",
                options.seed, cases, seconds, Double(cases) / seconds, failures, coverage.rules.count, Coverage.reachableRuleCount,
                coverage.signatures.count, Double(slowest.nanoseconds) / 1e6, slowest.number, fastPathCases))
        let signatures = coverage.signatures.sorted().joined(separator: "\n") + "\n"
        write(Array(signatures.utf8), to: file("signatures.txt"))
        if !knownIssues.isEmpty {
            standardOutput(
                "checkout-fuzz: known issues (docs/fuzzing.md): "
                    + knownIssues.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
        }
        return failures
    }
}
