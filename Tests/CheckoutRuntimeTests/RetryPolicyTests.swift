import CheckoutLanguage
import CheckoutRuntime
import Testing

@Suite struct RetryPolicyTests {
    @Test func delaysGrowExponentiallyUpToTheCap() {
        let p = StepRetry(attempts: 5, backoff: .exponential, delay: .milliseconds(100), maxDelay: .milliseconds(300))
        #expect(p.delay(beforeAttempt: 2) == .milliseconds(100))
        #expect(p.delay(beforeAttempt: 3) == .milliseconds(200))
        #expect(p.delay(beforeAttempt: 4) == .milliseconds(300))
    }
}
