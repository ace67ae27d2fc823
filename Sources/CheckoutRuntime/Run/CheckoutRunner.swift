import CheckoutDomain
public import CheckoutLanguage
import Foundation

/// Runs a compiled flow: walks the pipeline, asks the front end at each screen, talks to the
/// provider at each step, and returns the result. Every side effect comes in through here.
public struct CheckoutRunner: Sendable {
    /// The compiled flow to run.
    public var flow: CompiledFlow
    /// The payment provider every step talks to.
    public var provider: any PaymentProvider
    /// Who answers the screens.
    public var frontend: any CheckoutFrontend
    /// The run's clock (token expiry, retry backoff, step timeouts).
    public var clock: any CheckoutClock
    /// Where ids come from (fraud session, idempotency keys).
    public var random: any RandomSource
    /// Where trace events go, if anywhere.
    public var trace: (any TraceSink)?
    /// Told of each provider step as it begins, ends or fails (a front end's progress, a
    /// caller's watch on the charge); nil: nobody.
    public var steps: (any StepObserver)?
    /// Retry settings for steps that set none.
    package var retry: StepRetry
    /// The longest one provider call may take in steps that set no `timeout` (and in the
    /// shopper and currency-rate lookups); nil: no limit.
    public var timeout: Duration?
    /// The run journal: each completed step is recorded, and steps it records as completed
    /// are restored instead of run again (`checkout run --journal`); nil: none.
    package var journal: RunJournal?
    /// How often one stage may run in one run (routes can loop back, e.g. a declined card
    /// back to the card screen); the next visit ends the run `failed`.
    public var maxVisits: Int
    /// Environment variables and child processes for the `signature` hook.
    public var signing: SigningEnvironment
    /// Where charge and wallet idempotency keys are drawn (`ProviderSource.idempotencyKeys`);
    /// nil: `random`.
    public var idempotencyKeys: (any RandomSource)?
    /// Whether a traced run records its provider calls (`provider.call` events, `ProviderCall`);
    /// false leaves them out (a scenario runner whose scenarios read no records). Untraced
    /// runs never record.
    package var recordsProviderCalls = true

    /// Creates a runner.
    package init(
        flow: CompiledFlow, provider: any PaymentProvider, frontend: any CheckoutFrontend,
        clock: any CheckoutClock, random: any RandomSource, trace: (any TraceSink)? = nil, steps: (any StepObserver)? = nil,
        retry: StepRetry = StepRetry(), maxVisits: Int = 5, signing: SigningEnvironment = .system, timeout: Duration? = nil,
        journal: RunJournal? = nil, idempotencyKeys: (any RandomSource)? = nil
    ) {
        self.flow = flow
        self.provider = provider
        self.frontend = frontend
        self.clock = clock
        self.random = random
        self.trace = trace
        self.steps = steps
        self.retry = retry
        self.maxVisits = maxVisits
        self.signing = signing
        self.timeout = timeout
        self.journal = journal
        self.idempotencyKeys = idempotencyKeys
    }

    /// Runs the flow to its end. Never throws: every failure is a result with a status.
    ///
    /// `consuming`: the run's session takes the runner over instead of copying its flow and
    /// front ends (a caller that runs the same runner again still can: it is copied then).
    public consuming func run() async -> CheckoutResult {
        let session = RunSession(runner: self)
        let result = await session.run()
        await session.runner.frontend.finished(result)
        return result
    }
}

extension StageKind {
    /// Whether the stage has work to do for a payment method: wallets hold the card and the
    /// addresses, so card and address stages are skipped for them (SPEC §8), and the wallet
    /// step is skipped for cards. `storeShopper` stores any method (choosePayment).
    func applies(to method: PaymentMethodKind) -> Bool {
        switch self {
        case .screen(.creditCard), .screen(.cardScan): method == .card
        case .screen(.savedCard): method == .savedCard
        case .screen(.billing), .screen(.shipping), .step(.tokenize), .step(.threeDS), .step(.sale), .step(.authorize),
            .step(.subscribe), .step(.taxUpdate), .step(.capture), .step(.void), .step(.refund):
            !method.isWallet
        case .step(.walletPayment): method.isWallet
        default: true
        }
    }
}

extension StageOutcome {
    /// The routable outcome a run status stands for.
    init?(_ status: CheckoutStatus) {
        switch status {
        case .declined: self = .declined
        case .failed: self = .failed
        case .canceled: self = .canceled
        case .success: self = .success
        case .invalid, .error: return nil
        }
    }
}
