import CheckoutDomain
package import CheckoutLanguage

/// A credential a provider needs that cannot be read: the flow names no variable for it and
/// the provider has no conventional one, or its variable is not set. Names only, never a value.
package struct MissingCredential: Sendable, Equatable {
    /// The provider that needs it.
    package var provider: ProviderName
    /// The credential (`apiPassword`).
    package var name: String
    /// The environment variable it is read from (`BS_API_PASSWORD`); nil when there is none.
    package var variable: String?

    /// Creates one.
    package init(provider: ProviderName, name: String, variable: String?) {
        self.provider = provider
        self.name = name
        self.variable = variable
    }

    /// The credential in a sentence's words: `BS_API_PASSWORD (credential 'apiPassword')`.
    var words: String {
        guard let variable else { return "the credential \(UserText.quoted(name)) (${env:NAME} in provider.credentials)" }
        return "\(UserText.shown(variable)) (credential \(UserText.quoted(name)))"
    }
}

extension ProviderFactory {
    /// The credentials each provider takes, in the order it reads them.
    static func credentialNames(_ name: ProviderName) -> [String] {
        switch name {
        case .sandbox: []
        case .bluesnap: ["apiUser", "apiPassword"]
        case .spreedly: ["environmentKey", "accessSecret", "gatewayToken"]
        case .maxpay: ["publicKey"]
        }
    }

    /// Every credential of the provider `settings` run with (after the override) that cannot
    /// be read from the environment, in the provider's order: all of them at once, not the
    /// first.
    package func missingCredentials(for flowSettings: ProviderSettings) -> [MissingCredential] {
        Self.missingCredentials(for: effectiveSettings(flowSettings), in: environment)
    }

    /// Every credential of the provider `settings` name that `environment` does not hold (no
    /// provider made, no transport: what `checkout validate --credentials` checks).
    package static func missingCredentials(for settings: ProviderSettings, in environment: [String: String]) -> [MissingCredential] {
        credentialNames(settings.name).compactMap { name in
            guard let variable = settings.credentials[name] ?? conventionalVariables(settings.name)[name] else {
                return MissingCredential(provider: settings.name, name: name, variable: nil)
            }
            guard let value = environment[variable], !value.isEmpty else {
                return MissingCredential(provider: settings.name, name: name, variable: variable)
            }
            return nil
        }
    }

    /// Every missing credential of `flows`, each once, in one sentence per provider; nil when
    /// none is missing. One missing variable reads as before (`needs the environment variable
    /// BS_API_PASSWORD (credential 'apiPassword'), which is not set`).
    package func missingCredentialsMessage(for flows: [CompiledFlow]) -> String? {
        var missing: [MissingCredential] = []
        for flow in flows {
            for m in missingCredentials(for: flow.definition.provider) where !missing.contains(m) { missing.append(m) }
        }
        return Self.message(for: missing)
    }

    /// `missing` in one sentence per provider, in the order given; nil when it is empty.
    package static func message(for missing: [MissingCredential]) -> String? {
        guard !missing.isEmpty else { return nil }
        var providers: [ProviderName] = []
        for m in missing where !providers.contains(m.provider) { providers.append(m.provider) }
        return providers.map { provider in
            sentence(provider, missing.filter { $0.provider == provider })
        }.joined(separator: "; ")
    }

    /// One provider's missing credentials in a sentence.
    static func sentence(_ provider: ProviderName, _ missing: [MissingCredential]) -> String {
        let unnamed = missing.filter { $0.variable == nil }
        let unset = missing.filter { $0.variable != nil }
        var parts: [String] = []
        if !unnamed.isEmpty { parts.append(list(unnamed.map(\.words))) }
        if !unset.isEmpty {
            let noun = unset.count == 1 ? "the environment variable" : "the environment variables"
            let verb = unset.count == 1 ? "which is not set" : "which are not set"
            parts.append("\(noun) \(list(unset.map(\.words))), \(verb)")
        }
        return "provider '\(provider.rawValue)' needs \(parts.joined(separator: ", and "))"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
