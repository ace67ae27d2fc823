import CheckoutDomain
import CheckoutJSON
import CheckoutProviders
import Foundation

/// Spreedly's capture, void and credit (its refund) of a transaction, as its Ruby client sends
/// them (spreedly/spreedly-gem 6f2987fe, lib/spreedly/urls.rb `capture_url`,
/// `void_transaction_url`, `refund_transaction_url`; environment.rb `capture_body`,
/// `refund_body`: an optional `amount` in minor units and `currency_code`, none for a void).
/// Each answers a new transaction (`Capture`, `Void`, `Credit`) with its own token: succeeded
/// (200), or failed (422) with the gateway's `error_code`. A second capture of one
/// authorization answers the first, as the fake's 3-D Secure captures always did.
extension FakeSpreedly {
    /// The captures, voids and refunds this fake approved.
    public var settlementBook: FakeSettlementBook { state.withLock { $0.settlements } }

    /// `POST v1/transactions/{token}/capture.json`, `void.json`, `credit.json`; nil for other paths.
    func settle(_ p: [String], body: JSONValue) -> ServerResponse? {
        guard p.count == 3, p[0] == "transactions", ["capture.json", "void.json", "credit.json"].contains(p[2]) else { return nil }
        let token = p[1]
        let amount = body["transaction"]?["amount"]?.text.flatMap { Decimal(string: $0) }
        return state.withLock { s -> ServerResponse in
            guard let target = s.transactions[token], target.state == "succeeded" else { return Self.errors(422, "errors.invalid_state") }
            if p[2] == "capture.json", let done = s.captures[token], let tx = s.transactions[done] { return Self.render(tx) }
            if s.settlements.entries[token] == nil {
                s.settlements.charged(
                    token, authorizationOnly: target.type == "Authorization", amount: Decimal(string: target.amount) ?? 0,
                    behavior: s.methods[target.paymentMethod]?.behavior)
            }
            let (prefix, type) = p[2] == "capture.json" ? ("CP", "Capture") : p[2] == "void.json" ? ("VD", "Void") : ("CR", "Credit")
            let id = s.token(prefix)
            let answer: FakeSettlementBook.Answer
            switch type {
            case "Capture": answer = s.settlements.capture(token, amount: amount, captureId: id)
            case "Void": answer = s.settlements.void(token)
            default: answer = s.settlements.refund(token, amount: amount)
            }
            var tx = Tx(
                token: id, type: type, state: "succeeded", orderId: body["transaction"]?["order_id"]?.text,
                amount: amount.map { "\($0)" } ?? target.amount, currency: target.currency, paymentMethod: target.paymentMethod)
            switch answer {
            case .approved(let moved):
                if let moved { tx.amount = "\(moved)" }
                if type == "Capture" {
                    s.captures[token] = id
                    if let i = s.ledger.firstIndex(where: { $0.token == token }) { s.ledger[i].captureToken = id }
                }
            case .declined(let code), .refused(let code):
                tx.state = "failed"
                tx.errorCode = code
            }
            s.transactions[id] = tx
            return Self.render(tx)
        }
    }
}
