import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Foundation

/// Where Maxpay is and the merchant's public key (its private key never comes here: the
/// flow's `signature` hook signs each request, from the environment or a signing command).
public struct MaxpayConfiguration: Sendable {
    /// Maxpay's sandbox gateway (its SDK's non-production URL); the API is `api/cc` below it.
    public static let sandboxURL = URL(string: "https://gateway-sandbox.maxpay.com")!

    /// The base URL.
    public var baseURL: URL
    /// The merchant's public key (`public_key` in each request).
    public var publicKey: String
    /// How long one request may take.
    public var requestTimeout: Duration

    /// Creates a configuration.
    public init(baseURL: URL = MaxpayConfiguration.sandboxURL, publicKey: String, requestTimeout: Duration = .seconds(30)) {
        self.baseURL = baseURL
        self.publicKey = publicKey
        self.requestTimeout = requestTimeout
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
///   for the retry under the same `transaction_unique_id`;
/// - stored cards, shoppers, wallets and rates are refused with a message saying so (a flow
///   with its own `currencies` table needs no rates).
/// Maxpay runs 3-D Secure inside `SALE3D`/`AUTH3D` by sending the shopper's browser to the
/// issuer (`acs_url`, `pareq`); this adapter does not drive that redirect, so its 3DS calls are
/// refused and only the answers without a redirect are read (docs/providers.md).
public actor MaxpayProvider: PaymentProvider {
    let configuration: MaxpayConfiguration
    let transport: any HTTPTransport
    let clock: any CheckoutClock
    let random: any RandomSource
    /// Typed cards waiting for their charge, by token. Never printed.
    private var cards: [String: ValidatedCard] = [:]
    /// Local tokens and when each expires; a used one is removed.
    private var tokens: [String: Date] = [:]

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

    public func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard {
        guard let expiry = tokens[token.id], expiry > clock.now() else {
            throw ProviderError(.tokenExpired, "the checkout token has expired or was already used")
        }
        guard case .new(let card) = source else {
            throw ProviderError(.rejected, "Maxpay keeps no stored cards: a saved card cannot be charged through Maxpay")
        }
        cards[token.id] = card
        return TokenizedCard(token: token.id, brand: card.brand, last4: card.last4, issuingCountry: "", expiry: card.expiry)
    }

    public func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress {
        throw Self.threeDSUnsupported
    }

    public func submitFingerprint(_ session: String) async throws -> ThreeDSProgress { throw Self.threeDSUnsupported }

    public func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult {
        throw Self.threeDSUnsupported
    }

    static let threeDSUnsupported = ProviderError(
        .rejected, "Maxpay runs 3-D Secure inside SALE3D/AUTH3D through the shopper's browser (acs_url); this adapter does not drive it")

    public func charge(_ request: ChargeRequest) async throws -> ChargeOutcome {
        guard let signed = request.signed else {
            throw ProviderError(.signatureFailed, "a Maxpay charge needs the step's `signature` hook")
        }
        guard let card = cards[request.card.token] else {
            throw ProviderError(.tokenExpired, "the card for this checkout token was already charged or never given")
        }
        let response = try await transport.send(
            HTTPRequest(
                method: "POST", url: endpoint(),
                headers: ["Content-Type": "application/json", "Accept": "application/json"],
                body: Self.body(signed: signed, publicKey: configuration.publicKey, card: card).data),
            timeout: configuration.requestTimeout)
        if response.status >= 500 { throw HTTPFailure.serverFailure(status: response.status, host: host) }
        let outcome: ChargeOutcome
        do {
            outcome = try MaxpayResponse(json: response.body).outcome(of: request)
        } catch {
            if !error.isRetryable { forget(request.card.token) }
            throw error
        }
        forget(request.card.token)
        return outcome
    }

    private func forget(_ token: String) {
        cards[token] = nil
        tokens[token] = nil
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

    /// The request body: the signed fields as they were signed, the signature and public key,
    /// and the card (`card_number`, `card_exp_month`, `card_exp_year`, `cvv`, `card_holder`),
    /// which Maxpay does not sign.
    static func body(signed: SignedFields, publicKey: String, card: ValidatedCard) -> JSONValue {
        var body = JSONObjectBuilder()
        for key in signed.fields.keys.sorted() { body.add(key, signed.fields[key]) }
        body.add("public_key", publicKey)
        body.add("signature", signed.signature)
        body.add("card_number", card.number)
        body.add("card_exp_month", (card.expiry.month < 10 ? "0" : "") + "\(card.expiry.month)")
        body.add("card_exp_year", "\(card.expiry.year)")
        body.add("cvv", card.cvv)
        body.add("card_holder", card.holderName)
        return body.value
    }
}
