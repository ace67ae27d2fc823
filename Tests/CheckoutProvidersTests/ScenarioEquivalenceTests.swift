import CheckoutFakes
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// The shipped scenario suites, in-process through CheckoutScenarios, against the sandbox and
/// against the fake BlueSnap through the real HTTP adapter: the same results.
@Suite struct ScenarioEquivalenceTests {
    /// Scenarios whose result depends on something BlueSnap does not have. None now: those that
    /// depend on Maxpay's request signature (the sandbox checks it, standing in for Maxpay; BlueSnap
    /// has none) are tagged `signature` and left out (`unsigned`).
    static let expectedDifferences: Set<String> = []

    /// What a scenario compares, and a bit more (the error paths and codes).
    static func summary(_ r: CheckoutResult) -> String {
        let errors = r.errors.map { "\($0.path):\($0.code)" }.sorted().joined(separator: ",")
        return [
            r.status.rawValue, "exit \(r.exitCode)", r.paymentType ?? "-", r.threeDSResult?.rawValue ?? "-", r.declineCode ?? "-",
            r.creditCard.map { "\($0.brand.resultName) \($0.last4) \($0.issuingCountry)" } ?? "-", r.transaction?.status ?? "-",
            errors,
        ].joined(separator: " | ")
    }

    /// Scenarios tagged `signature` check what the signature hook signed: only a provider with a
    /// request signer (the sandbox, Maxpay) can pass them, so runs against BlueSnap and Spreedly
    /// leave them out.
    static func unsigned(_ scenarios: [(suite: String, scenario: Scenario)]) -> [(suite: String, scenario: Scenario)] {
        scenarios.filter { !$0.scenario.tags.contains("signature") }
    }

    /// The scenarios that reach the provider: those with fixtures or a chain run against a
    /// sandbox of their own whichever provider the runner has (`runsOnItsOwnSandbox`), so a
    /// comparison with a provider's fake leaves them out.
    static func reachingTheProvider(_ scenarios: [(suite: String, scenario: Scenario)]) -> [(suite: String, scenario: Scenario)] {
        scenarios.filter { !$0.scenario.runsOnItsOwnSandbox }
    }

    /// Expects every scenario run against `provider` to end as it did against the sandbox and
    /// pass, but for the scenarios named in `expected`, which must differ.
    static func expectSameResults(
        _ sandbox: [ScenarioOutcome], _ other: [ScenarioOutcome], provider: String, except expected: Set<String>,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(sandbox.count == other.count, sourceLocation: sourceLocation)
        var differing: Set<String> = []
        for (a, b) in zip(sandbox, other) {
            #expect(a.passed, "sandbox: \(a.scenario.name): \(a.differences)", sourceLocation: sourceLocation)
            if summary(a.result) != summary(b.result) {
                differing.insert(b.scenario.name)
                if !expected.contains(b.scenario.name) {
                    Issue.record(
                        "\(b.suiteName): \(b.scenario.name)\n  sandbox: \(summary(a.result))\n  \(provider): \(summary(b.result))",
                        sourceLocation: sourceLocation)
                }
            } else {
                #expect(b.passed, "\(provider): \(b.scenario.name): \(b.differences)", sourceLocation: sourceLocation)
            }
        }
        #expect(differing == expected, sourceLocation: sourceLocation)
    }

    @Test func shippedSuitesGiveTheSameResultsAgainstTheFakeBlueSnap() async throws {
        let files = try ScenarioSuite.find([repositoryRoot.appendingPathComponent("flows").path])
        let suite = ScenarioSuite.load(files)
        #expect(!suite.hasErrors)
        let all = Self.reachingTheProvider(
            Self.unsigned(suite.files.flatMap { f in f.scenarios.map { (suite: f.suiteName, scenario: $0) } }))
        #expect(all.count >= 130)

        let sandbox = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: .sandbox).run(all)

        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        // Every unchained scenario starts from the built-in sandbox; this one fake serves them
        // all, in parallel, so a choice one stores (choose-payment's PayPal) must not become
        // another's stored choice (create-payment). Chains run on their own sandbox.
        fake.forgetChoices()
        // A transport of its own: the connection count below measures this run's pool, not
        // connections another suite's traffic evicted from a shared one.
        let factory = ProviderFactory(
            environment: environment(for: fake), transport: CurlTransport(maxConnectionsPerHost: 4),
            override: ProviderOverride(name: .bluesnap, baseURL: fake.baseURL.absoluteString))
        let source = try factory.source(for: Array(suite.flows.values))
        let overHTTP = await ScenarioRunner(flows: suite.flows, jobs: 4, provider: source).run(all)

        Self.expectSameResults(sandbox, overHTTP, provider: "bluesnap", except: Self.expectedDifferences)
        // Four jobs on one pooled transport: a handful of connections for hundreds of requests.
        #expect(fake.server.requestCount > 300)
        #expect(fake.server.acceptedConnections <= 8)
        #expect(!fake.ledger.isEmpty)

        // Nothing a user or CI sees carries a card number, a CVV-bearing body or a credential.
        let outputs =
            overHTTP.map { $0.result.json.serialized() + $0.trace.map { "\($0)" }.joined() + $0.differences.map(\.message).joined() }
            .joined()
            + JUnitWriter.document(overHTTP)
        for secret in secretsInTests { #expect(!outputs.contains(secret), "leaked \(secret)") }
        #expect(!outputs.contains(fake.credentials.authorization))
    }
}
