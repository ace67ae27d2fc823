import CheckoutFakes
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// Whole runs of the standard checkout against the fake BlueSnap with faults injected: the
/// runtime's retries and the adapter's idempotency key together charge exactly once.
@Suite struct FaultTests {
    static func run(
        _ answersFile: String, against url: URL, credentials: [String: String], flow: String = "standard-checkout"
    ) async throws
        -> CheckoutResult
    {
        let (answers, problems) = AnswersReader.read(contentsOf: repositoryRoot.appendingPathComponent(answersFile).path)
        #expect(problems.isEmpty)
        let factory = ProviderFactory(
            environment: credentials, transport: sharedTransport, override: ProviderOverride(name: .bluesnap, baseURL: url.absoluteString))
        let compiled = shippedFlow(flow)
        return await HeadlessRun(compiled, answers: answers, problems: problems, file: nil, now: testStart).run(
            random: SeededRandom(seed: 1), provider: try factory.source(for: [compiled]))
    }

    /// A hook that breaks the first request matching `method` and `path` with `fault`.
    static func once(_ method: String, _ suffix: String, _ fault: ServerFault) -> @Sendable (ServerRequest) -> ServerFault? {
        let fired = Mutex(false)
        return { request in
            guard request.method == method, request.path.hasSuffix(suffix) else { return nil }
            return fired.withLock { done in
                defer { done = true }
                return done ? nil : fault
            }
        }
    }

    // `.reset` too: under URLSession a reset under a request with a body could wait for the
    // request timeout before the retry; with libcurl it fails or is re-sent at once
    // (CurlTransportTests checks the "at once" without a wall clock).
    @Test(arguments: [ServerFault.reset, .truncatedBody, .malformedBody, .status(502), .status(503), .status(500)])
    func aBrokenChargeAnswerIsRetriedWithTheSameKeyAndChargesOnce(fault: ServerFault) async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        fake.server.setFaultHook(Self.once("POST", "/services/2/transactions", fault))
        let result = try await Self.run(
            "examples/standard-checkout/visa-approved.yaml", against: fake.baseURL, credentials: environment(for: fake))
        #expect(result.status == .success, "\(result.errors)")
        #expect(fake.ledger.count == 1)
        let keys = fake.idempotencyKeysSeen
        // The faults that handled the request saw the key twice; the others once. Never two keys.
        #expect(Set(keys).count == 1)
        #expect(result.transaction?.id == fake.ledger.first?.transactionId)
    }

    @Test(arguments: [ServerFault.status(503), .reset])
    func aTokenRequestThatFailsOnceIsRetried(fault: ServerFault) async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        fake.server.setFaultHook(Self.once("POST", "/services/2/payment-fields-tokens", fault))
        let result = try await Self.run(
            "examples/standard-checkout/visa-approved.yaml", against: fake.baseURL, credentials: environment(for: fake))
        #expect(result.status == .success, "\(result.errors)")
        #expect(fake.ledger.count == 1)
    }

    @Test func aProviderThatCannotBeReachedEndsTheRunWithExit4() async throws {
        let fake = try FakeBlueSnap()
        fake.stop()
        // Port 1: nothing listens there (a stopped fake's port may be given to another test's fake).
        let url = URL(string: "http://127.0.0.1:1")!
        let result = try await Self.run("examples/standard-checkout/visa-approved.yaml", against: url, credentials: environment(for: fake))
        #expect(result.status == .error)
        #expect(result.exitCode == 4)
        #expect(result.errors.first?.code == ProviderError.Code.unavailable.rawValue)
        #expect(result.errors.first?.message.contains("127.0.0.1") == true)
    }

    @Test func aMissingCredentialNamesTheVariableNotAValue() throws {
        let factory = ProviderFactory(
            environment: ["BS_API_USER": "someone"], transport: sharedTransport, override: ProviderOverride(name: .bluesnap))
        let error = #expect(throws: ProviderSetupError.self) { try factory.source(for: [shippedFlow("standard-checkout")]) }
        #expect(error?.message.contains("BS_API_PASSWORD") == true)
        #expect(error?.message.contains("someone") == false)
    }

    @Test func aFlowNamesItsOwnCredentialVariables() throws {
        var settings = ProviderSettings(name: .bluesnap, credentials: ["apiUser": "MY_USER", "apiPassword": "MY_PASSWORD"])
        let factory = ProviderFactory(environment: ["MY_USER": "u", "MY_PASSWORD": "p"], transport: sharedTransport)
        let made = try factory.make(settings, clock: ManualClock(start: testStart), random: SeededRandom(seed: 1))
        #expect(made is BlueSnapProvider)
        settings.credentials["apiPassword"] = "OTHER"
        #expect(throws: ProviderSetupError.self) {
            try factory.make(settings, clock: ManualClock(start: testStart), random: SeededRandom(seed: 1))
        }
        #expect(ProviderFactory.defaultBaseURL(.bluesnap) == "https://sandbox.bluesnap.com")
    }

    @Test func noAnswerWithinTheRequestTimeoutIsATimeout() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        // The server holds the request a minute; the adapter gives up after 100 ms.
        fake.server.setFaultHook(Self.once("POST", "/services/2/payment-fields-tokens", .delayBeforeHandling(.seconds(60))))
        let provider = BlueSnapProvider(
            configuration: BlueSnapConfiguration(baseURL: fake.baseURL, credentials: fake.credentials, requestTimeout: .milliseconds(100)),
            transport: CurlTransport(maxConnectionsPerHost: 1), clock: ManualClock(start: testStart), random: SeededRandom(seed: 1))
        let error = await #expect(throws: ProviderError.self) { try await provider.createToken() }
        #expect(error?.code == .timeout)
        #expect(error?.isRetryable == true)
    }

    @Test func cancellingTheRunCancelsTheRequest() async throws {
        let fake = try FakeBlueSnap()
        defer { fake.stop() }
        // The server holds the token request for a minute; the test cancels long before.
        fake.server.setFaultHook(Self.once("POST", "/services/2/payment-fields-tokens", .delayBeforeHandling(.seconds(60))))
        let provider = adapter(for: fake)
        let task = Task { try await provider.createToken() }
        while fake.server.requestCount == 0 { await Task.yield() }
        task.cancel()
        let outcome = await task.result
        #expect(throws: CancellationError.self) { try outcome.get() }
    }
}
