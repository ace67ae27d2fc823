import CheckoutDomain
import CheckoutFakes
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// Issue 6's fault-injection suite over the wire: a thousand standard checkouts through the
/// BlueSnap adapter and CurlTransport against the fake BlueSnap on loopback, whose server breaks
/// requests at random — delays past the request timeout (before and after doing the work),
/// 500/502/503, connection resets, truncated and malformed bodies. Every run must end in a
/// definite status, the ledger must never hold a key twice or two charges for one run, and no
/// output may hold card data or a credential. A run that ends `error` is started again with its
/// journal once the faults stop, as a user would, and must then complete. Maxpay runs a signed
/// SALE3D with 3-D Secure inside the charge, a challenge card among its cards.
@Suite struct HTTPFaultSuiteTests {
    typealias Card = (number: String, cvv: String, approves: Bool)
    static let cards: [Card] = [
        ("4111 1111 1111 1111", "736", true), ("5555 5555 5555 4444", "736", true), ("4000 0000 0000 9995", "736", false),
        ("4000 0000 0000 0119", "736", true), ("3782 822463 10005", "7361", true), ("4000 0000 0000 0069", "736", false),
    ]

    static func answers(_ card: Card, threeDS: Bool) -> String {
        """
        paymentMethod: card
        card: { number: "\(card.number)", expiry: "12/35", cvv: "\(card.cvv)", name: Jane Shopper }
        billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
        """ + (threeDS ? "\nthreeDS: { code: \"1234\" }" : "")
    }

    /// Maxpay's SALE3D, signed with the fake's key from the environment (the runner's retry policy applies).
    static let maxpayFlow = """
        flow: maxpay-sale3d-faults
        dsl: 1
        provider:
          name: maxpay
          signature: { privateKey: "${env:MAXPAY_TEST_PRIVATE_KEY}" }
        request:
          price: { amount: 49.90, currency: EUR }
          customer: { ip: 203.0.113.7 }
          withEmail: true
          transactionType: sale3d
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
          - kind: threeDS
          - { id: sale3d, kind: sale, hooks: [signature] }
        """

    /// The faults, drawn per request with probability `perMille`/1000 from seeded randomness.
    static let faults: [ServerFault] = [
        .delayBeforeHandling(.milliseconds(400)), .delayAfterHandling(.milliseconds(400)), .status(500), .status(502), .status(503),
        .reset, .truncatedBody, .malformedBody,
    ]

    struct Outcome: Sendable {
        var seed: Int
        var card: Int
        var statuses: [CheckoutStatus]
        var transactionId: String?
        var outputs: [String]
    }

    /// A fake under test: its server, the environment its adapter needs, and its ledger as
    /// (idempotency key, transaction id) pairs.
    struct Target {
        var name: ProviderName
        var flow: CompiledFlow = shippedFlow("standard-checkout")
        var cards: [Card] = HTTPFaultSuiteTests.cards
        var signing = SigningEnvironment.system
        var threeDS = false
        var server: LoopbackHTTPServer
        var environment: [String: String]
        var secrets: [String]
        var ledger: @Sendable () -> [(key: String, id: String)]
        var stop: @Sendable () -> Void
        var baseURL: URL { server.baseURL }

        static func make(_ name: ProviderName) throws -> Target {
            switch name {
            case .maxpay:
                let fake = try FakeMaxpay()
                let key = fake.privateKey
                return Target(
                    name: name, flow: FlowCompiler.compile(HTTPFaultSuiteTests.maxpayFlow, file: "sale3d.yaml").flow!,
                    cards: HTTPFaultSuiteTests.cards + [("4000 0000 0000 1091", "736", true)],
                    signing: SigningEnvironment(
                        variable: { $0 == "MAXPAY_TEST_PRIVATE_KEY" ? key : nil },
                        runCommand: { _, _, _, _ in CommandOutput(status: 1, stdout: "") }),
                    threeDS: true, server: fake.server, environment: ["MAXPAY_PUBLIC_KEY": fake.publicKey], secrets: [fake.privateKey],
                    ledger: { fake.ledger.map { (key: $0.transactionUniqueId, id: $0.reference) } }, stop: { fake.stop() })
            case .spreedly:
                let fake = try FakeSpreedly()
                return Target(
                    name: name, server: fake.server, environment: fake.environment,
                    secrets: [fake.credentials.password, fake.credentials.authorization],
                    ledger: { fake.ledger.map { (key: $0.orderId, id: $0.captureToken ?? $0.token) } }, stop: { fake.stop() })
            default:
                let fake = try FakeBlueSnap()
                return Target(
                    name: .bluesnap, server: fake.server,
                    environment: ["BS_API_USER": fake.credentials.username, "BS_API_PASSWORD": fake.credentials.password],
                    secrets: [fake.credentials.password, fake.credentials.authorization],
                    ledger: { fake.ledger.map { (key: $0.merchantTransactionId, id: $0.transactionId) } }, stop: { fake.stop() })
            }
        }
    }

    @Test(.serialized, arguments: [ProviderName.bluesnap, .spreedly, .maxpay])
    func aThousandCheckoutsOverFaultyHTTPEndDefinitelyAndChargeAtMostOnce(provider: ProviderName) async throws {
        let fake = try Target.make(provider)
        defer { fake.stop() }
        let random = SeededRandom(seed: 0x5eed)
        let injected = Mutex([String: Int]())
        let faultsOn = Mutex(true)
        fake.server.setFaultHook { _ in
            guard faultsOn.withLock({ $0 }) else { return nil }
            guard random.next() % 1000 < 120 else { return nil }
            let fault = Self.faults[Int(random.next() % UInt64(Self.faults.count))]
            injected.withLock { $0["\(fault)", default: 0] += 1 }
            return fault
        }
        let flow = fake.flow
        let factory = ProviderFactory(
            // Its own transport: the resets and timeouts here must not churn the pool other suites share.
            environment: fake.environment, transport: CurlTransport(maxConnectionsPerHost: 4),
            override: ProviderOverride(name: provider, baseURL: fake.baseURL.absoluteString), requestTimeout: .milliseconds(250))
        let source = try factory.source(for: [flow])
        // A run started again is a new process: its own connections, the default timeout.
        let restart = try ProviderFactory(
            environment: fake.environment, transport: CurlTransport(maxConnectionsPerHost: 4),
            override: ProviderOverride(name: provider, baseURL: fake.baseURL.absoluteString)
        ).source(for: [flow])
        let policy = StepRetry(attempts: 4, backoff: .exponential, delay: .milliseconds(50), maxDelay: .milliseconds(400), jitter: true)
        let stores = (0..<1000).map { _ in MemoryJournalStore() }

        func run(_ seed: Int, attempt: Int) async -> (CheckoutResult, [String]) {
            let source = attempt == 0 ? source : restart
            let card = fake.cards[seed % fake.cards.count]
            let (answers, _) = AnswersReader.read(Array(Self.answers(card, threeDS: fake.threeDS).utf8), file: "answers.yaml")
            let clock = ManualClock(start: testStart)
            let random = SeededRandom(seed: UInt64(seed) &* 7919 &+ UInt64(attempt))
            let trace = MemoryTraceSink()
            do {
                let journal = try RunJournal(store: stores[seed], flow: flow.definition.id, digest: "seed-\(seed)")
                let runner = CheckoutRunner(
                    flow: flow, provider: source.make(flow, clock, random), frontend: HeadlessFrontend(answers: answers!), clock: clock,
                    random: random, trace: trace, retry: policy, signing: fake.signing, journal: journal)
                let result = await runner.run()
                return (result, [result.json.serialized()] + trace.events.map(\.jsonLine) + result.errors.map(\.message))
            } catch {
                Issue.record("seed \(seed): the journal could not be opened: \(error)")
                return (CheckoutResult(status: .error, flow: flow.definition.id, fraudSessionId: ""), [])
            }
        }

        // Eight checkouts at a time, as `checkout test --jobs 8` would.
        var outcomes: [Outcome] = []
        for batch in stride(from: 0, to: 1000, by: 8) {
            await withTaskGroup(of: Outcome.self) { group in
                for seed in batch..<min(batch + 8, 1000) {
                    group.addTask {
                        let (result, outputs) = await run(seed, attempt: 0)
                        return Outcome(
                            seed: seed, card: seed % fake.cards.count, statuses: [result.status], transactionId: result.transaction?.id,
                            outputs: outputs)
                    }
                }
                for await o in group { outcomes.append(o) }
            }
        }
        // The faults stop; every run that ended `error` is started again with its journal.
        faultsOn.withLock { $0 = false }
        for index in outcomes.indices where outcomes[index].statuses.last == .error {
            let (result, outputs) = await run(outcomes[index].seed, attempt: 1)
            outcomes[index].statuses.append(result.status)
            outcomes[index].transactionId = result.transaction?.id ?? outcomes[index].transactionId
            outcomes[index].outputs += outputs
        }

        let definite: Set<CheckoutStatus> = [.success, .declined, .failed, .canceled, .invalid, .error]
        var first: [CheckoutStatus: Int] = [:]
        var last: [CheckoutStatus: Int] = [:]
        let ledger = fake.ledger()
        #expect(Set(ledger.map(\.key)).count == ledger.count, "a key was charged twice")
        let charged = Dictionary(grouping: ledger, by: \.id)
        for o in outcomes {
            for s in o.statuses { #expect(definite.contains(s)) }
            first[o.statuses[0], default: 0] += 1
            last[o.statuses.last!, default: 0] += 1
            let card = fake.cards[o.card]
            #expect(
                o.statuses.last == (card.approves ? .success : .declined),
                "seed \(o.seed): \(o.statuses) \(o.outputs.last { $0.hasPrefix("{\"status\"") }?.suffix(400) ?? "")")
            if card.approves, let id = o.transactionId {
                #expect(charged[id]?.count == 1, "seed \(o.seed): its transaction is one ledger entry")
            }
            let digits = card.number.filter(\.isNumber)
            for text in o.outputs + ((try? stores[o.seed].lines()) ?? []) {
                for secret in [card.number, digits, String(digits.dropLast(4)), "\"\(card.cvv)\""] + fake.secrets
                where text.contains(secret) {
                    Issue.record("seed \(o.seed): card data or a credential in an output")
                }
            }
        }
        let approving = outcomes.filter { fake.cards[$0.card].approves }.count
        #expect(ledger.count == approving, "one charge per approving checkout, none for the declined")
        let faults = injected.withLock { $0 }
        for fault in Self.faults { #expect(faults["\(fault)", default: 0] > 0, "no request met \(fault)") }
        print(
            "HTTP fault suite, \(provider.rawValue): \(outcomes.count) checkouts, \(fake.server.requestCount) requests, faults \(faults.values.reduce(0, +)) "
                + "(\(faults.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))); first runs "
                + "\(first.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")); "
                + "after resuming \(last.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")); "
                + "ledger \(ledger.count), connections \(fake.server.acceptedConnections)")
    }
}
