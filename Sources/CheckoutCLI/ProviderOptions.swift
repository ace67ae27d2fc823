public import ArgumentParser
import CheckoutDomain
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation

extension ProviderName: ExpressibleByArgument {}

/// `--provider NAME` and `--provider-url URL`: run flows against another provider than the
/// one they name (the same scenario suites against a fake BlueSnap on loopback, say).
/// docs/providers.md.
struct ProviderOptions: ParsableArguments {
    @Option(help: "Run against this provider instead of the flow's: sandbox, bluesnap, spreedly or maxpay.")
    var provider: ProviderName?

    @Option(help: "The provider's base URL (default: the flow's provider.baseURL, else the provider's sandbox).")
    var providerURL: String?

    @Option(help: "Seconds one HTTP request to the provider may take.")
    var providerTimeout: Double = 30

    func validate() throws {
        if let providerURL, !(providerURL.hasPrefix("http://") || providerURL.hasPrefix("https://")) {
            throw ValidationError("--provider-url must start with http:// or https://; found \(UserText.quoted(providerURL))")
        }
        guard providerTimeout > 0 else { throw ValidationError("--provider-timeout must be more than 0") }
    }

    /// The override the options ask for, if any. A URL alone overrides the flow's provider's URL.
    func override(for flows: [CompiledFlow]) -> ProviderOverride? {
        if let provider { return ProviderOverride(name: provider, baseURL: providerURL) }
        guard let providerURL else { return nil }
        let names = Set(flows.map(\.definition.provider.name))
        return names.count == 1 ? ProviderOverride(name: names.first!, baseURL: providerURL) : nil
    }

    /// Whether runs of `flows` are against the built-in sandbox (no `--provider` but the
    /// sandbox, every flow's own provider the sandbox): then scenarios' fixtures apply.
    func runsSandbox(_ flows: [CompiledFlow]) -> Bool {
        let override = override(for: flows)
        return flows.allSatisfy { (override?.name ?? $0.definition.provider.name) == .sandbox }
    }

    /// The providers for `flows`, with credentials from the process environment and one pooled
    /// transport sized for `connections` concurrent runs. A setup problem (a credential variable
    /// not set) is printed naming the variable, and exits 2.
    func source(for flows: [CompiledFlow], connections: Int) throws -> ProviderSource {
        let override = override(for: flows)
        if providerURL != nil, override == nil {
            throw ValidationError("--provider-url needs --provider when the flows name different providers")
        }
        if providerURL != nil, override?.name == .sandbox {
            throw ValidationError(
                "the sandbox is built in and has no URL: --provider-url needs --provider bluesnap (or a flow that names it)")
        }
        // Sandbox-only runs (the default) make no transport and never load libcurl.
        let names = flows.map { override?.name ?? $0.definition.provider.name }
        if names.allSatisfy({ $0 == .sandbox }) { return .sandbox }
        let factory = ProviderFactory(
            environment: ProcessInfo.processInfo.environment,
            transport: CurlTransport(maxConnectionsPerHost: CurlTransport.connections(forJobs: connections)),
            override: override, requestTimeout: .milliseconds(Int64(providerTimeout * 1000)))
        do {
            return try factory.source(for: flows)
        } catch {
            Output.error("\(error.message)")
            throw ExitCode(ExitStatus.usage)
        }
    }
}
