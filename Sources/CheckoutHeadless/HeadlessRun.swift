import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime

/// One headless run of a compiled flow against its provider (the sandbox unless told
/// otherwise): what `checkout run --answers` and `checkout test` both do, so the two cannot
/// disagree on a result or its exit code.
public enum HeadlessRun {
    /// Runs `flow` with the answers read by `AnswersReader` against the provider `provider`
    /// makes (a sandbox by default) using `clock` and `random`. When the answers could not be
    /// read (`answers` nil), nothing runs and the result is `invalid` with every problem as an
    /// error (exit code 3, SPEC §11). With a `journal`, completed steps are recorded, and those
    /// it already records are restored.
    public static func run(
        _ flow: CompiledFlow, answers: Answers?, problems: [AnswersProblem], clock: any CheckoutClock,
        random: any RandomSource, trace: (any TraceSink)? = nil, provider: ProviderSource = .sandbox, journal: RunJournal? = nil
    ) async -> CheckoutResult {
        guard let answers else {
            var r = CheckoutResult(
                status: .invalid, flow: flow.definition.id,
                fraudSessionId: flow.definition.request.fraudSessionId ?? random.hex(32))
            r.errors = problems.map(\.issue)
            return r
        }
        let unknown = unknownWaits(answers, in: flow, file: nil)
        if !unknown.isEmpty {
            return await run(
                flow, answers: nil, problems: unknown, clock: clock, random: random, trace: trace, provider: provider, journal: journal)
        }
        let runner = CheckoutRunner(
            flow: flow, provider: provider.make(flow, clock, random), frontend: HeadlessFrontend(answers: answers),
            clock: clock, random: random, trace: trace, journal: journal, idempotencyKeys: provider.idempotencyKeys(flow, random))
        return await runner.run()
    }

    /// `wait:` answers naming a stage the flow does not have (a typo would otherwise wait nowhere).
    public static func unknownWaits(_ answers: Answers, in flow: CompiledFlow, file: String?) -> [AnswersProblem] {
        AnswersReader.unknownWaitStages(answers, stageIds: flow.pipeline.stages.map(\.id) + ["threeDSChallenge"], file: file)
    }
}
