import Foundation

/// `checkout-bench`, run from a release build (`swift build -c release`, then
/// `.build/release/checkout-bench …` from the repository root):
///
/// - no mode, `[--seconds S] [--only small|large]`: compile throughput against raw libyaml;
/// - `--validate-many N[,N…]`: `checkout validate --stats` over N generated flows, files/s and peak memory;
/// - `--startup [--runs N]`: start-up of `checkout validate` against a Foundation hello-world;
/// - `--interpreter [--seconds S]`: the standard checkout through the compiled pipeline against
///   the same sandbox calls written by hand, µs per checkout and their ratio;
/// - `--scenarios [--seconds S]`: every scenario under `flows/` run in-process, one at a
///   time, for S seconds (default 3): scenarios/s;
/// - `--providers [--rounds N] [--jobs 1,4,16]`: the standard checkout's scenarios through the
///   BlueSnap adapter against the fake BlueSnap on loopback: checkouts/s, p50/p99 latency and
///   connections accepted per job count;
/// - `--serve-fake-bluesnap`: just the fake BlueSnap on loopback, until stopped;
/// - `--serve-fake-maxpay`: just the fake Maxpay on loopback (the shipped signer's key), until stopped;
/// - `--serve-fake-spreedly`: just the fake Spreedly on loopback, until stopped;
/// - `--phases`: compile time of the small flow with parts of the language removed, to show
///   what each part costs;
/// - `--check-fast-path`: both throughput flows through the YAML reader's fast path and
///   libyaml, compared (the end-to-end tests run it);
/// - `--fast-path [--rounds N]`: `checkout validate`/`test` with the YAML fast path on and off
///   (`CHECKOUT_YAML_FAST_PATH=0`), alternately: what the fast path is worth to a user;
/// - `--generate [--runs N] [--flow FILE]`: `checkout scenarios` on the largest shipped flow
///   (or FILE), in-process: seconds per generated suite (best and median of N, default 5);
/// - `--scaling [--shapes tax-rows,screens,…] [--base X]`: compile time of every flow shape at
///   1×, 10× and 100× (X scales the 1× size, default 1), the growth per doubling, the memory per
///   input byte, and the 10.5 MB stage flow against the tax rows (`ScalingBenchmark`);
/// - `--lsp [--rounds N] [--edits N]`: `checkout lsp`'s latency from an edit to its diagnostics
///   (3 KB and 2 MB flows) against the compile alone, and memory over N edits (`LSPBenchmark`);
/// - `--count WHAT N`: one kind of work N times and nothing else, for instruction counts
///   under callgrind (`CountMode`).
BenchEnvironment.warnIfDebug()
do {
    let ok: Bool
    if CommandLine.arguments.contains("--interpreter") {
        ok = await InterpreterBenchmark.run(budget: argument("--seconds").flatMap { Double($0) } ?? 3.0)
    } else if CommandLine.arguments.contains("--scenarios") {
        ok = try await ScenariosBenchmark.run(budget: argument("--seconds").flatMap { Double($0) } ?? 3.0)
    } else if CommandLine.arguments.contains("--generate") {
        ok = await GenerateBenchmark.run(runs: argument("--runs").flatMap { Int($0) } ?? 5, flow: argument("--flow"))
    } else if CommandLine.arguments.contains("--providers") {
        ok = try await ProvidersBenchmark.run(
            rounds: argument("--rounds").flatMap { Int($0) } ?? 20,
            jobCounts: (argument("--jobs") ?? "1,4,16").split(separator: ",").compactMap { Int($0) },
            connections: argument("--connections").flatMap { Int($0) })
    } else if CommandLine.arguments.contains("--serve-fake-bluesnap") {
        try ProvidersBenchmark.serve()
    } else if CommandLine.arguments.contains("--serve-fake-maxpay") {
        try ProvidersBenchmark.serveMaxpay()
    } else if CommandLine.arguments.contains("--fast-path") {
        ok = try FastPathBenchmark.run(rounds: argument("--rounds").flatMap { Int($0) } ?? 20)
    } else if CommandLine.arguments.contains("--check-fast-path") {
        ok = ThroughputBenchmark.checkFastPath()
    } else if CommandLine.arguments.contains("--serve-fake-spreedly") {
        try ProvidersBenchmark.serveSpreedly()
    } else if CommandLine.arguments.contains("--scaling") {
        ok = try ScalingBenchmark.run(
            only: argument("--shapes").map { $0.split(separator: ",").map(String.init) },
            base: argument("--base").flatMap { Double($0) } ?? 1)
    } else if CommandLine.arguments.contains("--lsp") {
        ok = LSPBenchmark.run(
            rounds: argument("--rounds").flatMap { Int($0) } ?? 200, edits: argument("--edits").flatMap { Int($0) } ?? 10_000)
    } else if CommandLine.arguments.contains("--phases") {
        Phases.run()
        ok = true
    } else if let what = argument("--count") {
        let i = CommandLine.arguments.firstIndex(of: "--count")! + 2
        ok = CountMode.run(what: what, count: CommandLine.arguments.indices.contains(i) ? Int(CommandLine.arguments[i]) ?? 1 : 1)
    } else if CommandLine.arguments.contains("--startup") {
        ok = try StartupBenchmark.run(runs: argument("--runs").flatMap { Int($0) } ?? 50)
    } else if let counts = argument("--validate-many") {
        ok = try ValidateManyBenchmark.run(counts: counts.split(separator: ",").compactMap { Int($0) })
    } else {
        ok = ThroughputBenchmark.run(
            budget: argument("--seconds").flatMap { Double($0) } ?? 2.0, only: argument("--only"),
            minimumRatio: argument("--min-ratio").flatMap { Double($0) })
    }
    exit(ok ? 0 : 1)
} catch {
    print("checkout-bench: \(error)")
    exit(2)
}
