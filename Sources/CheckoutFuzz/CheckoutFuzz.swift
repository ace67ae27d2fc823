import ArgumentParser
import CheckoutFuzzChecks
import CheckoutLanguage
import Foundation

/// `checkout-fuzz`: mutates flow files and checks, in-process, that the compiler and the
/// renderers hold their invariants on every input. See `docs/fuzzing.md`.
@main
struct CheckoutFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout-fuzz",
        abstract: "Fuzz the flow compiler and the diagnostic renderers with mutated YAML.",
        discussion: """
            Exits 1 on the first failure (a broken invariant or a case slower than --case-limit), \
            after saving the input to OUT/failure-N.yaml and a shrunk copy to OUT/failure-N.min.yaml. \
            The input being compiled is always in OUT/current.yaml, so after a crash it is on disk.
            """
    )

    @Option(help: "How long to run, in seconds.")
    var seconds: Double = 60

    @Option(help: "The random seed (default: from the clock; printed at the start).")
    var seed: UInt64?

    @Option(help: "Where current.yaml and failures are written.")
    var out: String = ".build/fuzz"

    @Option(
        parsing: .upToNextOption,
        help: "Seed files or directories of *.yaml (default: flows, the test fixtures, examples, ../shared/yaml-test-suite).")
    var corpus: [String] = []

    @Option(help: "The longest one case may take, in seconds, before it counts as a failure.")
    var caseLimit: Double = 2

    @Flag(help: "Keep going after a failure (until the time is up).")
    var keepGoing = false

    @Flag(help: "Count the known issues listed in docs/fuzzing.md as failures too.")
    var strict = false

    @Option(parsing: .upToNextOption, help: "Check these files as they are instead of fuzzing (to replay a failure).")
    var replay: [String] = []

    @Option(help: "With --replay: the limits to compile with, as MAXBYTES,MAXDEPTH,MAXALIASNODES.")
    var limits: String?

    func run() throws {
        if !replay.isEmpty { return try replayFiles() }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let seed = seed ?? UInt64(Date().timeIntervalSince1970 * 1_000_000)
        let seedCorpus = SeedCorpus.load(corpus.isEmpty ? SeedCorpus.defaultPaths : corpus)
        guard !seedCorpus.seeds.isEmpty else { throw FuzzError("no *.yaml seed files found in \(corpus)") }
        let slot = try CrashSlot(path: (out as NSString).appendingPathComponent("current.yaml"))
        let options = FuzzSession.Options(
            seconds: seconds, seed: seed, outDirectory: out, caseLimit: caseLimit, keepGoing: keepGoing, strict: strict)
        let watchdog = Watchdog(
            limit: max(caseLimit * 2, caseLimit + 2), slotPath: slot.path, outDirectory: out,
            seedLine: FuzzSession.reproduceLine(seed: seed, seconds: seconds))
        let session = FuzzSession(options: options, corpus: seedCorpus, slot: slot, watchdog: watchdog)
        let bytes = seedCorpus.seeds.reduce(0) { $0 + $1.bytes.count }
        standardOutput(
            "checkout-fuzz: seed \(seed), \(seconds) s, \(seedCorpus.seeds.count) seed files (\(bytes / 1024) KB), "
                + "\(seedCorpus.keys.count) keys, \(seedCorpus.scalars.count) scalars; "
                + "the input being compiled is kept in \(slot.path)")
        watchdog.start()
        if session.run() > 0 { throw ExitCode(1) }
    }

    private func replayFiles() throws {
        var compileLimits = YAMLLimits.default
        if let limits {
            let parts = limits.split(separator: ",").compactMap { Int($0) }
            guard parts.count == 3 else { throw ValidationError("--limits takes MAXBYTES,MAXDEPTH,MAXALIASNODES") }
            compileLimits = YAMLLimits(maxBytes: parts[0], maxDepth: parts[1], maxAliasNodes: parts[2])
        }
        var failed = false
        for path in replay {
            guard let data = FileManager.default.contents(atPath: path) else { throw FuzzError("cannot read \(path)") }
            let start = monotonicNanoseconds()
            let check = CaseCheck([UInt8](data), limits: compileLimits, recompile: true)
            let ms = Double(monotonicNanoseconds() - start) / 1e6
            standardOutput(
                "\(path): \(check.diagnostics.count) findings, \(String(format: "%.1f", ms)) ms, \(check.problems.count) problems")
            for problem in check.problems {
                let isKnown = !strict && CaseCheck.KnownIssue.all.contains(problem.kind)
                standardOutput("  \(problem)\(isKnown ? " (known issue)" : "")")
                failed = failed || !isKnown
            }
            failed = failed || ms / 1000 > caseLimit
        }
        if failed { throw ExitCode(1) }
    }
}

/// Writes a line to standard output at once (not buffered), so it interleaves with the
/// progress lines on standard error in order.
func standardOutput(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
