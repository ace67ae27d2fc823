public import CheckoutLanguage

/// Where each run gets its provider: a fresh one per run, made from the run's flow, clock and
/// randomness. `CheckoutProviders` has the sandbox's (`ProviderSource.sandbox`) and
/// `ProviderFactory`, which makes real ones over HTTP. Making a provider never fails: whatever can fail (a missing credential) is checked
/// when the source is built, before anything runs.
public struct ProviderSource: Sendable {
    /// Makes the provider for one run of `flow`.
    public let make: @Sendable (CompiledFlow, any CheckoutClock, any RandomSource) -> any PaymentProvider
    /// Where a run of `flow` draws its charges' idempotency keys, given the run's randomness.
    /// The sandbox lives only as long as the run, so a seeded run's keys may repeat; a server
    /// that outlives runs (a provider's sandbox account, a shared fake) must never see a key
    /// from an earlier run, or it answers with that run's result: those sources draw keys
    /// from the system's randomness even when the run is seeded.
    public let idempotencyKeys: @Sendable (CompiledFlow, any RandomSource) -> any RandomSource

    /// Creates a source from a function that makes one provider per run; keys come from the
    /// run's own randomness unless `idempotencyKeys` says otherwise.
    public init(
        idempotencyKeys: @escaping @Sendable (CompiledFlow, any RandomSource) -> any RandomSource = { _, random in random },
        _ make: @escaping @Sendable (CompiledFlow, any CheckoutClock, any RandomSource) -> any PaymentProvider
    ) {
        self.make = make
        self.idempotencyKeys = idempotencyKeys
    }
}
