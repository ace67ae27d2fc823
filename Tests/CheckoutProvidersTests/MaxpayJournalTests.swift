import CheckoutDomain
import CheckoutFakes
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// Maxpay runs that survive a restart (`checkout run --journal`), in-process: each start gets
/// a new adapter, as a new process would, and the journal's lines carry over. Maxpay's card
/// lives only in the adapter's memory, so a resumed run tokenizes again from its answers; a
/// charge whose answer was lost is sent again under its `transaction_unique_id` and answered
/// with the first answer: one ledger entry.
@Suite struct MaxpayJournalTests {
    struct Run {
        var result: CheckoutResult
        var events: [TraceEvent]
        func has(_ event: String) -> Bool { events.contains { $0.event == event } }
    }

    /// One start of the SALE3D flow against `fake` with `store`'s journal and a new adapter.
    static func start(_ number: String, code: String = "1234", fake: FakeMaxpay, store: any JournalStore) async throws -> Run {
        let compiled = try #require(FlowCompiler.compile(MaxpaySale3DCardTests.flow(processFailed3DS: false), file: "sale3d.yaml").flow)
        let text = MaxpayFakeTests.answers(number) + "\nthreeDS: { code: \"\(code)\" }"
        let (answers, _) = AnswersReader.read(Array(text.utf8), file: "answers.yaml")
        let clock = ManualClock(start: testStart)
        let random = SeededRandom(seed: 31)
        let factory = ProviderFactory(
            environment: ["MAXPAY_PUBLIC_KEY": fake.publicKey], transport: sharedTransport,
            override: ProviderOverride(name: .maxpay, baseURL: fake.baseURL.absoluteString))
        let provider = try factory.make(compiled.definition.provider, clock: clock, random: random)
        let trace = MemoryTraceSink()
        let key = fake.privateKey
        let signing = SigningEnvironment(
            variable: { $0 == "MAXPAY_TEST_PRIVATE_KEY" ? key : nil }, runCommand: { _, _, _, _ in CommandOutput(status: 1, stdout: "") })
        let journal = try RunJournal(store: store, flow: compiled.definition.id, digest: "d1")
        let runner = CheckoutRunner(
            flow: compiled, provider: provider, frontend: HeadlessFrontend(answers: try #require(answers)), clock: clock, random: random,
            trace: trace, signing: signing, journal: journal)
        return Run(result: await runner.run(), events: trace.events)
    }

    /// Every `POST api/cc` whose number (1 = the first) passes `broken` is handled and its answer cut.
    static func breakCharges(of fake: FakeMaxpay, _ broken: @escaping @Sendable (Int) -> Bool) {
        let seen = Mutex(0)
        fake.server.setFaultHook { request in
            guard request.path.hasSuffix("/api/cc") else { return nil }
            let n = seen.withLock { n in
                n += 1
                return n
            }
            return broken(n) ? .truncatedBody : nil
        }
    }

    @Test func aRunResumedAfterTokenizingTakesTheCardFromItsAnswersAgain() async throws {
        let first = try FakeMaxpay()
        defer { first.stop() }
        let store = MemoryJournalStore()
        _ = try await Self.start("4111 1111 1111 1111", fake: first, store: store)
        // The process died right after tokenize was recorded: keep the journal up to there.
        let lines = try store.lines()
        let cut = try #require(lines.firstIndex { $0.contains("\"step.done\"") && $0.contains("cardToken") })
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        let resumed = try await Self.start("4111 1111 1111 1111", fake: fake, store: MemoryJournalStore(lines: Array(lines[...cut])))
        #expect(resumed.result.status == .success, "\(resumed.result.errors)")
        #expect(resumed.result.threeDSResult == .authenticationSucceeded)
        #expect(!resumed.has("token.refresh"))
        #expect(fake.ledger.count == 1)
        #expect(resumed.result.transaction?.id == fake.ledger.first?.reference)
    }

    @Test func aChargeWhoseAnswerWasLostIsAnsweredOnceAfterTheRestart() async throws {
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        let store = MemoryJournalStore()
        Self.breakCharges(of: fake) { _ in true }
        let killed = try await Self.start("4111 1111 1111 1111", fake: fake, store: store)
        #expect(killed.result.status == .error)
        #expect(fake.ledger.count == 1)  // Maxpay charged; the answer never arrived.
        fake.server.setFaultHook(nil)
        let resumed = try await Self.start("4111 1111 1111 1111", fake: fake, store: store)
        #expect(resumed.result.status == .success, "\(resumed.result.errors)")
        #expect(resumed.has("charge.resent"))
        #expect(resumed.result.threeDSResult == .authenticationSucceeded)
        #expect(fake.ledger.count == 1)
        #expect(resumed.result.transaction?.id == fake.ledger.first?.reference)
        let outputs = try store.lines().joined() + resumed.events.map { "\($0)" }.joined() + resumed.result.json.serialized()
        for secret in secretsInTests + [fake.privateKey] { #expect(!outputs.contains(secret), "leaked \(secret)") }
    }

    @Test func aChallengeFinishedBeforeTheRestartIsNotAskedAgain() async throws {
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        let store = MemoryJournalStore()
        // The SALE3D is answered with acs_url; every later ask (the final status) loses its answer.
        Self.breakCharges(of: fake) { $0 > 1 }
        let killed = try await Self.start("4000 0000 0000 1091", fake: fake, store: store)
        #expect(killed.result.status == .error)
        #expect(killed.has("threeDS.challenge"))
        #expect(fake.ledger.count == 1)
        let posts = fake.acsPosts
        fake.server.setFaultHook(nil)
        let resumed = try await Self.start("4000 0000 0000 1091", fake: fake, store: store)
        #expect(resumed.result.status == .success, "\(resumed.result.errors)")
        #expect(resumed.result.threeDSResult == .authenticationSucceeded)
        #expect(!resumed.has("threeDS.challenge"))
        #expect(fake.acsPosts == posts)
        #expect(fake.ledger.count == 1)
    }

    @Test func aChallengeInterruptedBeforeTheShopperAnsweredIsShownAgain() async throws {
        let fake = try FakeMaxpay()
        defer { fake.stop() }
        let store = MemoryJournalStore()
        // The answer to the SALE3D (acs_url) is lost every time: the first start ends error.
        Self.breakCharges(of: fake) { _ in true }
        let killed = try await Self.start("4000 0000 0000 1091", fake: fake, store: store)
        #expect(killed.result.status == .error)
        #expect(fake.ledger.isEmpty)
        fake.server.setFaultHook(nil)
        let resumed = try await Self.start("4000 0000 0000 1091", fake: fake, store: store)
        #expect(resumed.result.status == .success, "\(resumed.result.errors)")
        #expect(resumed.has("threeDS.challenge"))
        #expect(fake.ledger.count == 1)
    }
}
