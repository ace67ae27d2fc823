import CheckoutDomain
import CheckoutFakes
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Whole runs of a signed Maxpay SALE through `MaxpayProvider` against the fake Maxpay on
/// loopback, compared with the same runs against the sandbox (which answers signed charges
/// as Maxpay does).
@Suite struct MaxpayFakeTests {
    static let flow = """
        flow: maxpay-sale
        dsl: 1
        provider:
          name: maxpay
          signature: { privateKey: "${env:MAXPAY_TEST_PRIVATE_KEY}" }
        request:
          price: { amount: 49.90, currency: EUR }
          customer: { ip: 203.0.113.7 }
          withEmail: true
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - { id: sale, kind: sale, hooks: [signature], retry: { attempts: 3, backoff: constant, delay: 10ms } }
        """

    static func answers(_ number: String) -> String {
        """
        card: { number: "\(number)", expiry: "12/35", cvv: "739", name: Anna Schmidt }
        billing: { name: Anna Schmidt, email: anna@example.com, country: DE, zip: "10117" }
        """
    }

    struct Run {
        var result: CheckoutResult
        var events: [TraceEvent]
    }

    /// One run; `fake` nil runs against the sandbox (signing with its public test key).
    static func run(_ number: String, against fake: FakeMaxpay?, privateKey: String? = nil) async throws -> Run {
        try await run(flow: flow, answers: answers(number), seed: 11, against: fake, privateKey: privateKey)
    }

    /// One run of `flow` with `answers`, signed with `MAXPAY_TEST_PRIVATE_KEY` = `privateKey`
    /// (default: the fake's key, or the sandbox's public test key when `fake` is nil).
    static func run(
        flow: String, answers text: String, seed: UInt64, against fake: FakeMaxpay?, privateKey: String? = nil
    ) async throws -> Run {
        let compiled = try #require(FlowCompiler.compile(flow, file: "maxpay.yaml").flow)
        let (answers, problems) = AnswersReader.read(Array(text.utf8), file: "answers.yaml")
        #expect(problems.isEmpty)
        let clock = ManualClock(start: testStart)
        let random = SeededRandom(seed: seed)
        let provider: any PaymentProvider
        let key: String
        if let fake {
            let factory = ProviderFactory(
                environment: ["MAXPAY_PUBLIC_KEY": fake.publicKey], transport: sharedTransport,
                override: ProviderOverride(name: .maxpay, baseURL: fake.baseURL.absoluteString))
            provider = try factory.make(compiled.definition.provider, clock: clock, random: random)
            key = privateKey ?? fake.privateKey
        } else {
            provider = SandboxProvider(clock: clock, random: random)
            key = privateKey ?? "sandbox-maxpay-private-key"
        }
        let trace = MemoryTraceSink()
        let signing = SigningEnvironment(
            variable: { $0 == "MAXPAY_TEST_PRIVATE_KEY" ? key : nil }, runCommand: { _, _, _, _ in CommandOutput(status: 1, stdout: "") })
        let runner = CheckoutRunner(
            flow: compiled, provider: provider, frontend: HeadlessFrontend(answers: try #require(answers)), clock: clock, random: random,
            trace: trace, signing: signing)
        return Run(result: await runner.run(), events: trace.events)
    }

    static func summary(_ r: CheckoutResult) -> String {
        [
            r.status.rawValue, "exit \(r.exitCode)", r.declineCode ?? "-", r.transaction?.status ?? "-", r.transaction?.type ?? "-",
            r.errors.map { "\($0.path):\($0.code)" }.joined(separator: ","),
        ].joined(separator: " | ")
    }

    @Test(arguments: [
        "4111 1111 1111 1111", "5555 5555 5555 4444", "4000 0000 0000 9995", "4000 0000 0000 9987", "4000 0000 0000 0069",
        "4000 0000 0000 0127", "4000 0000 0000 0119",
    ])
    func aTestCardEndsAsItDoesInTheSandbox(number: String) async throws {
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        let sandbox = try await Self.run(number, against: nil)
        let overHTTP = try await Self.run(number, against: fake)
        #expect(Self.summary(overHTTP.result) == Self.summary(sandbox.result), "\(overHTTP.result.errors)")
        let approved = overHTTP.result.status == .success
        #expect(fake.ledger.count == (approved ? 1 : 0))
        if approved { #expect(overHTTP.result.transaction?.id == fake.ledger.first?.reference) }
        let outputs = overHTTP.result.json.serialized() + overHTTP.events.map { "\($0)" }.joined()
        for secret in secretsInTests + [fake.privateKey, number] { #expect(!outputs.contains(secret), "leaked \(secret)") }
    }

    @Test func aSignatureMadeWithAnotherKeyIsRefusedAndNothingIsCharged() async throws {
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        let r = try await Self.run("4111 1111 1111 1111", against: fake, privateKey: "someone-elses-key")
        #expect(Self.summary(r.result) == "error | exit 4 | - | - | - | sale:invalid_signature")
        #expect(fake.ledger.isEmpty)
    }

    @Test(arguments: [ServerFault.truncatedBody, .malformedBody, .status(502), .status(503), .reset])
    func aBrokenAnswerToTheChargeIsRetriedUnderTheSameUniqueIdAndChargesOnce(fault: ServerFault) async throws {
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        fake.server.setFaultHook(FaultTests.once("POST", "/api/cc", fault))
        let r = try await Self.run("4111 1111 1111 1111", against: fake)
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(fake.ledger.count == 1)
        #expect(r.result.transaction?.id == fake.ledger.first?.reference)
        #expect(r.events.contains { $0.event == "step.retry" })
    }
}
