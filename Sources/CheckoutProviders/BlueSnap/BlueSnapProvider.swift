import CheckoutDomain
import CheckoutJSON
package import CheckoutLanguage
package import CheckoutRuntime
package import Foundation

/// BlueSnap over HTTP, as its public API documentation and its mobile SDKs use it:
///
/// - a payment-fields token from `POST services/2/payment-fields-tokens` (Basic auth), read
///   from the `Location` header; it lives 60 minutes and serves one payment;
/// - card data `PUT` to `services/2/payment-fields-tokens/{token}` (the token authenticates);
/// - rates from `GET services/2/tokenized-services/sdk-init` (`Token-Authentication`);
/// - returning shoppers from `GET services/2/vaulted-shoppers/{id}`;
/// - 3-D Secure as the SDKs drive Cardinal: `tokenized-services/3ds-jwt`, the amount `PUT` to
///   the token (its `enrollmentStatus` is the result unless `CHALLENGE_REQUIRED`), then
///   `tokenized-services/3ds-process-result`;
/// - charges with `POST services/2/transactions` (`AUTH_CAPTURE` / `AUTH_ONLY`), subscriptions
///   with `POST services/2/recurring/ondemand`, both with the run's idempotency key as
///   `merchantTransactionId` and `Idempotency-Key`, so a retried charge never charges twice.
///
/// One instance per run (its state is the run's tokens and 3DS sessions); the transport, and
/// with it the connection pool, is shared. docs/providers.md has the whole mapping.
package actor BlueSnapProvider: PaymentProvider {
    let api: BlueSnapAPI
    let clock: any CheckoutClock
    let random: any RandomSource
    /// When each token this run created expires (BlueSnap: 60 minutes).
    var tokenExpiry: [String: Date] = [:]
    /// The newest token, for the SDK-style calls that authenticate with one.
    var currentToken: CheckoutToken?
    /// Wallet payments answered, by idempotency key.
    var wallets: [String: WalletOutcome] = [:]
    /// Tokens created for a returning shopper (`?shopperId=`): token → shopper id.
    var tokenShopper: [String: String] = [:]
    /// The stored cards of each vaulted shopper this run read.
    var storedCards: [String: [StoredCard]] = [:]
    /// Open 3DS challenges: session → token and Cardinal JWT.
    var challenges: [String: (token: String, jwt: String)] = [:]

    /// How long a payment-fields token lives.
    public static let tokenLifetime: TimeInterval = 60 * 60

    /// None: BlueSnap takes no request signature, so a `signature` hook signs nothing here.
    public nonisolated var requestSigner: (any RequestSigner)? { nil }

    /// Creates an adapter.
    public init(
        configuration: BlueSnapConfiguration, transport: any HTTPTransport, clock: any CheckoutClock, random: any RandomSource
    ) {
        api = BlueSnapAPI(configuration: configuration, transport: transport)
        self.clock = clock
        self.random = random
    }

    public func createToken() async throws -> CheckoutToken {
        try await createToken(shopperId: nil)
    }

    /// `POST payment-fields-tokens`, with `?shopperId=` for a returning shopper's stored card
    /// (BS-iOS 043e660f README "Generating a token", demo `createSandboxBSToken(shopperId:)`).
    func createToken(shopperId: String?) async throws -> CheckoutToken {
        let query = shopperId.map { [("shopperId", $0)] } ?? []
        let response = try await api.send("POST", "payment-fields-tokens", query: query, auth: .basic)
        guard response.isSuccess else { throw api.failure(response, "the token request") }
        guard let location = response.headers["Location"], let id = location.split(separator: "/").last.map(String.init),
            !id.isEmpty
        else {
            throw HTTPFailure.malformed("a token response without a Location header", host: api.host)
        }
        let token = CheckoutToken(id: id, expiresAt: clock.now().addingTimeInterval(Self.tokenLifetime))
        tokenExpiry[id] = token.expiresAt
        if let shopperId { tokenShopper[id] = shopperId }
        currentToken = token
        return token
    }

    /// A live token for the SDK-style calls: the newest one, or a new one.
    func liveToken() async throws -> String {
        if let t = currentToken, t.expiresAt > clock.now() { return t.id }
        return try await createToken().id
    }

    /// Throws `tokenExpired` for a token this run knows to be past its 60 minutes, without
    /// sending it: BlueSnap would answer `EXPIRED_TOKEN`, and the run's clock (simulated in
    /// scenarios) is the one that counts.
    func checkAlive(_ token: String) throws {
        if let expiry = tokenExpiry[token], expiry <= clock.now() {
            throw ProviderError(.tokenExpired, "BlueSnap: the payment-fields token has expired (60 minutes)")
        }
    }

    public func currencyRates() async throws -> CurrencyTable {
        let token = try await liveToken()
        let response = try await api.send(
            "GET", "tokenized-services/sdk-init", query: [("base-currency", "USD")], auth: .token(token))
        guard response.isSuccess else { throw api.failure(response, "sdk-init") }
        let body = try api.json(response, "sdk-init data")
        guard let rates = body["rates"], let baseCode = rates["baseCurrency"]?.text, let base = Currency.iso(baseCode) else {
            throw HTTPFailure.malformed("sdk-init data without rates", host: api.host)
        }
        var table: [String: Decimal] = [:]
        for item in rates["exchangeRate"]?.items ?? [] {
            guard let code = item["quoteCurrency"]?.text, let text = item["conversionRate"]?.text,
                let rate = DecimalText.parse(text)?.value
            else { throw HTTPFailure.malformed("an exchange rate", host: api.host) }
            table[code] = rate
        }
        return CurrencyTable(base: base, rates: table)
    }

    public func shopper(id: String) async throws -> StoredShopper? {
        guard let escaped = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else { return nil }
        let response = try await api.send("GET", "vaulted-shoppers/" + escaped, auth: .basic)
        if !response.isSuccess {
            let failure = api.failure(response, "the vaulted-shopper request")
            if failure.code == .shopperNotFound || response.status == 404 { return nil }
            throw failure
        }
        let body = try api.json(response, "a vaulted shopper")
        let shopper = try BlueSnapShopper.read(body, id: id, host: api.host)
        storedCards[id] = shopper.savedCards
        return shopper
    }

    public func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard {
        try await tokenize(source, token: token, details: TokenizeDetails())
    }

    /// The card PUT as BS-iOS 043e660f `BSApiManager.submitTokenizedDetails` builds it: the
    /// card, then `storeCard`, `fraudSessionId`, the billing and the shipping details
    /// (`addDetails`, BlueSnapProvider+Details.swift).
    public func tokenize(_ source: CardSource, token: CheckoutToken, details: TokenizeDetails) async throws -> TokenizedCard {
        tokenExpiry[token.id] = tokenExpiry[token.id] ?? token.expiresAt
        try checkAlive(token.id)
        var body = JSONObjectBuilder()
        var pfToken = token.id
        let known: (brand: CardBrand, expiry: CardExpiry)
        switch source {
        case .new(let card):
            known = (card.brand, card.expiry)
            body.add("ccNumber", card.number)
            body.add("cvv", card.cvv)
            body.add("expDate", Self.expDate(card.expiry))
            body.add("ccType", Self.ccType(card.brand))
            if let store = details.storeCard { body.add("storeCard", String(store)) }
            Self.addDetails(details, holder: card.holderName, to: &body)
        case .stored(let shopperId, let last4):
            // The SDK's BSTokenizeExistingCCDetails: the card's last four, type and expiry under a
            // token created for the shopper; `vaultedShopperId` is not a field of this PUT.
            guard let card = try await storedCard(shopperId: shopperId, last4: last4) else {
                throw ProviderError(.rejected, "BlueSnap's vaulted shopper has no stored card ending \(last4)")
            }
            known = (card.brand, card.expiry)
            if tokenShopper[token.id] != shopperId {
                pfToken = try await createToken(shopperId: shopperId).id
            }
            body.add("lastFourDigits", last4)
            body.add("ccType", Self.ccType(card.brand))
            body.add("expDate", Self.expDate(card.expiry))
            body.add("storeCard", .string("true"))
            Self.addDetails(details, holder: nil, to: &body)
        }
        let response = try await api.send(
            "PUT", "payment-fields-tokens/" + pfToken, auth: .token(pfToken), body: body.value)
        guard response.isSuccess else { throw api.failure(response, "the card") }
        let reply = try api.json(response, "the tokenized card")
        guard let last4 = reply["last4Digits"]?.text, let ccType = reply["ccType"]?.text else {
            throw HTTPFailure.malformed("a tokenized card without ccType and last4Digits", host: api.host)
        }
        // The SDK keeps the expiry it sent (`fillCcDetailsAndComplete`); the reply has none.
        return TokenizedCard(
            token: pfToken, brand: Self.brand(ccType: ccType) ?? known.brand, last4: last4,
            issuingCountry: (reply["issuingCountry"]?.text ?? "").uppercased(), expiry: known.expiry)
    }

    /// The shopper's stored card ending `last4`, from the vaulted shopper this run read (or reads now).
    private func storedCard(shopperId: String, last4: String) async throws -> StoredCard? {
        if storedCards[shopperId] == nil { _ = try await shopper(id: shopperId) }
        return storedCards[shopperId]?.first { $0.last4 == last4 }
    }

    /// BlueSnap's `expDate`: `MM/YYYY`.
    static func expDate(_ e: CardExpiry) -> String {
        (e.month < 10 ? "0" : "") + "\(e.month)/\(e.year)"
    }
}
