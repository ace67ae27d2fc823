import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

@Suite struct CheckoutRunnerTests {
    func run(
        _ flowText: String, _ answersText: String, provider: ((ManualClock, SeededRandom) -> any PaymentProvider)? = nil,
        frontend: ((Answers, ManualClock) -> any CheckoutFrontend)? = nil
    ) async throws -> (CheckoutResult, [TraceEvent], ManualClock) {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 42)
        let answers = try readAnswers(answersText)
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: try compileFlow(flowText),
            provider: provider?(clock, random) ?? SandboxProvider(clock: clock, random: random),
            frontend: frontend?(answers, clock) ?? HeadlessFrontend(answers: answers),
            clock: clock, random: random, trace: trace)
        return (await runner.run(), trace.events, clock)
    }

    @Test func anExpiredTokenIsRefreshedOnceAndTheRunSucceeds() async throws {
        let (result, events, _) = try await run(
            simpleFlow, cardAnswers("4111111111111111"),
            frontend: { answers, clock in
                // 61 minutes pass on the review screen: the token made at the start has expired.
                TimeTravellingFrontend(inner: HeadlessFrontend(answers: answers), clock: clock, advanceOn: .review, by: .seconds(61 * 60))
            })
        #expect(result.status == .success)
        #expect(events.filter { $0.event == "token.refresh" }.count == 1)
    }

    @Test func aTokenWithinItsLifetimeIsNotRefreshed() async throws {
        let (result, events, _) = try await run(
            simpleFlow, cardAnswers("4111111111111111"),
            frontend: { answers, clock in
                TimeTravellingFrontend(inner: HeadlessFrontend(answers: answers), clock: clock, advanceOn: .review, by: .seconds(59 * 60))
            })
        #expect(result.status == .success)
        #expect(events.contains { $0.event == "token.refresh" } == false)
    }

    @Test func aTransientFailureIsRetriedWithTheSameKeyAndChargesOnce() async throws {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 1)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: try compileFlow(simpleFlow), provider: sandbox,
            frontend: HeadlessFrontend(answers: try readAnswers(cardAnswers("4000000000000119"))),
            clock: clock, random: random, trace: trace)
        let result = await runner.run()
        #expect(result.status == .success)
        #expect(await sandbox.ledger.count == 1)
        #expect(trace.events.filter { $0.event == "step.retry" }.count == 1)
        // The backoff waited on the injected clock, not on the wall.
        #expect(clock.now() >= fixedStart.addingTimeInterval(0.1))
    }

    @Test func retriesGiveUpAfterThePolicysAttemptsWithExitCode4() async throws {
        let (result, events, _) = try await run(
            simpleFlow, cardAnswers("4111111111111111"),
            provider: { clock, random in AlwaysUnavailableProvider(base: SandboxProvider(clock: clock, random: random)) })
        #expect(result.status == .error)
        #expect(result.exitCode == 4)
        #expect(events.filter { $0.event == "step.retry" }.count == StepRetry().attempts - 1)
        #expect(result.errors.first?.code == "provider_unavailable")
    }

    @Test(arguments: [
        (ThreeDSResult.authenticationSucceeded, false, true), (.authenticationBypassed, false, true),
        (.authenticationUnavailable, false, false), (.authenticationUnavailable, true, true),
        (.authenticationFailed, false, false), (.authenticationFailed, true, true),
        (.cardNotSupported, false, false), (.threeDSError, true, true), (.authenticationCanceled, true, false),
    ])
    func threeDSPolicy(result: ThreeDSResult, processFailed: Bool, proceeds: Bool) {
        #expect(result.proceeds(processFailed3DS: processFailed) == proceeds)
    }

    @Test func theTraceNeverHoldsTheCardNumberOrCVV() async throws {
        let (result, events, _) = try await run(simpleFlow, cardAnswers("4111111111111111"))
        let text = events.map(\.jsonLine).joined(separator: "\n") + result.json.serialized()
        #expect(result.status == .success)
        #expect(!text.contains("4111111111111111"))
        #expect(!text.contains("\"123\""))
        #expect(text.contains("1111"))  // the last 4 are allowed, and present
    }
}

@Suite struct SandboxRatesTests {
    @Test func everyPublishedRateIsReadExactly() async throws {
        let rates = try await SandboxProvider(clock: ManualClock(start: fixedStart), random: SeededRandom(seed: 1)).currencyRates()
        #expect(rates.base.code == "USD")
        #expect(rates.rates.count == 9)
        #expect(rates.rate(of: "JPY") == Decimal(sign: .plus, exponent: -1, significand: 1515))
        #expect(rates.rate(of: "BHD") == Decimal(sign: .plus, exponent: -3, significand: 376))
    }
}
