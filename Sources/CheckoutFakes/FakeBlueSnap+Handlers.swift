import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation

extension FakeBlueSnap {
    /// A token that can still be used, or the error BlueSnap gives for it.
    func liveToken(_ id: String, in s: inout State) -> Result<TokenState, ResponseError> {
        guard let t = s.tokens[id] else { return .failure(ResponseError(Self.tokenNotFound)) }
        guard !t.used else { return .failure(ResponseError(Self.tokenUsed)) }
        guard t.expiresAt > clock.now() else { return .failure(ResponseError(Self.expiredToken)) }
        return .success(t)
    }

    struct ResponseError: Error { var response: ServerResponse; init(_ r: ServerResponse) { response = r } }

    /// `PUT payment-fields-tokens/{token}`: card data, a stored card, or 3-D Secure's amount and JWT.
    func putToToken(_ token: String, body data: Data) -> ServerResponse {
        guard let body = JSONParser.parse(data) else { return Self.error(400, "VALIDATION_GENERAL_FAILURE", "10001", "Invalid JSON") }
        return state.withLock { s -> ServerResponse in
            if case .failure(let e) = liveToken(token, in: &s) { return e.response }
            if let jwt = body["jwt"]?.text { return threeDSEnrollment(token: token, jwt: jwt, in: &s) }
            if let number = body["ccNumber"]?.text {
                guard let digits = CardNumber.digits(from: number), CardNumber.luhnValid(digits), let brand = CardBrand.detect(digits)
                else { return Self.error(400, "INVALID_CC_NUMBER", "10001", "Invalid credit card number") }
                guard let exp = body["expDate"]?.text, CardExpiry.parse(exp) != nil else {
                    return Self.error(400, "INVALID_EXP_DATE", "10001", "Invalid expiration date")
                }
                guard let cvv = body["cvv"]?.text, cvv.count == (brand == .americanExpress ? 4 : 3) else {
                    return Self.error(400, "INVALID_CVV", "10001", "Invalid CVV")
                }
                let behavior = world.behavior(forNumber: digits)
                if behavior.rejectsEveryToken { return Self.expiredToken }
                s.tokens[token]?.behavior = behavior
                return Self.cardReply(brand: brand, last4: CardNumber.last4(digits), country: behavior.issuingCountry)
            }
            if let last4 = body["lastFourDigits"]?.text {
                // A stored card is the token's shopper's (created with ?shopperId=), named by its
                // last four, type and expiry (BS-iOS BSTokenizeExistingCCDetails).
                guard let id = s.tokens[token]?.shopperId, let shopper = world.shoppers[id],
                    let card = shopper.savedCards.first(where: { $0.last4 == last4 }),
                    body["ccType"]?.text == BlueSnapProvider.ccType(card.brand),
                    body["expDate"]?.text.flatMap(CardExpiry.parse) == card.expiry
                else { return Self.error(400, "INVALID_PAYMENT_DETAILS", "14034", "The shopper has no such card") }
                let behavior = world.behavior(forStored: card)
                s.tokens[token]?.behavior = behavior
                return Self.cardReply(brand: card.brand, last4: last4, country: behavior.issuingCountry)
            }
            return Self.error(400, "VALIDATION_GENERAL_FAILURE", "10001", "No payment details")
        }
    }

    /// The card reply the SDK reads (`parseResultCCDetailsFromResponse`): no expiry.
    static func cardReply(brand: CardBrand, last4: String, country: String) -> ServerResponse {
        var o = JSONObjectBuilder()
        o.add("ccType", BlueSnapProvider.ccType(brand))
        o.add("last4Digits", last4)
        o.add("issuingCountry", country.lowercased())
        return .json(200, o.value.serialized())
    }

    /// 3-D Secure enrollment for the card on the token, as the sandbox decides it.
    func threeDSEnrollment(token: String, jwt: String, in s: inout State) -> ServerResponse {
        guard let entry = s.jwts[jwt], entry.token == token else {
            return Self.error(400, "THREE_D_SECURE_FAILURE", "14002", "Unknown 3-D Secure JWT")
        }
        let status: String
        switch s.tokens[token]?.behavior?.threeDS ?? SandboxCardBehavior.standard.threeDS {
        case .frictionless(let result): status = result.rawValue
        case .fingerprintFrictionless: status = ThreeDSResult.authenticationSucceeded.rawValue
        case .challenge, .fingerprintThenChallenge:
            status = "CHALLENGE_REQUIRED"
            s.jwts[jwt] = (token, true)
        }
        var o = JSONObjectBuilder()
        o.add("enrollmentStatus", status)
        o.add("threeDSVersion", s.threeDSVersion)
        if status == "CHALLENGE_REQUIRED" {
            o.add("transactionId", "cca_" + s.newId())
            o.add("payload", "challenge-payload")
        }
        return .json(200, o.value.serialized())
    }

    func vaultedShopper(_ id: String) -> ServerResponse {
        guard var shopper = world.shoppers[id] else { return Self.error(400, "SHOPPER_NOT_FOUND", "15008", "Shopper not found") }
        if let latest = state.withLock({ $0.forgetsChoices ? nil : $0.latestChoice[id] }) {
            shopper.chosenCardLast4 = latest.last4
            shopper.chosenWallet = [PaymentMethodKind.paypal, .applePay].first { $0.paymentType == latest.type }
        }
        guard id == shopper.id else { return Self.error(400, "SHOPPER_NOT_FOUND", "15008", "Shopper not found") }
        func contact(_ a: Address, email: Bool) -> [JSONMember] {
            let parts = (a.name ?? "").split(separator: " ", maxSplits: 1).map(String.init)
            var o = JSONObjectBuilder()
            o.add("firstName", parts.first)
            o.add("lastName", parts.count > 1 ? parts[1] : nil)
            if email { o.add("email", a.email) }
            o.add("address1", a.address)
            o.add("city", a.city)
            o.add("state", a.state.map { Country.blueSnapState($0, country: a.country ?? "") })
            o.add("zip", a.zip)
            o.add("country", a.country?.lowercased())
            return o.members
        }
        let cards = shopper.savedCards.map { c in
            JSONValue.object([
                JSONMember(
                    "creditCard",
                    .object([
                        JSONMember("cardLastFourDigits", .string(c.last4)),
                        JSONMember("cardType", .string(BlueSnapProvider.ccType(c.brand))),
                        JSONMember("expirationMonth", .string(String(c.expiry.month))),
                        JSONMember("expirationYear", .string(String(c.expiry.year))),
                    ]))
            ])
        }
        // BlueSnap keeps cards the project has no brand for (BS-And CreditCardTypeResolver): one here.
        let carteBleue = JSONValue.object([
            JSONMember(
                "creditCard",
                .object([
                    JSONMember("cardLastFourDigits", .string("0007")), JSONMember("cardType", .string("CARTE_BLEUE")),
                    JSONMember("expirationMonth", .string("3")), JSONMember("expirationYear", .string("2032")),
                ]))
        ])
        var members = [JSONMember("vaultedShopperId", .int(Int(shopper.id) ?? 0))] + contact(shopper.billing, email: true)
        if let shipping = shopper.shipping { members.append(JSONMember("shippingContactInfo", .object(contact(shipping, email: false)))) }
        members.append(JSONMember("paymentSources", .object([JSONMember("creditCardInfo", .array(cards + [carteBleue]))])))
        if let wallet = shopper.chosenWallet {
            // BS-iOS 043e660f `BSChosenPaymentMethod.toJson`: a wallet is its type alone.
            members.append(
                JSONMember(
                    "chosenPaymentMethod", .object([JSONMember("chosenPaymentMethodType", .string(wallet.paymentType))])))
        } else if let chosen = shopper.chosenCardLast4 {
            members.append(
                JSONMember(
                    "chosenPaymentMethod",
                    .object([
                        JSONMember("chosenPaymentMethodType", .string("CC")),
                        JSONMember("creditCard", .object([JSONMember("cardLastFourDigits", .string(chosen))])),
                    ])))
        }
        return .json(200, JSONValue.object(members).serialized())
    }

    /// BlueSnap's decline names for the sandbox's decline codes.
    static let declineNames: [String: String] = [
        "insufficient_funds": "INSUFFICIENT_FUNDS", "lost_card": "CARD_LOST_OR_STOLEN", "expired_card": "EXPIRED_CARD",
        "incorrect_cvc": "CVV_ERROR", "card_declined": "PROCESSING_GENERAL_DECLINE",
    ]

    /// `POST transactions` and `POST recurring/ondemand`: idempotent per key (an approval or a
    /// decline is answered again as it was; a transient failure is not kept); the card's
    /// sandbox behaviour decides approval, decline or a transient failure.
    func charge(_ request: ServerRequest, subscription: Bool) -> ServerResponse {
        guard let body = JSONParser.parse(request.body) else {
            return Self.error(400, "VALIDATION_GENERAL_FAILURE", "10001", "Invalid JSON")
        }
        let merchantId = body["merchantTransactionId"]?.text ?? ""
        let key = request.headers["Idempotency-Key"] ?? merchantId
        let amount = body["amount"]?.text
        let currency = body["currency"]?.text
        return state.withLock { s -> ServerResponse in
            s.idempotencyKeysSeen.append(key)
            if !key.isEmpty, s.answeredByKey[key] != nil, s.inProgressReplies > 0 {
                s.inProgressReplies -= 1
                return .json(
                    409,
                    #"{"message":[{"description":"An identical request with the same Idempotency-Key is already in progress"}]}"#)
            }
            if !key.isEmpty, let done = s.answeredByKey[key] {
                // The same key for another payment is the merchant's mistake, not a retry.
                guard done.token == body["pfToken"]?.text else {
                    return Self.error(400, "TRANSACTION_ALREADY_EXISTS", "20006", "A transaction with this id already exists")
                }
                return done.response
            }
            let type = subscription ? "SUBSCRIPTION" : body["cardTransactionType"]?.text ?? "AUTH_CAPTURE"
            if body["wallet"]?["walletType"]?.text == "APPLE_PAY" {
                return approve(
                    key: key, token: nil, merchantId: merchantId, type: "APPLE_PAY", amount: amount, currency: currency, in: &s)
            }
            if let refused = Self.refusedFields(body, subscription: subscription) { return refused }
            guard let token = (subscription ? body["paymentSource"]?["pfToken"] : body["pfToken"])?.text else {
                return Self.error(400, "MISSING_ARGUMENTS", "16001", "pfToken is required")
            }
            if case .failure(let e) = liveToken(token, in: &s) { return e.response }
            let attempt = s.attemptsByKey[key, default: 0] + 1
            s.attemptsByKey[key] = attempt
            // 0119's first attempt, a fixture card's first `transientFailures` (`checkout serve --fixtures`).
            if s.tokens[token]?.behavior?.chargeFailsTransiently(attempt: attempt) == true {
                return Self.error(400, "GENERAL_PAYMENT_PROCESSING_ERROR", "14002", "General payment processing error")
            }
            switch s.tokens[token]?.behavior?.charge ?? .approve {
            case .decline(let code):
                let name = Self.declineNames[code] ?? code.uppercased()
                let declined = Self.error(
                    400, name, "14002", "The transaction was declined", extra: [JSONMember("transactionId", .string(s.newId()))])
                // A decline is a final answer: the key is answered with it again, same id.
                if !key.isEmpty { s.answeredByKey[key] = (declined, token) }
                return declined
            case .approve, .transientOnce:
                s.tokens[token]?.used = true
                return approve(key: key, token: token, merchantId: merchantId, type: type, amount: amount, currency: currency, in: &s)
            }
        }
    }

    private func approve(
        key: String, token: String?, merchantId: String, type: String, amount: String?, currency: String?, in s: inout State
    )
        -> ServerResponse
    {
        let id = s.newId()
        s.ledger.append(Charge(transactionId: id, merchantTransactionId: merchantId, type: type, amount: amount, currency: currency))
        s.settlements.charged(id, authorizationOnly: type == "AUTH_ONLY", amount: amount, token: token, tokens: s.tokens)
        var o = JSONObjectBuilder()
        o.add("transactionId", id)
        if type == "SUBSCRIPTION" {
            o.add("subscriptionId", "sub_" + id)
            o.add("status", "ACTIVE")
        } else {
            o.add("cardTransactionType", type == "APPLE_PAY" ? "AUTH_CAPTURE" : type)
        }
        if let amount { o.add("amount", .number(amount)) }
        o.add("currency", currency)
        o.add("merchantTransactionId", merchantId)
        // BlueSnap's `processingInfo` carries the issuer's `authorizationCode` (Payment API "Auth
        // Capture" response): six characters, here the id's last six digits.
        o.add(
            "processingInfo",
            .object([
                JSONMember("processingStatus", .string("success")),
                JSONMember("authorizationCode", .string(String(format: "%06d", Int(String(id.filter(\.isNumber).suffix(6))) ?? 0))),
            ]))
        let response = ServerResponse.json(200, o.value.serialized())
        if !key.isEmpty { s.answeredByKey[key] = (response, token) }
        return response
    }
}
