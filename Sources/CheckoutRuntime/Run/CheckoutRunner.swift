import CheckoutDomain
import CheckoutLanguage
import Foundation

/// Retry policy for provider steps: attempts, exponential backoff, a cap.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts, the first included.
    public var attempts: Int
    /// Delay before the second attempt.
    public var initialDelay: Duration
    /// Growth of the delay per attempt.
    public var multiplier: Int
    /// The longest delay.
    public var maxDelay: Duration

    /// Creates a policy.
    public init(attempts: Int = 3, initialDelay: Duration = .milliseconds(100), multiplier: Int = 2, maxDelay: Duration = .seconds(2)) {
        self.attempts = attempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
    }

    /// The delay before attempt `n` (2, 3, …).
    public func delay(beforeAttempt n: Int) -> Duration {
        var d = initialDelay
        if n > 2 { for _ in 3...n { d = d * multiplier } }
        return min(d, maxDelay)
    }
}

/// Runs a compiled flow: walks the pipeline, asks the front end at each screen, talks to the
/// provider at each step, and returns the result. Every side effect comes in through here.
public struct CheckoutRunner: Sendable {
    public var flow: CompiledFlow
    public var provider: any PaymentProvider
    public var frontend: any CheckoutFrontend
    public var clock: any CheckoutClock
    public var random: any RandomSource
    public var trace: (any TraceSink)?
    public var retry: RetryPolicy

    /// Creates a runner.
    public init(
        flow: CompiledFlow, provider: any PaymentProvider, frontend: any CheckoutFrontend,
        clock: any CheckoutClock, random: any RandomSource, trace: (any TraceSink)? = nil,
        retry: RetryPolicy = RetryPolicy()
    ) {
        self.flow = flow
        self.provider = provider
        self.frontend = frontend
        self.clock = clock
        self.random = random
        self.trace = trace
        self.retry = retry
    }

    /// Runs the flow to its end. Never throws: every failure is a result with a status.
    public func run() async -> CheckoutResult {
        let session = RunSession(runner: self)
        let result = await session.run()
        await frontend.finished(result)
        return result
    }
}

/// What a stage tells the interpreter.
enum StageResult {
    case next
    case end(CheckoutStatus)
}

/// The mutable state of one run. Lives in one task; never shared.
final class RunSession {
    let runner: CheckoutRunner
    var request: CheckoutRequest { runner.flow.definition.request }
    var seq = 0
    var price: PriceState
    var paymentMethod: PaymentMethodKind?
    /// The full card: only between the card screen and the tokenize step.
    var card: ValidatedCard?
    var storeCard: Bool?
    var savedCardLast4: String?
    var billing: Address?
    var shipping: Address?
    var sameAsBilling = false
    var requestedCurrency: String?
    var token: CheckoutToken?
    var tokenized: TokenizedCard?
    var threeDS: ThreeDSResult?
    var transaction: Transaction?
    var invoiceId: String?
    var declineCode: String?
    var issues: [AnswerIssue] = []
    var shopper: StoredShopper?
    var rates: CurrencyTable?
    let fraudSessionId: String

    init(runner: CheckoutRunner) {
        self.runner = runner
        let r = runner.flow.definition.request
        price = PriceState(amount: r.price.amount, taxAmount: r.price.taxAmount, currency: r.price.currency)
        fraudSessionId = r.fraudSessionId ?? runner.random.hex(32)
    }

    func run() async -> CheckoutResult {
        emit("run.start", attributes: [JSONMember("flow", .string(runner.flow.definition.id))])
        let status = await runStages()
        let result = makeResult(status)
        emit("run.end", attributes: [JSONMember("status", .string(status.rawValue))])
        return result
    }

    private func runStages() async -> CheckoutStatus {
        if let id = request.shopperId {
            do {
                guard let s = try await runner.provider.shopper(id: id) else {
                    issues.append(
                        AnswerIssue(path: "request.shopperId", code: "shopper_not_found", message: "the provider has no shopper \(id)"))
                    return .error
                }
                shopper = s
            } catch {
                return providerFailure(error, stage: "shopper")
            }
        }
        if runner.flow.pipeline.paymentMethods == [.savedCard] {
            paymentMethod = .savedCard
            savedCardLast4 = shopper?.chosenCardLast4
        } else if !runner.flow.pipeline.contains(.screen(.paymentMethod)) {
            paymentMethod = offeredMethods().first
        }
        await confirmFixedChoices()
        for stage in runner.flow.pipeline.stages {
            if let c = stage.condition, !holds(c) {
                emit("stage.skipped", stage: stage.id, attributes: [JSONMember("condition", .string(c.description))])
                continue
            }
            let outcome: StageResult
            switch stage.kind {
            case .screen(let kind): outcome = await runScreen(kind, stage: stage)
            case .step(let kind):
                if !issues.isEmpty, kind.talksToProvider { return .invalid }
                outcome = await runStep(kind, stage: stage)
            }
            if case .end(let status) = outcome { return status }
        }
        return issues.isEmpty ? .success : .invalid
    }

    func holds(_ c: StageCondition) -> Bool {
        switch c {
        case .paymentMethod(let set): paymentMethod.map(set.contains) ?? false
        case .shippingSameAsBilling: sameAsBilling
        case .not(let inner): !holds(inner)
        case .all(let all): all.allSatisfy(holds)
        }
    }

    /// The methods offered now: the pipeline's, narrowed by the shopper's stored cards and
    /// PayPal's currencies.
    func offeredMethods() -> [PaymentMethodKind] {
        runner.flow.pipeline.paymentMethods.filter { m in
            switch m {
            case .savedCard: !(shopper?.savedCards.isEmpty ?? true)
            case .paypal: request.offersPayPal(currency: price.currency.code)
            case .card, .applePay: true
            }
        }
    }

    func emit(_ event: String, stage: String? = nil, attributes: [JSONMember] = []) {
        guard let sink = runner.trace else { return }
        seq += 1
        sink.record(TraceEvent(seq: seq, time: runner.clock.now(), event: event, stage: stage, attributes: attributes))
    }

    func providerFailure(_ error: any Error, stage: String) -> CheckoutStatus {
        let (code, message): (String, String) =
            if let e = error as? ProviderError { (e.code.rawValue, e.message) } else { ("provider_error", "the provider failed") }
        issues.append(AnswerIssue(path: stage, code: code, message: message))
        emit("step.error", stage: stage, attributes: [JSONMember("code", .string(code))])
        return .error
    }

    private func makeResult(_ status: CheckoutStatus) -> CheckoutResult {
        var r = CheckoutResult(status: status, flow: runner.flow.definition.id, fraudSessionId: fraudSessionId)
        r.paymentType = paymentMethod?.paymentType
        if price.amount != nil { r.price = price }
        if paymentMethod?.isWallet != true {
            r.creditCard = tokenized
            r.billing = billing
            r.shipping = shipping
        }
        if paymentMethod == .savedCard { r.savedCard = true }
        r.threeDSResult = threeDS
        r.payPalInvoiceId = invoiceId
        r.transaction = transaction
        r.declineCode = declineCode
        r.errors = issues
        return r
    }
}
