import CheckoutJSON
import CheckoutProviders

extension FakeSpreedly {
    /// `POST v1/gateways/{gateway}/verify.json`: "ask a gateway if a payment method is in good
    /// standing" (developer.spreedly.com, "Using payment methods"). The body is the payment
    /// method token and the basic options such as `order_id`, no amount (spreedly-gem 6f2987fe
    /// `verify_on_gateway`, `verify_body`). A `Verify` transaction: the card's charge behaviour
    /// decides, a declining card fails (spreedly-gem's `test_failed_verify`); nothing is
    /// charged, so nothing enters the ledger.
    func verify(_ transaction: JSONValue?) -> ServerResponse {
        guard let t = transaction, let pm = t["payment_method_token"]?.text else {
            return Self.errors(422, "errors.invalid", attribute: "transaction")
        }
        return state.withLock { s -> ServerResponse in
            guard let method = s.methods[pm] else { return Self.errors(422, "errors.payment_method_not_found") }
            var tx = Tx(
                token: s.token("TX"), type: "Verify", state: "succeeded", orderId: t["order_id"]?.text, amount: "", currency: "",
                paymentMethod: pm)
            if case .decline(let name) = method.behavior.charge {
                tx.state = "failed"
                tx.errorCode = name
            }
            s.transactions[tx.token] = tx
            return Self.render(tx)
        }
    }
}
