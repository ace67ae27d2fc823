import CheckoutDomain
import CheckoutJSON
public import CheckoutRuntime
import Foundation

extension MaxpayFields {
    /// The signed fields of a capture, void or refund: Maxpay's `SETTLE`, `VOID` and `REFUND`
    /// transaction types (its Android SDK's `TransactionType`, maxpay/payment-sdk-android
    /// 35cc7e9a), the earlier transaction's `reference`, and `amount` and `currency` (none for a
    /// void). The field naming the earlier transaction is not in the SDKs (they only charge):
    /// `reference` is the name Maxpay's answers give it (docs/providers.md, known issues).
    package static func of(_ operation: PaymentOperation) -> [String: String] {
        var f: [String: String] = [
            "api_version": "1",
            "auth_type": "bySignature",
            "transaction_unique_id": operation.idempotencyKey,
            "transaction_type": type(operation.kind),
            "reference": operation.transactionId,
        ]
        if let amount = operation.amount, operation.kind != .void {
            f["amount"] = DecimalText.format(amount.amount, scale: amount.currency.minorUnits)
            f["currency"] = amount.currency.code
        }
        return f
    }

    /// `SETTLE`, `VOID` or `REFUND`.
    package static func type(_ kind: PaymentOperation.Kind) -> String {
        switch kind {
        case .capture: "SETTLE"
        case .void: "VOID"
        case .refund: "REFUND"
        }
    }
}

/// Capture (`SETTLE`), void and refund as one signed `POST api/cc` each, like a charge but
/// without card data; answered as charges are (`MaxpayResponse`): `success` → approved (the
/// operation's id is its `reference`), `decline` → declined with the code's name, `error` → a
/// `ProviderError` (a transient one retried under the same `transaction_unique_id`).
extension MaxpayProvider {
    package func capture(_ operation: PaymentOperation) async throws -> ChargeOutcome { try await settle(operation) }
    package func void(_ operation: PaymentOperation) async throws -> ChargeOutcome { try await settle(operation) }
    package func refund(_ operation: PaymentOperation) async throws -> ChargeOutcome { try await settle(operation) }

    private func settle(_ op: PaymentOperation) async throws -> ChargeOutcome {
        guard let signed = op.signed else {
            throw ProviderError(.signatureFailed, "a Maxpay \(MaxpayFields.type(op.kind)) needs the step's `signature` hook")
        }
        let body = Self.signedBody(signed, publicKey: configuration.publicKey)
        let response = try await transport.send(
            HTTPRequest(
                method: "POST", url: endpoint(), headers: ["Content-Type": "application/json", "Accept": "application/json"],
                body: body.value.data),
            timeout: configuration.requestTimeout)
        if response.status >= 500 { throw HTTPFailure.serverFailure(status: response.status, host: host) }
        let answer = try MaxpayResponse(json: response.body)
        if let echoed = answer.transactionUniqueId, echoed != op.idempotencyKey {
            throw ProviderError(.rejected, "Maxpay answered for another transaction (\(echoed))")
        }
        let type = MaxpayFields.type(op.kind)
        switch answer.status.lowercased() {
        case "success":
            let t = Transaction(
                id: answer.reference ?? op.transactionId, type: type, status: "APPROVED", amount: op.amount,
                responseCode: answer.code.map(String.init))
            return .approved(t)
        case "decline":
            let t = Transaction(
                id: answer.reference ?? "", type: type, status: "DECLINED", amount: op.amount, responseCode: answer.code.map(String.init))
            return .declined(code: answer.code.map(MaxpayCodes.declineCode(for:)) ?? MaxpayCodes.cardDeclined.name, transaction: t)
        default:
            let number = answer.code.map { " \($0)" } ?? ""
            throw ProviderError(
                answer.code.map(MaxpayCodes.errorCode(for:)) ?? .rejected, "Maxpay error\(number): \(ProviderText.masked(answer.message))"
            )
        }
    }
}
