public import CheckoutDomain
public import CheckoutLanguage
public import CheckoutRuntime
import Synchronization

/// What a call to the provider meets on the way (the network, as an HTTP adapter would see it).
public enum Fault: String, CaseIterable, Sendable {
    /// The call goes through and its answer comes back.
    case none
    /// 503 / the provider's `processing_error`, before anything happened.
    case transient
    /// 502 / connection refused, before anything happened.
    case unavailable
    /// 504: the gateway gave up, before anything happened.
    case gatewayTimeout
    /// The request hangs past the step's timeout before it reaches the provider.
    case hangBefore
    /// The provider did the work; the connection was reset before the answer came.
    case resetAfter
    /// The provider did the work; the answer hangs past the step's timeout.
    case hangAfter
    /// The provider did the work; the answer's body was cut short.
    case truncatedAfter
    /// The provider did the work; the answer's body is not JSON (not a provider error: the
    /// runtime cannot tell whether to retry, and ends the run `error`).
    case malformedAfter
}

/// A body that could not be decoded (not a `ProviderError`).
public struct MalformedBody: Error {}

/// A `PaymentProvider` decorator that injects network faults from seeded randomness, per
/// call: errors before the call, hangs on the injected clock (so a ManualClock run stays
/// exact), and answers lost after the inner provider did the work ("the charge went through
/// but the answer was lost").
public final class FaultInjectingProvider: PaymentProvider {
    /// Which faults calls meet.
    public enum Plan: Sendable {
        /// Out of 1000 calls, `perMille` meet a fault, drawn evenly from the faults by a
        /// generator seeded with `seed`.
        case random(seed: UInt64, perMille: UInt64)
        /// The n-th call of a method (`charge`, `tokenize`, …) meets the n-th fault listed
        /// for it; calls past the list meet none.
        case scripted([String: [Fault]])
    }

    /// The provider that does the work.
    public let inner: any PaymentProvider
    /// The inner provider's signer.
    public var requestSigner: (any RequestSigner)? { inner.requestSigner }
    /// The clock hangs wait on.
    public let clock: any CheckoutClock
    /// Which faults calls meet.
    public let plan: Plan
    /// How long a hang lasts: longer than any step's timeout.
    public let hang: Duration
    private let random: SeededRandom
    private struct Log {
        var faults: [Fault: Int] = [:]
        var calls: [String] = []
        var chargeKeys: [String] = []
    }
    private let log = Mutex(Log())

    /// Wraps `inner`; hangs last `hang` on `clock`.
    public init(inner: any PaymentProvider, clock: any CheckoutClock, plan: Plan, hang: Duration = .seconds(30)) {
        self.inner = inner
        self.clock = clock
        self.plan = plan
        self.hang = hang
        if case .random(let seed, _) = plan { random = SeededRandom(seed: seed) } else { random = SeededRandom(seed: 0) }
    }

    /// How many calls met each fault.
    public var faults: [Fault: Int] { log.withLock { $0.faults } }
    /// Every call, by method name, in order.
    public var calls: [String] { log.withLock { $0.calls } }
    /// The idempotency key of every charge call, in order.
    public var chargeKeys: [String] { log.withLock { $0.chargeKeys } }

    private func draw(_ method: String) -> Fault {
        let fault: Fault
        switch plan {
        case .random(_, let perMille):
            let faulty = Fault.allCases.dropFirst()
            let r = random.next() % 1000
            fault = r < perMille ? faulty[faulty.startIndex + Int(r % UInt64(faulty.count))] : .none
        case .scripted(let script):
            let n = log.withLock { l in l.calls.count { $0 == method } }
            let list = script[method] ?? []
            fault = n < list.count ? list[n] : .none
        }
        log.withLock { l in
            l.faults[fault, default: 0] += 1
            l.calls.append(method)
        }
        return fault
    }

    private func call<T: Sendable>(_ method: String = #function, _ body: () async throws -> T) async throws -> T {
        let name = String(method.prefix { $0 != "(" })
        switch draw(name) {
        case .none: return try await body()
        case .transient: throw ProviderError(.transient, "503 Service Unavailable")
        case .unavailable: throw ProviderError(.unavailable, "502 Bad Gateway")
        case .gatewayTimeout: throw ProviderError(.timeout, "504 Gateway Timeout")
        case .hangBefore:
            try await clock.sleep(for: hang)
            return try await body()
        case .resetAfter:
            _ = try await body()
            throw ProviderError(.unavailable, "connection reset by peer")
        case .hangAfter:
            let value = try await body()
            try await clock.sleep(for: hang)
            return value
        case .truncatedAfter:
            _ = try await body()
            throw ProviderError(.unavailable, "the response body ended after 17 of 212 bytes")
        case .malformedAfter:
            _ = try await body()
            throw MalformedBody()
        }
    }

    public func createToken() async throws -> CheckoutToken { try await call { try await inner.createToken() } }
    public func currencyRates() async throws -> CurrencyTable { try await call { try await inner.currencyRates() } }
    public func shopper(id: String) async throws -> StoredShopper? { try await call { try await inner.shopper(id: id) } }
    public func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard {
        try await call { try await inner.tokenize(source, token: token) }
    }
    public func tokenize(_ source: CardSource, token: CheckoutToken, details: TokenizeDetails) async throws -> TokenizedCard {
        try await call { try await inner.tokenize(source, token: token, details: details) }
    }
    public func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress {
        try await call { try await inner.startThreeDS(card, amount: amount) }
    }
    public func submitFingerprint(_ session: String) async throws -> ThreeDSProgress {
        try await call { try await inner.submitFingerprint(session) }
    }
    public func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult {
        try await call { try await inner.completeChallenge(session, response: response) }
    }
    public func charge(_ request: ChargeRequest) async throws -> ChargeOutcome {
        log.withLock { $0.chargeKeys.append(request.idempotencyKey) }
        return try await call { try await inner.charge(request) }
    }
    public func walletPayment(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome {
        try await call { try await inner.walletPayment(method, amount: amount, idempotencyKey: idempotencyKey) }
    }
    public func storeChosenMethod(shopperId: String?, card: TokenizedCard) async throws -> String {
        try await call { try await inner.storeChosenMethod(shopperId: shopperId, card: card) }
    }
    /// Forwards `storeChosenWallet` through the fault plan.
    public func storeChosenWallet(_ method: PaymentMethodKind, shopperId: String?, token: CheckoutToken?) async throws -> String {
        try await call { try await inner.storeChosenWallet(method, shopperId: shopperId, token: token) }
    }
}
