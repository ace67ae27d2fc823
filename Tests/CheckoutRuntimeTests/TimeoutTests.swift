import CheckoutDomain
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutTesting
import Foundation
import Synchronization
import Testing

/// A clock whose sleeps wait until the test opens the gate: the default `withTimeout` race,
/// driven without real time.
final class GateClock: CheckoutClock {
    private let gate: AsyncStream<Void>
    private let opener: AsyncStream<Void>.Continuation
    init() {
        (gate, opener) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }
    func now() -> Date { fixedStart }
    func sleep(for duration: Duration) async throws {
        for await _ in gate { return }
        throw CancellationError()
    }
    /// Lets one sleeper go.
    func open() { opener.yield() }
}

/// Suspends until the task is cancelled, without sleeping.
func suspendUntilCancelled() async {
    let (stream, _) = AsyncStream<Void>.makeStream()
    for await _ in stream {}
}

/// Step timeouts: each attempt races the run's clock, the loser is cancelled, and a charge
/// that timed out is retried under the same idempotency key.
@Suite struct TimeoutTests {
    @Test func aManualClockCancelsACallThatSleepsPastTheDeadlineExactlyAtTheDeadline() async throws {
        let clock = ManualClock(start: fixedStart)
        await #expect(throws: ClockTimeout.self) {
            try await clock.withTimeout(.seconds(5)) { try await clock.sleep(for: .seconds(30)) }
        }
        #expect(clock.now() == fixedStart.addingTimeInterval(5))
        let value = try await clock.withTimeout(.seconds(5)) {
            try await clock.sleep(for: .seconds(3))
            return 7
        }
        #expect(value == 7)
        #expect(clock.now() == fixedStart.addingTimeInterval(8))
    }

    @Test func aManualClockDropsAnAnswerThatCameAfterTheClockWasMovedPastTheDeadline() async throws {
        let clock = ManualClock(start: fixedStart)
        await #expect(throws: ClockTimeout.self) {
            try await clock.withTimeout(.seconds(2)) { clock.advance(by: .seconds(3)) }
        }
    }

    @Test func theDefaultRaceCancelsAHungOperationWhenTheTimerFires() async throws {
        let clock = GateClock()
        let (ended, endedSignal) = AsyncStream<Void>.makeStream()
        let race = Task {
            try await clock.withTimeout(.seconds(1)) {
                await suspendUntilCancelled()
                endedSignal.yield()
            }
        }
        clock.open()
        await #expect(throws: ClockTimeout.self) { try await race.value }
        // The hung operation was cancelled (it ends only then).
        for await _ in ended { break }
    }

    @Test func theDefaultRaceReturnsTheOperationsValueWhenItWins() async throws {
        let clock = GateClock()
        let value = try await clock.withTimeout(.seconds(1)) { 42 }
        #expect(value == 42)
    }

    struct Run {
        var result: CheckoutResult
        var events: [TraceEvent]
        var ledger: [Transaction]
        var provider: FaultInjectingProvider
        var clock: ManualClock
        func retries(_ key: String = "code") -> [JSONValue] {
            events.filter { $0.event == "step.retry" }.compactMap { $0.attributes.first { $0.key == key }?.value }
        }
    }

    func run(_ flowText: String, _ answersText: String, script: [String: [Fault]], timeout: Duration = .seconds(5)) async throws -> Run {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 11)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let provider = FaultInjectingProvider(inner: sandbox, clock: clock, plan: .scripted(script))
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: try compileFlow(flowText), provider: provider, frontend: HeadlessFrontend(answers: try readAnswers(answersText)),
            clock: clock, random: random, trace: trace, timeout: timeout)
        let result = await runner.run()
        return Run(result: result, events: trace.events, ledger: await sandbox.ledger, provider: provider, clock: clock)
    }

    @Test func aChargeThatHangsIsCancelledAtTheTimeoutAndRetried() async throws {
        let r = try await run(simpleFlow, cardAnswers("4111111111111111"), script: ["charge": [.hangBefore]])
        #expect(r.result.status == .success)
        #expect(r.retries() == [.string("timeout")])
        // The hang lasted until the 5 s timeout, not its own 30 s; then the default 100 ms backoff.
        #expect(r.clock.now() == fixedStart.addingTimeInterval(5.1))
        #expect(r.ledger.count == 1)
    }

    @Test func aChargeWhoseAnswerWasLostIsRetriedUnderTheSameKeyAndChargesOnce() async throws {
        let r = try await run(simpleFlow, cardAnswers("4111111111111111"), script: ["charge": [.hangAfter]])
        #expect(r.result.status == .success)
        #expect(r.provider.chargeKeys.count == 2)
        #expect(Set(r.provider.chargeKeys).count == 1, "the retry reused the idempotency key")
        #expect(r.ledger.count == 1)
        #expect(r.result.transaction?.id == r.ledger.first?.id)
    }

    @Test func everyProviderCallOfARunIsRacedAgainstTheTimeout() async throws {
        let flow = """
            flow: spreedly
            dsl: 1
            request:
              shopperId: "20848977"
              price: { amount: 30.01, currency: EUR }
              withEmail: false
              activate3DS: true
            """
        let answers = """
            paymentMethod: card
            card: { number: "4556761029983886", expiry: "10/29", cvv: "123" }
            billing: { name: Jane Shopper, country: DE, zip: "10115" }
            currency: USD
            threeDS: { code: "1234" }
            """
        let methods = [
            "shopper", "currencyRates", "createToken", "tokenize", "startThreeDS", "submitFingerprint", "completeChallenge", "charge",
        ]
        let r = try await run(flow, answers, script: Dictionary(uniqueKeysWithValues: methods.map { ($0, [Fault.hangBefore]) }))
        #expect(r.result.status == .success, "\(r.result.errors)")
        for m in methods { #expect(r.provider.calls.count { $0 == m } == 2, "\(m): one timed-out attempt, one that answered") }
        #expect(r.retries().count == methods.count)
        #expect(r.retries().allSatisfy { $0 == .string("timeout") })
        #expect(r.ledger.count == 1)
    }

    /// Every call hangs once past its timeout: the abandoned attempt is recorded once as a
    /// `timeout` error at its own stage (whatever its task records when it ends is dropped),
    /// then the attempt that answered.
    @Test func aTimedOutAttemptIsRecordedOnceAsATimeout() async throws {
        let methods = ["createToken", "tokenize", "charge"]
        let r = try await run(
            simpleFlow, cardAnswers("4111111111111111"),
            script: Dictionary(uniqueKeysWithValues: methods.map { ($0, [Fault.hangBefore]) }))
        #expect(r.result.status == .success)
        let calls = r.events.filter { $0.event == "provider.call" }
        func answer(_ e: TraceEvent) -> String {
            e.attributes.first { $0.key == "answer" }?.value.serialized() ?? ""
        }
        #expect(calls.map(\.stage) == ["createToken", "createToken", "tokenize", "tokenize", "sale", "sale"])
        #expect(calls.enumerated().allSatisfy { i, e in (i % 2 == 0) == (answer(e) == #"{"status":"error","code":"timeout"}"#) })
        #expect(r.retries().count == 3)
    }

    @Test func aWalletPaymentThatTimedOutIsRetriedUnderItsKeyAndPaysOnce() async throws {
        let flow = """
            flow: wallet
            dsl: 1
            request:
              price: { amount: 10.00, currency: USD }
            """
        let r = try await run(flow, "paymentMethod: paypal\n", script: ["walletPayment": [.hangAfter]])
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(r.provider.calls.count { $0 == "walletPayment" } == 2, "one attempt whose answer was lost, one answered")
        #expect(r.retries() == [.string("timeout")])
        #expect(r.ledger.count == 1, "the retry under the same key was answered with the first payment")
        #expect(r.ledger.first?.id == r.result.transaction?.id)
    }
}
