import CheckoutDomain
public import CheckoutLanguage

extension CheckoutRunner {
    /// Creates a runner for an embedder: the flow, the provider that runs its steps, the front
    /// end that answers its screens, and the run's side effects — the clock, randomness (card
    /// tokens, fraud session ids), an optional trace and, for the `signature` hook, where keys
    /// and signing commands come from. Steps retry as the flow's settings say (or the defaults).
    ///
    /// - Parameters:
    ///   - maxVisits: how often one stage may run in one run; the next visit ends it `failed`.
    ///   - timeout: the longest one provider call may take in steps that set none; nil: no limit.
    ///   - idempotencyKeys: where charges' idempotency keys come from; nil: `random`.
    public init(
        flow: CompiledFlow, provider: any PaymentProvider, frontend: any CheckoutFrontend, clock: any CheckoutClock,
        random: any RandomSource, trace: (any TraceSink)? = nil, maxVisits: Int = 5, signing: SigningEnvironment = .system,
        timeout: Duration? = nil, idempotencyKeys: (any RandomSource)? = nil
    ) {
        self.init(
            flow: flow, provider: provider, frontend: frontend, clock: clock, random: random, trace: trace, retry: StepRetry(),
            maxVisits: maxVisits, signing: signing, timeout: timeout, journal: nil, idempotencyKeys: idempotencyKeys)
    }
}
