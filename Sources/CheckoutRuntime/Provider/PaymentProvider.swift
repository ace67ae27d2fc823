public import CheckoutDomain
public import CheckoutLanguage
public import Foundation

/// A payment provider as the runtime sees it: the sandbox, or a real one over HTTP.
/// Every call may throw `ProviderError`; the runtime refreshes expired tokens and retries
/// transient failures.
public protocol PaymentProvider: Sendable {
    /// Obtains a checkout token (valid 60 minutes, single use).
    func createToken() async throws -> CheckoutToken
    /// The provider's currency rates.
    func currencyRates() async throws -> CurrencyTable
    /// A returning shopper's stored details; nil when the provider has no such shopper.
    func shopper(id: String) async throws -> StoredShopper?
    /// Submits a card (new, or a stored one) under `token`.
    func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard
    /// Submits a card with what the run has collected about the shopper (billing and shipping
    /// details, fraud session id, store-card choice). TokenizeDetails.swift: the default
    /// ignores `details` and calls `tokenize(_:token:)`.
    func tokenize(_ source: CardSource, token: CheckoutToken, details: TokenizeDetails) async throws -> TokenizedCard
    /// Starts 3-D Secure for the tokenized card.
    func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress
    /// Continues 3-D Secure after the device fingerprint (a 3DS2 lifecycle with a fingerprint).
    func submitFingerprint(_ session: String) async throws -> ThreeDSProgress
    /// Completes a challenge with the shopper's code, or cancels it.
    func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult
    /// Charges (sale, authorization or subscription); idempotent per `request.idempotencyKey`.
    func charge(_ request: ChargeRequest) async throws -> ChargeOutcome
    /// Pays through a wallet (PayPal, Apple Pay); idempotent per `idempotencyKey`, like a charge,
    /// so a retry or a resumed run never pays twice.
    func walletPayment(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome
    /// Stores the shopper's chosen payment method (choosePayment).
    func storeChosenMethod(shopperId: String?, card: TokenizedCard) async throws -> String
    /// Stores a wallet (PayPal, Apple Pay) as the shopper's chosen method (choosePayment),
    /// paying nothing; `token`: the run's checkout token, when it has one. Returns the shopper
    /// id. (ChosenWallet.swift: the default refuses with `not_supported`.)
    func storeChosenWallet(_ method: PaymentMethodKind, shopperId: String?, token: CheckoutToken?) async throws -> String
    /// Captures an authorization, in full or in part; idempotent per `operation.idempotencyKey`.
    /// (PaymentOperation.swift: the default refuses with `not_supported`.)
    func capture(_ operation: PaymentOperation) async throws -> ChargeOutcome
    /// Voids an authorization that was not captured; idempotent per key.
    func void(_ operation: PaymentOperation) async throws -> ChargeOutcome
    /// Refunds a sale or a capture, in full or in part; idempotent per key.
    func refund(_ operation: PaymentOperation) async throws -> ChargeOutcome

    // Capabilities (ThreeDSInsideCharge.swift has the defaults).

    /// True when the provider runs 3-D Secure inside its charge request (a 3-D
    /// Secure sale or authorization): the `threeDS` step then only records that authentication is
    /// requested, and the charge step calls `startCharge`, shows a challenge when the provider
    /// asks for one, and calls `finishCharge`. `startThreeDS` and `submitFingerprint` are not called.
    var threeDSInsideCharge: Bool { get }
    /// False when the provider's tokens live only in this process's memory (an adapter that
    /// keeps the typed card until its charge): a run resumed from its journal tokenizes
    /// the card from its answers again instead of restoring the tokenized card.
    var tokensOutliveProcess: Bool { get }
    /// What 3-D Secure left with the provider for `card`'s charge that lives only in this
    /// process (e.g. the authorization 3DS made), as flat fields for the run journal;
    /// empty when nothing. A run resumed from the journal hands them back (`restoreThreeDS`),
    /// so its charge captures that authorization instead of making a second one.
    func threeDSRecord(for card: TokenizedCard) async -> [String: String]
    /// Takes back what `threeDSRecord` gave, in a new process resuming a run.
    func restoreThreeDS(_ record: [String: String], for card: TokenizedCard) async
    /// What the provider keeps in this process about a card it tokenized (e.g. the sandbox's
    /// test card behaviour), as flat fields for the run journal; empty when nothing. Never the
    /// card number or CVV.
    func tokenRecord(for card: TokenizedCard) async -> [String: String]
    /// Takes back, in a new process resuming a run, a token a journal recorded (after
    /// `createToken`, with `card` nil) or a tokenized card with what `tokenRecord` gave, so the
    /// token created in the killed process still works here. Called only when
    /// `tokensOutliveProcess` is true.
    func restoreToken(_ token: CheckoutToken, card: TokenizedCard?, record: [String: String]) async
    /// How this provider signs a charge for a step with the `signature` hook; nil when it
    /// signs nothing (the request then goes unsigned, and no `hook.signature` event is traced).
    /// No default: a provider says which, so a wrapper cannot lose its base's signer.
    var requestSigner: (any RequestSigner)? { get }
    /// Sends the charge of a provider with `threeDSInsideCharge`; idempotent per
    /// `request.idempotencyKey` like `charge`.
    func startCharge(_ request: ChargeRequest) async throws -> ChargeProgress
    /// How a charge that asked for a challenge ended, once `completeChallenge` has the
    /// shopper's answer; idempotent per `request.idempotencyKey`.
    func finishCharge(_ request: ChargeRequest, session: String) async throws -> ChargeOutcome
}

/// A checkout token and when it stops working.
public struct CheckoutToken: Sendable, Hashable {
    /// The token the provider issued.
    public var id: String
    /// When the token stops working.
    public var expiresAt: Date
    /// Creates a token.
    public init(id: String, expiresAt: Date) {
        self.id = id
        self.expiresAt = expiresAt
    }
}

/// What to tokenize: a card the shopper typed (full number in memory only), or a stored card.
public enum CardSource: Sendable {
    /// A card the shopper typed, validated; its number lives only until it is tokenized.
    case new(ValidatedCard)
    /// A returning shopper's stored card, by its last 4 digits.
    case stored(shopperId: String, last4: String)
}

/// A card as the provider knows it after tokenizing: no full number, no CVV.
public struct TokenizedCard: Sendable, Hashable {
    /// The provider's token for the card.
    public var token: String
    /// The card's brand.
    public var brand: CardBrand
    /// The last 4 digits of the number.
    public var last4: String
    /// The ISO 3166-1 alpha-2 code of the country that issued the card.
    public var issuingCountry: String
    /// The card's expiry.
    public var expiry: CardExpiry
    /// The provider's vault token for the card (a payment-method token), when it
    /// keeps one: an opaque id, never card data.
    public var paymentMethodToken: String?
    /// Creates a tokenized card.
    public init(
        token: String, brand: CardBrand, last4: String, issuingCountry: String, expiry: CardExpiry, paymentMethodToken: String? = nil
    ) {
        self.token = token
        self.brand = brand
        self.last4 = last4
        self.issuingCountry = issuingCountry
        self.expiry = expiry
        self.paymentMethodToken = paymentMethodToken
    }
}

/// Where 3-D Secure stands.
public enum ThreeDSProgress: Sendable, Hashable {
    /// Finished without asking the shopper.
    case completed(ThreeDSResult)
    /// The issuer wants a device fingerprint first (3DS2).
    case fingerprintRequired(session: String)
    /// The shopper must answer a challenge.
    case challengeRequired(session: String)
}

/// The shopper's answer to a 3DS challenge.
public enum ChallengeResponse: Sendable, Hashable {
    /// The code the shopper entered.
    case code(String)
    /// The shopper cancelled the challenge.
    case cancel
}

/// A charge request.
public struct ChargeRequest: Sendable, Hashable {
    /// What the charge does: a sale, an authorization only, or a subscription's first charge.
    public enum Kind: String, Sendable {
        /// Authorize and capture in one request.
        case sale = "SALE"
        /// Authorize only; a capture comes later.
        case authorization = "AUTH_ONLY"
        /// The first charge of a subscription.
        case subscription = "SUBSCRIPTION"
    }
    /// What the charge does.
    public var kind: Kind
    /// The card to charge.
    public var card: TokenizedCard
    /// nil for a subscription without a price.
    public var amount: Money?
    /// The run's currency, also when there is no amount (a subscription without a price: a
    /// provider may require a currency on its first charge).
    public var currency: Currency?
    /// The key that makes a retried charge charge once.
    public var idempotencyKey: String
    /// The result of the run's 3-D Secure step, when it had one.
    public var threeDSResult: ThreeDSResult?
    /// The signed fields and their signature, when the step has the `signature` hook (`RequestSigner`).
    public var signed: SignedFields?
    /// The merchant's 3-D Secure pages (`provider.returnURLs`); nil: the adapter's own.
    package var returnURLs: ReturnURLs?
    /// True when the flow's `threeDS` step asked for 3-D Secure and the provider runs it inside
    /// the charge (`PaymentProvider.threeDSInsideCharge`); `threeDSResult` is then nil.
    public var threeDSRequested: Bool
    /// The merchant's order reference (`request.orderId`).
    public var orderId: String?
    /// The merchant's key-value data (`request.metadata`).
    public var metadata: [String: String] = [:]
    /// The shopper's IP address (`request.customer.ip`).
    public var customerIP: String?
    /// Creates a charge request.
    public init(
        kind: Kind, card: TokenizedCard, amount: Money?, idempotencyKey: String, threeDSResult: ThreeDSResult?,
        signed: SignedFields? = nil, threeDSRequested: Bool = false
    ) {
        self.kind = kind
        self.card = card
        self.amount = amount
        self.idempotencyKey = idempotencyKey
        self.threeDSResult = threeDSResult
        self.signed = signed
        self.threeDSRequested = threeDSRequested
    }
}

/// A request's signed fields (never card data) and the signature over them.
public struct SignedFields: Sendable, Hashable {
    /// The signed fields, by the provider's names.
    public var fields: [String: String]
    /// The signature over them.
    public var signature: String
    /// Creates signed fields.
    public init(fields: [String: String], signature: String) {
        self.fields = fields
        self.signature = signature
    }
}

/// A transaction as the result reports it.
public struct Transaction: Sendable, Hashable {
    /// The provider's id for the transaction (what the merchant's server captures, voids or
    /// refunds by).
    public var id: String
    /// The transaction type (`SALE`, `AUTH_ONLY`, …).
    public var type: String
    /// The provider's status for it (`APPROVED`, …).
    public var status: String
    /// The amount, when there is one.
    public var amount: Money?
    /// The issuer's authorization code, when the provider answers one (approvals).
    public var authCode: String?
    /// The provider's own response code for the answer, as text.
    public var responseCode: String?
    /// The provider's message for the answer, card digits masked.
    public var responseMessage: String?
    /// What a `capture` step captured of this authorization (PaymentOperation.swift).
    public var capturedAmount: Decimal?
    /// What `refund` steps gave back of this sale or capture, in all.
    public var refundedAmount: Decimal?
    /// The captures, voids and refunds tried on this transaction, in order.
    public var operations: [TransactionOperation] = []
    /// Creates a transaction.
    public init(
        id: String, type: String, status: String, amount: Money?, authCode: String? = nil, responseCode: String? = nil,
        responseMessage: String? = nil
    ) {
        self.id = id
        self.type = type
        self.status = status
        self.amount = amount
        self.authCode = authCode
        self.responseCode = responseCode
        self.responseMessage = responseMessage
    }
}

/// How a charge ended.
public enum ChargeOutcome: Sendable, Hashable {
    /// The charge went through.
    case approved(Transaction)
    /// The issuer declined it, with the decline code.
    case declined(code: String, transaction: Transaction)
}

/// How a wallet payment ended.
public struct WalletOutcome: Sendable, Hashable {
    /// The wallet payment's transaction.
    public var transaction: Transaction
    /// PayPal's invoice id.
    public var invoiceId: String?
    /// Creates a wallet outcome.
    public init(transaction: Transaction, invoiceId: String?) {
        self.transaction = transaction
        self.invoiceId = invoiceId
    }
}

/// A returning shopper's stored details.
public struct StoredShopper: Sendable, Hashable {
    /// The shopper's id at the provider.
    public var id: String
    /// The stored billing details.
    public var billing: Address
    /// The stored shipping details, if any.
    public var shipping: Address?
    /// The shopper's stored cards.
    public var savedCards: [StoredCard]
    /// The card stored by choosePayment as the chosen method, for createPayment.
    public var chosenCardLast4: String?
    /// The wallet (PayPal or Apple Pay) stored by choosePayment as the chosen method, for
    /// createPayment, which then pays with it (docs/providers.md says where each provider
    /// keeps it).
    public var chosenWallet: PaymentMethodKind?
    /// Creates a stored shopper.
    public init(
        id: String, billing: Address, shipping: Address?, savedCards: [StoredCard], chosenCardLast4: String?,
        chosenWallet: PaymentMethodKind? = nil
    ) {
        self.id = id
        self.billing = billing
        self.shipping = shipping
        self.savedCards = savedCards
        self.chosenCardLast4 = chosenCardLast4
        self.chosenWallet = chosenWallet
    }

    /// The chosen method createPayment pays with: the wallet, else the chosen card
    /// (`savedCard`), else nil (no choice stored).
    public var chosenMethod: PaymentMethodKind? {
        if let wallet = chosenWallet, wallet.isWallet { return wallet }
        return chosenCardLast4 == nil ? nil : .savedCard
    }
}

/// A stored card: brand, last 4, expiry. Never a full number.
public struct StoredCard: Sendable, Hashable {
    /// The card's brand.
    public var brand: CardBrand
    /// The last 4 digits of the number.
    public var last4: String
    /// The card's expiry.
    public var expiry: CardExpiry
    /// Creates a stored card.
    public init(brand: CardBrand, last4: String, expiry: CardExpiry) {
        self.brand = brand
        self.last4 = last4
        self.expiry = expiry
    }
}

/// A provider failure. `code` is stable; `message` never holds card data or credentials.
public struct ProviderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Failure codes.
    public struct Code: RawRepresentable, Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The token expired or was used; refresh it and retry once.
        public static let tokenExpired = Code(rawValue: "token_expired")
        /// A transient failure (`processing_error`); retry with the same idempotency key.
        public static let transient = Code(rawValue: "processing_error")
        /// The provider could not be reached.
        public static let unavailable = Code(rawValue: "provider_unavailable")
        /// An attempt took longer than the step's timeout.
        public static let timeout = Code(rawValue: "timeout")
        /// The provider refused the request.
        public static let rejected = Code(rawValue: "rejected")
        /// The shopper does not exist.
        public static let shopperNotFound = Code(rawValue: "shopper_not_found")
        /// The request could not be signed (no key in the environment, the signing command failed).
        public static let signatureFailed = Code(rawValue: "signature_failed")
        /// The provider did not accept the request's signature.
        public static let invalidSignature = Code(rawValue: "invalid_signature")
        /// The provider (or this build's adapter for it) has no such operation.
        public static let notSupported = Code(rawValue: "not_supported")
    }
    /// What went wrong, as a stable code.
    public var code: Code
    /// What went wrong, for people (no card data, no credentials).
    public var message: String
    /// Creates a provider error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
    public var description: String { "\(code.rawValue): \(message)" }
    /// Worth retrying.
    public var isRetryable: Bool { code == .transient || code == .unavailable || code == .timeout }
}
