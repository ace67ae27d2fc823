import CheckoutDomain
import CheckoutJSON
public import CheckoutRuntime
import Foundation

/// Capture, void and refund through Spreedly's transaction API, as its Ruby client sends them
/// (spreedly/spreedly-gem 6f2987fe, lib/spreedly/environment.rb `capture_transaction`,
/// `void_transaction`, `refund_transaction`; urls.rb: `transactions/{token}/capture`, `void`,
/// `credit`), in the JSON form this adapter uses for purchases (`.json`, a `transaction`
/// object). `amount` (minor units) and `currency_code` go only with a partial capture and a
/// refund of less than all; `order_id` carries the run's key, hashed. The answer is a new
/// transaction: succeeded → approved (its token is the operation's id), failed → declined
/// with the gateway's `error_code`.
extension SpreedlyProvider {
    package func capture(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        try await settle(operation, action: "capture.json")
    }

    package func void(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        try await settle(operation, action: "void.json")
    }

    package func refund(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        try await settle(operation, action: "credit.json")
    }

    private func settle(_ op: PaymentOperation, action: String) async throws -> ChargeOutcome {
        var t = JSONObjectBuilder()
        let partial = !op.isFull || (op.kind == .refund && op.original.refundedAmount != nil)
        if let amount = op.amount, op.kind != .void, partial {
            t.add("amount", .number(SpreedlyCardType.minorUnits(amount)))
            t.add("currency_code", amount.currency.code)
        }
        t.add("order_id", Self.digest(op.idempotencyKey + "|" + op.transactionId))
        let what = "the \(op.kind.rawValue.lowercased())"
        let response = try await api.post("transactions/\(op.transactionId)/\(action)", body: Self.wrap(t))
        let tx = try api.transaction(response, what)
        switch tx.state {
        case "succeeded":
            return .approved(
                Transaction(
                    id: tx.token, type: op.kind.rawValue, status: "APPROVED", amount: op.amount, responseMessage: tx.responseMessage))
        case "failed":
            return .declined(
                code: tx.errorCode ?? "\(op.kind.rawValue.lowercased())_failed",
                transaction: Transaction(
                    id: tx.token, type: op.kind.rawValue, status: "DECLINED", amount: op.amount, responseCode: tx.errorCode,
                    responseMessage: tx.responseMessage))
        case _ where tx.isTransient:
            throw ProviderError(.transient, "Spreedly's gateway gave no definite answer to \(what) (\(tx.state))")
        default:
            throw ProviderError(.rejected, "Spreedly answered \(what) with state \(SpreedlyAPI.isWord(tx.state) ? tx.state : "?")")
        }
    }
}
