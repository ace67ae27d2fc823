public import CheckoutRuntime

extension ProviderSource {
    /// A fresh `SandboxProvider` per run, on the run's clock and randomness.
    public static let sandbox = ProviderSource { _, clock, random in SandboxProvider(clock: clock, random: random) }
}
