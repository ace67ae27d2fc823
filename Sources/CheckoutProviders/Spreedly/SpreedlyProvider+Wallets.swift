package import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
package import CheckoutRuntime
import Foundation

extension SpreedlyProvider {
    /// Pays with a wallet, as Spreedly's API documents it (docs/providers.md cites the pages):
    ///
    /// - Apple Pay: `POST v1/payment_methods.json` with an `apple_pay` payment method (the
    ///   device's `payment_data`, which a headless run does not have, so it is left out), then a
    ///   purchase of that payment method through the gateway;
    /// - PayPal: a `paypal` payment method and an offsite purchase (`redirect_url`,
    ///   `callback_url`), which Spreedly answers `pending` with PayPal's `checkout_url`; the
    ///   transaction is then read back (`GET v1/transactions/{token}.json`): `succeeded` pays,
    ///   still `pending` means the shopper has not approved at PayPal, which a headless run cannot
    ///   do, so it is refused.
    ///
    /// Every attempt with one idempotency key sends one `order_id`; Spreedly does not
    /// deduplicate it, so each attempt first looks for the order among the environment's
    /// transactions (`earlierWalletPayment`) and purchases only when none paid or waits.
    public func walletPayment(_ method: PaymentMethodKind, amount: Money, idempotencyKey: String) async throws -> WalletOutcome {
        if let done = wallets[idempotencyKey] { return done }
        guard method.isWallet else { throw ProviderError(.rejected, "\(method.rawValue) is not a wallet") }
        let orderId = Self.walletOrderId(method, idempotencyKey: idempotencyKey)
        if offsitePurchases[idempotencyKey] == nil, var known = try await earlierWalletPayment(orderId: orderId) {
            // An earlier attempt (this process or one before it) paid or is waiting: no new purchase.
            if method == .paypal, known.state == "pending" { known = try await payPalStatus(known.token) }
            let outcome = try Self.walletOutcome(known, method, amount)
            wallets[idempotencyKey] = outcome
            return outcome
        }
        let vault = try await walletMethod(method, idempotencyKey: idempotencyKey)
        var t = JSONObjectBuilder()
        t.add("payment_method_token", vault)
        t.add("amount", .number(SpreedlyCardType.minorUnits(amount)))
        t.add("currency_code", amount.currency.code)
        t.add("order_id", orderId)
        if method == .paypal {
            t.add("redirect_url", api.configuration.offsiteReturnURL.absoluteString)
            t.add("callback_url", api.configuration.offsiteReturnURL.absoluteString)
        }
        var transaction: SpreedlyTransaction
        if let pending = offsitePurchases[idempotencyKey] {
            // An earlier attempt's purchase is known: only read it back.
            transaction = try await payPalStatus(pending)
        } else {
            let what = method == .paypal ? "the PayPal purchase" : "the Apple Pay purchase"
            let response = try await sendCharge(
                "gateways/\(api.configuration.gatewayToken)/purchase.json", body: Self.wrap(t), orderId: orderId)
            transaction = try api.transaction(response, what)
            if method == .paypal, transaction.state == "pending" {
                // The shopper approves at `checkout_url`; the transaction says whether that happened.
                offsitePurchases[idempotencyKey] = transaction.token
                transaction = try await payPalStatus(transaction.token)
            }
        }
        let outcome = try Self.walletOutcome(transaction, method, amount)
        wallets[idempotencyKey] = outcome
        walletMethods[idempotencyKey] = nil
        offsitePurchases[idempotencyKey] = nil
        return outcome
    }

    /// `GET v1/transactions/{token}.json`: where the offsite purchase stands.
    func payPalStatus(_ token: String) async throws -> SpreedlyTransaction {
        try api.transaction(try await api.get("transactions/\(token).json"), "the PayPal transaction")
    }

    /// The payment method for a wallet payment: the one an earlier attempt with this key
    /// vaulted, else a new one (`retained: false`).
    func walletMethod(_ method: PaymentMethodKind, idempotencyKey: String) async throws -> String {
        if let known = walletMethods[idempotencyKey] { return known }
        let what = method == .paypal ? "the PayPal payment method" : "the Apple Pay payment method"
        let response = try await api.post("payment_methods.json", body: Self.walletMethodBody(method))
        guard response.isSuccess else { throw api.failure(response, what) }
        let t = try api.transaction(response, what)
        guard t.state == "succeeded", let vault = t.json["payment_method"]?["token"]?.text else {
            throw ProviderError(.rejected, "Spreedly did not add \(what) (\(SpreedlyAPI.isWord(t.state) ? t.state : "?"))")
        }
        walletMethods[idempotencyKey] = vault
        return vault
    }

    /// `{"payment_method": {"apple_pay": {}, "retained": false}}` — `payment_data` (the device's
    /// Apple Pay token) is what a device would add; headless there is none — or
    /// `{"payment_method": {"payment_method_type": "paypal", "retained": false}}`.
    static func walletMethodBody(_ method: PaymentMethodKind) -> JSONValue {
        var m = JSONObjectBuilder()
        if method == .applePay {
            m.add("apple_pay", .object([]))
        } else {
            m.add("payment_method_type", "paypal")
        }
        m.add("retained", false)
        var body = JSONObjectBuilder()
        body.add("payment_method", m.value)
        return body.value
    }

    /// A wallet purchase's transaction: succeeded pays (PayPal's invoice id is the gateway's
    /// transaction id); no definite answer is retried under the same `order_id`; pending
    /// (PayPal not approved) and failed are refused with Spreedly's words, never its messages.
    static func walletOutcome(_ t: SpreedlyTransaction, _ method: PaymentMethodKind, _ amount: Money) throws -> WalletOutcome {
        let name = method == .paypal ? "PayPal" : "Apple Pay"
        switch t.state {
        case "succeeded":
            let transaction = Transaction(id: t.token, type: "SALE", status: "APPROVED", amount: amount)
            return WalletOutcome(transaction: transaction, invoiceId: method == .paypal ? t.gatewayTransactionId ?? t.token : nil)
        case _ where t.isTransient:
            throw ProviderError(
                .transient, "Spreedly's gateway gave no definite answer to the \(name) payment (\(t.state)); retry with the same order_id")
        case "pending":
            throw ProviderError(
                .rejected,
                "the \(name) payment waits for the shopper to approve it at PayPal (Spreedly: pending); a headless run cannot approve it")
        case "failed":
            throw ProviderError(.rejected, "Spreedly's gateway refused the \(name) payment (\(t.errorCode ?? "failed"))")
        default:
            throw ProviderError(
                .rejected, "Spreedly answered the \(name) payment with state \(SpreedlyAPI.isWord(t.state) ? t.state : "?")")
        }
    }

    /// The `order_id` of a wallet payment: the run's idempotency key and the wallet, hashed.
    /// Unlike a card's it cannot include the payment method, which a retry may vault anew.
    public static func walletOrderId(_ method: PaymentMethodKind, idempotencyKey: String) -> String {
        digest(idempotencyKey + "|" + method.rawValue)
    }
}
