import CheckoutDomain
import CheckoutFakes
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// Wallet payments through `SpreedlyProvider` against the fake Spreedly: Apple Pay and PayPal
/// end as in the sandbox, each moves money once however its answers are broken, the requests
/// have Spreedly's documented shapes, and what real Spreedly would refuse is refused.
@Suite struct SpreedlyWalletTests {
    struct Run {
        var result: CheckoutResult
        var events: [TraceEvent]
    }

    /// A headless standard checkout paid with `method`; `fake` nil runs against the sandbox.
    static func run(
        _ method: PaymentMethodKind, against fake: FakeSpreedly?, retry: StepRetry = StepRetry(), seed: UInt64 = 11,
        transport: any HTTPTransport = sharedTransport
    )
        async throws -> Run
    {
        let compiled = shippedFlow("standard-checkout")
        let (answers, problems) = AnswersReader.read(Array("paymentMethod: \(method.rawValue)".utf8), file: "answers.yaml")
        #expect(problems.isEmpty)
        let clock = ManualClock(start: testStart)
        let random = SeededRandom(seed: seed)
        let provider: any PaymentProvider
        if let fake {
            let factory = ProviderFactory(
                environment: fake.environment, transport: transport,
                override: ProviderOverride(name: .spreedly, baseURL: fake.baseURL.absoluteString))
            provider = try factory.make(compiled.definition.provider, clock: clock, random: random)
        } else {
            provider = SandboxProvider(clock: clock, random: random)
        }
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: compiled, provider: provider, frontend: HeadlessFrontend(answers: try #require(answers)), clock: clock, random: random,
            trace: trace, retry: retry)
        return Run(result: await runner.run(), events: trace.events)
    }

    /// A transport of its own for a test that breaks connections: the broken ones must not
    /// churn the pool the other suites share (as in HTTPFaultSuiteTests).
    static func ownTransport() -> CurlTransport { CurlTransport(maxConnectionsPerHost: 4) }

    static func outputs(_ r: Run) -> String {
        r.result.json.serialized() + r.events.map(\.jsonLine).joined() + r.result.errors.map(\.message).joined()
    }

    static func expectNoSecrets(_ r: Run, _ fake: FakeSpreedly, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let text = outputs(r)
        for secret in [fake.credentials.password, fake.credentials.authorization] {
            #expect(!text.contains(secret), "leaked a credential", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [PaymentMethodKind.applePay, .paypal])
    func aWalletPaymentEndsAsInTheSandboxAndIsOneLedgerEntry(method: PaymentMethodKind) async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let requests = Mutex<[ServerRequest]>([])
        fake.server.setFaultHook { request in
            requests.withLock { $0.append(request) }
            return nil
        }
        let sandbox = try await Self.run(method, against: nil)
        let overHTTP = try await Self.run(method, against: fake)
        #expect(overHTTP.result.status == .success, "\(overHTTP.result.errors)")
        #expect(ScenarioEquivalenceTests.summary(overHTTP.result) == ScenarioEquivalenceTests.summary(sandbox.result))
        // PayPal's invoice id is there as in the sandbox's result (12 digits both), Apple Pay has none.
        #expect((overHTTP.result.payPalInvoiceId != nil) == (sandbox.result.payPalInvoiceId != nil))
        #expect(overHTTP.result.payPalInvoiceId?.count == sandbox.result.payPalInvoiceId?.count)
        let entry = try #require(fake.ledger.first)
        #expect(fake.ledger.count == 1)
        #expect(entry.paymentMethodType == (method == .paypal ? "paypal" : "apple_pay"))
        #expect(entry.token == overHTTP.result.transaction?.id)
        #expect(entry.amount == "2500" && entry.currency == "USD")

        // First the look-up for an earlier attempt of the order (provider-contract #10), newest first.
        let all = requests.withLock { $0 }
        #expect(all.first.map { "\($0.method) \($0.path) \($0.query("order") ?? "")" } == "GET /v1/transactions.json desc")
        let sent = Array(all.dropFirst())
        let paths = sent.map { "\($0.method) \($0.path)" }
        let purchase = "POST /v1/gateways/\(fake.gatewayToken)/purchase.json"
        if method == .paypal {
            #expect(paths == ["POST /v1/payment_methods.json", purchase, "GET /v1/transactions/\(entry.token).json"])
        } else {
            #expect(paths == ["POST /v1/payment_methods.json", purchase])
        }
        let vaultBody = try #require(JSONParser.parse(sent[0].body))
        if method == .paypal {
            #expect(vaultBody["payment_method"]?["payment_method_type"]?.text == "paypal")
        } else {
            #expect(vaultBody["payment_method"]?["apple_pay"] != nil)
        }
        let t = try #require(JSONParser.parse(sent[1].body)?["transaction"])
        let orderId = try #require(t["order_id"]?.text)
        #expect(orderId.count == 32 && orderId.allSatisfy(\.isHexDigit))
        #expect(entry.orderId == orderId)
        #expect(t["amount"]?.text == "2500")
        #expect((t["redirect_url"] != nil) == (method == .paypal))
        Self.expectNoSecrets(overHTTP, fake)
    }

    @Test func aWalletOrderIdIsTheKeyAndTheWalletHashed() {
        let a = SpreedlyProvider.walletOrderId(.paypal, idempotencyKey: "k1")
        #expect(a == SpreedlyProvider.walletOrderId(.paypal, idempotencyKey: "k1"))
        #expect(a != SpreedlyProvider.walletOrderId(.applePay, idempotencyKey: "k1"))
        #expect(a != SpreedlyProvider.walletOrderId(.paypal, idempotencyKey: "k2"))
        #expect(a.count == 32)
    }

    @Test(arguments: [ServerFault.truncatedBody, .malformedBody, .status(502), .status(500)])
    func aBrokenPurchaseAnswerIsRetriedUnderOneOrderIdAndPaysOnce(fault: ServerFault) async throws {
        for method in [PaymentMethodKind.applePay, .paypal] {
            let fake = try FakeSpreedly()
            defer { fake.stop() }
            let fire = FaultTests.once("POST", "/purchase.json", fault)
            let orderIds = Mutex<[String]>([])
            fake.server.setFaultHook { request in
                if request.path.hasSuffix("/purchase.json"), let id = JSONParser.parse(request.body)?["transaction"]?["order_id"]?.text {
                    orderIds.withLock { $0.append(id) }
                }
                return fire(request)
            }
            let r = try await Self.run(method, against: fake, transport: Self.ownTransport())
            #expect(r.result.status == .success, "\(method): \(r.result.errors)")
            #expect(fake.ledger.count == 1, "\(method)")
            let sent = orderIds.withLock { $0 }
            // A purchase the fake made (its answer broken on the way) is found by the retry's
            // look-up (GET v1/transactions.json) and not sent again; one it never made is.
            let made = fault == .truncatedBody || fault == .malformedBody
            #expect(sent.count == (made ? 1 : 2) && Set(sent).count == 1, "\(method): one order_id for every attempt")
            #expect(r.result.transaction?.id == fake.ledger.first?.token)
            #expect(r.events.contains { $0.event == "step.retry" })
        }
    }

    @Test(arguments: [ServerFault.truncatedBody, .malformedBody, .status(503), .reset])
    func aBrokenPayPalReadBackIsRetriedAndPaysOnce(fault: ServerFault) async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        fake.server.setFaultHook(FaultTests.once("GET", ".json", fault))
        let r = try await Self.run(.paypal, against: fake, transport: Self.ownTransport())
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(fake.ledger.count == 1)
        #expect(r.result.payPalInvoiceId != nil)
        // A reset GET on a kept-alive connection may be sent again by libcurl itself (no body,
        // nothing answered), so the step does not always see it.
        if fault != .reset { #expect(r.events.contains { $0.event == "step.retry" }) }
    }

    @Test func aBrokenPaymentMethodAnswerVaultsAgainButPaysOnce() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        fake.server.setFaultHook(FaultTests.once("POST", "/payment_methods.json", .truncatedBody))
        let r = try await Self.run(.applePay, against: fake, transport: Self.ownTransport())
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(fake.ledger.count == 1)
    }

    /// Against real Spreedly nobody approves at PayPal's `checkout_url`: the transaction stays
    /// pending, the payment is refused and nothing is charged.
    @Test func payPalThatTheShopperDoesNotApproveIsRefusedAndChargesNothing() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        fake.setPayPalShopperApproves(false)
        let r = try await Self.run(.paypal, against: fake)
        #expect(r.result.status == .error)
        #expect(r.result.errors.map(\.code) == ["rejected"])
        #expect(r.result.errors.first?.message.contains("approve") == true)
        #expect(fake.ledger.isEmpty)
        #expect(!Self.outputs(r).contains("/paypal/checkout/"), "the checkout URL is not printed")
        Self.expectNoSecrets(r, fake)
    }

    /// Against real Spreedly an Apple Pay payment method needs the device's `payment_data`,
    /// which a headless run does not have: refused with Spreedly's error key, nothing charged.
    @Test func applePayWithoutADeviceTokenIsRefusedWhereSpreedlyNeedsOne() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        fake.setApplePayNeedsPaymentData(true)
        let r = try await Self.run(.applePay, against: fake)
        #expect(r.result.status == .error)
        #expect(r.result.errors.map(\.code) == ["rejected"])
        #expect(r.result.errors.first?.message.contains("payment_data errors.blank") == true)
        #expect(!Self.outputs(r).contains("Refused by the fake Spreedly"), "Spreedly's messages are not printed")
        #expect(fake.ledger.isEmpty)
    }

    /// Two hundred wallet payments against a fake that breaks about one request in eight at random
    /// (seeded): each ends paid, no order is paid twice, one ledger entry per payment.
    @Test func twoHundredWalletPaymentsUnderRandomFaultsEachPayOnce() async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        let random = SeededRandom(seed: 0xa11e7)
        let faults: [ServerFault] = [.status(500), .status(502), .status(503), .truncatedBody, .malformedBody]
        let injected = Mutex(0)
        fake.server.setFaultHook { _ in
            guard random.next() % 100 < 12 else { return nil }
            injected.withLock { $0 += 1 }
            return faults[Int(random.next() % UInt64(faults.count))]
        }
        let policy = StepRetry(attempts: 10, backoff: .exponential, delay: .milliseconds(1), maxDelay: .milliseconds(8), jitter: false)
        let transport = Self.ownTransport()
        var results: [CheckoutResult] = []
        for batch in stride(from: 0, to: 200, by: 8) {
            await withTaskGroup(of: CheckoutResult?.self) { group in
                for n in batch..<batch + 8 {
                    group.addTask {
                        try? await Self.run(
                            n % 2 == 0 ? .applePay : .paypal, against: fake, retry: policy, seed: UInt64(n) + 100, transport: transport
                        ).result
                    }
                }
                for await r in group { results.append(r ?? CheckoutResult(status: .error, flow: "", fraudSessionId: "")) }
            }
        }
        let ledger = fake.ledger
        #expect(injected.withLock { $0 } > 30)
        #expect(Set(ledger.map(\.orderId)).count == ledger.count, "an order was paid twice")
        let paid = results.filter { $0.status == .success }
        #expect(paid.count == 200, "\(results.filter { $0.status != .success }.map(\.errors))")
        #expect(ledger.count == paid.count)
        #expect(Set(paid.compactMap { $0.transaction?.id }) == Set(ledger.map(\.token)))
        print(
            "Spreedly wallet faults: \(results.count) payments, \(fake.server.requestCount) requests, \(injected.withLock { $0 }) faults, "
                + "\(paid.count) paid, ledger \(ledger.count)")
    }

    /// A new adapter (a run resumed in a new process) paying again under the same idempotency
    /// key finds the first payment by its `order_id` among Spreedly's transactions and pays
    /// nothing again (Spreedly itself does not deduplicate `order_id`: provider-contract #10).
    @Test(arguments: [PaymentMethodKind.applePay, .paypal])
    func aNewAdapterRetryingTheSameKeyGetsTheFirstPayment(method: PaymentMethodKind) async throws {
        let fake = try FakeSpreedly()
        defer { fake.stop() }
        func adapter() -> SpreedlyProvider {
            SpreedlyProvider(
                configuration: SpreedlyConfiguration(baseURL: fake.baseURL, credentials: fake.credentials, gatewayToken: fake.gatewayToken),
                transport: sharedTransport, clock: ManualClock(start: testStart), random: SeededRandom(seed: 3))
        }
        let amount = Money(amount: 25, currency: usd)
        let first = try await adapter().walletPayment(method, amount: amount, idempotencyKey: "run-key-1")
        let again = try await adapter().walletPayment(method, amount: amount, idempotencyKey: "run-key-1")
        #expect(again == first)
        #expect(fake.ledger.count == 1)
        let other = try await adapter().walletPayment(method, amount: amount, idempotencyKey: "run-key-2")
        #expect(other.transaction.id != first.transaction.id)
        #expect(fake.ledger.count == 2)
    }
}
