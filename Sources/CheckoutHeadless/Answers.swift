public import CheckoutDomain
public import CheckoutLanguage
public import CheckoutRuntime

/// A headless run's answers (SPEC §9), typed by the DSL: `zip: 01234` stays `"01234"`.
public struct Answers: Sendable {
    /// The payment method chosen (`paymentMethod`).
    public var paymentMethod: PaymentMethodKind?
    /// The card typed at the first visit of the card screen (`card`).
    public var card: CardAnswer?
    /// Cards for later visits of the card screen (a route back after a decline): `card` as a
    /// list answers the first visit with its first item, the second with its second, …
    public var laterCards: [CardAnswer] = []
    /// Last 4 digits of a saved card.
    public var savedCard: String?
    /// The billing details (`billing`).
    public var billing: Address?
    /// The shipping details (`shipping`).
    public var shipping: Address?
    /// `shipping.sameAsBilling`.
    public var sameAsBilling: Bool?
    /// The currency the shopper switches to (`currency`); nil keeps the flow's.
    public var currency: String?
    /// The shopper's IP address (`customer.ip`), sent with the charge; wins over the flow's
    /// `request.customer.ip`. Nil keeps the flow's.
    public var customerIP: String?
    /// Custom field answers by field id.
    public var custom: [String: String] = [:]
    /// The shopper's consent to the terms of use on review (`acceptTerms`); nil: not answered.
    public var acceptTerms: Bool?
    /// The code typed at the 3-D Secure challenge (`threeDS.code`).
    public var threeDSCode: String?
    /// True when the shopper cancels the 3-D Secure challenge (`threeDS.cancel`).
    public var threeDSCancel = false
    /// What the card scan read, or its error (`scan`, inline or from `scan.file`).
    public var scan: ScanAnswer?
    /// Scans for later visits of the scan screen (a route back to it): `scan` as a list.
    public var laterScans: [ScanAnswer] = []
    /// How long the shopper spends at a stage before answering, by stage id (`wait:`): the
    /// run's clock moves on by that much (token expiry mid-flow).
    public var waits: [String: Duration] = [:]

    /// Creates empty answers.
    public init() {}

    /// The card for the `visit`-th showing of the card screen: the first visit always has one
    /// (empty when `card` is missing, so each field is reported); nil when a later visit has
    /// no card left, i.e. the shopper makes no further attempt.
    public func card(visit: Int) -> CardAnswer? {
        if visit <= 1 { return card ?? CardAnswer() }
        return visit - 2 < laterCards.count ? laterCards[visit - 2] : nil
    }

    /// The scan for the `visit`-th showing of the card-scan screen, as `card(visit:)`.
    public func scan(visit: Int) -> ScanAnswer? {
        if visit <= 1 { return scan ?? ScanAnswer() }
        return visit - 2 < laterScans.count ? laterScans[visit - 2] : nil
    }

    /// The payment method: as answered, else the only one the answers imply (`card` given →
    /// card; `scan` given → card; `savedCard` given → savedCard).
    public var effectivePaymentMethod: PaymentMethodKind? {
        if let paymentMethod { return paymentMethod }
        switch (card != nil || scan != nil, savedCard != nil) {
        case (true, false): return .card
        case (false, true): return .savedCard
        default: return nil
        }
    }
}

/// A problem with the answers file itself, positioned in it.
public struct AnswersProblem: Sendable {
    /// Path, code and message, as the result reports them.
    public var issue: AnswerIssue
    /// The diagnostic for stderr (file:line:col).
    public var diagnostic: Diagnostic
}
