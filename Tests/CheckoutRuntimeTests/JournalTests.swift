import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutTesting
import Foundation
import Synchronization
import Testing

/// A journal store that a simulated kill cuts off: after `cut()`, nothing more is written,
/// as when the process died.
final class CuttableStore: JournalStore {
    let inner: MemoryJournalStore
    private let alive = Mutex(true)
    init(_ inner: MemoryJournalStore) { self.inner = inner }
    func cut() { alive.withLock { $0 = false } }
    var isCut: Bool { !alive.withLock { $0 } }
    func lines() throws -> [String] { try inner.lines() }
    func append(_ line: String) throws {
        if alive.withLock({ $0 }) { try inner.append(line) }
    }
}

/// The run journal: what each step records, how a new start resumes, and what is refused.
@Suite struct JournalTests {
    static let visa = cardAnswers("4111111111111111")

    struct Run {
        var result: CheckoutResult
        var events: [TraceEvent]
        func events(_ name: String) -> [TraceEvent] { events.filter { $0.event == name } }
    }

    func run(
        _ flowText: String = simpleFlow, _ answersText: String = visa, store: any JournalStore, provider: any PaymentProvider,
        clock: ManualClock, seed: UInt64 = 5, digest: String = "d1"
    ) async throws -> Run {
        let flow = try compileFlow(flowText)
        let trace = MemoryTraceSink()
        let journal = try RunJournal(store: store, flow: flow.definition.id, digest: digest)
        let runner = CheckoutRunner(
            flow: flow, provider: provider, frontend: HeadlessFrontend(answers: try readAnswers(answersText)), clock: clock,
            random: SeededRandom(seed: seed), trace: trace, journal: journal)
        return Run(result: await runner.run(), events: trace.events)
    }

    @Test func aRunRecordsEachCompletedStepAndItsResultAndNoCardData() async throws {
        let clock = ManualClock(start: fixedStart)
        let store = MemoryJournalStore()
        let r = try await run(store: store, provider: SandboxProvider(clock: clock, random: SeededRandom(seed: 1)), clock: clock)
        #expect(r.result.status == .success)
        let entries = try store.lines().compactMap(JournalEntry.init(jsonLine:))
        #expect(
            entries.map { e in e.stage.map { "\(e.event)@\($0)" } ?? e.event } == [
                "journal.start", "run.start", "step.done@createToken", "step.done@tokenize", "charge.sent@sale", "charge.done@sale",
                "run.end",
            ])
        #expect(entries[5].fields["transactionId"] == r.result.transaction?.id)
        #expect(entries[4].fields["idempotencyKey"]?.count == 32)
        let journal = try RunJournal(store: store, flow: "unit", digest: "d1")
        #expect(journal.finished?.status == .success)
        #expect(journal.finished?.result == r.result.json.serialized(pretty: true))
        for line in try store.lines() {
            #expect(!line.contains("4111111111111111"))
            #expect(!line.contains("\"123\""))
            #expect(!line.lowercased().contains("cvv"))
        }
    }

    @Test func aRunKilledAfterItsChargeWasSentResumesWithTheSameKeyAndChargesOnce() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 3))
        let store = MemoryJournalStore()
        let cuttable = CuttableStore(store)
        let (charged, chargedSignal) = AsyncStream<Void>.makeStream()
        // The first process: its charge reaches the provider and goes through, then the
        // process dies before the answer is read — nothing more reaches the journal.
        let dying = ChargeOverridingProvider(base: sandbox) { request in
            _ = try await sandbox.charge(request)
            cuttable.cut()
            chargedSignal.yield()
            await suspendUntilCancelled()
            throw CancellationError()
        }
        let first = Task { try await run(store: cuttable, provider: dying, clock: clock) }
        for await _ in charged { break }
        first.cancel()
        _ = try? await first.value
        #expect(await sandbox.ledger.count == 1, "the first run's charge went through")
        let sentKey = try #require(
            try store.lines().compactMap(JournalEntry.init(jsonLine:)).first { $0.event == "charge.sent" }?.fields["idempotencyKey"])
        #expect(try store.lines().compactMap(JournalEntry.init(jsonLine:)).contains { $0.event == "charge.done" } == false)

        // Started again with the same journal and the same provider (its ledger is the bank's).
        let second = try await run(store: store, provider: sandbox, clock: clock, seed: 99)
        #expect(second.result.status == .success)
        let ledger = await sandbox.ledger
        #expect(ledger.count == 1, "exactly one charge")
        #expect(second.result.transaction?.id == ledger.first?.id)
        #expect(second.events("charge.resent").first?.attributes.first?.value == .string(sentKey))
        #expect(second.events("step.restored").map(\.stage) == ["createToken", "tokenize"])
        let entries = try store.lines().compactMap(JournalEntry.init(jsonLine:))
        #expect(entries.count { $0.event == "charge.sent" } == 1)
        #expect(entries.last { $0.event == "charge.done" }?.fields["transactionId"] == ledger.first?.id)
    }

    @Test func aResumedRunDoesNotRepeatCompletedSteps() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 3))
        let store = MemoryJournalStore()
        // Dies right after tokenize was recorded: the charge never left.
        let cuttable = CuttableStore(store)
        let flow = try compileFlow(simpleFlow)
        let journal = try RunJournal(store: cuttable, flow: "unit", digest: "d1") { entry in
            if entry.stage == "tokenize" { cuttable.cut() }
        }
        let failing = ChargeOverridingProvider(base: sandbox) { _ in throw CancellationError() }
        _ = await CheckoutRunner(
            flow: flow, provider: failing, frontend: HeadlessFrontend(answers: try readAnswers(Self.visa)), clock: clock,
            random: SeededRandom(seed: 5), journal: journal
        ).run()
        let counting = FaultInjectingProvider(inner: sandbox, clock: clock, plan: .scripted([:]))
        let again = try await run(store: store, provider: counting, clock: clock)
        #expect(again.result.status == .success)
        #expect(counting.calls == ["charge"], "createToken and tokenize were restored")
        #expect(again.result.creditCard?.last4 == "1111")
        #expect(await sandbox.ledger.count == 1)
    }

    @Test func aJournalOfOtherInputsOrAnotherFlowIsRefused() throws {
        let store = MemoryJournalStore()
        _ = try RunJournal(store: store, flow: "unit", digest: "d1")
        #expect(throws: JournalError.self) { try RunJournal(store: store, flow: "unit", digest: "d2") }
        #expect(throws: JournalError.self) { try RunJournal(store: store, flow: "other", digest: "d1") }
        #expect(
            RunJournal.digest(flow: Array("a".utf8), answers: Array("b".utf8)) != RunJournal.digest(flow: Array("ab".utf8), answers: []))
        let damaged = MemoryJournalStore(lines: try store.lines() + ["{not json", "{\"event\":\"run.start\"}"])
        #expect(throws: JournalError.corrupt(line: 2)) { try RunJournal(store: damaged, flow: "unit", digest: "d1") }
    }

    @Test func aFileJournalDropsATornLastLineAndAppendsOnALineOfItsOwn() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = JournalEntry("journal.start", fields: ["version": "1", "flow": "unit", "digest": "d1"]).jsonLine
        try Data((header + "\n{\"event\":\"run.sta").utf8).write(to: URL(fileURLWithPath: path))
        let journal = try RunJournal(store: try FileJournalStore(path: path), flow: "unit", digest: "d1")
        #expect(journal.all.map(\.event) == ["journal.start"])
        try journal.append(JournalEntry("run.start", fields: ["fraudSessionId": "f"]))
        // Read back as bytes: the journal is locked while it is open, and reopening it after
        // letting go would race with a child process another test forks meanwhile (a forked
        // child shares the lock until it execs).
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let reread = text.split(separator: "\n").compactMap { JournalEntry(jsonLine: String($0)) }
        #expect(text.hasSuffix("\n") && reread.count == text.split(separator: "\n").count)
        #expect(reread.map(\.event) == ["journal.start", "run.start"])
        #expect(reread.last?.fields["fraudSessionId"] == "f")
    }

    @Test func aRunThatEndedInAProviderErrorIsResumedNotReplayed() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 3))
        let store = MemoryJournalStore()
        let down = try await run(store: store, provider: AlwaysUnavailableProvider(base: sandbox), clock: clock)
        #expect(down.result.status == .error)
        #expect(try RunJournal(store: store, flow: "unit", digest: "d1").finished == nil)
        let up = try await run(store: store, provider: sandbox, clock: clock)
        #expect(up.result.status == .success)
        #expect(up.result.fraudSessionId == down.result.fraudSessionId)
        #expect(await sandbox.ledger.count == 1)
    }

    @Test func aDeclineRoutedBackToTheCardIsRestoredAndTheNextCardPaid() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 3))
        let store = MemoryJournalStore()
        let cuttable = CuttableStore(store)
        let answers = """
            card: [\(ExplicitPipelineRunTests.card("4000000000009995")), \(ExplicitPipelineRunTests.card("4111111111111111"))]
            billing: { name: Jane Doe, country: US, zip: "10001" }
            """
        let flow = try compileFlow(ExplicitPipelineRunTests.secondCardFlow)
        let journal = try RunJournal(store: cuttable, flow: flow.definition.id, digest: "d1") { entry in
            if entry.event == "charge.done" { cuttable.cut() }
        }
        // The process dies after the decline was recorded, before the second card is charged.
        let dying = ChargeOverridingProvider(base: sandbox) { request in
            if cuttable.isCut { throw CancellationError() }
            return try await sandbox.charge(request)
        }
        _ = await CheckoutRunner(
            flow: flow, provider: dying, frontend: HeadlessFrontend(answers: try readAnswers(answers)), clock: clock,
            random: SeededRandom(seed: 5), journal: journal
        ).run()
        let r = try await run(ExplicitPipelineRunTests.secondCardFlow, answers, store: store, provider: sandbox, clock: clock)
        #expect(r.result.status == .success)
        #expect(r.events("step.restored").map(\.stage) == ["createToken", "tokenize", "charge"])
        #expect(r.events("step.end").compactMap(\.stage) == ["createToken", "tokenize", "charge"], "the second card's steps ran")
        #expect(r.result.creditCard?.last4 == "1111")
        #expect(await sandbox.ledger.count == 1)
    }

    @Test func aWalletPaymentSentButNeverAnsweredIsAskedAgainUnderItsKeyAndPaysOnce() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 3))
        let flow = "flow: wallet\ndsl: 1\nrequest:\n  price: { amount: 10.00, currency: USD }\n"
        let store = MemoryJournalStore()
        // Every attempt pays and loses its answer, so the first run ends `error` having paid.
        let lost = FaultInjectingProvider(
            inner: sandbox, clock: clock, plan: .scripted(["walletPayment": Array(repeating: .resetAfter, count: 10)]))
        let first = try await run(flow, "paymentMethod: paypal\n", store: store, provider: lost, clock: clock)
        #expect(first.result.status == .error)
        #expect(await sandbox.ledger.count == 1, "the retries went under one key: one payment")
        let second = try await run(flow, "paymentMethod: paypal\n", store: store, provider: sandbox, clock: clock)
        #expect(second.result.status == .success, "\(second.result.errors)")
        #expect(second.events("wallet.resent").count == 1)
        #expect(await sandbox.ledger.count == 1)
        #expect(await sandbox.ledger.first?.id == second.result.transaction?.id)
    }
}
