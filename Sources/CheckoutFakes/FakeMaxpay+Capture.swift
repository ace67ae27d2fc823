import CheckoutDomain
import CheckoutProviders
import Foundation

/// Maxpay's `SETTLE`, `VOID` and `REFUND` (its Android SDK's `TransactionType`,
/// maxpay/payment-sdk-android 35cc7e9a): a signed `api/cc` request without card data, naming
/// the earlier transaction by its `reference`, with `amount` and `currency` for a partial
/// settle or refund. Answered as charges are: `success` with a new `reference`, or `decline`
/// with this fake's codes (`MaxpayCodes`: 3007–3012); a `transaction_unique_id` seen before
/// gets its first answer.
extension FakeMaxpay {
    /// The captures, voids and refunds this fake approved.
    public var settlementBook: FakeSettlementBook { state.withLock { $0.settlements } }

    /// The answer to a `SETTLE`, `VOID` or `REFUND`; nil for any other transaction type.
    func settle(_ fields: [String: String], key: String) -> ServerResponse? {
        let type = (fields["transaction_type"] ?? "").uppercased()
        guard ["SETTLE", "VOID", "REFUND"].contains(type) else { return nil }
        guard !key.isEmpty, let reference = fields["reference"], !reference.isEmpty else {
            return answer(
                MaxpayResponse(status: "error", code: MaxpayCodes.validationError.code, message: "reference or transaction id missing"))
        }
        let amount = fields["amount"].flatMap { Decimal(string: $0) }
        return state.withLock { s -> ServerResponse in
            if let first = s.answered[key] {
                return ServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: first)
            }
            s.nextReference += 1
            let id = "mxr_\(s.nextReference)"
            let result: FakeSettlementBook.Answer =
                switch type {
                case "SETTLE": s.settlements.capture(reference, amount: amount, captureId: id)
                case "VOID": s.settlements.void(reference)
                default: s.settlements.refund(reference, amount: amount)
                }
            let response: MaxpayResponse
            switch result {
            case .approved:
                let ok = MaxpayCodes.success
                response = MaxpayResponse(status: "success", code: ok.code, message: ok.message, reference: id, transactionUniqueId: key)
            case .declined(let name), .refused(let name):
                let e = MaxpayCodes.code(forDecline: name)
                response = MaxpayResponse(status: "decline", code: e.code, message: e.message, reference: id, transactionUniqueId: key)
            }
            s.answered[key] = response.json()
            return answer(response)
        }
    }
}

extension FakeSettlementBook {
    /// Records an approved Maxpay charge: `AUTH`/`AUTH3D` are authorizations.
    mutating func charged(_ reference: String, type: String?, amount: String?, behavior: SandboxCardBehavior) {
        guard let amount, let value = Decimal(string: amount) else { return }
        charged(reference, authorizationOnly: (type ?? "").uppercased().hasPrefix("AUTH"), amount: value, behavior: behavior)
    }
}
