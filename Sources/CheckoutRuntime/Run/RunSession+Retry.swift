import CheckoutJSON
import CheckoutLanguage
import Foundation

extension RunSession {
    /// Calls `body` with the provider and `arguments` per the stage's retry and timeout
    /// settings (else the runner's).
    ///
    /// `body` takes what it needs as parameters instead of capturing it, so it has no context
    /// to allocate: a call without a timeout costs what a direct call does.
    @inline(__always)
    nonisolated(nonsending) func withRetry<A: Sendable, T: Sendable>(
        _ stage: StageRef, _ arguments: A, _ body: @escaping @Sendable (any PaymentProvider, A) async throws -> T
    ) async throws -> T {
        try await withRetry(
            stage: stage.id, policy: stage.retry ?? runner.retry, timeout: stage.timeout ?? runner.timeout, arguments, body)
    }

    /// Calls `body`, retrying retryable provider errors per `policy`. With a `timeout`, each
    /// attempt races the run's clock: an attempt still running when the timeout passes is
    /// cancelled and counts as a `timeout` failure, which is retryable, so the call is made
    /// again (a charge under the same idempotency key: the caller builds the request once).
    nonisolated(nonsending) func withRetry<A: Sendable, T: Sendable>(
        stage: String, policy: StepRetry, timeout: Duration?, _ arguments: A,
        _ body: @escaping @Sendable (any PaymentProvider, A) async throws -> T
    ) async throws -> T {
        var attempt = 1
        while true {
            do {
                // Each attempt's record is traced before its retry (or the step's end).
                defer { traceProviderCalls(stage: stage) }
                guard let timeout else { return try await body(runner.provider, arguments) }
                let provider = runner.provider
                do {
                    return try await runner.clock.withTimeout(timeout) { try await body(provider, arguments) }
                } catch is ClockTimeout {
                    // The attempt goes on in its own task; its record, if it ever ends, is not this run's.
                    providerCalls?.abandon()
                    throw ProviderError(.timeout, "no answer within \(timeout.seconds)s")
                }
            } catch let e as ProviderError where e.isRetryable && attempt < policy.attempts {
                attempt += 1
                var delay = policy.delay(beforeAttempt: attempt)
                if policy.jitter {
                    // Between half and all of the delay, by `jitterFraction`.
                    delay = delay * (0.5 + 0.5 * Self.jitterFraction(run: fraudSessionId, stage: stage, attempt: attempt))
                }
                emit(
                    .stepRetry, stage: stage,
                    attributes: [
                        JSONMember("code", .string(e.code.rawValue)), JSONMember("attempt", .int(attempt)),
                        JSONMember("delayMs", .int(delay.milliseconds)),
                    ])
                try await runner.clock.sleep(for: delay)
            }
        }
    }

    /// A retry's jitter, 0…1, from the run's fraud session id (itself from the run's randomness),
    /// the stage and the attempt: different for every run, so clients do not retry in step, yet
    /// the same for a seeded run whatever the provider draws from the randomness in between — a
    /// scenario's `waits` hold against the sandbox and a provider's fake alike.
    static func jitterFraction(run: String, stage: String, attempt: Int) -> Double {
        Double(SeededRandom(hashing: "\(run)|\(stage)|\(attempt)").next() % 1001) / 1000
    }
}
