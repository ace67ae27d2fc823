import CheckoutDomain
import CheckoutJSON
public import CheckoutRuntime
import Foundation

/// Capture, authorization reversal and refund through BlueSnap's Payment API
/// (developers.bluesnap.com, "Capture", "Auth Reversal", "Refund"): `PUT
/// services/2/transactions` with `cardTransactionType` `CAPTURE` (with `amount` only for a
/// partial capture) or `AUTH_REVERSAL` and the authorization's `transactionId`; a refund is `PUT
/// services/2/transactions/{transactionId}/refund`, with `amount` as a query parameter for a
/// partial one, answered 204 without a body (so the operation's id is the refunded
/// transaction's). Every request carries an `Idempotency-Key` made from the run's key. A 400
/// with code 14002 is a decline, named as charges' are.
extension BlueSnapProvider {
    package func capture(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        var body = JSONObjectBuilder()
        body.add("cardTransactionType", "CAPTURE")
        body.add("transactionId", operation.transactionId)
        if !operation.isFull, let amount = operation.amount {
            body.add("amount", .number(DecimalText.format(amount.amount, scale: amount.currency.minorUnits)))
        }
        return try await send(operation, "transactions", query: [], body: body.value)
    }

    package func void(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        var body = JSONObjectBuilder()
        body.add("cardTransactionType", "AUTH_REVERSAL")
        body.add("transactionId", operation.transactionId)
        return try await send(operation, "transactions", query: [], body: body.value)
    }

    package func refund(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        var query: [(String, String)] = []
        if let amount = operation.amount, !operation.isFull || operation.original.refundedAmount != nil {
            query.append(("amount", DecimalText.format(amount.amount, scale: amount.currency.minorUnits)))
        }
        return try await send(operation, "transactions/\(operation.transactionId)/refund", query: query, body: nil)
    }

    private func send(_ op: PaymentOperation, _ path: String, query: [(String, String)], body: JSONValue?) async throws -> ChargeOutcome {
        let key = String(SHA256.hex(SHA256.digest(Array((op.idempotencyKey + "|" + op.transactionId).utf8))).prefix(32))
        let response = try await api.send("PUT", path, query: query, auth: .basic, body: body, idempotencyKey: key)
        let what = "the \(op.kind.rawValue.lowercased())"
        if response.isSuccess {
            var id = op.transactionId
            if response.status != 204, !response.body.isEmpty {
                id = try api.json(response, what)["transactionId"]?.text ?? id
            }
            return .approved(Transaction(id: id, type: op.kind.rawValue, status: "APPROVED", amount: op.amount))
        }
        let errors = BlueSnapAPI.errors(in: response.body)
        if let decline = errors.first(where: { $0.code == "14002" && !BlueSnapAPI.transientNames.contains($0.name) }) {
            let code = BlueSnapAPI.declineCodes[decline.name] ?? decline.name.lowercased()
            return .declined(code: code, transaction: decline.transaction(id: op.transactionId, type: op.kind.rawValue, amount: op.amount))
        }
        throw api.failure(response, what)
    }
}
