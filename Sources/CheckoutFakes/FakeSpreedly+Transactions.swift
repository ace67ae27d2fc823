import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation

extension FakeSpreedly {
    /// `purchase.json` / `authorize.json`: the card's sandbox behaviour decides the charge; with
    /// `attempt_3dsecure` an authorization first runs the 3-D Secure course the amount picks
    /// (`threeDSCourse`: Spreedly's test amounts, else the card's).
    func charge(_ transaction: JSONValue?, authorize: Bool) -> ServerResponse {
        guard let t = transaction, let pm = t["payment_method_token"]?.text, let amount = t["amount"]?.text,
            Int(amount) != nil, let currency = t["currency_code"]?.text, let orderId = t["order_id"]?.text, !orderId.isEmpty
        else {
            return Self.errors(422, "errors.invalid", attribute: "transaction")
        }
        let threeDS = t["attempt_3dsecure"] == .bool(true)
        if threeDS {
            // A 3DS2 authorization carries the browser and where to send the shopper back
            // (spreedly-gem `add_extra_options_for_basic_ops`; docs.spreedly.com guides/3dsecure2).
            for field in ["browser_info", "redirect_url", "callback_url"] where (t[field]?.text ?? "").isEmpty {
                return Self.errors(422, "errors.blank", attribute: field)
            }
        }
        return state.withLock { s -> ServerResponse in
            if let wallet = s.walletMethods[pm] {
                return walletPurchase(t, wallet: wallet, authorize: authorize, in: &s)
            }
            guard let method = s.methods[pm] else { return Self.errors(422, "errors.payment_method_not_found") }
            // No deduplication by `order_id`: real Spreedly gives it none (provider-contract #10).
            s.attempts[orderId, default: 0] += 1
            var tx = Tx(
                token: s.token("TX"), type: authorize ? "Authorization" : "Purchase", state: "pending", orderId: orderId, amount: amount,
                currency: currency, paymentMethod: pm)
            if threeDS && authorize {
                let course = Self.threeDSCourse(amountInCents: amount, card: method.behavior.threeDS)
                Self.startThreeDS(&tx, course: course, method.behavior, in: &s)
            } else {
                Self.settle(&tx, method.behavior, threeDS: nil, in: &s)
            }
            s.transactions[tx.token] = tx
            return Self.render(tx)
        }
    }

    /// The gateway's answer by the card's charge behaviour: `gateway_processing_failed` on an
    /// order's first attempt for the transient card, failed with the decline's name, or
    /// succeeded (and in the ledger).
    static func settle(_ tx: inout Tx, _ behavior: SandboxCardBehavior, threeDS: ThreeDSResult?, in s: inout State) {
        tx.threeDS = threeDS
        tx.stage = nil
        // 0119's first attempt, a fixture card's first `transientFailures` (`checkout serve --fixtures`).
        if behavior.chargeFailsTransiently(attempt: s.attempts[tx.orderId ?? "", default: 1]) {
            tx.state = "gateway_processing_failed"
            return
        }
        switch behavior.charge {
        case .decline(let name):
            tx.state = "failed"
            tx.errorCode = name
        case .approve, .transientOnce:
            tx.state = "succeeded"
            s.ledger.append(
                Charge(token: tx.token, orderId: tx.orderId ?? "", type: tx.type, amount: tx.amount, currency: tx.currency))
            if s.resultUnknown > 0 {
                // The gateway charged, but its answer was lost between it and Spreedly.
                s.resultUnknown -= 1
                tx.state = "gateway_processing_result_unknown"
            }
        }
    }

    /// `POST v1/transactions/{token}/complete.json`, no body (spreedly-gem 6f2987fe
    /// `complete_transaction_url`): after the device fingerprint, a challenge or done; after the
    /// challenge, what the shopper answered on the issuer's page decides
    /// (`SandboxData.challengeCode` passes, unless the course forces a failure); no answer yet
    /// leaves it pending.
    func completeThreeDS(_ token: String) -> ServerResponse {
        state.withLock { s -> ServerResponse in
            guard var tx = s.transactions[token], tx.state == "pending", let stage = tx.stage,
                let method = s.methods[tx.paymentMethod]
            else {
                return Self.errors(422, "errors.invalid_state")
            }
            switch stage {
            case .fingerprint:
                Self.afterFingerprint(&tx, method.behavior, in: &s)
            case .challenge:
                guard let code = tx.challengeAnswer else { return Self.render(tx) }
                Self.afterChallenge(&tx, code: code, method.behavior, in: &s)
            }
            s.transactions[token] = tx
            return Self.render(tx)
        }
    }

    /// The issuer's challenge page (`challenge_url`): keeps the `code` the shopper's browser
    /// posts (`code=1234`, form-encoded) for `complete.json`; answers an empty page.
    func answerChallenge(_ token: String, form: String) -> ServerResponse {
        let code = form.split(separator: "&").compactMap { pair -> String? in
            let kv = pair.split(separator: "=", maxSplits: 1)
            return kv.count == 2 && kv[0] == "code" ? String(kv[1]).removingPercentEncoding : nil
        }.first
        return state.withLock { s in
            guard var tx = s.transactions[token], tx.stage == .challenge, let code else {
                return ServerResponse(status: 404, headers: ["Content-Type": "text/html"], body: Data())
            }
            tx.challengeAnswer = code
            s.transactions[token] = tx
            return ServerResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html></html>".utf8))
        }
    }

    /// `transactions/{token}/capture.json`: captures a succeeded authorization once; capturing
    /// it again answers the first capture (the fake's simplification: Spreedly would refuse).
    func capture(_ token: String) -> ServerResponse {
        state.withLock { s -> ServerResponse in
            guard let auth = s.transactions[token], auth.type == "Authorization", auth.state == "succeeded" else {
                return Self.errors(422, "errors.invalid_state")
            }
            if let done = s.captures[token], let tx = s.transactions[done] { return Self.render(tx) }
            let tx = Tx(
                token: s.token("CP"), type: "Capture", state: "succeeded", orderId: auth.orderId, amount: auth.amount,
                currency: auth.currency, paymentMethod: auth.paymentMethod)
            s.transactions[tx.token] = tx
            s.captures[token] = tx.token
            if let i = s.ledger.firstIndex(where: { $0.token == token }) { s.ledger[i].captureToken = tx.token }
            return Self.render(tx)
        }
    }

    /// A transaction as Spreedly answers it: 200 when succeeded or pending, 422 otherwise
    /// (`status` overrides: reading a transaction back is 200 whatever its state).
    static func render(_ tx: Tx, status: Int? = nil) -> ServerResponse {
        var body = JSONObjectBuilder()
        body.add("transaction", transactionJSON(tx))
        let code = status ?? (tx.state == "succeeded" || tx.state == "pending" ? 200 : 422)
        return ServerResponse(status: code, headers: ["Content-Type": "application/json"], body: body.value.data)
    }

    /// The test gateway's `response.message`: "Successful purchase" (spreedly-gem fixtures) and
    /// its kin by transaction type; a failed one names its `error_code`.
    static func gatewayMessage(_ tx: Tx) -> String? {
        switch tx.state {
        case "succeeded": return "Successful " + tx.type.lowercased()
        case "failed": return "Unable to process the " + tx.type.lowercased() + ": " + (tx.errorCode ?? "declined")
        default: return nil
        }
    }

    /// The `transaction` object Spreedly answers for `tx`.
    static func transactionJSON(_ tx: Tx) -> JSONValue {
        var t = JSONObjectBuilder()
        t.add("token", tx.token)
        t.add("transaction_type", tx.type)
        t.add("state", tx.state)
        t.add("succeeded", tx.state == "succeeded")
        // A verification moves no money: no amount, no currency.
        if !tx.amount.isEmpty {
            t.add("amount", .number(tx.amount))
            t.add("currency_code", tx.currency)
        }
        t.add("order_id", tx.orderId)
        var pm = JSONObjectBuilder()
        pm.add("token", tx.paymentMethod)
        pm.add("payment_method_type", tx.paymentMethodType)
        t.add("payment_method", pm.value)
        // Spreedly's top-level `message` and the gateway's `response.message` (SP-docs
        // transaction; spreedly-gem fixtures: "Succeeded!", "Successful purchase").
        t.add("message", tx.state == "succeeded" ? "Succeeded!" : tx.state == "failed" ? "Unable to process the transaction." : nil)
        var response = JSONObjectBuilder()
        response.add("success", tx.state == "succeeded")
        response.add("message", Self.gatewayMessage(tx))
        response.add("error_code", tx.errorCode)
        t.add("response", response.value)
        switch tx.stage {
        case .fingerprint: t.add("required_action", "device_fingerprint")
        case .challenge: t.add("required_action", "challenge")
        case nil: t.add("required_action", "none")
        }
        if tx.stage != nil { t.add("three_ds_context", "ctx-" + tx.token) }
        if tx.stage == .challenge { t.add("challenge_url", "/acs/" + tx.token) }
        t.add("three_ds_result", tx.threeDS?.rawValue)
        t.add("gateway_transaction_id", tx.gatewayTransactionId)
        t.add("checkout_url", tx.checkoutURL)
        return t.value
    }
}
