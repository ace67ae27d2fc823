import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

extension RunSession {
    /// A wallet payment (PayPal, Apple Pay) under one idempotency key, as a charge is: drawn
    /// once, written to the journal before the payment is sent (`wallet.sent`), and reused by
    /// every retry and by a run resumed from that journal — so a payment whose answer was lost
    /// is asked for again under the same key, and the provider answers with the first payment
    /// instead of paying twice.
    nonisolated(nonsending) func payWithWallet(stage: StageRef, visit: Int) async throws -> StageResult {
        guard let method = paymentMethod, let total = price.total else { return .next }
        let sent = runner.journal?.entry("wallet.sent", stage: stage.id, visit: visit)?.fields["idempotencyKey"]
        let key = sent ?? (runner.idempotencyKeys ?? runner.random).hex(32)
        if let sent {
            emit(.walletResent, stage: stage.id, attributes: [JSONMember("idempotencyKey", .string(sent))])
        } else {
            try journal(
                JournalEntry("wallet.sent", stage: stage.id, visit: visit, fields: ["method": method.rawValue, "idempotencyKey": key]))
        }
        let outcome = try await withRetry(stage, (method, total, key)) { p, a in
            try await p.walletPayment(a.0, amount: a.1, idempotencyKey: a.2)
        }
        transaction = outcome.transaction
        chargeStep = nil
        invoiceId = outcome.invoiceId
        var fields = Self.fields(of: outcome.transaction)
        if let invoice = outcome.invoiceId { fields["invoiceId"] = invoice }
        try journal(JournalEntry("step.done", stage: stage.id, visit: visit, fields: fields))
        endStep(stage.id, .walletPayment, outcome: "success", transaction: outcome.transaction.id, applePaySheet(method))
        return .next
    }

    /// What the Apple Pay sheet showed (`provider.applePay`): the merchant identifier and the
    /// total's label, for the trace; nothing for PayPal.
    func applePaySheet(_ method: PaymentMethodKind) -> [JSONMember] {
        guard method == .applePay else { return [] }
        let settings = runner.flow.definition.provider.applePay ?? ApplePaySettings()
        var members: [JSONMember] = []
        if let id = settings.merchantIdentifier { members.append(JSONMember("merchantIdentifier", .string(id))) }
        members.append(JSONMember("payLine", .string(settings.totalLabel)))
        return members
    }
}
