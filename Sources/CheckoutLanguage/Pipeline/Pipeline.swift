package import CheckoutDomain
public import Foundation

/// Screen kinds: where the shopper is asked something (SPEC §8).
public enum ScreenKind: String, Sendable, CaseIterable {
    /// The screens a pipeline lists (SPEC §8 names each).
    case paymentMethod, savedCard, creditCard, billing, shipping, currency, review, form, cardScan
    /// The 3-D Secure challenge (shown by a `threeDS` step) and the result screen.
    case threeDSChallenge, result

    /// The kinds an explicit pipeline may list. The 3DS challenge is shown by a `threeDS` step
    /// when the issuer asks for one, and the result always ends the run.
    public static let listable: [ScreenKind] = allCases.filter { $0 != .threeDSChallenge && $0 != .result }

    /// The outcomes the screen can end with. Most screens end `success` (a person leaving
    /// ends the run `canceled`); a card scan ends like Jumio BAM's scan: with the card, or
    /// with one of its errors, each routable.
    package var outcomes: [StageOutcome] {
        switch self {
        case .cardScan: [.success, .canceled, .cardTypeNotAccepted, .cardExpired, .failed]
        default: [.success]
        }
    }
}

/// How a stage ended, for routing (SPEC §8).
package enum StageOutcome: String, Sendable, CaseIterable, Hashable {
    case success, declined, failed, canceled
    /// A card scan read a card of a brand `cards.accept` leaves out (BAM error 300).
    case cardTypeNotAccepted
    /// A card scan read an expired card (BAM error 320).
    case cardExpired

    /// Hashes the case, not its raw value: an enum with a raw value otherwise hashes the text,
    /// and outcomes key the route tables every stage has.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .success: hasher.combine(0)
        case .declined: hasher.combine(1)
        case .failed: hasher.combine(2)
        case .canceled: hasher.combine(3)
        case .cardTypeNotAccepted: hasher.combine(4)
        case .cardExpired: hasher.combine(5)
        }
    }
}

/// Where a route goes.
package enum RouteTarget: Sendable, Hashable, CustomStringConvertible {
    /// Another stage, by id.
    case stage(String)
    /// The end of the run (the result screen), with the outcome's status.
    case end

    public var description: String {
        switch self {
        case .stage(let id): id
        case .end: "end"
        }
    }
}

/// A hook: local work run around a stage.
package enum HookKind: String, Sendable, CaseIterable, Hashable {
    /// Recalculate tax from the shipping (or billing) address.
    case tax
    /// Sign the provider request (Maxpay).
    case signature
}

/// How retry delays grow.
package enum Backoff: String, Sendable, CaseIterable, Hashable {
    case constant, exponential
}

/// A step's retry settings (`steps[].retry`).
package struct StepRetry: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var attempts: Int
    public var backoff: Backoff
    /// The delay before the second attempt.
    public var delay: Duration
    /// The longest delay.
    public var maxDelay: Duration
    /// Randomise each delay between half and all of it.
    public var jitter: Bool

    /// Creates retry settings (the defaults are the runtime's defaults).
    public init(
        attempts: Int = 3, backoff: Backoff = .exponential, delay: Duration = .milliseconds(100),
        maxDelay: Duration = .seconds(2), jitter: Bool = false
    ) {
        self.attempts = attempts
        self.backoff = backoff
        self.delay = delay
        self.maxDelay = maxDelay
        self.jitter = jitter
    }

    /// The delay before attempt `n` (2, 3, …), before jitter.
    public func delay(beforeAttempt n: Int) -> Duration {
        guard backoff == .exponential, n > 2 else { return min(delay, maxDelay) }
        var d = delay
        for _ in 3...n {
            d = d * 2
            if d >= maxDelay { return maxDelay }
        }
        return min(d, maxDelay)
    }
}

/// Provider step kinds: where the runtime talks to the provider (SPEC §8).
public enum StepKind: String, Sendable, CaseIterable {
    /// Obtain a checkout token (BlueSnap `generateTokenFunc`).
    case createToken
    /// Submit the card (or the chosen stored card) to the provider's vault under the token.
    case tokenize
    /// 3-D Secure authentication (BlueSnap results; Spreedly fingerprint/challenge lifecycle).
    case threeDS
    /// Recalculate tax from the shipping address.
    case taxUpdate
    /// Convert the price to the currency the shopper chose.
    case currencyUpdate
    /// Charge: capture now.
    case sale
    /// Charge: authorize only.
    case authorize
    /// Start a subscription charge.
    case subscribe
    /// Pay through the wallet the shopper chose (PayPal, Apple Pay).
    case walletPayment
    /// Store the shopper's chosen payment method (choosePayment).
    case storeShopper
    /// Capture an authorization, in full or in part (`amount`).
    case capture
    /// Void (reverse) an authorization that has not been captured.
    case void
    /// Refund a sale or a capture, in full or in part (`amount`); partial refunds add up.
    case refund
}

/// Where a `tokenize` step takes the card from (`steps[].source`).
package enum CardSourceSetting: String, Sendable, CaseIterable, Hashable {
    /// A `creditCard` or `savedCard` screen before it (the SDK's own UI).
    case screen
    /// Card data given up front by the embedding app's own UI, as BlueSnap's
    /// `submitTokenizedDetails`: a new card, or a returning shopper's stored card. Headless
    /// runs take it from the `card` or `savedCard` answers.
    case upfront
}

/// What a stage is.
package enum StageKind: Sendable, Hashable {
    case screen(ScreenKind)
    case step(StepKind)

    /// The kind's name (`creditCard`, `tokenize`).
    public var name: String {
        switch self {
        case .screen(let s): s.rawValue
        case .step(let s): s.rawValue
        }
    }

    /// The outcomes a stage of this kind can end with (besides provider errors, which always
    /// end the run).
    public var outcomes: [StageOutcome] {
        switch self {
        case .screen(let s): s.outcomes
        case .step(let s): s.outcomes
        }
    }
}

/// One stage of a compiled pipeline.
package struct PipelineStage: Sendable, Hashable {
    /// The stage's id, unique in the pipeline (the kind's name for derived pipelines).
    public var id: String
    /// Screen or step.
    public var kind: StageKind
    /// Runs only when this holds; nil: always.
    public var condition: Condition? {
        get { checkedCondition }
        set {
            checkedCondition = newValue
            guardCondition = newValue.map(StageGuard.init)
        }
    }
    private var checkedCondition: Condition?
    /// `condition` with its names resolved, as the interpreter evaluates it (kept with it).
    package private(set) var guardCondition: StageGuard?

    /// Sets `condition` with its resolved form made once for it, which stages with the same
    /// condition share (the compiler checks a `when` text once for all the stages that have it;
    /// resolving it again for each made a flow of many stages 11% slower to compile).
    package mutating func setCondition(_ condition: Condition?, resolved: StageGuard?) {
        assert(resolved == condition.map(StageGuard.init))
        checkedCondition = condition
        guardCondition = resolved
    }
    /// The value the compiler proved `condition` always has given the request (`dead-route`):
    /// false, the stage never runs; true, it is never skipped. Nil: it depends on the run.
    package var guardAlways: Bool?
    /// Explicit routes by outcome. Without one, success goes to the next stage and every
    /// other outcome ends the run with its status.
    public var routes: [StageOutcome: RouteTarget] = [:]
    /// The settings only some stages have, out of line (`StageSettings`; each has a property
    /// of the stage, in StageSettings.swift); another module reads one as `settings.hooks`, not
    /// `hooks` (see `StageSettingsBox`).
    package internal(set) var settings = StageSettingsBox()

    /// The outcomes this stage can end with: its kind's, and `failed` for a step that calls
    /// the tax service.
    package var outcomes: [StageOutcome] { callsTaxService ? [.success, .failed] : kind.outcomes }

    /// Creates a stage.
    public init(id: String? = nil, _ kind: StageKind, when condition: Condition? = nil) {
        self.id = id ?? kind.name
        self.kind = kind
        self.condition = condition
    }
}

/// A compiled pipeline: stages in order. Outcomes other than success end the run at the
/// `result` screen with the outcome's status.
package struct Pipeline: Sendable, Hashable {
    /// The stages, in order.
    public var stages: [PipelineStage]
    /// The payment methods this checkout can offer (the runtime narrows by provider state,
    /// e.g. a shopper without saved cards).
    public var paymentMethods: [PaymentMethodKind]
    /// True when the flow wrote its own `screens`/`steps`.
    public var isExplicit = false

    /// Creates a pipeline.
    public init(stages: [PipelineStage], paymentMethods: [PaymentMethodKind], isExplicit: Bool = false) {
        self.stages = stages
        self.paymentMethods = paymentMethods
        self.isExplicit = isExplicit
    }

    /// The index of the stage with this id.
    public func index(of id: String) -> Int? { stages.firstIndex { $0.id == id } }

    /// Where `outcome` of the stage at `index` goes: its explicit route, else the next stage
    /// for success and the end for everything else. Returns nil for the end.
    public func successor(of index: Int, on outcome: StageOutcome) -> Int? {
        switch stages[index].routes[outcome] {
        case .stage(let id): return self.index(of: id)
        case .end: return nil
        case nil: return outcome == .success && index + 1 < stages.count ? index + 1 : nil
        }
    }

    /// True when a stage of this kind is in the pipeline.
    ///
    /// By index, as `takesCardUpfront`: `contains(where:)` copied every stage (a flow of
    /// 170,000 screens spent 2.6% of its compile here).
    public func contains(_ kind: StageKind) -> Bool {
        for i in stages.indices where stages[i].kind == kind { return true }
        return false
    }

    /// True when a `tokenize` step takes the card up front (own UI): the payment method is
    /// decided by the data given there, not before the run.
    ///
    /// By index: `contains(where:)` copied every stage it looked at (a run asks this twice).
    public var takesCardUpfront: Bool {
        for i in stages.indices where stages[i].kind == .step(.tokenize) && stages[i].cardSource == .upfront { return true }
        return false
    }
}
