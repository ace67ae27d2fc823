import CheckoutLanguage
import CheckoutProviders
import Foundation
import Testing

/// Every missing credential of a flow is named at once, variables only (docs/providers.md).
@Suite struct MissingCredentialTests {
    @Test func everyMissingVariableIsNamedInOneMessage() throws {
        let factory = ProviderFactory(environment: [:], transport: sharedTransport, override: ProviderOverride(name: .bluesnap))
        let error = #expect(throws: ProviderSetupError.self) { try factory.source(for: [shippedFlow("standard-checkout")]) }
        #expect(
            error?.message
                == "provider 'bluesnap' needs the environment variables BS_API_USER (credential 'apiUser') and BS_API_PASSWORD (credential 'apiPassword'), which are not set"
        )
    }

    @Test func oneMissingVariableReadsAsBefore() throws {
        let factory = ProviderFactory(
            environment: ["BS_API_USER": "someone"], transport: sharedTransport, override: ProviderOverride(name: .bluesnap))
        let error = #expect(throws: ProviderSetupError.self) { try factory.source(for: [shippedFlow("standard-checkout")]) }
        #expect(
            error?.message
                == "provider 'bluesnap' needs the environment variable BS_API_PASSWORD (credential 'apiPassword'), which is not set")
        #expect(error?.message.contains("someone") == false)
    }

    @Test func aFlowsOwnVariablesAndTheConventionalOnesTogether() throws {
        let settings = ProviderSettings(name: .spreedly, credentials: ["accessSecret": "MY_SECRET"])
        let missing = ProviderFactory.missingCredentials(for: settings, in: ["SPREEDLY_GATEWAY_TOKEN": "t"])
        #expect(missing.map(\.name) == ["environmentKey", "accessSecret"])
        #expect(missing.map(\.variable) == ["SPREEDLY_ENVIRONMENT_KEY", "MY_SECRET"])
        #expect(
            ProviderFactory.missingCredentials(
                for: settings, in: ["SPREEDLY_ENVIRONMENT_KEY": "k", "MY_SECRET": "s", "SPREEDLY_GATEWAY_TOKEN": "t"]
            ).isEmpty)
        #expect(ProviderFactory.missingCredentials(for: ProviderSettings(name: .sandbox), in: [:]).isEmpty)
    }
}
