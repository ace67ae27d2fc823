import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutTesting
import Foundation
import Testing

/// Issue 6's fault-injection suite: a thousand seeded standard checkouts against the sandbox
/// through `FaultInjectingProvider` (errors, hangs past the timeout, answers lost after the
/// provider did the work). Every run must end in a definite status, the ledger must never hold
/// two charges for one run, and no output may hold the card number or the CVV. A run that
/// ends `error` is then started again with its journal and no faults, as a user would.
@Suite struct FaultInjectionTests {
    /// Sandbox cards with behaviours (approve, decline, transient once), and a wallet.
    static let payments: [(number: String?, cvv: String)] = [
        ("4111 1111 1111 1111", "736"), ("5555 5555 5555 4444", "736"), ("3782 822463 10005", "7361"),
        ("4000 0000 0000 9995", "736"), ("4000 0000 0000 0069", "736"), ("4000 0000 0000 0119", "736"),
        ("6011 1111 1111 1117", "736"), ("3056 930902 5904", "736"), ("3569 9900 1003 0400", "736"), (nil, ""),
    ]

    static func answers(_ payment: (number: String?, cvv: String)) -> String {
        guard let number = payment.number else { return "paymentMethod: paypal\n" }
        return """
            paymentMethod: card
            card: { number: "\(number)", expiry: "12/35", cvv: "\(payment.cvv)", name: Jane Shopper }
            billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
            """
    }

    /// The texts a leak would show in: the number in any spacing, the CVV as a whole value.
    static func secrets(_ payment: (number: String?, cvv: String)) -> [String] {
        guard let number = payment.number else { return [] }
        let digits = number.filter(\.isNumber)
        return [number, digits, String(digits.dropLast(4)), "\"\(payment.cvv)\""]
    }

    @Test func aThousandFaultyCheckoutsEndDefinitelyWithAtMostOneChargeAndNoCardData() async throws {
        let path = CheckoutFlowRoot.url.appendingPathComponent("flows/standard-checkout.yaml").path
        let flow = try #require(FlowCompiler.compile(contentsOf: path).flow)
        let parsed = try Self.payments.map { try readAnswers(Self.answers($0)) }
        let policy = StepRetry(attempts: 4, backoff: .exponential, delay: .milliseconds(200), maxDelay: .seconds(2), jitter: true)
        var first: [CheckoutStatus: Int] = [:]
        var resumed: [CheckoutStatus: Int] = [:]
        var faults: [Fault: Int] = [:]
        var charged = 0
        let runs = 1000
        for seed in UInt64(1)...UInt64(runs) {
            let i = Int(seed) % Self.payments.count
            let clock = ManualClock(start: fixedStart)
            let sandbox = SandboxProvider(clock: clock, random: SeededRandom(seed: seed))
            let faulty = FaultInjectingProvider(inner: sandbox, clock: clock, plan: .random(seed: seed &* 7919, perMille: 450))
            let healthy = FaultInjectingProvider(inner: sandbox, clock: clock, plan: .scripted([:]))
            let store = MemoryJournalStore()
            var outputs: [String] = []
            var statuses: [CheckoutStatus] = []
            // The first run meets the faults; a run that ends `error` is started again with its
            // journal and no faults (up to twice: the second start can end `error` for good).
            for attempt in 0..<3 {
                if attempt > 0, statuses.last != .error { break }
                let trace = MemoryTraceSink()
                let runner = CheckoutRunner(
                    flow: flow, provider: attempt == 0 ? faulty : healthy, frontend: HeadlessFrontend(answers: parsed[i]), clock: clock,
                    random: SeededRandom(seed: seed &+ UInt64(attempt) &* 1_000_003), trace: trace, retry: policy,
                    timeout: .seconds(5), journal: try RunJournal(store: store, flow: flow.definition.id, digest: "seed-\(seed)"))
                let result = await runner.run()
                statuses.append(result.status)
                outputs += [result.json.serialized(pretty: true)] + trace.events.map(\.jsonLine) + result.errors.map(\.message)
                let ledger = await sandbox.ledger
                #expect(ledger.count <= 1, "seed \(seed): \(ledger.count) charges")
                if result.status == .success {
                    #expect(ledger.map(\.id) == [result.transaction?.id], "seed \(seed): the result's transaction is the one charge")
                }
            }
            // One charge stage: every attempt of every start sent the same idempotency key.
            #expect(Set(faulty.chargeKeys + healthy.chargeKeys).count <= 1, "seed \(seed): charges under several keys")
            outputs += try store.lines()
            for text in outputs {
                for secret in Self.secrets(Self.payments[i]) where text.contains(secret) {
                    Issue.record("seed \(seed): card data (\(secret.count) characters) in an output")
                }
            }
            if statuses.count > 1 {
                // A journal completes every checkout once the faults are gone: card charges and
                // wallet payments alike are asked again under their idempotency keys.
                #expect(statuses.last != .error, "seed \(seed): \(statuses)")
            }
            first[statuses[0], default: 0] += 1
            if statuses.count > 1 { resumed[statuses.last!, default: 0] += 1 }
            for (fault, n) in faulty.faults { faults[fault, default: 0] += n }
            charged += await sandbox.ledger.count
        }
        #expect(first.values.reduce(0, +) == runs)
        // Every path the suite is for was taken.
        for fault in Fault.allCases { #expect(faults[fault, default: 0] > 0, "no call met \(fault)") }
        #expect(first[.success, default: 0] > 0 && first[.declined, default: 0] > 0 && first[.error, default: 0] > 0)
        #expect(resumed[.success, default: 0] > 0, "some runs that failed under faults were completed by their journal")
        let line = { (d: [CheckoutStatus: Int]) in
            CheckoutStatus.allCases.compactMap { s in d[s].map { "\(s.rawValue) \($0)" } }.joined(separator: ", ")
        }
        print("fault suite: \(runs) runs; first run: \(line(first)); resumed after error: \(line(resumed)); charges \(charged)")
        print("fault suite: calls by fault: " + Fault.allCases.map { "\($0.rawValue) \(faults[$0, default: 0])" }.joined(separator: ", "))
    }
}

/// The repository root (this file is Tests/CheckoutRuntimeTests/FaultInjectionTests.swift).
enum CheckoutFlowRoot {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
