import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation

extension FakeBlueSnap {
    /// The SDK's `tokenized-services/*` calls, authenticated by `Token-Authentication`.
    func tokenized(_ service: String, _ request: ServerRequest) -> ServerResponse {
        guard let token = request.headers["Token-Authentication"] else {
            return Self.error(401, "USER_NOT_AUTHORIZED", "24012", "Token-Authentication is required")
        }
        return state.withLock { s -> ServerResponse in
            guard s.tokens[token] != nil else { return Self.tokenNotFound }
            switch (request.method, service) {
            case ("GET", "sdk-init"): return Self.sdkInit()
            case ("POST", "3ds-jwt"):
                let jwt = "jwt_" + s.newId()
                s.jwts[jwt] = (token, false)
                return .json(200, JSONValue.object([JSONMember("jwt", .string(jwt))]).serialized())
            case ("POST", "3ds-process-result"):
                guard let body = JSONParser.parse(request.body), let jwt = body["jwt"]?.text, let open = s.jwts[jwt], open.challenge,
                    open.token == token
                else { return Self.error(400, "THREE_D_SECURE_FAILURE", "14002", "No 3-D Secure challenge is open") }
                s.jwts[jwt] = nil
                let passed = body["resultJwt"]?.text == SandboxData.challengeCode
                let result: ThreeDSResult = passed ? .authenticationSucceeded : .authenticationFailed
                return .json(200, JSONValue.object([JSONMember("authResult", .string(result.rawValue))]).serialized())
            case ("GET", "paypal-token"):
                if case .failure(let e) = liveToken(token, in: &s) { return e.response }
                guard let currency = request.query("currency"), let amount = request.query("amount") else {
                    return Self.error(400, "MISSING_ARGUMENTS", "16001", "amount and currency are required")
                }
                guard PaymentMethodKind.payPalCurrencies.contains(currency) else {
                    return Self.error(400, "PAYPAL_UNSUPPORTED_CURRENCY", "20027", "PayPal does not support this currency")
                }
                s.tokens[token]?.payPalPending = (amount, currency)
                let url = "\(baseURL.absoluteString)/paypal/approve?token=\(token)"
                return .json(200, JSONValue.object([JSONMember("paypalUrl", .string(url))]).serialized())
            case ("GET", "transaction-status"):
                // The shopper approved at PayPal (this fake's PayPal approves at once).
                guard let pending = s.tokens[token]?.payPalPending else {
                    return Self.error(400, "TRANSACTION_NOT_FOUND", "20009", "No transaction for this token")
                }
                s.tokens[token]?.payPalPending = nil
                let id = s.newId()
                s.ledger.append(
                    Charge(transactionId: id, merchantTransactionId: "", type: "PAYPAL", amount: pending.amount, currency: pending.currency)
                )
                var o = JSONObjectBuilder()
                o.add("transactionId", id)
                // BS-And 9f9761b4 `retrieveTransactionStatus` reads processingStatus at the top.
                o.add("processingStatus", "SUCCESS")
                o.add("paypalTransactionData", .object([JSONMember("invoiceId", .string("INV" + s.newId()))]))
                return .json(200, o.value.serialized())
            case ("PUT", "shopper"):
                // BS-iOS `BSStartViewController.payPalClicked`/`applePayClick`: a wallet goes in
                // as its type alone, with no payment source.
                if let body = JSONParser.parse(request.body), let type = body["chosenPaymentMethod"]?["chosenPaymentMethodType"]?.text,
                    type == "PAYPAL" || type == "APPLE_PAY"
                {
                    guard body["paymentSources"] == nil else {
                        return Self.error(400, "INVALID_INPUT", "16002", "a \(type) choice takes no payment source")
                    }
                    s.tokens[token]?.used = true
                    let id = body["vaultedShopperId"]?.text ?? s.newId()
                    s.chosenWallets.append((id, type))
                    s.latestChoice[id] = (type, nil)
                    if body["vaultedShopperId"] != nil { return ServerResponse(status: 204) }
                    return .json(200, JSONValue.object([JSONMember("vaultedShopperId", .int(Int(id) ?? 0))]).serialized())
                }
                guard let body = JSONParser.parse(request.body),
                    let last4 = body["chosenPaymentMethod"]?["creditCard"]?["cardLastFourDigits"]?.text
                else { return Self.error(400, "MISSING_ARGUMENTS", "16001", "chosenPaymentMethod is required") }
                // BS-iOS `updateShopper`: the new card comes as its pfToken under paymentSources.
                guard body["paymentSources"]?["creditCardInfo"]?.items?.first?["pfToken"]?.text == token else {
                    return Self.error(400, "MISSING_ARGUMENTS", "16001", "paymentSources.creditCardInfo[].pfToken is required")
                }
                s.tokens[token]?.used = true
                if let id = body["vaultedShopperId"]?.text {
                    s.chosen.append((id, last4))
                    s.latestChoice[id] = ("CC", last4)
                    return ServerResponse(status: 204)  // the SDK reads no body
                }
                let id = s.newId()
                s.chosen.append((id, last4))
                s.latestChoice[id] = ("CC", last4)
                return .json(200, JSONValue.object([JSONMember("vaultedShopperId", .int(Int(id) ?? 0))]).serialized())
            default:
                return Self.error(404, "NOT_FOUND", "404", "no such service")
            }
        }
    }

    static func sdkInit() -> ServerResponse {
        let rates = SandboxData.rates
        let items = rates.rates.keys.sorted().map { code in
            JSONValue.object([JSONMember("quoteCurrency", .string(code)), JSONMember("conversionRate", .number("\(rates.rates[code]!)"))])
        }
        let body = JSONValue.object([
            JSONMember("kountMerchantId", .string("700000")),
            JSONMember(
                "rates", .object([JSONMember("baseCurrency", .string(rates.base.code)), JSONMember("exchangeRate", .array(items))])),
        ])
        return .json(200, body.serialized())
    }
}
