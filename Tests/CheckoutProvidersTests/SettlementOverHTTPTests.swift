import CheckoutDomain
import CheckoutFakes
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// The shipped auth → capture → refund suite (`flows/auth-capture-refund.scenarios.yaml`)
/// against the sandbox and, through the real HTTP adapters, against the fake BlueSnap and the
/// fake Spreedly: the same results, and on the wire the amounts the flow asked for.
@Suite struct SettlementOverHTTPTests {
    static func suite() throws -> (ScenarioSuite, [(suite: String, scenario: Scenario)]) {
        let files = try ScenarioSuite.find([repositoryRoot.appendingPathComponent("flows").path])
        let suite = ScenarioSuite.load(files)
        let all = suite.files.filter { $0.suiteName == "auth-capture-refund" }.flatMap { f in
            f.scenarios.map { (suite: f.suiteName, scenario: $0) }
        }
        return (suite, ScenarioEquivalenceTests.reachingTheProvider(all))
    }

    /// What the fakes' books must hold after the suite: one capture of 100.00 per full-capture
    /// scenario (captureFull, voidCaptured, refundFull, refundPart, refundMost, refundTooMuch,
    /// and the two cards whose refund fails), 60.00 for capturePart, one void each for voidAuth
    /// and the two declined captures (voidCaptured's is refused before the fake), refunds of
    /// 100.00, 80.00 and twice 25.00 (refundTooMuch's 80.00 over the capture and the failing
    /// cards' are refused before or at the fake). With the
    /// `signature` scenarios (a provider that signs), three more captures of 100.00, refunds of
    /// 100.00, 80.00 and 25.00, and one more void.
    static func expectBook(
        _ book: FakeSettlementBook, unit: Decimal, signed: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let captures = book.operations.filter { $0.kind == "capture" }.compactMap(\.amount).sorted()
        let refunds = book.operations.filter { $0.kind == "refund" }.compactMap(\.amount).sorted()
        let moreCaptures: [Decimal] = signed ? [100, 100, 100] : []
        let moreRefunds: [Decimal] = signed ? [25, 80, 100] : []
        let fullCaptures = [Decimal](repeating: 100, count: 8)
        #expect(captures == ([60] + fullCaptures + moreCaptures).sorted().map { $0 * unit }, sourceLocation: sourceLocation)
        #expect(refunds == ([25, 25, 80, 100] + moreRefunds).sorted().map { $0 * unit }, sourceLocation: sourceLocation)
        #expect(book.operations.filter { $0.kind == "void" }.count == (signed ? 4 : 3), sourceLocation: sourceLocation)
    }

    @Test func theSuiteGivesTheSandboxsResultsAgainstTheFakeBlueSnap() async throws {
        let (suite, signedToo) = try Self.suite()
        let all = ScenarioEquivalenceTests.unsigned(signedToo)
        #expect(all.count == 14)
        let sandbox = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: .sandbox).run(all)
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        let factory = ProviderFactory(
            environment: environment(for: fake), transport: sharedTransport,
            override: ProviderOverride(name: .bluesnap, baseURL: fake.baseURL.absoluteString))
        let overHTTP = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: try factory.source(for: Array(suite.flows.values)))
            .run(all)
        ScenarioEquivalenceTests.expectSameResults(sandbox, overHTTP, provider: "bluesnap", except: [])
        Self.expectBook(fake.settlementBook, unit: 1)
    }

    @Test func theSuiteGivesTheSandboxsResultsAgainstTheFakeSpreedly() async throws {
        let (suite, signedToo) = try Self.suite()
        let all = ScenarioEquivalenceTests.unsigned(signedToo)
        let sandbox = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: .sandbox).run(all)
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let factory = ProviderFactory(
            environment: fake.environment, transport: sharedTransport,
            override: ProviderOverride(name: .spreedly, baseURL: fake.baseURL.absoluteString))
        let overHTTP = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: try factory.source(for: Array(suite.flows.values)))
            .run(all)
        ScenarioEquivalenceTests.expectSameResults(sandbox, overHTTP, provider: "spreedly", except: [])
        // Spreedly's amounts are in minor units.
        Self.expectBook(fake.settlementBook, unit: 100)
    }

    @Test func theSuiteGivesTheSandboxsResultsAgainstTheFakeMaxpay() async throws {
        let (suite, all) = try Self.suite()
        // Maxpay has no BIN lookup: the card's issuing country is left out on both sides.
        let sandbox = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: .sandbox).run(all)
            .map(MaxpaySale3DTests.withoutIssuingCountry)
        let fake = try MaxpaySale3DTests.fake()
        defer { fake.stop() }
        let factory = ProviderFactory(
            environment: ["MAXPAY_PUBLIC_KEY": fake.publicKey], transport: sharedTransport,
            override: ProviderOverride(name: .maxpay, baseURL: fake.baseURL.absoluteString))
        let overHTTP = await ScenarioRunner(flows: suite.flows, jobs: 2, provider: try factory.source(for: Array(suite.flows.values)))
            .run(all)
        ScenarioEquivalenceTests.expectSameResults(sandbox, overHTTP, provider: "maxpay", except: [])
        Self.expectBook(fake.settlementBook, unit: 1, signed: true)
        // Every authorization, settle, void and refund was signed and its signature checked.
        #expect(fake.ledger.allSatisfy { $0.type == "AUTH" })
    }
}
