import CheckoutDomain
import CheckoutJSON
import CheckoutProviders
import Foundation

/// BlueSnap's capture, authorization reversal and refund (developers.bluesnap.com, Payment API
/// "Capture", "Auth Reversal" and "Refund"): `PUT services/2/transactions` with
/// `cardTransactionType` `CAPTURE` (an optional `amount`: a partial capture) or
/// `AUTH_REVERSAL` and the `transactionId`; `PUT services/2/transactions/{id}/refund` with an
/// optional `amount` query parameter, answered `204 No Content`. A capture keeps the
/// authorization's `transactionId`. Declines are BlueSnap's 400 with code 14002 and the
/// decline's name; a repeated `Idempotency-Key` gets the first answer.
extension FakeBlueSnap {
    /// The captures, reversals and refunds this fake approved.
    public var settlementBook: FakeSettlementBook { state.withLock { $0.settlements } }

    func settle(_ rest: [String], _ request: ServerRequest) -> ServerResponse {
        let key = request.headers["Idempotency-Key"] ?? ""
        return state.withLock { s -> ServerResponse in
            if !key.isEmpty, let done = s.settlements.answeredByKey[key] { return done }
            let response: ServerResponse
            if rest.count == 3 {
                guard rest[2] == "refund" else { return Self.error(404, "NOT_FOUND", "404", "no such API") }
                let amount = request.query("amount").flatMap { Decimal(string: $0) }
                response = Self.answer(s.settlements.refund(rest[1], amount: amount), id: rest[1], type: "REFUND", noContent: true)
            } else {
                guard let body = JSONParser.parse(request.body), let id = body["transactionId"]?.text else {
                    return Self.error(400, "MISSING_ARGUMENTS", "16001", "transactionId is required")
                }
                switch body["cardTransactionType"]?.text {
                case "CAPTURE":
                    let amount = body["amount"]?.text.flatMap { Decimal(string: $0) }
                    response = Self.answer(s.settlements.capture(id, amount: amount), id: id, type: "CAPTURE")
                case "AUTH_REVERSAL":
                    response = Self.answer(s.settlements.void(id), id: id, type: "AUTH_REVERSAL")
                default:
                    return Self.error(400, "INVALID_CARD_TRANSACTION_TYPE", "10000", "cardTransactionType is not valid here")
                }
            }
            if !key.isEmpty { s.settlements.answeredByKey[key] = response }
            return response
        }
    }

    private static func answer(_ answer: FakeSettlementBook.Answer, id: String, type: String, noContent: Bool = false) -> ServerResponse {
        switch answer {
        case .approved(let moved):
            if noContent { return ServerResponse(status: 204, headers: [:], body: Data()) }
            var o = JSONObjectBuilder()
            o.add("transactionId", id)
            o.add("cardTransactionType", type)
            if let moved { o.add("amount", .number("\(moved)")) }
            var info = JSONObjectBuilder()
            info.add("processingStatus", "success")
            o.add("processingInfo", info.value)
            return ServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: o.value.data)
        case .declined(let code), .refused(let code):
            return error(400, code.uppercased(), "14002", "The transaction was declined")
        }
    }
}

extension FakeSettlementBook {
    /// Records an approved BlueSnap charge with an amount, and the behaviour of its token's card.
    mutating func charged(
        _ id: String, authorizationOnly: Bool, amount: String?, token: String?, tokens: [String: FakeBlueSnap.TokenState]
    ) {
        guard let amount, let value = Decimal(string: amount) else { return }
        charged(id, authorizationOnly: authorizationOnly, amount: value, behavior: token.flatMap { tokens[$0]?.behavior })
    }
}
