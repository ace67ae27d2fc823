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
    /// The faulty signer's charge for a non-ASCII name is refused before Maxpay starts 3-D
    /// Secure, so the result has no `threeDSAuthenticationResult`; in the sandbox, 3DS ran
    /// (frictionless) before the signed charge was refused.
    static let expectedDifferences: Set<String> = [
        "a faulty signer signs a non-ASCII name wrong, the request is refused, nothing charged"
    ]

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
        let all = ScenarioEquivalenceTests.reachingTheProvider(
            suite.files.filter { $0.suiteName == "maxpay-sale3d" }.flatMap { f in f.scenarios.map { (suite: f.suiteName, scenario: $0) } })
        #expect(all.count >= 7)

        // Maxpay has no BIN lookup: over Maxpay the card's issuing country is unknown (empty),
        // so the sandbox's is left out of the comparison.
        let sandbox = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: .sandbox).run(all).map(Self.withoutIssuingCountry)
        let fake = try Self.fake()
        defer { fake.stop() }
        let factory = ProviderFactory(
            environment: ["MAXPAY_PUBLIC_KEY": fake.publicKey], transport: sharedTransport,
            override: ProviderOverride(name: .maxpay, baseURL: fake.baseURL.absoluteString))
        let source = try factory.source(for: Array(suite.flows.values))
        let overHTTP = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: source).run(all)

        ScenarioEquivalenceTests.expectSameResults(sandbox, overHTTP, provider: "maxpay", except: Self.expectedDifferences)
        // One ledger entry per approved payment (frictionless twice, the faulty signer's ASCII
        // name, challenge passed, retried after a transient error, the German national phone);
        // none for the failed or canceled challenges, the declines, the refused signature or the
        // invalid answers.
        let approved = overHTTP.filter { $0.result.status == .success }
        #expect(approved.count == 6)
        #expect(fake.ledger.count == approved.count)
        #expect(Set(fake.ledger.map(\.reference)) == Set(approved.compactMap { $0.result.transaction?.id }))
        #expect(fake.ledger.allSatisfy { $0.type == "SALE3D" && $0.amount == "49.90" && $0.currency == "EUR" })
        // The four challenge scenarios (the faulty signer's cancelled one too) posted to the ACS
        // page once each.
        #expect(fake.acsPosts == 4)

        let outputs =
            overHTTP.map { $0.result.json.serialized() + $0.trace.map { "\($0)" }.joined() + $0.differences.map(\.message).joined() }
            .joined()
            + JUnitWriter.document(overHTTP)
        for secret in secretsInTests + [fake.privateKey] { #expect(!outputs.contains(secret), "leaked \(secret)") }
    }
}

/// Card by card: every 3-D Secure test card through a signed `SALE3D` against the fake Maxpay,
/// compared with the sandbox; the ledger moves only for an approved, authenticated charge.
@Suite struct MaxpaySale3DCardTests {
    static func flow(processFailed3DS: Bool) -> String {
        """
        flow: maxpay-sale3d-cards
        dsl: 1
        provider:
          name: maxpay
          signature: { privateKey: "${env:MAXPAY_TEST_PRIVATE_KEY}" }
        request:
          price: { amount: 49.90, currency: EUR }
          customer: { ip: 203.0.113.7 }
          withEmail: true
          transactionType: sale3d
          processFailed3DS: \(processFailed3DS)
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: threeDS
          - { id: sale3d, kind: sale, hooks: [signature], retry: { attempts: 3, backoff: constant, delay: 10ms } }
        """
    }

    /// One run; `fake` nil runs against the sandbox.
    static func run(
        _ number: String, code: String? = "1234", against fake: FakeMaxpay?, processFailed3DS: Bool = false
    ) async throws -> MaxpayFakeTests.Run {
        var text = MaxpayFakeTests.answers(number)
        if let code { text += "\nthreeDS: { code: \"\(code)\" }" } else { text += "\nthreeDS: { cancel: true }" }
        return try await MaxpayFakeTests.run(flow: flow(processFailed3DS: processFailed3DS), answers: text, seed: 23, against: fake)
    }

    static func summary(_ r: CheckoutResult) -> String {
        [MaxpayFakeTests.summary(r), r.threeDSResult?.rawValue ?? "-"].joined(separator: " | ")
    }

    @Test(
        arguments: [
            ("4111 1111 1111 1111", "1234"), ("4000 0000 0000 1091", "1234"), ("4000 0000 0000 1091", "0000"),
            ("4000 0000 0000 1091", nil), ("4556 7610 2998 3886", "1234"), ("4024 0071 0193 4890", "1234"),
            ("4000 0000 0000 1133", "1234"), ("4000 0000 0000 1059", "1234"), ("4000 0000 0000 1109", "1234"),
            ("4000 0000 0000 1117", "1234"), ("4000 0000 0000 0002", "1234"), ("4000 0000 0000 9995", "1234"),
            ("4000 0000 0000 0119", "1234"),
        ] as [(String, String?)])
    func aThreeDSCardEndsAsItDoesInTheSandbox(number: String, code: String?) async throws {
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        let sandbox = try await Self.run(number, code: code, against: nil)
        let overHTTP = try await Self.run(number, code: code, against: fake)
        #expect(Self.summary(overHTTP.result) == Self.summary(sandbox.result), "\(overHTTP.result.errors)")
        let approved = overHTTP.result.status == .success
        #expect(fake.ledger.count == (approved ? 1 : 0))
        if approved { #expect(overHTTP.result.transaction?.id == fake.ledger.first?.reference) }
        // The challenge screen appears exactly when the sandbox shows it.
        #expect(overHTTP.events.contains { $0.event == "threeDS.challenge" } == sandbox.events.contains { $0.event == "threeDS.challenge" })
        let outputs = overHTTP.result.json.serialized() + overHTTP.events.map { "\($0)" }.joined()
        for secret in secretsInTests + [fake.privateKey, number] { #expect(!outputs.contains(secret), "leaked \(secret)") }
    }

    /// With `processFailed3DS` the sandbox charges after a failed authentication; Maxpay ran
    /// authentication inside the charge and declined it (the fake as a real acquirer would),
    /// so the run ends declined with the 3DS result, and nothing is charged.
    @Test func afterAFailedAuthenticationMaxpayDeclinesWhereTheSandboxCharges() async throws {
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        let sandbox = try await Self.run("4000 0000 0000 1109", against: nil, processFailed3DS: true)
        let overHTTP = try await Self.run("4000 0000 0000 1109", against: fake, processFailed3DS: true)
        #expect(sandbox.result.status == .success)
        #expect(overHTTP.result.status == .declined)
        #expect(overHTTP.result.declineCode == MaxpayCodes.authenticationFailed.name)
        #expect(overHTTP.result.threeDSResult == .authenticationFailed)
        #expect(fake.ledger.isEmpty)
    }

    @Test func theACSPageRefusesAFormThatIsNotTheTransactions() async throws {
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        let wrong = HTTPRequest(
            method: "POST", url: fake.baseURL.appendingPathComponent("acs/mxr_5000001"),
            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data("PaReq=x&MD=mxr_5000001&TermUrl=t&code=1234".utf8))
        let answer = try await sharedTransport.send(wrong, timeout: .seconds(10))
        #expect(answer.status == 400)
        #expect(fake.ledger.isEmpty)
    }
}
