import CheckoutDomain
import CheckoutJSON
package import CheckoutLanguage
package import CheckoutRuntime
package import Foundation

/// Spreedly over HTTP (`core.spreedly.com/v1`, Basic auth with the environment key and access
/// secret, charges through one gateway token):
///
/// - `createToken` makes a local token (60 minutes, one payment) without a request: Spreedly
///   has no checkout token;
/// - `tokenize` vaults the typed card with `POST v1/payment_methods.json` (retained only when the shopper chose to store it) and
///   keeps only the payment-method token Spreedly answers, with the card type and last four;
/// - `charge` is `POST v1/gateways/{gateway}/purchase.json` or `authorize.json` with the amount
///   in minor units and an `order_id` made from the run's idempotency key and the payment
///   method, so a retried charge is the same order; after 3-D Secure it captures (or returns)
///   the authorization that 3DS made instead;
/// - 3-D Secure is Spreedly's 3DS2 lifecycle: an authorization with `attempt_3dsecure`, then
///   `v1/transactions/{token}/complete.json` (no body) after the device fingerprint and after
///   the challenge, whose code goes to the issuer's page (`challenge_url`);
/// - wallets: Apple Pay is an `apple_pay` payment method purchased through the gateway, PayPal an
///   offsite purchase read back with `GET v1/transactions/{token}.json`, both under an
///   `order_id` made from the run's idempotency key (SpreedlyProvider+Wallets.swift);
/// - stored cards, shoppers, rates and stored methods are refused with a reason.
///
/// One instance per run; the transport, and with it the connection pool, is shared.
/// docs/providers.md has the whole mapping.
package actor SpreedlyProvider: PaymentProvider {
    let api: SpreedlyAPI
    let clock: any CheckoutClock
    let random: any RandomSource
    /// Local tokens and when each expires; one whose charge was approved is removed.
    var tokens: [String: Date] = [:]
    /// Local tokens that paid.
    var used: Set<String> = []
    /// What 3-D Secure left for each card token's charge.
    var authenticated: [String: Authentication] = [:]
    /// Pending 3DS transactions: transaction token → card token.
    var sessions: [String: String] = [:]
    /// The issuer's page (`challenge_url`) of each 3DS transaction waiting for a challenge.
    var challengeURLs: [String: String] = [:]
    /// Approved charges by idempotency key: a repeated key gets its answer without a request.
    var approved: [String: ChargeOutcome] = [:]
    /// Finished wallet payments by idempotency key, answered again without a request.
    var wallets: [String: WalletOutcome] = [:]
    /// The payment method vaulted for each wallet payment's idempotency key, reused by its retries.
    var walletMethods: [String: String] = [:]
    /// PayPal purchases waiting for the shopper, by idempotency key: a retry reads them back.
    var offsitePurchases: [String: String] = [:]
    /// Orders whose purchase or authorization got no answer in time: never sent again by this
    /// adapter, only looked for (`sendCharge`).
    var unanswered: Set<String> = []

    /// What 3-D Secure's authorization left for the charge.
    enum Authentication {
        /// Authenticated and authorized: the charge captures (sale) or returns it (authorization).
        case authorized(transaction: String)
        /// Authenticated, then declined by the gateway.
        case declined(code: String, transaction: String)
    }

    /// How long a local token lives (as the other providers' tokens).
    public static let tokenLifetime: TimeInterval = 60 * 60

    /// None: Spreedly takes no request signature, so a `signature` hook signs nothing here.
    public nonisolated var requestSigner: (any RequestSigner)? { nil }

    /// Creates an adapter.
    public init(configuration: SpreedlyConfiguration, transport: any HTTPTransport, clock: any CheckoutClock, random: any RandomSource) {
        api = SpreedlyAPI(configuration: configuration, transport: transport)
        self.clock = clock
        self.random = random
    }

    public func createToken() async throws -> CheckoutToken {
        let token = CheckoutToken(id: "spr_" + random.hex(24), expiresAt: clock.now().addingTimeInterval(Self.tokenLifetime))
        tokens[token.id] = token.expiresAt
        return token
    }

    /// Refuses a local token this adapter made that has expired or paid. A token it does not
    /// know is a run resumed from its journal (a new process, a new adapter): Spreedly has no
    /// token to check, so it is taken; the `order_id` keeps its charge single.
    func checkAlive(_ token: String) throws {
        if used.contains(token) || tokens[token].map({ $0 <= clock.now() }) == true {
            throw ProviderError(.tokenExpired, "the checkout token has expired or was already used")
        }
    }

    public func currencyRates() async throws -> CurrencyTable {
        throw ProviderError(.rejected, "Spreedly has no currency-rate API: give the flow its own `currencies` table")
    }

    public func shopper(id: String) async throws -> StoredShopper? {
        throw ProviderError(.rejected, "this Spreedly adapter keeps no returning shoppers")
    }

    /// Vaults a typed card: `POST v1/payment_methods.json`, the card in the body (never kept
    /// here afterwards), the payment-method token, card type and last four read back.
    public func tokenize(_ source: CardSource, token: CheckoutToken) async throws -> TokenizedCard {
        try await tokenize(source, token: token, details: TokenizeDetails())
    }

    /// The same, with what the run collected: the billing and shipping addresses, the email and
    /// the store-card choice as `retained` (`paymentMethodBody`).
    public func tokenize(_ source: CardSource, token: CheckoutToken, details: TokenizeDetails) async throws -> TokenizedCard {
        try checkAlive(token.id)
        guard case .new(let card) = source else {
            throw ProviderError(.rejected, "this Spreedly adapter keeps no stored cards: a saved card cannot be charged through Spreedly")
        }
        let response = try await api.post("payment_methods.json", body: Self.paymentMethodBody(card, details: details))
        guard response.isSuccess else { throw api.failure(response, "the card") }
        let t = try api.transaction(response, "the payment method")
        guard t.state == "succeeded", let method = t.json["payment_method"], let vault = method["token"]?.text else {
            throw ProviderError(.rejected, "Spreedly did not vault the card (\(t.state))")
        }
        let brand = method["card_type"]?.text.flatMap(SpreedlyCardType.brand(named:)) ?? card.brand
        let last4 = method["last_four_digits"]?.text ?? card.last4
        // SP-docs reference/api/v1/payment_methods/show (provider-contract #16).
        let country = method["bin_metadata"]?["issuing_country_iso_a2_code"]?.text ?? ""
        return TokenizedCard(
            token: token.id, brand: brand, last4: last4, issuingCountry: country, expiry: card.expiry, paymentMethodToken: vault)
    }

    /// `{"payment_method": {"credit_card": {…}, "retained": false}}`. The holder's name is
    /// split at its first space into `first_name` and `last_name`. Spreedly refuses a blank
    /// first or last name (422 `errors.blank`, spreedly-gem 6f2987fe
    /// test/remote/remote_add_credit_card_test.rb), so a card without a holder name, or with a
    /// one-word name, sends the names it has and `allow_blank_name: true` beside `credit_card`,
    /// as mobile-sdk-ios 6b46d6f2 (CreditCardInfo.toRequestJson) does (provider-contract #3).
    ///
    /// What the run collected goes as mobile-sdk-ios 6b46d6f2 sends it (`PaymentMethodInfo.toJson`,
    /// `Address.toJson`, `CreditCardInfo.toRequestJson`) and spreedly-gem 6f2987fe
    /// (`environment.rb` `add_card_to_doc`, `add_to_doc(… :retained, :email)`) takes it: the billing
    /// address as `address1`, `city`, `state`, `zip`, `country`, `phone_number` in `credit_card`,
    /// the shipping address as the same names with `shipping_` in front, `email` beside
    /// `credit_card`, and `retained: true` when the shopper chose to store the card.
    static func paymentMethodBody(_ card: ValidatedCard, details: TokenizeDetails = TokenizeDetails()) -> JSONValue {
        let names = (card.holderName ?? "").split(separator: " ", maxSplits: 1).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        var c = JSONObjectBuilder()
        if let first = names.first { c.add("first_name", first) }
        if names.count > 1 { c.add("last_name", names[1]) }
        c.add("number", card.number)
        c.add("verification_value", card.cvv)
        c.add("month", .int(card.expiry.month))
        c.add("year", .int(card.expiry.year))
        addAddress(details.billing, prefix: "", to: &c)
        addAddress(details.shipping, prefix: "shipping_", to: &c)
        var m = JSONObjectBuilder()
        m.add("credit_card", c.value)
        m.add("email", details.billing?.email)
        if names.count < 2 { m.add("allow_blank_name", true) }
        m.add("retained", details.storeCard == true)
        var body = JSONObjectBuilder()
        body.add("payment_method", m.value)
        return body.value
    }

    /// `{prefix}address1`, `city`, `state`, `zip`, `country`, `phone_number`, each when collected.
    static func addAddress(_ address: Address?, prefix: String, to c: inout JSONObjectBuilder) {
        guard let address else { return }
        c.add(prefix + "address1", address.address)
        c.add(prefix + "city", address.city)
        c.add(prefix + "state", address.state)
        c.add(prefix + "zip", address.zip)
        c.add(prefix + "country", address.country)
        c.add(prefix + "phone_number", address.phone)
    }

    public func storeChosenMethod(shopperId: String?, card: TokenizedCard) async throws -> String {
        throw ProviderError(.rejected, "this Spreedly adapter keeps no stored payment methods")
    }
}
