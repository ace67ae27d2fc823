package import CheckoutDomain
import CheckoutJSON
package import CheckoutLanguage
package import CheckoutRuntime
package import Foundation

/// Where Maxpay is and the merchant's public key (its private key never comes here: the
/// flow's `signature` hook signs each request, from the environment or a signing command).
package struct MaxpayConfiguration: Sendable {
    /// Maxpay's sandbox gateway (its SDK's non-production URL); the API is `api/cc` below it.
    public static let sandboxURL = URL(string: "https://gateway-sandbox.maxpay.com")!

    /// The base URL.
    public var baseURL: URL
    /// The merchant's public key (`public_key` in each request).
    public var publicKey: String
    /// How long one request may take.
    public var requestTimeout: Duration
    /// The merchant's pages for 3-D Secure, signed and sent with each `SALE3D`/`AUTH3D`
    /// (`redirect_url`, `callback_url`); the redirect page is also the challenge's `TermUrl`.
    public var returnURLs: MaxpayReturnURLs

    /// Creates a configuration.
    public init(
        baseURL: URL = MaxpayConfiguration.sandboxURL, publicKey: String, requestTimeout: Duration = .seconds(30),
        returnURLs: MaxpayReturnURLs = MaxpayReturnURLs()
    ) {
        self.baseURL = baseURL
        self.publicKey = publicKey
        self.requestTimeout = requestTimeout
        self.returnURLs = returnURLs
    }
}

/// Maxpay's host-to-host card API over HTTP: one signed `POST api/cc` per transaction, the
/// card and the shopper in its body, answered with `{status, code, message, reference}` and
/// read by `MaxpayResponse` (the mapping the sandbox's Maxpay answers use too).
///
/// Maxpay has no tokenizing call, no checkout token, no vault and no rates API:
/// - `createToken` makes a local token (60 minutes, one payment) without a request;
/// - `tokenize` keeps the typed card in this actor's memory, under that token, until the
///   charge sends it; a definite answer (approved, declined, refused) erases it, a fault keeps it
///   for the retry under the same `transaction_unique_id`. Such tokens die with the process
///   (`tokensOutliveProcess` is false): a run resumed from its journal tokenizes again;
/// - stored cards, shoppers, wallets and rates are refused with a message saying so (a flow
///   with its own `currencies` table needs no rates).
///
/// Maxpay runs 3-D Secure inside `SALE3D`/`AUTH3D` (`threeDSInsideCharge`): an answer with
/// `acs_url` and `pareq` asks for the issuer's page, which this adapter drives in place of the
/// shopper's browser (`completeChallenge`, MaxpayProvider+ThreeDS.swift; docs/providers.md).
package actor MaxpayProvider: PaymentProvider {
    let configuration: MaxpayConfiguration
    let transport: any HTTPTransport
    let clock: any CheckoutClock
    let random: any RandomSource
    /// Typed cards waiting for their charge, by token. Never printed.
    private var cards: [String: ValidatedCard] = [:]
    /// Local tokens and when each expires; a used one is removed.
    private var tokens: [String: Date] = [:]
    /// Tokens whose card was charged (or refused) in this process: never taken again.
    private var used: Set<String> = []
    /// Charges waiting for the shopper at the issuer's 3-D Secure page, by session.
    var challenges: [String: MaxpayChallenge] = [:]

    /// How long a local token lives (as the other providers' tokens).
    public static let tokenLifetime: TimeInterval = 60 * 60

    /// Creates an adapter.
    public init(configuration: MaxpayConfiguration, transport: any HTTPTransport, clock: any CheckoutClock, random: any RandomSource) {
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
        self.random = random
    }

    var host: String { HTTPFailure.hostAndPort(configuration.baseURL) }

    public func createToken() async throws -> CheckoutToken {
        let token = CheckoutToken(id: "mxp_" + random.hex(24), expiresAt: clock.now().addingTimeInterval(Self.tokenLifetime))
        tokens[token.id] = token.expiresAt
        return token
    }

    public func currencyRates() async throws -> CurrencyTable {
        throw ProviderError(.rejected, "Maxpay has no currency-rate API: give the flow its own `currencies` table")
    }

    public func shopper(id: String) async throws -> StoredShopper? {
        throw ProviderError(.rejected, "Maxpay keeps no returning shoppers")
    }

    /// Maxpay runs 3-D Secure inside `SALE3D`/`AUTH3D`.
    public nonisolated var threeDSInsideCharge: Bool { true }

    /// Maxpay's signed fields and signature, for the `signature` hook.
    public nonisolated var requestSigner: (any RequestSigner)? { MaxpaySigner(returnURLs: configuration.returnURLs) }

    /// The card waits in this process's memory: a resumed run must tokenize it again.
    public nonisolated var tokensOutliveProcess: Bool { false }

    /// Keeps the typed card under `token`. A local token this process did not make (a run
    /// resumed from its journal in a new process) is taken while it has not expired.
    public func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard {
        let expiry = tokens[token.id] ?? (used.contains(token.id) ? nil : token.expiresAt)
        guard let expiry, expiry > clock.now() else {
            throw ProviderError(.tokenExpired, "the checkout token has expired or was already used")
        }
        guard case .new(let card) = source else {
            throw ProviderError(.rejected, "Maxpay keeps no stored cards: a saved card cannot be charged through Maxpay")
        }
        cards[token.id] = card
        tokens[token.id] = expiry
        return TokenizedCard(token: token.id, brand: card.brand, last4: card.last4, issuingCountry: "", expiry: card.expiry)
    }

    public func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress {
        throw Self.threeDSInCharge
    }

    public func submitFingerprint(_ session: String) async throws -> ThreeDSProgress { throw Self.threeDSInCharge }

    static let threeDSInCharge = ProviderError(
        .rejected, "Maxpay runs 3-D Secure inside SALE3D/AUTH3D: the charge starts it (startCharge), not a separate call")

    /// A charge that ends at once; one that asks for the issuer's 3-D Secure page is refused
    /// (the runtime charges through `startCharge` and `finishCharge`).
    public func charge(_ request: ChargeRequest) async throws -> ChargeOutcome {
        switch try await startCharge(request) {
        case .finished(let outcome, _): return outcome
        case .challengeRequired(let session):
            challenges[session] = nil
            throw ProviderError(.rejected, "Maxpay asks for 3-D Secure at the issuer's page; charge through startCharge")
        }
    }

    /// Sends the charge (`POST api/cc`). An answer with `acs_url` (with or without `pareq`) opens a
    /// challenge; any other definite answer ends the charge, with the 3-D Secure result when
    /// the request was a `SALE3D`/`AUTH3D` (`authenticationResult`).
    public func startCharge(_ request: ChargeRequest) async throws -> ChargeProgress {
        let response = try await send(request)
        if response.requiresAuthentication, let acs = response.acsURL {
            let pareq = response.pareq ?? ""
            guard let reference = response.reference, !reference.isEmpty, let url = URL(string: acs) else {
                throw ProviderError(.unavailable, "Maxpay asked for 3-D Secure without a usable acs_url or reference")
            }
            let session = "mxp3ds_" + random.hex(16)
            challenges[session] = MaxpayChallenge(acsURL: url, pareq: pareq, md: reference, request: request)
            return .challengeRequired(session: session)
        }
        let outcome = try outcome(of: response, request)
        return .finished(outcome, threeDS: Self.authenticationResult(response, request))
    }

    /// Sends `request` and reads the answer; the card stays in memory until an answer is definite.
    func send(_ request: ChargeRequest) async throws -> MaxpayResponse {
        guard let signed = request.signed else {
            throw ProviderError(.signatureFailed, "a Maxpay charge needs the step's `signature` hook")
        }
        guard let card = cards[request.card.token] else {
            throw ProviderError(.tokenExpired, "the card for this checkout token was already charged or never given")
        }
        if let missing = MaxpayFields.missing(signed.fields, card: card) {
            throw ProviderError(.rejected, missing)
        }
        let response = try await transport.send(
            HTTPRequest(
                method: "POST", url: endpoint(),
                headers: ["Content-Type": "application/json", "Accept": "application/json"],
                body: Self.body(signed: signed, publicKey: configuration.publicKey, card: card).data),
            timeout: configuration.requestTimeout)
        if response.status >= 500 { throw HTTPFailure.serverFailure(status: response.status, host: host) }
        return try MaxpayResponse(json: response.body)
    }

    /// The charge's outcome from a final answer; the card is forgotten once the answer is definite.
    func outcome(of response: MaxpayResponse, _ request: ChargeRequest) throws -> ChargeOutcome {
        let outcome: ChargeOutcome
        do {
            outcome = try response.outcome(of: request)
        } catch {
            if !error.isRetryable { forget(request.card.token) }
            throw error
        }
        forget(request.card.token)
        return outcome
    }

    func forget(_ token: String) {
        cards[token] = nil
        tokens[token] = nil
        used.insert(token)
    }

    public func walletPayment(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome {
        throw ProviderError(.rejected, "Maxpay's card API takes no wallet payments")
    }

    public func storeChosenMethod(shopperId: String?, card: TokenizedCard) async throws -> String {
        throw ProviderError(.rejected, "Maxpay keeps no stored payment methods")
    }

    func endpoint() -> URL {
        URL(string: HTTPFailure.joined(configuration.baseURL, "api/cc")) ?? configuration.baseURL
    }

    /// The request body: the signed part (`signedBody`) and the card (`card_number`,
    /// `card_exp_month`, `card_exp_year`, `cvv`, `card_holder`), which Maxpay does not sign.
    static func body(signed: SignedFields, publicKey: String, card: ValidatedCard) -> JSONValue {
        var body = signedBody(signed, publicKey: publicKey)
        body.add("card_number", card.number)
        body.add("card_exp_month", (card.expiry.month < 10 ? "0" : "") + "\(card.expiry.month)")
        body.add("card_exp_year", "\(card.expiry.year)")
        body.add("cvv", card.cvv)
        body.add("card_holder", card.holderName)
        return body.value
    }

    /// The signed fields as they were signed, then `public_key` and `signature`: every Maxpay
    /// request's body (a charge adds the card). `api_version` is a number in both SDKs' requests
    /// (iOS `apiVersion: Int`, Android `PaymentDto`); its text is what was signed either way.
    static func signedBody(_ signed: SignedFields, publicKey: String) -> JSONObjectBuilder {
        var body = JSONObjectBuilder()
        for key in signed.fields.keys.sorted() {
            if key == "api_version", let value = signed.fields[key], let number = Int(value) {
                body.add(key, number)
            } else {
                body.add(key, signed.fields[key])
            }
        }
        body.add("public_key", publicKey)
        body.add("signature", signed.signature)
        return body
    }
}
