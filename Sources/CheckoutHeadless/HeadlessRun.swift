import CheckoutDomain
package import CheckoutLanguage
package import CheckoutRuntime

/// One headless run of a compiled flow against its provider (`ProviderSource.sandbox` from
/// `CheckoutProviders` offline): what `checkout run --answers` and `checkout test` both do, so the two cannot
/// disagree on a result or its exit code.
package enum HeadlessRun {
    /// Runs `flow` with the answers read by `AnswersReader` against the provider `provider`
    /// makes using `clock` and `random`. When the answers could not be
    /// read (`answers` nil), nothing runs and the result is `invalid` with every problem as an
    /// error (exit code 3, SPEC §11). With a `journal`, completed steps are recorded, and those
    /// it already records are restored.
    package static func run(
        _ flow: CompiledFlow, answers: Answers?, problems: [AnswersProblem], clock: any CheckoutClock,
        random: any RandomSource, trace: (any TraceSink)? = nil, provider: ProviderSource, journal: RunJournal? = nil
    ) async -> CheckoutResult {
        guard let answers else {
            var r = CheckoutResult(
                status: .invalid, flow: flow.definition.id,
                fraudSessionId: flow.definition.request.fraudSessionId ?? random.hex(32))
            r.errors = problems.map(\.issue)
            return r
        }
        let unknown = unknownAnswers(answers, in: flow, file: nil)
        if !unknown.isEmpty {
            return await run(
                flow, answers: nil, problems: unknown, clock: clock, random: random, trace: trace, provider: provider, journal: journal)
        }
        let runner = CheckoutRunner(
            flow: flow, provider: provider.make(flow, clock, random), frontend: HeadlessFrontend(answers: answers),
            clock: clock, random: random, trace: trace, journal: journal, idempotencyKeys: provider.idempotencyKeys(flow, random))
        return await runner.run()
    }

    /// Answers the flow would never read, which a typo would otherwise drop silently: `wait:`
    /// for a stage the flow does not have, `custom:` for a field it does not have, and `scan:`
    /// without a `cardScan` screen.
    public static func unknownAnswers(_ answers: Answers, in flow: CompiledFlow, file: String?) -> [AnswersProblem] {
        let stages = flow.pipeline.stages
        return AnswersReader.unknownWaitStages(answers, stageIds: stages.map(\.id) + ["threeDSChallenge"], file: file)
            + AnswersReader.unknownCustomFields(answers, fieldIds: flow.definition.fields.custom.map(\.id), file: file)
            + AnswersReader.unreadScan(answers, flowHasScanScreen: stages.contains { $0.kind == .screen(.cardScan) }, file: file)
    }
}
