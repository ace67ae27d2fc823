import CheckoutDomain
import CheckoutFakes
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// Maxpay's `SALE3D` with 3-D Secure inside the charge: the shipped `maxpay-sale3d` suite
/// through `MaxpayProvider` against the fake Maxpay gives the sandbox's results (where the
/// sandbox runs 3DS as its own step before the charge), money moves once, nothing secret leaks.
@Suite struct MaxpaySale3DTests {
    /// The wrong signer's charge is refused before Maxpay starts 3-D Secure, so the result has
    /// no `threeDSAuthenticationResult`; in the sandbox, 3DS ran (frictionless) before the
    /// signed charge was refused.
    static let expectedDifferences: Set<String> = ["a signer without the sandbox's key is refused, nothing charged"]

    /// A fake that takes the shipped signer's key (the sandbox's public test key).
    static func fake() throws -> FakeMaxpay { try FakeMaxpay(privateKey: "sandbox-maxpay-private-key") }

    static func withoutIssuingCountry(_ outcome: ScenarioOutcome) -> ScenarioOutcome {
        var o = outcome
        o.result.creditCard?.issuingCountry = ""
        return o
    }

    @Test func theSale3DSuiteMatchesTheSandbox() async throws {
        let files = try ScenarioSuite.find([repositoryRoot.appendingPathComponent("flows").path])
        let suite = ScenarioSuite.load(files)
        #expect(!suite.hasErrors)
        let all = suite.files.filter { $0.suiteName == "maxpay-sale3d" }.flatMap { f in f.scenarios.map { (suite: f.suiteName, scenario: $0) } }
        #expect(all.count >= 7)

        // Maxpay has no BIN lookup: over Maxpay the card's issuing country is unknown (empty),
        // so the sandbox's is left out of the comparison.
        let sandbox = await ScenarioRunner(flows: suite.flows, jobs: 2).run(all).map(Self.withoutIssuingCountry)
        let fake = try Self.fake()
        defer { fake.stop() }
        let factory = ProviderFactory(
            environment: ["MAXPAY_PUBLIC_KEY": fake.publicKey], transport: sharedTransport,
            override: ProviderOverride(name: .maxpay, baseURL: fake.baseURL.absoluteString))
        let source = try factory.source(for: Array(suite.flows.values))
        let overHTTP = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: source).run(all)

        ScenarioEquivalenceTests.expectSameResults(sandbox, overHTTP, provider: "maxpay", except: Self.expectedDifferences)
        // One ledger entry per approved payment (frictionless, challenge passed); none for the
        // failed or canceled challenge, the decline or the refused signature.
        let approved = overHTTP.filter { $0.result.status == .success }
        #expect(approved.count == 2)
        #expect(fake.ledger.count == approved.count)
        #expect(Set(fake.ledger.map(\.reference)) == Set(approved.compactMap { $0.result.transaction?.id }))
        #expect(fake.ledger.allSatisfy { $0.type == "SALE3D" && $0.amount == "49.90" && $0.currency == "EUR" })
        // The three challenge scenarios posted to the ACS page once each.
        #expect(fake.acsPosts == 3)

        let outputs =
            overHTTP.map { $0.result.json.serialized() + $0.trace.map { "\($0)" }.joined() + $0.differences.joined() }.joined()
            + JUnitWriter.document(overHTTP)
        for secret in secretsInTests + [fake.privateKey] { #expect(!outputs.contains(secret), "leaked \(secret)") }
    }
}
