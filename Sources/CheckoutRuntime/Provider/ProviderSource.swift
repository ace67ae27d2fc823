import CheckoutLanguage

/// Where each run gets its provider: a fresh one per run, made from the run's flow, clock and
/// randomness. The sandbox by default; `CheckoutProviders.ProviderFactory` makes real ones over
/// HTTP. Making a provider never fails: whatever can fail (a missing credential) is checked
/// when the source is built, before anything runs.
public struct ProviderSource: Sendable {
    /// Makes the provider for one run of `flow`.
    public let make: @Sendable (CompiledFlow, any CheckoutClock, any RandomSource) -> any PaymentProvider

    /// Creates a source from a function that makes one provider per run.
    public init(_ make: @escaping @Sendable (CompiledFlow, any CheckoutClock, any RandomSource) -> any PaymentProvider) {
        self.make = make
    }

    /// A fresh `SandboxProvider` per run, on the run's clock and randomness.
    public static let sandbox = ProviderSource { _, clock, random in SandboxProvider(clock: clock, random: random) }
}
