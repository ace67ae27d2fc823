package import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
package import CheckoutRuntime
import Foundation

extension BlueSnapProvider {
    /// 3-D Secure as BlueSnap's SDKs start it: a Cardinal JWT from `tokenized-services/3ds-jwt`,
    /// then the amount and the JWT `PUT` to the token. The `enrollmentStatus` is the result,
    /// unless it is `CHALLENGE_REQUIRED`.
    public func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress {
        let jwtResponse = try await api.send("POST", "tokenized-services/3ds-jwt", auth: .token(card.token))
        guard jwtResponse.isSuccess else { throw api.failure(jwtResponse, "the 3-D Secure JWT request") }
        guard let jwt = try api.json(jwtResponse, "a 3-D Secure JWT")["jwt"]?.text else {
            throw HTTPFailure.malformed("a 3-D Secure JWT response without a jwt", host: api.host)
        }
        var body = JSONObjectBuilder()
        body.add("currency", amount.currency.code)
        // A string, as both SDKs send it (BS-iOS `BS3DSAuthRequest`, BS-And `CardinalJWT`).
        body.add("amount", DecimalText.format(amount.amount, scale: amount.currency.minorUnits))
        body.add("jwt", jwt)
        let response = try await api.send("PUT", "payment-fields-tokens/" + card.token, auth: .token(card.token), body: body.value)
        guard response.isSuccess else { throw api.failure(response, "3-D Secure") }
        let enrollment = try api.json(response, "a 3-D Secure enrollment")
        guard let status = enrollment["enrollmentStatus"]?.text else {
            throw HTTPFailure.malformed("a 3-D Secure answer without enrollmentStatus", host: api.host)
        }
        if status == "CHALLENGE_REQUIRED" {
            // BS-iOS `BSCardinalManager.authWith3DS`: a challenge is run only for 3DS 2.x.
            guard enrollment["threeDSVersion"]?.text?.hasPrefix("2") == true else { return .completed(.cardNotSupported) }
            let session = "3ds_" + random.hex(16)
            challenges[session] = (card.token, jwt)
            return .challengeRequired(session: session)
        }
        // Anything BlueSnap sends that is not a 3DS result is, as the SDK treats it, an error.
        return .completed(ThreeDSResult(rawValue: status) ?? .threeDSError)
    }

    /// BlueSnap has no separate fingerprint step (Cardinal collects device data when it
    /// starts): this adapter never asks for one, so a call is a caller's mistake.
    public func submitFingerprint(_ session: String) async throws -> ThreeDSProgress {
        throw ProviderError(.rejected, "BlueSnap has no separate 3-D Secure fingerprint step")
    }

    /// The challenge's answer. Cancelling ends with `AUTHENTICATION_CANCELED` without a
    /// request, as the SDK does when Cardinal reports a cancel; a code goes to
    /// `tokenized-services/3ds-process-result` as the Cardinal result (`resultJwt`).
    public func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult {
        guard let open = challenges.removeValue(forKey: session) else {
            throw ProviderError(.rejected, "no 3-D Secure challenge is open")
        }
        guard case .code(let code) = response else { return .authenticationCanceled }
        var body = JSONObjectBuilder()
        body.add("jwt", open.jwt)
        body.add("resultJwt", code)
        let reply = try await api.send("POST", "tokenized-services/3ds-process-result", auth: .token(open.token), body: body.value)
        guard reply.isSuccess else { throw api.failure(reply, "the 3-D Secure result") }
        guard let text = try api.json(reply, "a 3-D Secure result")["authResult"]?.text else {
            throw HTTPFailure.malformed("a 3-D Secure result without authResult", host: api.host)
        }
        return ThreeDSResult(rawValue: text) ?? .threeDSError
    }

    /// A sale (`AUTH_CAPTURE`) or authorization (`AUTH_ONLY`) through `services/2/transactions`,
    /// or a merchant-managed subscription's first charge through `services/2/recurring/ondemand`.
    /// The idempotency key, scoped to the token (`merchantTransactionId(for:)`), is both
    /// `merchantTransactionId` and the `Idempotency-Key` header: the same charge sent again
    /// gets the first answer back, and money moves once.
    public func charge(_ request: ChargeRequest) async throws -> ChargeOutcome {
        try checkAlive(request.card.token)
        let key = Self.merchantTransactionId(for: request)
        var body = JSONObjectBuilder()
        if let amount = request.amount {
            body.add("amount", .number(DecimalText.format(amount.amount, scale: amount.currency.minorUnits)))
            body.add("currency", amount.currency.code)
        }
        let path: String
        switch request.kind {
        case .sale, .authorization:
            body.add("pfToken", request.card.token)
            body.add("cardTransactionType", request.kind == .sale ? "AUTH_CAPTURE" : "AUTH_ONLY")
            // No `threeDSecure` object: its fields (threeDSecureResultToken, eci, cavv, …) come
            // from a merchant's own 3DS; the SDK's 3-D Secure result stays on the pfToken.
            path = "transactions"
        case .subscription:
            // BS-docs create-merchant-managed-subscription: `currency` is required and the
            // token goes under `paymentSource` (BS-iOS demo `DemoAPIHelper`).
            guard let currency = request.amount?.currency ?? request.currency else {
                throw ProviderError(.rejected, "a BlueSnap subscription needs a currency")
            }
            if request.amount == nil { body.add("currency", currency.code) }
            body.add("paymentSource", .object([JSONMember("pfToken", .string(request.card.token))]))
            path = "recurring/ondemand"
        }
        body.add("merchantTransactionId", key)
        let response = try await api.send(
            "POST", path, auth: .basic, body: body.value, idempotencyKey: key)
        if response.isSuccess {
            let reply = try api.json(response, "a transaction")
            guard let id = reply["transactionId"]?.text ?? reply["subscriptionId"]?.text else {
                throw HTTPFailure.malformed("a transaction without transactionId", host: api.host)
            }
            // The issuer's approval code: `processingInfo.authorizationCode` (BlueSnap Payment
            // API "Auth Capture" response; the bluesnap Node SDK's `ProcessingInfoResponse`).
            return .approved(
                Transaction(
                    id: id, type: request.kind.rawValue, status: "APPROVED", amount: request.amount,
                    authCode: ProviderText.maskedOrNil(reply["processingInfo"]?["authorizationCode"]?.text)))
        }
        let errors = BlueSnapAPI.errors(in: response.body)
        if let decline = errors.first(where: { $0.code == "14002" && !BlueSnapAPI.transientNames.contains($0.name) }) {
            let id = JSONParser.parse(response.body)?["transactionId"]?.text ?? key
            let code = BlueSnapAPI.declineCodes[decline.name] ?? decline.name.lowercased()
            return .declined(code: code, transaction: decline.transaction(id: id, type: request.kind.rawValue, amount: request.amount))
        }
        throw api.failure(response, "the charge")
    }

    /// The key BlueSnap sees for a charge: the run's idempotency key and the payment-fields
    /// token, hashed (SHA-256, 32 hex digits; BlueSnap takes at most 50 characters). Every retry
    /// of a charge has both the same, so it keeps the key; two runs with the same `--seed` (the
    /// same run key) never share one, because BlueSnap issued them different tokens.
    public static func merchantTransactionId(for request: ChargeRequest) -> String {
        String(SHA256.hex(SHA256.digest(Array((request.idempotencyKey + "|" + request.card.token).utf8))).prefix(32))
    }

    /// PayPal as the SDK pays with it: `tokenized-services/paypal-token` (the shopper approves
    /// at PayPal's URL), then `tokenized-services/transaction-status`. Apple Pay as a
    /// `services/2/transactions` wallet payment. docs/providers.md says what a headless run
    /// cannot do here (no PayPal window, no device payment token).
    public func walletPayment(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome {
        if let done = wallets[idempotencyKey] { return done }
        let outcome = try await pay(method, amount: amount, idempotencyKey: idempotencyKey)
        wallets[idempotencyKey] = outcome
        return outcome
    }

    /// One wallet payment; Apple Pay's `merchantTransactionId` and `Idempotency-Key` are the
    /// run's key, so a retry is answered with the first payment.
    private func pay(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome {
        let total = DecimalText.format(amount.amount, scale: amount.currency.minorUnits)
        switch method {
        case .paypal:
            let token = try await liveToken()
            let start = try await api.send(
                "GET", "tokenized-services/paypal-token", query: [("amount", total), ("currency", amount.currency.code)],
                auth: .token(token))
            guard start.isSuccess else { throw api.failure(start, "the PayPal payment") }
            let status = try await api.send("GET", "tokenized-services/transaction-status", auth: .token(token))
            guard status.isSuccess else { throw api.failure(status, "the PayPal transaction status") }
            let reply = try api.json(status, "a PayPal transaction status")
            guard let id = reply["transactionId"]?.text else {
                throw HTTPFailure.malformed("a PayPal transaction status without transactionId", host: api.host)
            }
            // BS-And `retrieveTransactionStatus` reads a top-level processingStatus; the API's
            // transaction body has it under processingInfo: either is taken.
            let state = (reply["processingStatus"]?.text ?? reply["processingInfo"]?["processingStatus"]?.text)?.uppercased() ?? ""
            guard state == "SUCCESS" || state == "PENDING" else {
                throw ProviderError(.rejected, "BlueSnap: the PayPal payment ended \(state.isEmpty ? "without a status" : state)")
            }
            return WalletOutcome(
                transaction: Transaction(id: id, type: "SALE", status: "APPROVED", amount: amount),
                invoiceId: reply["paypalTransactionData"]?["invoiceId"]?.text)
        case .applePay:
            var body = JSONObjectBuilder()
            body.add("amount", .number(total))
            body.add("currency", amount.currency.code)
            body.add("cardTransactionType", "AUTH_CAPTURE")
            let key = idempotencyKey
            body.add("merchantTransactionId", key)
            body.add("wallet", .object([JSONMember("walletType", .string("APPLE_PAY"))]))
            let response = try await api.send("POST", "transactions", auth: .basic, body: body.value, idempotencyKey: key)
            guard response.isSuccess else { throw api.failure(response, "the Apple Pay payment") }
            guard let id = try api.json(response, "a transaction")["transactionId"]?.text else {
                throw HTTPFailure.malformed("a transaction without transactionId", host: api.host)
            }
            return WalletOutcome(transaction: Transaction(id: id, type: "SALE", status: "APPROVED", amount: amount), invoiceId: nil)
        case .card, .savedCard:
            throw ProviderError(.rejected, "\(method.rawValue) is not a wallet")
        }
    }

    /// choosePayment: the SDK's `PUT tokenized-services/shopper` with the chosen card as
    /// `chosenPaymentMethod`; the token is spent. Returns the shopper id.
    public func storeChosenMethod(shopperId: String?, card: TokenizedCard) async throws -> String {
        try checkAlive(card.token)
        var chosen = JSONObjectBuilder()
        chosen.add("chosenPaymentMethodType", "CC")
        chosen.add(
            "creditCard",
            .object([JSONMember("cardLastFourDigits", .string(card.last4)), JSONMember("cardType", .string(Self.ccType(card.brand)))]))
        // The new card goes in as its pfToken.
        let source = JSONMember(
            "paymentSources",
            .object([JSONMember("creditCardInfo", .array([.object([JSONMember("pfToken", .string(card.token))])]))]))
        return try await putShopper(shopperId: shopperId, chosen: chosen.value, source: source, token: card.token)
    }

    /// The SDK's `PUT tokenized-services/shopper` (BS-iOS `BSShopper.toJson`: the id is an Int,
    /// then `chosenPaymentMethod`, then the payment source when there is one). The SDK reads no
    /// body: an empty reply or a 204 is success. Returns the shopper id.
    private func putShopper(shopperId: String?, chosen: JSONValue, source: JSONMember?, token: String) async throws -> String {
        var body = JSONObjectBuilder()
        if let shopperId { body.add("vaultedShopperId", Int(shopperId).map { .int($0) } ?? .string(shopperId)) }
        body.add("chosenPaymentMethod", chosen)
        if let source { body.add(source.key, source.value) }
        let response = try await api.send("PUT", "tokenized-services/shopper", auth: .token(token), body: body.value)
        guard response.isSuccess else { throw api.failure(response, "the shopper's chosen payment method") }
        if let id = shopperId { return id }
        guard let id = JSONParser.parse(response.body)?["vaultedShopperId"]?.text else {
            throw HTTPFailure.malformed("a shopper without vaultedShopperId", host: api.host)
        }
        return id
    }

    /// choosePayment with a wallet: the SDK's `PUT tokenized-services/shopper` with only
    /// `chosenPaymentMethodType` (`PAYPAL` or `APPLE_PAY`), no payment source, and no PayPal
    /// login or Apple Pay sheet (BS-iOS `BSStartViewController.payPalClicked`/`applePayClick`
    /// under `BSSdkRequestShopperRequirements`). Returns the shopper id.
    public func storeChosenWallet(_ method: PaymentMethodKind, shopperId: String?, token: CheckoutToken?) async throws -> String {
        guard method.isWallet else { throw ProviderError(.rejected, "\(method.rawValue) is not a wallet") }
        guard let token else { throw ProviderError(.rejected, "storing the chosen method needs a checkout token") }
        var chosen = JSONObjectBuilder()
        chosen.add("chosenPaymentMethodType", method.paymentType)
        return try await putShopper(shopperId: shopperId, chosen: chosen.value, source: nil, token: token.id)
    }
}
