import CheckoutFakes
import CheckoutJSON
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// The provider call records (`provider.call`) are made at the `PaymentProvider` boundary, so
/// the BlueSnap, Spreedly and Maxpay adapters, run against their fakes, record what the
/// sandbox records for the same scenario, but for the provider's own ids.
@Suite struct ProviderCallRecordsOverHTTPTests {
    /// Ids a provider makes up (tokens, transactions, sessions, keys): left out of the comparison.
    static let providerIds: Set<String> = [
        "token", "cardToken", "checkoutToken", "paymentMethodToken", "transactionId", "session", "idempotencyKey", "id",
        "invoiceId",
    ]

    /// Calls that depend on what a provider offers besides the payment (Spreedly has no
    /// currency rates): the payment's own calls are compared.
    static let compared: Set<String> = ["tokenize", "charge", "chargeFinish", "threeDSChallenge", "capture", "void", "refund"]

    static func normalized(_ calls: [JSONValue]) -> [String] {
        calls.compactMap { call -> String? in
            guard case .object(let members) = call,
                case .string(let operation)? = members.first(where: { $0.key == "operation" })?.value, compared.contains(operation)
            else { return nil }
            return JSONValue.object(members.map { JSONMember($0.key, strip($0.value)) }).serialized()
        }
    }

    static func strip(_ v: JSONValue) -> JSONValue {
        guard case .object(let members) = v else { return v }
        return .object(members.filter { !providerIds.contains($0.key) })
    }

    static func scenarios(_ suite: ScenarioSuite, _ names: [String: Set<String>]) -> [(suite: String, scenario: Scenario)] {
        suite.files.flatMap { f in
            f.scenarios.filter { names[f.suiteName]?.contains($0.name) == true }.map { (suite: f.suiteName, scenario: $0) }
        }
    }

    static func records(
        _ suite: ScenarioSuite, _ all: [(suite: String, scenario: Scenario)], _ source: ProviderSource
    ) async
        -> [[String]]
    {
        var runner = ScenarioRunner(flows: suite.flows, jobs: 1, provider: source)
        runner.recordsProviderCalls = true
        return await runner.run(all).map { normalized($0.providerCalls) }
    }

    @Test func blueSnapAndSpreedlyRecordWhatTheSandboxRecords() async throws {
        let suite = ScenarioSuite.load(try ScenarioSuite.find([repositoryRoot.appendingPathComponent("flows").path]))
        let all = Self.scenarios(
            suite, ["standard-checkout": ["visa approved", "insufficient funds"], "full-billing-shipping": ["ships to new york"]])
        #expect(all.count == 3)
        let sandbox = await Self.records(suite, all, .sandbox)
        #expect(sandbox.allSatisfy { $0.count == 2 }, "\(sandbox)")

        let blueSnap = try FakeBlueSnap()
        defer { blueSnap.stop() }
        let overBlueSnap = try await Self.records(
            suite, all,
            ProviderFactory(
                environment: environment(for: blueSnap), transport: sharedTransport,
                override: ProviderOverride(name: .bluesnap, baseURL: blueSnap.baseURL.absoluteString)
            ).source(for: Array(suite.flows.values)))
        #expect(overBlueSnap == sandbox)

        let spreedly = try FakeSpreedly()
        defer { spreedly.stop() }
        let overSpreedly = try await Self.records(
            suite, all,
            ProviderFactory(
                environment: spreedly.environment, transport: sharedTransport,
                override: ProviderOverride(name: .spreedly, baseURL: spreedly.baseURL.absoluteString)
            ).source(for: Array(suite.flows.values)))
        #expect(overSpreedly == sandbox)
    }

    /// Maxpay runs 3-D Secure inside its charge, so its 3-D Secure calls differ from the
    /// sandbox's by design (a `charge` with `threeDSRequested`, no `threeDSStart`): its tokenize
    /// and the charge's money and type are compared.
    @Test func maxpayRecordsTheSandboxsTokenizeAndCharge() async throws {
        let suite = ScenarioSuite.load(try ScenarioSuite.find([repositoryRoot.appendingPathComponent("flows").path]))
        let all = Self.scenarios(suite, ["maxpay-sale3d": ["frictionless 3-D Secure, signed SALE3D approved"]])
        #expect(all.count == 1)
        let sandbox = await Self.records(suite, all, .sandbox)
        let fake = try MaxpaySale3DTests.fake()
        defer { fake.stop() }
        let overMaxpay = try await Self.records(
            suite, all,
            ProviderFactory(
                environment: ["MAXPAY_PUBLIC_KEY": fake.publicKey], transport: sharedTransport,
                override: ProviderOverride(name: .maxpay, baseURL: fake.baseURL.absoluteString)
            ).source(for: Array(suite.flows.values)))
        let tokenize = { (calls: [[String]]) in calls.flatMap { $0 }.filter { $0.contains("\"operation\":\"tokenize\"") } }
        #expect(!tokenize(sandbox).isEmpty)
        #expect(tokenize(overMaxpay) == tokenize(sandbox))
        let charge = overMaxpay.flatMap { $0 }.first { $0.contains("\"operation\":\"charge\"") } ?? ""
        let sandboxCharge = sandbox.flatMap { $0 }.first { $0.contains("\"operation\":\"charge\"") } ?? ""
        for part in ["\"transactionType\":\"SALE\"", "\"status\":\"approved\""] {
            #expect(charge.contains(part), "\(charge)")
            #expect(sandboxCharge.contains(part), "\(sandboxCharge)")
        }
        #expect(charge.contains("\"threeDSRequested\":true"))
    }
}
