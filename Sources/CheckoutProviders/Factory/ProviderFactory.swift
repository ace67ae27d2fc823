package import CheckoutDomain
public import CheckoutLanguage
public import CheckoutRuntime
import Foundation

/// Builds each run's provider from a flow's `provider` settings: the sandbox, or a real
/// provider over HTTP with its base URL (the provider's sandbox unless the flow or an override
/// says otherwise) and its credentials read from the environment variables the flow names
/// (else the provider's conventional ones). The environment, transport, clock and randomness
/// are injected; nothing here reads the process environment by itself.
public struct ProviderFactory: Sendable {
    /// Environment variables (the process's, or a test's dictionary).
    public var environment: [String: String]
    /// The transport every HTTP provider shares (and with it the connection pool).
    public var transport: any HTTPTransport
    /// Runs every flow against this provider instead of its own (`--provider`, `--provider-url`).
    public var override: ProviderOverride?
    /// How long one HTTP request may take.
    public var requestTimeout: Duration

    /// Creates a factory.
    public init(
        environment: [String: String], transport: any HTTPTransport, override: ProviderOverride? = nil,
        requestTimeout: Duration = .seconds(30)
    ) {
        self.environment = environment
        self.transport = transport
        self.override = override
        self.requestTimeout = requestTimeout
    }

    /// The settings a flow runs with: its own, or the override's provider and base URL. An
    /// override to another provider drops the flow's credential names (they name another
    /// provider's variables): the conventional ones apply.
    public func effectiveSettings(_ settings: ProviderSettings) -> ProviderSettings {
        guard let override else { return settings }
        var s = settings
        if override.name != settings.name {
            s.name = override.name
            s.credentials = [:]
            s.baseURL = nil
        }
        if let url = override.baseURL { s.baseURL = url }
        return s
    }

    /// Checks that a provider can be made for every flow (its adapter exists, its credentials
    /// are set — every missing one named at once —, its base URL is a URL) and returns the source that makes one per run.
    public func source(for flows: [CompiledFlow]) throws(ProviderSetupError) -> ProviderSource {
        // Every missing credential of every flow in one message, not the first one per run.
        if let message = missingCredentialsMessage(for: flows) { throw ProviderSetupError(message) }
        for flow in flows { _ = try configuration(for: flow.definition.provider) }
        let factory = self
        // A server outlives the run: seeded runs must not send it an earlier run's keys.
        let keys: @Sendable (CompiledFlow, any RandomSource) -> any RandomSource = { flow, random in
            if case .sandbox? = try? factory.configuration(for: flow.definition.provider) { return random }
            return SystemRandom()
        }
        return ProviderSource(idempotencyKeys: keys) { flow, clock, random in
            do throws(ProviderSetupError) {
                return try factory.make(flow.definition.provider, clock: clock, random: random)
            } catch {
                // Checked above for every flow given; a flow that was not is told at its first call.
                return UnavailableProvider(error: ProviderError(.rejected, error.message))
            }
        }
    }

    /// A provider for `settings` (after the override), on `clock` and `random`.
    public func make(
        _ settings: ProviderSettings, clock: any CheckoutClock, random: any RandomSource
    ) throws(ProviderSetupError)
        -> any PaymentProvider
    {
        switch try configuration(for: settings) {
        case .sandbox: SandboxProvider(clock: clock, random: random)
        case .bluesnap(let c): BlueSnapProvider(configuration: c, transport: transport, clock: clock, random: random)
        case .maxpay(let c): MaxpayProvider(configuration: c, transport: transport, clock: clock, random: random)
        case .spreedly(let c): SpreedlyProvider(configuration: c, transport: transport, clock: clock, random: random)
        }
    }

    /// What a provider is built from, once its settings are checked.
    enum Configuration {
        case sandbox
        case bluesnap(BlueSnapConfiguration)
        case maxpay(MaxpayConfiguration)
        case spreedly(SpreedlyConfiguration)
    }

    func configuration(for flowSettings: ProviderSettings) throws(ProviderSetupError) -> Configuration {
        let settings = effectiveSettings(flowSettings)
        switch settings.name {
        case .sandbox:
            return .sandbox
        case .bluesnap:
            let base = try baseURL(settings)
            let user = try credential("apiUser", of: settings)
            let password = try credential("apiPassword", of: settings)
            return .bluesnap(
                BlueSnapConfiguration(
                    baseURL: base, credentials: BasicCredentials(username: user, password: password), requestTimeout: requestTimeout))
        case .maxpay:
            return .maxpay(
                MaxpayConfiguration(
                    baseURL: try baseURL(settings), publicKey: try credential("publicKey", of: settings), requestTimeout: requestTimeout))
        case .spreedly:
            let base = try baseURL(settings)
            let key = try credential("environmentKey", of: settings)
            let secret = try credential("accessSecret", of: settings)
            return .spreedly(
                SpreedlyConfiguration(
                    baseURL: base, credentials: BasicCredentials(username: key, password: secret),
                    gatewayToken: try credential("gatewayToken", of: settings), requestTimeout: requestTimeout))
        }
    }

    func baseURL(_ settings: ProviderSettings) throws(ProviderSetupError) -> URL {
        let text = settings.baseURL ?? Self.defaultBaseURL(settings.name)
        guard let url = URL(string: text), let scheme = url.scheme, scheme == "http" || scheme == "https", url.host != nil else {
            throw ProviderSetupError("the base URL of provider '\(settings.name.rawValue)' must be an http:// or https:// URL")
        }
        return url
    }

    /// The value of credential `name`: from the variable the flow names, else the provider's
    /// conventional variable. The error names the variable, never a value.
    func credential(_ name: String, of settings: ProviderSettings) throws(ProviderSetupError) -> String {
        guard let variable = settings.credentials[name] ?? Self.conventionalVariables(settings.name)[name] else {
            throw ProviderSetupError(
                "provider '\(settings.name.rawValue)' needs the credential \(UserText.quoted(name)) (${env:NAME} in provider.credentials)")
        }
        guard let value = environment[variable], !value.isEmpty else {
            throw ProviderSetupError(
                "provider '\(settings.name.rawValue)' needs the environment variable \(UserText.shown(variable)) (credential \(UserText.quoted(name))), which is not set"
            )
        }
        return value
    }

    /// Each provider's sandbox (or test endpoint): the base URL when none is given.
    public static func defaultBaseURL(_ name: ProviderName) -> String {
        switch name {
        case .sandbox: "sandbox:"
        case .bluesnap: "https://sandbox.bluesnap.com"
        case .spreedly: "https://core.spreedly.com"
        case .maxpay: "https://gateway-sandbox.maxpay.com"
        }
    }

    /// The credentials each provider takes, and the environment variable each is read from
    /// when the flow names none.
    public static func conventionalVariables(_ name: ProviderName) -> [String: String] {
        switch name {
        case .sandbox: [:]
        case .bluesnap: ["apiUser": "BS_API_USER", "apiPassword": "BS_API_PASSWORD"]
        case .spreedly:
            [
                "environmentKey": "SPREEDLY_ENVIRONMENT_KEY", "accessSecret": "SPREEDLY_ACCESS_SECRET",
                "gatewayToken": "SPREEDLY_GATEWAY_TOKEN",
            ]
        case .maxpay: ["publicKey": "MAXPAY_PUBLIC_KEY"]
        }
    }
}

/// Run every flow against this provider (`checkout run|test --provider NAME --provider-url URL`).
public struct ProviderOverride: Sendable, Equatable {
    /// The provider.
    public var name: ProviderName
    /// Its base URL; nil keeps the flow's (when it is the same provider) or the default.
    public var baseURL: String?

    /// Creates an override.
    public init(name: ProviderName, baseURL: String? = nil) {
        self.name = name
        self.baseURL = baseURL
    }
}

/// Why a provider cannot be made: a missing credential variable (named, never its value), a
/// provider without an adapter, a base URL that is not one.
public struct ProviderSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence for people.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A provider that fails every call with one error: what a run gets when its provider could
/// not be made (the run ends `error`, exit 4, with the reason in its errors).
package struct UnavailableProvider: PaymentProvider {
    /// The error every call throws.
    public var error: ProviderError
    /// Creates one.
    public init(error: ProviderError) { self.error = error }
    /// Nothing to sign with: every call fails anyway.
    public var requestSigner: (any RequestSigner)? { nil }
    public func createToken() async throws -> CheckoutToken { throw error }
    public func currencyRates() async throws -> CurrencyTable { throw error }
    public func shopper(id: String) async throws -> StoredShopper? { throw error }
    public func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard { throw error }
    public func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress { throw error }
    public func submitFingerprint(_ session: String) async throws -> ThreeDSProgress { throw error }
    public func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult { throw error }
    public func charge(_ request: ChargeRequest) async throws -> ChargeOutcome { throw error }
    public func walletPayment(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome {
        throw error
    }
    public func storeChosenMethod(shopperId: String?, card: TokenizedCard) async throws -> String { throw error }
    public func storeChosenWallet(_ method: PaymentMethodKind, shopperId: String?, token: CheckoutToken?) async throws -> String {
        throw error
    }
}
