package import CheckoutDomain
package import CheckoutLanguage
package import CheckoutRuntime
package import Foundation

/// One headless run of a compiled flow against its provider (`ProviderSource.sandbox` from
/// `CheckoutProviders` offline): what `checkout run --answers` and `checkout test` both do —
/// the answers checked against the flow, the clock chosen, the answers' problems reported, the
/// run — so the two cannot disagree on a result, its exit code or its time.
package struct HeadlessRun: Sendable {
    /// The flow.
    package let flow: CompiledFlow
    /// The answers; nil when they cannot be used: nothing runs, and the result is `invalid`
    /// with `problems` as its errors (exit code 3, SPEC §11).
    package let answers: Answers?
    /// Why the answers cannot be used: what `AnswersReader` found, or answers the flow would
    /// never read. Empty when they can be used.
    package let problems: [AnswersProblem]
    /// The run's clock: from `now` when given (`--now`, a scenario's `now`); with `wait:`
    /// answers, a simulated clock from the system's time, so nobody waits an hour; otherwise
    /// the system's.
    package let clock: any CheckoutClock

    /// Prepares the run of `flow` with the answers read by `AnswersReader` (`answers` nil:
    /// `problems` say why), from `file` (named in the problems' diagnostics; nil for answers
    /// inside a scenarios file).
    /// `locale`: the shopper's language as the run resolved it (`ShopperLocale.resolve`), which
    /// replaces the flow's `request.locale`; nil keeps the flow's (English when it has none).
    package init(
        _ flow: CompiledFlow, answers: Answers?, problems: [AnswersProblem], file: String?, now: Date?, locale: ShopperLocale? = nil
    ) {
        var flow = flow
        if let locale { flow.definition.request.locale = locale }
        self.flow = flow
        if let now {
            clock = ManualClock(start: now)
        } else if let answers, !answers.waits.isEmpty {
            clock = ManualClock(start: Date())
        } else {
            clock = SystemClock()
        }
        let unknown = answers.map { Self.unknownAnswers($0, in: flow, file: file) } ?? []
        self.answers = unknown.isEmpty ? answers : nil
        self.problems = answers == nil ? problems : unknown
    }

    /// The problems of answers that cannot be used, as text for people (`file:line:col:`
    /// diagnostics), and nil when they can be used. No source snippets: an answers file holds
    /// card numbers and CVVs, and a snippet of the line a problem is on would print them.
    package func problemReport(color: Bool) -> String? {
        guard answers == nil else { return nil }
        return TextDiagnosticRenderer(color: color).render(file: problems.map(\.diagnostic), source: nil)
    }

    /// Runs the flow against the provider `provider` makes with the run's clock and `random`.
    /// With a `journal`, completed steps are recorded, and those it already records are restored.
    /// `recordsProviderCalls`: whether a traced run traces its provider calls (`provider.call`).
    /// `signing`: the environment and commands (and HTTP) of the `signature` hook and the tax service.
    package func run(
        random: any RandomSource, trace: (any TraceSink)? = nil, steps: (any StepObserver)? = nil, provider: ProviderSource,
        journal: RunJournal? = nil, recordsProviderCalls: Bool = true, signing: SigningEnvironment = .system
    ) async -> CheckoutResult {
        guard let answers else {
            var r = CheckoutResult(
                status: .invalid, flow: flow.definition.id,
                fraudSessionId: flow.definition.request.fraudSessionId ?? random.hex(32))
            r.locale = (flow.definition.request.locale ?? .english).tag
            r.errors = problems.map(\.issue)
            return r
        }
        var flow = self.flow
        // The shopper's IP is per run: the answers' wins over the flow's (docs/running.md).
        if let ip = answers.customerIP { flow.definition.request.customerIP = ip }
        var runner = CheckoutRunner(
            flow: flow, provider: provider.make(flow, clock, random), frontend: HeadlessFrontend(answers: answers),
            clock: clock, random: random, trace: trace, steps: steps, signing: signing, journal: journal,
            idempotencyKeys: provider.idempotencyKeys(flow, random))
        runner.recordsProviderCalls = recordsProviderCalls
        return await runner.run()
    }

    /// Opens and locks the journal at `path` for the flow and the answers in these files:
    /// a journal another process holds, another run's journal, a file that is not a journal
    /// (left as it is), a special file, or one that cannot be read, throws `JournalError`.
    /// `afterAppend` runs after each entry is on disk.
    package static func openJournal(
        _ path: String, flowPath: String, answersPath: String, flowId: String,
        afterAppend: (@Sendable (JournalEntry) -> Void)? = nil
    ) throws -> RunJournal {
        let bytes = { (p: String) in FileManager.default.contents(atPath: p).map { [UInt8]($0) } ?? [] }
        return try RunJournal(
            store: try FileJournalStore(path: path), flow: flowId,
            digest: RunJournal.digest(flow: bytes(flowPath), answers: bytes(answersPath)), afterAppend: afterAppend)
    }

    /// Answers the flow would never read, which a typo would otherwise drop silently: `wait:`
    /// for a stage the flow does not have, `custom:` for a field it does not have, `scan:`
    /// without a `cardScan` screen, and `billing:` or `shipping:` without that screen.
    static func unknownAnswers(_ answers: Answers, in flow: CompiledFlow, file: String?) -> [AnswersProblem] {
        let stages = flow.pipeline.stages
        return AnswersReader.unknownWaitStages(answers, stageIds: stages.map(\.id) + ["threeDSChallenge"], file: file)
            + AnswersReader.unknownCustomFields(answers, fieldIds: flow.definition.fields.custom.map(\.id), file: file)
            + AnswersReader.unreadScan(answers, flowHasScanScreen: stages.contains { $0.kind == .screen(.cardScan) }, file: file)
            + AnswersReader.unreadAddresses(
                answers, screens: Set(stages.compactMap { if case .screen(let kind) = $0.kind { kind } else { nil } }), file: file)
    }
}
