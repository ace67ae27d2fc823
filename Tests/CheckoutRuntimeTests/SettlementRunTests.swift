import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// `capture`, `void` and `refund` steps against the sandbox: amounts, the transaction they act
/// on, refusals before sending, and exactly once across a kill and a resume.
@Suite struct SettlementRunTests {
    static func flow(_ steps: String, price: String = "10.00") -> String {
        """
        flow: unit
        dsl: 1
        request:
          price: { amount: \(price), currency: USD }
          withEmail: false
          allowCurrencyChange: false
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
        \(steps)
        """
    }

    static let partial = flow(
        """
          - kind: authorize
          - kind: capture
            amount: 6.00
          - kind: refund
            amount: 2.50
        """)

    func run(
        _ flowText: String, card: String = "4111111111111111", provider: any PaymentProvider, clock: ManualClock,
        store: (any JournalStore)? = nil, seed: UInt64 = 5
    ) async throws -> (CheckoutResult, [TraceEvent]) {
        let flow = try compileFlow(flowText)
        let trace = MemoryTraceSink()
        let journal = try store.map { try RunJournal(store: $0, flow: flow.definition.id, digest: "d1") }
        let runner = CheckoutRunner(
            flow: flow, provider: provider, frontend: HeadlessFrontend(answers: try readAnswers(cardAnswers(card))), clock: clock,
            random: SeededRandom(seed: seed), trace: trace, journal: journal)
        return (await runner.run(), trace.events)
    }

    @Test func aPartialCaptureThenAPartialRefundOfTheCapture() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 1))
        let store = MemoryJournalStore()
        let (result, _) = try await run(Self.partial, provider: sandbox, clock: clock, store: store)
        #expect(result.status == .success)
        let t = try #require(result.transaction)
        #expect(t.type == "AUTH_ONLY")
        #expect(t.status == "PARTIALLY_REFUNDED")
        #expect(t.capturedAmount == Decimal(string: "6.00"))
        #expect(t.refundedAmount == Decimal(string: "2.50"))
        #expect(t.operations.map(\.kind) == ["capture", "refund"])
        #expect(t.operations.allSatisfy { $0.status == "APPROVED" })
        let ledger = await sandbox.operationLedger
        #expect(ledger.map(\.type) == ["CAPTURE", "REFUND"])
        // The refund names the capture's transaction, the capture the authorization's.
        let entries = try store.lines().compactMap(JournalEntry.init(jsonLine:))
        #expect(entries.first { $0.event == "capture.sent" }?.fields["transactionId"] == t.id)
        #expect(entries.first { $0.event == "refund.sent" }?.fields["transactionId"] == t.operations[0].id)
        let json = result.json.serialized(pretty: false)
        #expect(json.contains("\"capturedAmount\":6.00"))
        #expect(json.contains("\"refundedAmount\":2.50"))
    }

    @Test func aRefundOfASaleInFullNamesTheSale() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 1))
        let store = MemoryJournalStore()
        let (result, _) = try await run(Self.flow("  - kind: sale\n  - kind: refund"), provider: sandbox, clock: clock, store: store)
        #expect(result.status == .success)
        #expect(result.transaction?.status == "REFUNDED")
        #expect(result.transaction?.refundedAmount == Decimal(string: "10.00"))
        let entries = try store.lines().compactMap(JournalEntry.init(jsonLine:))
        #expect(entries.first { $0.event == "refund.sent" }?.fields["transactionId"] == result.transaction?.id)
    }

    @Test func moreThanWasAuthorizedIsRefusedBeforeAnythingIsSent() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 1))
        let (result, _) = try await run(
            Self.flow("  - kind: authorize\n  - kind: capture\n    amount: 10.01"), provider: sandbox, clock: clock)
        #expect(result.status == .declined)
        #expect(result.declineCode == "amount_too_large")
        #expect(await sandbox.operationLedger.isEmpty)
        #expect(result.transaction?.status == "APPROVED")
    }

    @Test func theSandboxCardsDeclineTheirCaptureAndTheirRefund() async throws {
        let clock = ManualClock(start: fixedStart)
        let steps = "  - kind: authorize\n  - kind: capture\n  - kind: refund"
        let (capture, _) = try await run(
            Self.flow(steps), card: "4000000000000655", provider: SandboxProvider(clock: clock, random: SeededRandom(seed: 1)),
            clock: clock)
        #expect(capture.status == .declined)
        #expect(capture.declineCode == "capture_failed")
        let (refund, _) = try await run(
            Self.flow(steps), card: "4000000000000770", provider: SandboxProvider(clock: clock, random: SeededRandom(seed: 1)),
            clock: clock)
        #expect(refund.status == .declined)
        #expect(refund.declineCode == "refund_failed")
        #expect(refund.transaction?.status == "CAPTURED")
    }

    @Test func aProviderWithoutCapturesRefusesThemAsNotSupported() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 1))
        // Every call but the charge goes to the sandbox through the protocol's defaults: no capture.
        let plain = ChargeOverridingProvider(base: sandbox) { try await sandbox.charge($0) }
        let (result, _) = try await run(Self.partial, provider: plain, clock: clock)
        #expect(result.status == .error)
        #expect(result.errors.map(\.code) == ["not_supported"])
        #expect(result.errors.first?.message == "capture is not supported by this provider")
    }

    @Test func aRunKilledAfterItsCaptureWasSentResumesWithTheSameKeyAndCapturesOnce() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 3))
        let store = MemoryJournalStore()
        let cuttable = CuttableStore(store)
        let (captured, capturedSignal) = AsyncStream<Void>.makeStream()
        // The first process: its capture reaches the provider and goes through, then the
        // process dies before the answer is read.
        let dying = ChargeOverridingProvider(
            base: sandbox,
            onCapture: { op in
                _ = try await sandbox.capture(op)
                cuttable.cut()
                capturedSignal.yield()
                await suspendUntilCancelled()
                throw CancellationError()
            }, charge: { try await sandbox.charge($0) })
        let first = Task { try await run(Self.partial, provider: dying, clock: clock, store: cuttable) }
        for await _ in captured { break }
        first.cancel()
        _ = try? await first.value
        #expect(await sandbox.operationLedger.count == 1, "the first run's capture went through")
        let lines = try store.lines().compactMap(JournalEntry.init(jsonLine:))
        let sentKey = try #require(lines.first { $0.event == "capture.sent" }?.fields["idempotencyKey"])

        let (result, events) = try await run(Self.partial, provider: sandbox, clock: clock, store: store, seed: 99)
        #expect(result.status == .success)
        let ledger = await sandbox.operationLedger
        #expect(ledger.map(\.type) == ["CAPTURE", "REFUND"], "one capture, one refund")
        #expect(await sandbox.ledger.count == 1, "one authorization")
        #expect(result.transaction?.operations.first?.id == ledger.first?.id)
        #expect(events.first { $0.event == "capture.resent" }?.attributes.first?.value == .string(sentKey))
        #expect(events.filter { $0.event == "step.restored" }.map(\.stage) == ["createToken", "tokenize", "authorize"])
    }

    @Test func theSandboxChecksTheSignatureOfASignedCapture() async throws {
        let clock = ManualClock(start: fixedStart)
        let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: 1))
        let authorization = Transaction(id: "1", type: "AUTH", status: "APPROVED", amount: Money(amount: 10, currency: .usd))
        var op = PaymentOperation(
            kind: .capture, transactionId: "1", original: authorization, amount: authorization.amount, isFull: true, idempotencyKey: "k1")
        let fields = MaxpayFields.of(op)
        op.signed = SignedFields(fields: fields, signature: MaxpaySignature.sign(fields, privateKey: "another key"))
        await #expect(
            throws: ProviderError(.invalidSignature, "the signature does not match the request (signed with another private key?)")
        ) {
            try await sandbox.capture(op)
        }
        #expect(await sandbox.operationLedger.isEmpty)
        op.signed = SignedFields(fields: fields, signature: MaxpaySignature.sign(fields, privateKey: "sandbox-maxpay-private-key"))
        let outcome = try await sandbox.capture(op)
        let ledger = await sandbox.operationLedger
        #expect(ledger.count == 1)
        #expect(outcome == ledger.first.map(ChargeOutcome.approved))
    }
}
