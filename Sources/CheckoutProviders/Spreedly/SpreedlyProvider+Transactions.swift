package import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
package import CheckoutRuntime
import Foundation

extension SpreedlyProvider {
    /// Starts Spreedly's 3DS2 lifecycle: an authorization of `amount` with `attempt_3dsecure`
    /// and `three_ds_version` 2, under an `order_id` made from the payment method. Pending with
    /// `required_action: device_fingerprint` (or `challenge`) hands the transaction's token to
    /// the runtime as the session; a finished one is the result, and what it authorized (or
    /// declined) is kept for the charge.
    public func startThreeDS(_ card: TokenizedCard, amount: Money) async throws -> ThreeDSProgress {
        let vault = try Self.vault(of: card)
        let orderId = "3ds-" + Self.digest(vault)
        // A retry (a lost answer, a resumed run) takes up the authorization already made.
        if let known = try await earlier(vault, orderId: orderId) { return try progress(known, card: card.token) }
        var t = JSONObjectBuilder()
        t.add("payment_method_token", vault)
        t.add("amount", .number(SpreedlyCardType.minorUnits(amount)))
        t.add("currency_code", amount.currency.code)
        t.add("order_id", orderId)
        t.add("attempt_3dsecure", true)
        t.add("three_ds_version", "2")
        // spreedly-gem 6f2987fe `add_extra_options_for_basic_ops`; docs.spreedly.com guides/3dsecure2.
        t.add("browser_info", Self.headlessBrowserInfo)
        t.add("redirect_url", api.configuration.offsiteReturnURL.absoluteString)
        t.add("callback_url", api.configuration.offsiteReturnURL.absoluteString)
        let response = try await sendCharge(
            "gateways/\(api.configuration.gatewayToken)/authorize.json", body: Self.wrap(t), orderId: orderId)
        return try progress(api.transaction(response, "the 3-D Secure authorization"), card: card.token)
    }

    /// After the device fingerprint: `POST v1/transactions/{token}/complete.json` with no body
    /// (spreedly-gem 6f2987fe `complete_transaction_url`), which answers a challenge or the end.
    public func submitFingerprint(_ session: String) async throws -> ThreeDSProgress {
        guard let card = sessions[session] else { throw ProviderError(.rejected, "no 3DS session waits for a fingerprint") }
        let response = try await api.post("transactions/\(session)/complete.json")
        return try progress(api.transaction(response, "the 3-D Secure completion"), card: card)
    }

    /// Answers the challenge as the shopper's browser would: the code to the issuer's page (the
    /// transaction's `challenge_url`; no Spreedly API takes a code), then `complete.json` with no
    /// body. A cancel ends the session here without a request (the shopper closed the issuer's
    /// window; the transaction stays pending and lapses).
    public func completeChallenge(_ session: String, response: ChallengeResponse) async throws -> ThreeDSResult {
        guard let card = sessions[session] else { throw ProviderError(.rejected, "no 3DS challenge is open") }
        guard case .code(let code) = response else {
            sessions[session] = nil
            challengeURLs[session] = nil
            return .authenticationCanceled
        }
        guard let page = challengeURLs[session] else {
            throw ProviderError(.rejected, "Spreedly's challenge has no challenge_url to answer")
        }
        try await api.postChallenge(code, to: page)
        let answer = try await api.post("transactions/\(session)/complete.json")
        let t = try api.transaction(answer, "the challenge")
        if t.state == "pending" { throw ProviderError(.rejected, "Spreedly's 3DS transaction is still pending after the challenge") }
        challengeURLs[session] = nil
        return finish(t, card: card)
    }

    /// What a headless run says of its "browser" in `browser_info` (base64 of the JSON Spreedly's
    /// iframe library collects): fixed values, no shopper data.
    static let headlessBrowserInfo = Data(
        #"{"width":1280,"height":800,"depth":24,"timezone":0,"user_agent":"CheckoutFlow headless","java":false,"language":"en-US","browser_size":"05","accept_header":"text/html"}"#
            .utf8
    ).base64EncodedString()

    func progress(_ t: SpreedlyTransaction, card: String) throws -> ThreeDSProgress {
        guard t.state == "pending" else { return .completed(finish(t, card: card)) }
        sessions[t.token] = card
        switch t.requiredAction {
        case "device_fingerprint": return .fingerprintRequired(session: t.token)
        case "challenge":
            challengeURLs[t.token] = t.json["challenge_url"]?.text
            return .challengeRequired(session: t.token)
        default: throw ProviderError(.rejected, "Spreedly's 3DS transaction is pending without an action this adapter takes")
        }
    }

    /// The result of a finished 3DS transaction; an authorization it made (or a decline after a
    /// successful authentication) is kept for the card's charge. Anything else (authentication
    /// failed, the gateway gave no answer) leaves the charge a plain purchase.
    func finish(_ t: SpreedlyTransaction, card: String) -> ThreeDSResult {
        sessions[t.token] = nil
        let result = t.threeDSResult
        if t.state == "succeeded" {
            authenticated[card] = .authorized(transaction: t.token)
        } else if t.state == "failed", result.proceeds(processFailed3DS: false), let code = t.errorCode {
            authenticated[card] = .declined(code: code, transaction: t.token)
        }
        return result
    }

    /// The authorization (or authenticated decline) 3-D Secure made for `card`, for the run
    /// journal: a run resumed in a new process captures it instead of purchasing again.
    public func threeDSRecord(for card: TokenizedCard) -> [String: String] {
        switch authenticated[card.token] {
        case .authorized(let id): ["authorization": id]
        case .declined(let code, let id): ["declinedAuthorization": id, "declineCode": code]
        case nil: [:]
        }
    }

    /// Takes back a `threeDSRecord` from a run's journal.
    public func restoreThreeDS(_ record: [String: String], for card: TokenizedCard) {
        if let id = record["authorization"] {
            authenticated[card.token] = .authorized(transaction: id)
        } else if let id = record["declinedAuthorization"], let code = record["declineCode"] {
            authenticated[card.token] = .declined(code: code, transaction: id)
        }
    }

    /// Charges: the authorization 3-D Secure made is captured (sale, subscription) or returned
    /// (authorization); else `purchase.json` / `authorize.json` through the gateway. The
    /// `order_id` is the same for every attempt with one idempotency key.
    public func charge(_ request: ChargeRequest) async throws -> ChargeOutcome {
        if let done = approved[request.idempotencyKey] { return done }
        try checkAlive(request.card.token)
        let vault = try Self.vault(of: request.card)
        let outcome: ChargeOutcome
        switch authenticated[request.card.token] {
        case .declined(let code, let id):
            return .declined(code: code, transaction: Self.transaction(id, request, approved: false))
        case .authorized(let id) where request.kind == .authorization:
            outcome = .approved(Self.transaction(id, request, approved: true))
        case .authorized(let id):
            var t = JSONObjectBuilder()
            if let amount = request.amount {
                t.add("amount", .number(SpreedlyCardType.minorUnits(amount)))
                t.add("currency_code", amount.currency.code)
            }
            let response = try await api.post("transactions/\(id)/capture.json", body: Self.wrap(t))
            outcome = try read(api.transaction(response, "the capture"), request)
        case nil:
            guard let amount = request.amount else {
                throw ProviderError(.rejected, "a Spreedly charge needs an amount (Spreedly has no subscriptions without a price)")
            }
            let orderId = Self.orderId(for: request, vault: vault)
            if let known = try await earlier(vault, orderId: orderId) {
                outcome = try read(known, request)
            } else {
                // An authorization of zero is a card check: Spreedly's own verification, no
                // amount (spreedly-gem 6f2987fe `verify_on_gateway`; docs/language.md, "A price
                // of zero"), not an authorize of 0 a gateway may refuse.
                let verifies = request.kind == .authorization && amount.amount == 0
                var t = JSONObjectBuilder()
                t.add("payment_method_token", vault)
                if !verifies {
                    t.add("amount", .number(SpreedlyCardType.minorUnits(amount)))
                    t.add("currency_code", amount.currency.code)
                }
                t.add("order_id", orderId)
                let action = verifies ? "verify.json" : request.kind == .authorization ? "authorize.json" : "purchase.json"
                let response = try await sendCharge(
                    "gateways/\(api.configuration.gatewayToken)/\(action)", body: Self.wrap(t), orderId: orderId)
                outcome = try read(api.transaction(response, "the charge"), request)
            }
        }
        if case .approved = outcome {
            approved[request.idempotencyKey] = outcome
            tokens[request.card.token] = nil
            used.insert(request.card.token)
            authenticated[request.card.token] = nil
        }
        return outcome
    }

    /// A charge's transaction: succeeded → approved, failed → declined with the gateway's
    /// `error_code`, no definite answer → `transient`: the retry first asks what this attempt
    /// did (`earlier`), and sends the order again only when the gateway did not process it.
    func read(_ t: SpreedlyTransaction, _ request: ChargeRequest) throws -> ChargeOutcome {
        switch t.state {
        case "succeeded": return .approved(Self.transaction(t, request, approved: true))
        case "failed":
            return .declined(code: t.errorCode ?? "card_declined", transaction: Self.transaction(t, request, approved: false))
        case _ where t.isTransient:
            throw ProviderError(.transient, "Spreedly's gateway gave no definite answer (\(t.state)); its fate is asked before a retry")
        case "pending":
            throw ProviderError(.rejected, "Spreedly asks for 3-D Secure on a charge made without it")
        default:
            throw ProviderError(.rejected, "Spreedly answered the charge with state \(SpreedlyAPI.isWord(t.state) ? t.state : "?")")
        }
    }

    /// A transaction known only by its id (an authorization 3-D Secure made, from the journal).
    static func transaction(_ id: String, _ request: ChargeRequest, approved: Bool) -> Transaction {
        Transaction(id: id, type: request.kind.rawValue, status: approved ? "APPROVED" : "DECLINED", amount: request.amount)
    }

    /// The hand-off of a definite answer: Spreedly's token as the id, the gateway's
    /// `response.error_code` and `response.message` (SP-docs transaction; spreedly-gem fixtures).
    static func transaction(_ t: SpreedlyTransaction, _ request: ChargeRequest, approved: Bool) -> Transaction {
        Transaction(
            id: t.token, type: request.kind.rawValue, status: approved ? "APPROVED" : "DECLINED", amount: request.amount,
            responseCode: t.errorCode, responseMessage: t.responseMessage)
    }

    static func vault(of card: TokenizedCard) throws -> String {
        guard let vault = card.paymentMethodToken else {
            throw ProviderError(.rejected, "the card was not vaulted by Spreedly (no payment-method token)")
        }
        return vault
    }

    /// The `order_id` of a charge: the run's idempotency key and the payment-method token,
    /// hashed (two runs with one seed share an idempotency key, never a payment method).
    public static func orderId(for request: ChargeRequest, vault: String) -> String {
        digest(request.idempotencyKey + "|" + vault)
    }

    static func digest(_ text: String) -> String { String(SHA256.hex(SHA256.digest(Array(text.utf8))).prefix(32)) }

    static func wrap(_ transaction: JSONObjectBuilder) -> JSONValue {
        var body = JSONObjectBuilder()
        body.add("transaction", transaction.value)
        return body.value
    }

}
