import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation

extension FakeSpreedly {
    /// The wallet a `payment_methods.json` request adds: `apple_pay` (an `apple_pay` object,
    /// with or without the device's `payment_data`) or `paypal` (`payment_method_type`); nil
    /// for a card.
    static func walletType(_ method: JSONValue?) -> String? {
        guard let method else { return nil }
        if case .object = method["apple_pay"] { return "apple_pay" }
        if method["payment_method_type"]?.text == "paypal" { return "paypal" }
        return nil
    }

    /// Adds a wallet payment method: a token and its type, nothing else kept.
    func vaultWallet(_ type: String, _ method: JSONValue?) -> ServerResponse {
        state.withLock { s in
            if type == "apple_pay", s.applePayNeedsPaymentData, method?["apple_pay"]?["payment_data"] == nil {
                return Self.errors(422, "errors.blank", attribute: "payment_data")
            }
            let token = s.token("PM")
            s.walletMethods[token] = type
            var m = JSONObjectBuilder()
            m.add("token", token)
            m.add("payment_method_type", type)
            m.add("storage_state", "cached")
            var t = JSONObjectBuilder()
            t.add("token", s.token("AP"))
            t.add("transaction_type", "AddPaymentMethod")
            t.add("state", "succeeded")
            t.add("succeeded", true)
            t.add("payment_method", m.value)
            return Self.wrap(201, t)
        }
    }

    /// A wallet's purchase, approved as the sandbox approves wallets; every purchase is a new
    /// one, whatever its `order_id` (Spreedly deduplicates nothing). PayPal needs `redirect_url` and `callback_url`;
    /// its purchase is answered `pending` with a `checkout_url`, and the fake's shopper approves
    /// at once, so reading the transaction back finds it `succeeded` (in the ledger from the
    /// start). An authorization of a wallet is not served.
    func walletPurchase(_ t: JSONValue, wallet: String, authorize: Bool, in s: inout State) -> ServerResponse {
        guard !authorize else { return Self.errors(422, "errors.unsupported_payment_method", attribute: "payment_method_token") }
        let orderId = t["order_id"]?.text ?? ""
        if wallet == "paypal" {
            for field in ["redirect_url", "callback_url"] where (t[field]?.text ?? "").isEmpty {
                return Self.errors(422, "errors.blank", attribute: field)
            }
        }
        var tx = Tx(
            token: s.token("TX"), type: "Purchase", state: "succeeded", orderId: orderId, amount: t["amount"]?.text ?? "",
            currency: t["currency_code"]?.text ?? "", paymentMethod: t["payment_method_token"]?.text ?? "")
        tx.paymentMethodType = wallet
        let digits = String(s.next)
        tx.gatewayTransactionId = String(repeating: "0", count: max(0, 12 - digits.count)) + digits
        if wallet == "paypal" { tx.checkoutURL = baseURL.absoluteString + "/paypal/checkout/" + tx.token }
        if wallet == "paypal", !s.payPalShopperApproves {
            tx.state = "pending"
            s.transactions[tx.token] = tx
            return Self.render(tx)
        }
        s.transactions[tx.token] = tx
        s.ledger.append(
            Charge(
                token: tx.token, orderId: orderId, type: tx.type, amount: tx.amount, currency: tx.currency, paymentMethodType: wallet))
        guard wallet == "paypal" else { return Self.render(tx) }
        var first = tx
        first.state = "pending"
        return Self.render(first)
    }

    /// `GET v1/payment_methods/{token}/transactions.json` (spreedly-gem `list_transactions_url`
    /// with a payment method): the payment method's transactions, each as
    /// `show` renders it.
    /// Without a payment method (`GET v1/transactions.json`) it lists the environment's. Newest
    /// first with `order=desc`; no paging (the fake's lists are short).
    func list(paymentMethod token: String?, newestFirst: Bool) -> ServerResponse {
        state.withLock { s in
            if let token, s.methods[token] == nil, s.walletMethods[token] == nil {
                return Self.errors(404, "errors.payment_method_not_found")
            }
            let mine = s.transactions.values.filter { token == nil || $0.paymentMethod == token }.sorted {
                newestFirst ? $0.token > $1.token : $0.token < $1.token
            }
            var body = JSONObjectBuilder()
            body.add("transactions", .array(mine.map(Self.transactionJSON)))
            return ServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: body.value.data)
        }
    }

    /// `GET v1/transactions/{token}.json`: the transaction as it stands, 200 whatever its state.
    func show(_ token: String) -> ServerResponse {
        state.withLock { s in
            guard let tx = s.transactions[token] else { return Self.errors(404, "errors.transaction_not_found") }
            return Self.render(tx, status: 200)
        }
    }
}
