public import CheckoutDomain
public import CheckoutLanguage
public import Foundation

/// A front end: who answers the screens. Headless answers from a file; the terminal asks a
/// person. The runtime validates every answer, so both front ends get the same rules.
///
/// A front end that shows progress is also the runner's `StepObserver`; one whose shopper's
/// time is simulated (headless `wait:` answers) is also a `PacedFrontend`.
public protocol CheckoutFrontend: Sendable {
    /// The answer to one screen.
    func answer(_ prompt: ScreenPrompt) async throws -> ScreenAnswer
    /// The runtime found problems with an answer. Return true to be asked again (a person at
    /// a terminal); false to go on collecting, so every problem is reported at once (headless).
    func rejected(_ prompt: ScreenPrompt, issues: [AnswerIssue]) async -> Bool
    /// The flow makes these choices itself, so no screen asks them (told once, before the
    /// first stage, when there are any). Returns what contradicts them in answers given before
    /// the run (headless: PayPal on a subscription), reported like any invalid answer; a
    /// person is not asked, and has nothing to contradict.
    func choicesFixed(_ choices: [FixedChoice]) async -> [AnswerIssue]
    /// The run ended.
    func finished(_ result: CheckoutResult) async
    /// The answer to one screen when the front end has it at once, without suspending (answers
    /// given before the run); nil: the runtime asks `answer(_:)`. The same answer `answer(_:)`
    /// would give: the runtime asks each screen's prompt once, and one or the other answers it.
    func answerAtOnce(_ prompt: ScreenPrompt) -> ScreenAnswer?
    /// How long the shopper spends at `stage` before answering, for a front end that simulates
    /// the shopper's time (`PacedFrontend`); nil or zero: no time.
    func wait(at stage: String) -> Duration?
}

extension CheckoutFrontend {
    /// Nothing was answered before the run.
    public func choicesFixed(_ choices: [FixedChoice]) async -> [AnswerIssue] { [] }
    /// No answer is ready before the screen is shown: the runtime asks `answer(_:)`.
    public func answerAtOnce(_ prompt: ScreenPrompt) -> ScreenAnswer? { nil }
    /// A person's time passes by itself.
    public func wait(at stage: String) -> Duration? { nil }
}

/// A choice the flow makes itself, so no screen asks it.
public enum FixedChoice: Sendable, Equatable {
    /// The only payment method, and why (`a subscription is paid by card`).
    case paymentMethod(PaymentMethodKind, reason: String)
    /// The price's currency, which cannot change, and why.
    case currency(String, reason: String)
}

/// A front end that simulates the shopper's time (headless `wait:` answers): before a stage's
/// screen is answered, the run's clock moves on by the time the shopper spends there, so a
/// token can expire mid-flow. A person's time passes by itself. (`wait(at:)` is a requirement
/// of `CheckoutFrontend` too, answered nil by default, so the runtime asks it without a cast.)
public protocol PacedFrontend: CheckoutFrontend {
    /// How long the shopper spends at `stage` before answering; nil or zero: no time.
    func wait(at stage: String) -> Duration?
}

/// What a screen shows, so a front end can render it and know what to answer.
public struct ScreenPrompt: Sendable {
    /// Which screen.
    public var kind: ScreenKind
    /// The stage id in the pipeline.
    public var stageId: String
    /// The price as it stands (after tax and currency changes so far).
    public var price: PriceState
    /// The methods the shopper can choose from (paymentMethod screen).
    public var paymentMethods: [PaymentMethodKind] = []
    /// The Apple Pay sheet's pay line (`provider.applePay.payLine`), shown beside Apple Pay
    /// on the paymentMethod screen; nil when the flow sets none.
    package var applePayLine: String?
    /// True on the review screen when the shopper must accept the provider's terms of use and
    /// privacy policy (`provider.requireTermsConsent`).
    package var requiresTermsConsent = false
    /// The returning shopper's stored cards (savedCard screen).
    public var savedCards: [StoredCard] = []
    /// Details already known, shown pre-filled (billing, shipping).
    public var prefill: Address?
    /// The billing field rules.
    public var requirements: AddressRequirements
    /// The run's day by its clock, which a date of birth is checked against (billing screen);
    /// nil outside a run.
    public var today: CalendarDate?
    /// Whether "shipping same as billing" is offered (billing screen).
    public var offersSameAsBilling = false
    /// Whether the "store my card" switch is shown (creditCard screen).
    public var offersStoreCard = true
    /// Whether the card scan also reads the UK sort code and account number (cardScan screen).
    public var readsBankDetails = false
    /// Currencies the shopper can switch to (currency screen).
    public var currencies: [String] = []
    /// Card brands accepted.
    public var acceptedBrands: [CardBrand] = CardBrand.every
    /// The theme, for front ends that draw.
    public var theme: Theme
    /// How often this screen has been shown in this run, this time included (a route can
    /// bring the shopper back, e.g. to the card screen after a decline).
    public var visit = 1
    /// The screen's heading, when the flow sets one.
    public var title: String?
    /// The fields asked, in order (billing, shipping: address fields; form: custom field ids).
    public var fields: [String]?
    /// The custom fields of a form screen.
    public var customFields: [CustomField] = []
    /// True when no screen is shown: the app's own UI hands over the card data up front at a
    /// `tokenize` step with `source: upfront` (a `.card` or a `.savedCard` answer).
    public var isUpfront = false
}

/// The price as a run changes it.
public struct PriceState: Sendable, Hashable {
    /// Nil for a subscription without a price.
    public var amount: Decimal?
    /// The tax so far.
    public var taxAmount: Decimal
    /// The currency the price is in now.
    public var currency: Currency
    /// Creates a price.
    public init(amount: Decimal?, taxAmount: Decimal, currency: Currency) {
        self.amount = amount
        self.taxAmount = taxAmount
        self.currency = currency
    }
    /// Amount plus tax, when there is an amount.
    public var total: Money? { amount.map { Money(amount: $0 + taxAmount, currency: currency) } }
}

/// A card as typed: any field may be missing.
public struct CardAnswer: Sendable {
    /// The card number as typed (spaces allowed); in memory only until tokenized.
    public var number: String?
    /// The expiry, `MM/YY` or `MM/YYYY`.
    public var expiry: String?
    /// The security code; in memory only until tokenized, never printed.
    public var cvv: String?
    /// The card holder's name.
    public var name: String?
    /// The "securely store my card" switch, when shown and answered.
    public var storeCard: Bool?
    /// Creates a card answer; a missing field is "not answered".
    public init(number: String? = nil, expiry: String? = nil, cvv: String? = nil, name: String? = nil, storeCard: Bool? = nil) {
        self.number = number
        self.expiry = expiry
        self.cvv = cvv
        self.name = name
        self.storeCard = storeCard
    }
}

/// An answer to one screen. `nil` members mean "not answered".
public enum ScreenAnswer: Sendable {
    /// The payment method chosen (paymentMethod screen).
    case paymentMethod(PaymentMethodKind?)
    /// The stored card chosen, by its last 4 digits (savedCard screen).
    case savedCard(last4: String?)
    /// A card as typed (creditCard screen).
    case card(CardAnswer)
    /// Billing; `sameAsBilling` is the "shipping same as billing" switch shown with it.
    case billing(Address, sameAsBilling: Bool?)
    /// Shipping details (shipping screen).
    case shipping(Address)
    /// nil keeps the current currency.
    case currency(String?)
    /// The shopper confirms the order (review screen).
    case review
    /// The shopper confirms the order with the terms-of-use checkbox ticked or not
    /// (`provider.requireTermsConsent`, answer `acceptTerms`).
    case reviewWithTerms(accepted: Bool)
    /// The code typed at the 3-D Secure challenge, or a cancel.
    case threeDSChallenge(code: String?, cancel: Bool)
    /// A screen that only shows something was seen (the result screen).
    case acknowledged
    /// Custom field answers by id (form screen).
    case custom([String: String])
    /// What a card scan read, or how it failed (cardScan screen).
    case scan(ScanAnswer)
    /// The shopper left the checkout.
    case cancel
    /// A screen shown again after a routed outcome (a card screen after a decline) has no
    /// further answer: the shopper gives up, and the run ends with that outcome's status.
    case noFurtherAttempt
}
