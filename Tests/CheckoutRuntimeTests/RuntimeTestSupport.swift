import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// Compiles a flow from text, failing the test on any error.
func compileFlow(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CompiledFlow {
    let result = FlowCompiler.compile(text, file: "test.yaml")
    return try #require(result.flow, "flow did not compile: \(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
}

/// Reads answers from text, failing the test on any problem.
func readAnswers(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Answers {
    let (answers, problems) = AnswersReader.read(Array(text.utf8), file: "answers.yaml")
    return try #require(answers, "answers did not parse: \(problems.map(\.issue.message))", sourceLocation: sourceLocation)
}

let fixedStart = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

/// A front end that answers from `Answers` and advances a manual clock on chosen screens,
/// to make time pass inside a run (token expiry) without sleeping.
struct TimeTravellingFrontend: CheckoutFrontend {
    let inner: HeadlessFrontend
    let clock: ManualClock
    let advanceOn: ScreenKind
    let by: Duration

    func answer(_ prompt: ScreenPrompt) async throws -> ScreenAnswer {
        if prompt.kind == advanceOn { clock.advance(by: by) }
        return try await inner.answer(prompt)
    }
    func rejected(_ prompt: ScreenPrompt, issues: [AnswerIssue]) async -> Bool { false }
    func finished(_ result: CheckoutResult) async {}
}

/// The sandbox with its charge step (and, when given, its request signer) replaced: every other
/// call goes to the sandbox. Without `onCapture` it settles nothing (capture, void and refund are
/// not supported, as a provider without them); with it, captures go there and voids and refunds
/// to the sandbox.
struct ChargeOverridingProvider: PaymentProvider {
    let base: SandboxProvider
    let charge: @Sendable (ChargeRequest) async throws -> ChargeOutcome
    let onCapture: (@Sendable (PaymentOperation) async throws -> ChargeOutcome)?
    let requestSigner: (any RequestSigner)?

    init(
        base: SandboxProvider, signer: (any RequestSigner)?? = .none,
        onCapture: (@Sendable (PaymentOperation) async throws -> ChargeOutcome)? = nil,
        charge: @escaping @Sendable (ChargeRequest) async throws -> ChargeOutcome
    ) {
        self.base = base
        self.charge = charge
        self.onCapture = onCapture
        requestSigner = signer ?? base.requestSigner
    }
    func createToken() async throws -> CheckoutToken { try await base.createToken() }
    func currencyRates() async throws -> CurrencyTable { try await base.currencyRates() }
    func shopper(id: String) async throws -> StoredShopper? { try await base.shopper(id: id) }
    func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard {
        try await base.tokenize(source, token: token)
    }
    func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress {
        try await base.startThreeDS(card, amount: amount)
    }
    func submitFingerprint(_ session: String) async throws -> ThreeDSProgress { try await base.submitFingerprint(session) }
    func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult {
        try await base.completeChallenge(session, response: response)
    }
    func charge(_ request: ChargeRequest) async throws -> ChargeOutcome { try await charge(request) }
    func walletPayment(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome {
        try await base.walletPayment(method, amount: amount, idempotencyKey: idempotencyKey)
    }
    func storeChosenMethod(shopperId: String?, card: TokenizedCard) async throws -> String {
        try await base.storeChosenMethod(shopperId: shopperId, card: card)
    }
    func capture(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        guard let onCapture else { throw ProviderError.notSupported(operation.kind) }
        return try await onCapture(operation)
    }
    func void(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        guard onCapture != nil else { throw ProviderError.notSupported(operation.kind) }
        return try await base.void(operation)
    }
    func refund(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        guard onCapture != nil else { throw ProviderError.notSupported(operation.kind) }
        return try await base.refund(operation)
    }
}

/// A provider that fails every charge with a retryable error: retries must give up.
func AlwaysUnavailableProvider(base: SandboxProvider) -> ChargeOverridingProvider {
    ChargeOverridingProvider(base: base) { _ in throw ProviderError(.unavailable, "the provider could not be reached") }
}

/// The sandbox, but the first charge call takes `delay` on the run's clock.
func SlowFirstChargeProvider(base: SandboxProvider, clock: ManualClock, delay: Duration) -> ChargeOverridingProvider {
    let calls = Mutex(0)
    return ChargeOverridingProvider(base: base) { request in
        let first = calls.withLock { n in
            n += 1
            return n == 1
        }
        if first { clock.advance(by: delay) }
        return try await base.charge(request)
    }
}

let simpleFlow = """
    flow: unit
    dsl: 1
    request:
      price: { amount: 10.00, currency: USD }
      withEmail: false
      allowCurrencyChange: false
    """

func cardAnswers(_ number: String, extra: String = "") -> String {
    """
    card: { number: "\(number)", expiry: "12/2035", cvv: "123" }
    billing: { name: Jane Doe, country: US, zip: "10001" }
    \(extra)
    """
}
