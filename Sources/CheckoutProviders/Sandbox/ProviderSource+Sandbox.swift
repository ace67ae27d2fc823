public import CheckoutRuntime

extension ProviderSource {
    /// A fresh `SandboxProvider` per run, on the run's clock and randomness.
    public static let sandbox = ProviderSource { _, clock, random in SandboxProvider(clock: clock, random: random) }
}

extension ProviderSource {
    /// A sandbox of `world` per run; each run gets a state of its own from `state` (a new one
    /// per call: independent runs) unless a chain hands the same one to all its runs.
    package static func sandbox(world: SandboxWorld, state: @escaping @Sendable () -> SandboxState) -> ProviderSource {
        ProviderSource { _, clock, random in SandboxProvider(clock: clock, random: random, world: world, state: state()) }
    }
}
