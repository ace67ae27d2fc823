public import CheckoutDomain
public import CheckoutLanguage
public import CheckoutRuntime
public import Foundation

/// The built-in offline provider: deterministic behaviour per test card (SPEC §7), a stored
/// shopper, currency rates, single-use tokens that expire after 60 minutes, and charges that
/// are idempotent per key.
public actor SandboxProvider: PaymentProvider {
    private let clock: any CheckoutClock
    let random: any RandomSource
    /// The shoppers, cards and rates (`SandboxWorld.builtIn` unless fixtures add to it).
    let world: SandboxWorld
    /// The shoppers as runs change them: this run's own, or a chain's shared one.
    let shoppers: SandboxState
    var tokens: [String: TokenState] = [:]
    var vaulted: [String: SandboxCardBehavior] = [:]
    private var challenges: [String: ChallengeState] = [:]
    /// Attempts of each charge, capture, void and refund by idempotency key, and of each tokenize
    /// by checkout token (`tokenize:` and the token's id): what `transientFailures` counts.
    var attemptsByKey: [String: Int] = [:]
    private var approvedByKey: [String: ChargeOutcome] = [:]
    private var walletsByKey: [String: WalletOutcome] = [:]
    /// Every charge that moved money, for tests that prove a retry does not charge twice.
    public private(set) var ledger: [Transaction] = []
    /// Approved charges by transaction id (and captures by theirs), for captures, voids and refunds.
    var settlements: [String: SandboxSettlement] = [:]
    /// Captures, voids and refunds by idempotency key: a repeated key gets the first answer.
    var operationsByKey: [String: ChargeOutcome] = [:]
    /// A capture's transaction id → the authorization's.
    var captureOrigin: [String: String] = [:]
    /// Every capture, void and refund that was approved, for tests that prove none ran twice.
    public internal(set) var operationLedger: [Transaction] = []

    struct TokenState { var expiresAt: Date; var used: Bool }
    private struct ChallengeState { var behavior: SandboxCardBehavior; var fingerprinted: Bool }

    /// How long a token lives.
    public static let tokenLifetime: TimeInterval = 60 * 60

    /// Creates a sandbox using the injected clock and randomness.
    public init(clock: any CheckoutClock, random: any RandomSource) {
        self.init(clock: clock, random: random, world: .builtIn, state: SandboxState(world: .builtIn))
    }

    /// Creates a sandbox of `world` (fixtures, docs/testing.md) whose shoppers live in `state`,
    /// which a chain of scenarios shares.
    package init(clock: any CheckoutClock, random: any RandomSource, world: SandboxWorld, state: SandboxState) {
        self.clock = clock
        self.random = random
        self.world = world
        self.shoppers = state
    }

    /// Maxpay's: a signed charge is answered as Maxpay answers it.
    public nonisolated var requestSigner: (any RequestSigner)? { MaxpaySigner() }

    public func createToken() async throws -> CheckoutToken {
        let token = CheckoutToken(id: "tok_" + random.hex(24), expiresAt: clock.now().addingTimeInterval(Self.tokenLifetime))
        tokens[token.id] = TokenState(expiresAt: token.expiresAt, used: false)
        return token
    }

    public func currencyRates() async throws -> CurrencyTable { world.rates }

    public func shopper(id: String) async throws -> StoredShopper? { shoppers.shopper(id: id) }

    public func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard {
        let behavior = cardBehavior(source)
        let answer = Result { try tokenized(source, token: token, behavior: behavior) }
        try await answerLate(behavior)
        return try answer.get()
    }

    /// The behaviour of the card a tokenize names (the standard card's for a stored card the
    /// shopper does not have, whose tokenize is refused).
    private func cardBehavior(_ source: CardSource) -> SandboxCardBehavior {
        switch source {
        case .new(let c): return world.behavior(forNumber: c.number)
        case .stored(let shopperId, let last4):
            guard let stored = shoppers.shopper(id: shopperId)?.savedCards.first(where: { $0.last4 == last4 }) else { return .standard }
            return shoppers.behavior(shopperId: shopperId, last4: last4) ?? world.behavior(forStored: stored)
        }
    }

    /// Waits the card's `latency` on the run's clock: the answer of a call already made comes
    /// that late (inside a step's `timeout`, the clock stops at the deadline and the call is cut).
    func answerLate(_ behavior: SandboxCardBehavior?) async throws {
        guard let latency = behavior?.latency, latency > .zero else { return }
        try await clock.sleep(for: latency)
    }

    /// The card `source` names vaulted under `token`; `behavior` is `cardBehavior(source)`.
    private func tokenized(_ source: CardSource, token: CheckoutToken, behavior: SandboxCardBehavior) throws -> TokenizedCard {
        guard let state = tokens[token.id], !state.used, state.expiresAt > clock.now() else {
            throw ProviderError(.tokenExpired, "the checkout token has expired or was already used")
        }
        let card: TokenizedCard
        switch source {
        case .new(let c):
            if behavior.rejectsEveryToken {
                throw ProviderError(.tokenExpired, "the checkout token has expired or was already used")
            }
            card = TokenizedCard(
                token: token.id, brand: c.brand, last4: c.last4, issuingCountry: behavior.issuingCountry, expiry: c.expiry,
                paymentMethodToken: Self.paymentMethodToken(for: token.id))
        case .stored(let shopperId, let last4):
            guard let stored = shoppers.shopper(id: shopperId)?.savedCards.first(where: { $0.last4 == last4 }) else {
                throw ProviderError(.rejected, "the shopper has no saved card ending in \(UserText.shown(last4))")
            }
            card = TokenizedCard(
                token: token.id, brand: stored.brand, last4: last4, issuingCountry: behavior.issuingCountry, expiry: stored.expiry,
                paymentMethodToken: Self.paymentMethodToken(for: shopperId + last4))
        }
        let attempt = attemptsByKey["tokenize:" + token.id, default: 0] + 1
        attemptsByKey["tokenize:" + token.id] = attempt
        if behavior.failsTransiently(.tokenize, attempt: attempt) {
            throw ProviderError(.transient, "the vault could not store the card; retry with the same checkout token")
        }
        vaulted[token.id] = behavior
        return card
    }

    public func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress {
        let behavior = vaulted[card.token] ?? .standard
        let session = "3ds_" + random.hex(16)
        switch behavior.threeDS {
        case .frictionless(let result): return .completed(result)
        case .challenge:
            challenges[session] = ChallengeState(behavior: behavior, fingerprinted: true)
            return .challengeRequired(session: session)
        case .fingerprintThenChallenge, .fingerprintFrictionless:
            challenges[session] = ChallengeState(behavior: behavior, fingerprinted: false)
            return .fingerprintRequired(session: session)
        }
    }

    public func submitFingerprint(_ session: String) async throws -> ThreeDSProgress {
        guard var state = challenges[session], !state.fingerprinted else {
            throw ProviderError(.rejected, "no 3DS session waits for a fingerprint")
        }
        state.fingerprinted = true
        challenges[session] = state
        if case .fingerprintFrictionless = state.behavior.threeDS {
            challenges[session] = nil
            return .completed(.authenticationSucceeded)
        }
        return .challengeRequired(session: session)
    }

    public func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult {
        guard challenges.removeValue(forKey: session) != nil else {
            throw ProviderError(.rejected, "no 3DS challenge is open")
        }
        switch response {
        case .cancel: return .authenticationCanceled
        case .code(let code): return code == SandboxData.challengeCode ? .authenticationSucceeded : .authenticationFailed
        }
    }

    public func charge(_ request: ChargeRequest) async throws -> ChargeOutcome {
        let answer = Result { try chargeAnswer(request) }
        try await answerLate(vaulted[request.card.token])
        return try answer.get()
    }

    private func chargeAnswer(_ request: ChargeRequest) throws -> ChargeOutcome {
        guard let signed = request.signed else { return try process(request) }
        // A signed request is Maxpay's: the sandbox answers with Maxpay's JSON body, read back
        // through the mapping a Maxpay adapter over HTTP uses.
        return try MaxpayResponse(json: maxpayAnswer(to: request, signed: signed).json()).outcome(of: request)
    }

    /// Maxpay's answer to a signed charge: an `error` for a bad signature or a transient failure,
    /// else the charge's approval or decline with its code. Token faults stay the sandbox's own.
    private func maxpayAnswer(to request: ChargeRequest, signed: SignedFields) throws -> MaxpayResponse {
        let key = request.idempotencyKey
        do {
            try Self.verify(signed, of: request)
            switch try process(request) {
            case .approved(let t):
                let ok = MaxpayCodes.success
                return MaxpayResponse(
                    status: "success", code: ok.code, message: ok.message, reference: t.id, transactionUniqueId: key,
                    authCode: String(t.id.suffix(6)))
            case .declined(let name, let t):
                let entry = MaxpayCodes.code(forDecline: name)
                return MaxpayResponse(
                    status: "decline", code: entry.code, message: entry.message, reference: t.id, transactionUniqueId: key)
            }
        } catch let e as ProviderError where e.code == .invalidSignature || e.code == .transient {
            let entry = MaxpayCodes.code(forError: e.code)
            return MaxpayResponse(status: "error", code: entry.code, message: entry.message, transactionUniqueId: key)
        }
    }

    /// Charges by the test card's behaviour, idempotently per key.
    private func process(_ request: ChargeRequest) throws -> ChargeOutcome {
        if let done = approvedByKey[request.idempotencyKey] { return done }
        guard let state = tokens[request.card.token], !state.used, state.expiresAt > clock.now() else {
            throw ProviderError(.tokenExpired, "the checkout token has expired or was already used")
        }
        let attempt = attemptsByKey[request.idempotencyKey, default: 0] + 1
        attemptsByKey[request.idempotencyKey] = attempt
        let behavior = vaulted[request.card.token] ?? .standard
        let id = random.digits(10)
        if behavior.chargeFailsTransiently(attempt: attempt) {
            throw ProviderError(.transient, "the processor could not complete the charge; retry with the same idempotency key")
        }
        switch behavior.charge {
        case .decline(let code):
            let t = Transaction(id: id, type: request.kind.rawValue, status: "DECLINED", amount: request.amount)
            return .declined(code: code, transaction: t)
        case .approve, .transientOnce:
            tokens[request.card.token]?.used = true
            let t = Transaction(id: id, type: request.kind.rawValue, status: "APPROVED", amount: request.amount)
            ledger.append(t)
            recordSettlement(t, kind: request.kind, behavior: behavior)
            let outcome = ChargeOutcome.approved(t)
            approvedByKey[request.idempotencyKey] = outcome
            return outcome
        }
    }

    /// A Spreedly-style payment-method token: 29 letters and digits, derived from `seed`
    /// (the checkout token, or the stored card) rather than drawn from the run's randomness,
    /// so adding it changed no other seeded id.
    static func paymentMethodToken(for seed: String) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        let random = SeededRandom(hashing: seed)
        return String((0..<29).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }

    public func walletPayment(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome {
        if method == .paypal, !PaymentMethodKind.payPalCurrencies.contains(amount.currency.code) {
            throw ProviderError(.rejected, "PayPal does not accept \(amount.currency.code)")
        }
        if let done = walletsByKey[idempotencyKey] { return done }
        let t = Transaction(id: random.digits(10), type: "SALE", status: "APPROVED", amount: amount)
        ledger.append(t)
        let outcome = WalletOutcome(transaction: t, invoiceId: method == .paypal ? random.digits(12) : nil)
        walletsByKey[idempotencyKey] = outcome
        return outcome
    }

    public func storeChosenMethod(shopperId: String?, card: TokenizedCard) async throws -> String {
        tokens[card.token]?.used = true
        let id = shopperId ?? random.digits(8)
        shoppers.store(
            card, behavior: vaulted[card.token] ?? .standard, shopperId: id, billing: shoppers.shopper(id: id)?.billing ?? Address())
        return id
    }

    /// Stores a wallet as the shopper's chosen method (creating the shopper when new).
    public func storeChosenWallet(_ method: PaymentMethodKind, shopperId: String?, token: CheckoutToken?) async throws -> String {
        guard method.isWallet else { throw ProviderError(.rejected, "\(method.rawValue) is not a wallet") }
        if let token { tokens[token.id]?.used = true }
        let id = shopperId ?? random.digits(8)
        shoppers.choose(method, shopperId: id)
        return id
    }

    /// Checks a signed request as Maxpay does: the signature must be the one the sandbox's
    /// private key gives over the signed fields, and those fields must be this request's.
    static func verify(_ signed: SignedFields, of request: ChargeRequest) throws {
        let f = signed.fields
        let amount = request.amount.map { DecimalText.format($0.amount, scale: $0.currency.minorUnits) }
        guard f["transaction_unique_id"] == request.idempotencyKey, f["amount"] == amount,
            f["currency"] == request.amount?.currency.code
        else {
            throw ProviderError(.invalidSignature, "the signed fields are not this request's transaction, amount and currency")
        }
        guard signed.signature.lowercased() == MaxpaySignature.sign(f, privateKey: SandboxData.maxpayPrivateKey) else {
            throw ProviderError(.invalidSignature, "the signature does not match the request (signed with another private key?)")
        }
    }
}
