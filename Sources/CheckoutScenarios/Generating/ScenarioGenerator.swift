package import CheckoutLanguage
package import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization

/// `checkout scenarios FLOW`: a suite whose scenarios together take every edge and outcome of
/// the compiled pipeline that the sandbox can drive (docs/testing.md, "Generated suites").
///
/// 1. Candidates: a fixed catalogue of answers built from the flow and the sandbox's tables
///    (`candidates()`): the happy path, each payment method, each test card, each challenge
///    answer, a second card after each decline, each saved card, each stored choice of another
///    card (the scenario's own `sandbox:`, for a flow charging one), each scan error, each field
///    rule broken, a token-outlasting wait at each screen, each billing country and currency.
/// 2. Each candidate runs against the sandbox in-process, exactly as `checkout test` runs a
///    scenario (the same reader, runner, seed and clock), and its coverage is read from its
///    trace with `RunCoverage` and `FlowCoverage`: the edges `checkout test --coverage` counts.
/// 3. A small covering set is chosen greedily, in catalogue order on ties (`choose`), so the
///    same flow gives the same suite.
package struct ScenarioGenerator: Sendable {
    /// The flow's path, as given.
    package var flowPath: String
    /// The compiled flow.
    package var flow: CompiledFlow
    /// The fixtures file, as given (relative to the working folder), if any.
    package var fixtures: String?
    /// The sandbox the candidates run against: the built-in world plus the fixtures.
    package var world: SandboxWorld = .builtIn
    /// Where the flow and the fixtures are read from (a test's dictionary, or the file system).
    package var files: ScenarioReader.FileAccess = .fileSystem
    /// Where candidates are read as if written: `NAME.scenarios.yaml` beside the flow.
    let candidatePath: String
    /// The runs made so far, by answers: completing a candidate runs it, and a run with the
    /// same answers, seed and clock gives the same outcome, so it is not run again.
    let runs = RunCache()
    /// Where `checkout scenarios` writes by default: `NAME.scenarios.yaml` beside the flow.
    package var defaultOutput: String { candidatePath }

    /// A generator for `flow`, compiled from `flowPath`.
    package init(flowPath: String, flow: CompiledFlow, fixtures: String? = nil) {
        self.flowPath = flowPath
        self.flow = flow
        self.fixtures = fixtures
        let directory = FilePaths.directory(of: flowPath)
        candidatePath = FilePaths.joined(directory, ScenarioReader.suiteName(of: flowPath) + ".scenarios.yaml")
    }

    /// A candidate: answers and what they try, in words.
    package struct Candidate: Sendable {
        /// What the answers try (`Visa card, declined with insufficient_funds`).
        package var label: String
        /// The answers.
        package var answers: AnswerDraft
        /// Whether the answers are still to be completed with what the runs ask for.
        package var completes = false

        /// Creates a candidate.
        package init(label: String, answers: AnswerDraft, completes: Bool = false) {
            self.label = label
            self.answers = answers
            self.completes = completes
        }
    }

    /// A candidate with its run and what the run covered.
    package struct Trial: Sendable {
        /// The candidate.
        package var candidate: Candidate
        /// Its run.
        package var outcome: ScenarioOutcome
        /// The coverage item keys it covered, and `stage: outcome` for what its stages produced.
        package var keys: Set<String>
    }

    /// What generating gave.
    package struct Suite: Sendable {
        /// The chosen trials, in catalogue order.
        package var chosen: [Trial]
        /// How many candidates ran.
        package var tried: Int
        /// The chosen trials' coverage of the flow.
        package var coverage: FlowCoverage
        /// Each item no candidate covered, with the reason.
        package var unreached: [(item: CoverageItem, reason: String)]
        /// How many distinct outcomes the chosen scenarios' stages produce (declines by code,
        /// 3-D Secure results, field rules fired): every one any candidate produced.
        package var outcomes: Int
    }

    /// Problems that stop generation (the fixtures cannot be read).
    package struct Failure: Error, Sendable {
        /// The diagnostics.
        package var diagnostics: [Diagnostic]
        /// Their source.
        package var source: SourceFile
    }

    /// Reads the fixtures (when given) and generates the suite.
    package mutating func generate() async throws(Failure) -> Suite {
        if fixtures != nil {
            let read = ScenarioReader.read(Array(fileText([(AnswerDraft(), "world")]).utf8), file: candidatePath, files: files)
            guard let scenario = read.file?.scenarios.first else { throw Failure(diagnostics: read.diagnostics, source: read.source) }
            world = scenario.world ?? .builtIn
        }
        var trials: [Trial] = []
        var seen = Set<AnswerDraft>()
        for candidate in await candidates() where seen.insert(candidate.answers).inserted {
            guard let outcome = await run([candidate.answers]).first ?? nil else { continue }
            trials.append(Trial(candidate: candidate, outcome: outcome, keys: keys(of: outcome)))
        }
        // The happy path opens the suite when it ends as a checkout should.
        let opening = trials.first.map { $0.outcome.result.status == .success } == true ? [0] : []
        let chosen = Self.choose(trials.map(\.keys), starting: opening).map { trials[$0] }
        var coverage = FlowCoverage(flow, file: flowPath)
        for trial in chosen { coverage.add(RunCoverage(trial.outcome.trace)) }
        let unreached = coverage.uncovered.map { ($0, reason($0)) }
        let outcomes = chosen.reduce(into: Set<String>()) { $0.formUnion($1.keys.filter { $0.hasPrefix("produced ") }) }
        return Suite(chosen: chosen, tried: trials.count, coverage: coverage, unreached: unreached, outcomes: outcomes.count)
    }

    /// The indices of a small set of `sets` whose union is the union of all: `starting`, then
    /// greedily the set adding the most keys not yet covered, the earliest on a tie; in index
    /// order.
    package static func choose(_ sets: [Set<String>], starting: [Int] = []) -> [Int] {
        var left = sets.reduce(into: Set<String>()) { $0.formUnion($1) }
        var chosen = starting
        for i in starting { left.subtract(sets[i]) }
        while !left.isEmpty {
            var best: (index: Int, gain: Int)?
            for (i, keys) in sets.enumerated() {
                let gain = keys.intersection(left).count
                if gain > (best?.gain ?? 0) { best = (i, gain) }
            }
            guard let pick = best else { break }
            chosen.append(pick.index)
            left.subtract(sets[pick.index])
        }
        return chosen.sorted()
    }

    /// What a run covered: coverage item keys (`route:sale:declined`), and `produced STAGE:
    /// OUTCOME` for what each pipeline stage produced (declines by code, 3-D Secure results,
    /// retries, field rules fired).
    func keys(of outcome: ScenarioOutcome) -> Set<String> {
        var coverage = FlowCoverage(flow, file: flowPath)
        coverage.add(RunCoverage(outcome.trace))
        var keys = coverage.covered
        for (stage, seen) in coverage.observed {
            for item in seen { keys.insert("produced \(stage): \(item)") }
        }
        return keys
    }

    /// Why no candidate covered `item`.
    func reason(_ item: CoverageItem) -> String {
        let stage = flow.pipeline.stages.first { $0.id == item.stage }
        let condition = stage?.condition.map { "`\($0)`" } ?? "its condition"
        switch item.kind {
        case .stage: return "no generated input reaches stage \(item.stage)"
        case .guardTrue: return "\(condition) held for no generated input (the request, not an answer, decides it)"
        case .guardFalse: return "\(condition) failed for no generated input (the request, not an answer, decides it)"
        case .route:
            return "no sandbox input makes \(item.stage) end \(item.outcome?.rawValue ?? "?") (no test card, answer or fixture produces it)"
        }
    }

    /// Runs answers as scenarios of a file beside the flow, through `ScenarioReader` and
    /// `ScenarioRunner` as `checkout test` would; nil for answers the reader refuses.
    func run(_ drafts: [AnswerDraft]) async -> [ScenarioOutcome?] {
        if drafts.count == 1, let known = runs.outcome(of: drafts[0]) { return [known] }
        let outcomes = await runUncached(drafts)
        for (draft, outcome) in zip(drafts, outcomes) { runs.keep(outcome, of: draft) }
        return outcomes
    }

    private func runUncached(_ drafts: [AnswerDraft]) async -> [ScenarioOutcome?] {
        let text = fileText(drafts.enumerated().map { ($1, "candidate \($0)") })
        let read = ScenarioReader.read(Array(text.utf8), file: candidatePath, files: files)
        guard let scenarios = read.file?.scenarios, scenarios.count == drafts.count else {
            if drafts.count == 1 { return [nil] }
            var out: [ScenarioOutcome?] = []
            for draft in drafts { out += await runUncached([draft]) }
            return out
        }
        var runner = ScenarioRunner(
            flows: Dictionary(scenarios.map { ($0.flowPath, flow) }, uniquingKeysWith: { a, _ in a }), provider: .sandbox)
        runner.recordsProviderCalls = true
        var out: [ScenarioOutcome?] = []
        for scenario in scenarios { out.append(await runner.run(scenario, suite: "generated")) }
        return out
    }

    /// A scenarios file holding `drafts`, each expecting nothing in particular, with the
    /// fixtures when given.
    func fileText(_ drafts: [(AnswerDraft, String)]) -> String {
        var lines: [String] = []
        let flowName = (flowPath as NSString).lastPathComponent
        let indent = fixtures == nil ? "" : "  "
        if let fixtures {
            lines.append(
                "sandbox: { file: \(ResultSnapshot.scalar(Self.relative(fixtures, from: FilePaths.directory(of: candidatePath)))) }")
            lines.append("scenarios:")
        }
        for (draft, name) in drafts {
            lines.append(indent + "- name: \(ResultSnapshot.scalar(name))")
            lines.append(indent + "  flow: \(ResultSnapshot.scalar(flowName))")
            lines += draft.sandboxLines(indent: indent.count + 2)
            lines += draft.taxServiceLines(indent: indent.count + 2)
            let answers = draft.lines(indent: indent.count + 4)
            lines.append(indent + "  answers:" + (answers.isEmpty ? " {}" : ""))
            lines += answers
            lines.append(indent + "  expect: { exitCode: 0 }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `path` relative to `directory` (both relative to the working folder, or both absolute).
    package static func relative(_ path: String, from directory: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        func parts(_ p: String) -> [String] {
            let absolute = p.hasPrefix("/") ? p : FilePaths.joined(cwd, p)
            return ScenarioReader.standardized(absolute).split(separator: "/").map(String.init)
        }
        let target = parts(path)
        let base = parts(directory.isEmpty ? "." : directory)
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...]).joined(separator: "/")
    }
}

/// The outcomes of the runs a generator made, by answers.
final class RunCache: Sendable {
    private let outcomes = Mutex<[AnswerDraft: ScenarioOutcome?]>([:])

    /// The outcome of a run with `draft` (`.some(nil)`: the reader refused it), nil when none ran.
    func outcome(of draft: AnswerDraft) -> ScenarioOutcome?? { outcomes.withLock { $0[draft] } }

    /// Keeps the outcome of a run with `draft`.
    func keep(_ outcome: ScenarioOutcome?, of draft: AnswerDraft) { outcomes.withLock { $0[draft] = outcome } }
}
