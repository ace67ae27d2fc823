import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

/// `capture`, `void` and `refund` steps (docs/language.md, "Capture, void and refund"): they
/// act on the run's transaction, exactly once like a charge — the idempotency key is written
/// to the journal (`capture.sent`, `void.sent`, `refund.sent`) before the request is sent, and
/// kept across retries and a resumed run.
extension RunSession {
    /// What a settlement step asks the provider, or why the runtime refuses it unasked.
    private enum Plan {
        case send(PaymentOperation)
        case refuse(code: String, amount: Money?)
    }

    nonisolated(nonsending) func settle(_ kind: StepKind, stage: StageRef, visit: Int) async throws -> StageResult {
        let sentEvent = "\(kind.rawValue).sent"
        let sent = runner.journal?.entry(sentEvent, stage: stage.id, visit: visit)?.fields["idempotencyKey"]
        let key = sent ?? (runner.idempotencyKeys ?? runner.random).hex(32)
        var operation: PaymentOperation
        switch plan(kind, amount: stage.amount, key: key) {
        case .refuse(let code, let amount):
            let record = TransactionOperation(kind: kind.rawValue, id: "", status: "DECLINED", amount: amount, declineCode: code)
            return finish(kind, record, stage: stage, visit: visit)
        case .send(let op): operation = op
        }
        if stage.hooks.contains(.signature), let signing = runner.flow.definition.provider.signature {
            operation.signed = try await sign(operation, with: signing, stage: stage.id)
        }
        if let sent {
            if let event = TraceEventName.resent(kind) {
                emit(event, stage: stage.id, attributes: [JSONMember("idempotencyKey", .string(sent))])
            }
        } else {
            try journal(
                JournalEntry(
                    sentEvent, stage: stage.id, visit: visit, fields: ["idempotencyKey": key, "transactionId": operation.transactionId]))
        }
        let outcome = try await withRetry(stage, operation) { p, op in
            switch op.kind {
            case .capture: try await p.capture(op)
            case .void: try await p.void(op)
            case .refund: try await p.refund(op)
            }
        }
        let record: TransactionOperation
        switch outcome {
        case .approved(let t):
            record = TransactionOperation(kind: kind.rawValue, id: t.id, status: "APPROVED", amount: operation.amount)
        case .declined(let code, let t):
            record = TransactionOperation(kind: kind.rawValue, id: t.id, status: "DECLINED", amount: operation.amount, declineCode: code)
        }
        return finish(kind, record, stage: stage, visit: visit)
    }

    /// Applies the operation's outcome to the transaction, journals it and ends the step.
    private func finish(_ kind: StepKind, _ record: TransactionOperation, stage: StageRef, visit: Int) -> StageResult {
        let result = apply(kind, record)
        var fields = ["kind": record.kind, "operationId": record.id, "operationStatus": record.status]
        fields["declineCode"] = record.declineCode
        if let amount = record.amount {
            fields["amount"] = DecimalText.format(amount.amount, scale: amount.currency.minorUnits)
            fields["currency"] = amount.currency.code
        }
        // Written after the answer: a failure here no longer changes the run (journal(_:)).
        try? journal(JournalEntry("step.done", stage: stage.id, visit: visit, fields: fields))
        var more: [JSONMember] = []
        if let amount = record.amount {
            more.append(JSONMember("amount", .number(DecimalText.format(amount.amount, scale: amount.currency.minorUnits))))
        }
        if let code = record.declineCode { more.append(JSONMember("declineCode", .string(code))) }
        endStep(
            stage.id, kind, outcome: record.status == "APPROVED" ? "approved" : "declined",
            transaction: record.id.isEmpty ? nil : record.id, more)
        return result
    }

    /// A journaled settlement step, applied again in a resumed run.
    func restoreSettlement(_ kind: StepKind, _ f: [String: String]) -> (StageResult, String)? {
        guard let status = f["operationStatus"], let id = f["operationId"] else { return nil }
        var amount: Money?
        if let text = f["amount"], let value = DecimalText.parse(text)?.value, let currency = f["currency"].flatMap(Currency.iso) {
            amount = Money(amount: value, currency: currency)
        }
        let record = TransactionOperation(kind: kind.rawValue, id: id, status: status, amount: amount, declineCode: f["declineCode"])
        return (apply(kind, record), status == "APPROVED" ? "approved" : "declined")
    }

    /// The transaction after the operation: amounts, status (`CAPTURED`, `VOIDED`, `REFUNDED`,
    /// `PARTIALLY_REFUNDED`) and the operations list; a declined one sets `declineCode`.
    private func apply(_ kind: StepKind, _ record: TransactionOperation) -> StageResult {
        transaction?.operations.append(record)
        guard record.status == "APPROVED" else {
            declineCode = record.declineCode
            return .end(.declined)
        }
        // A refusal a route went on from stays in `declineCode` (the transaction's operations
        // tell the whole story); only a new charge clears it.
        guard var t = transaction else { return .next }
        let moved = record.amount?.amount ?? 0
        switch kind {
        case .capture:
            t.capturedAmount = moved
            t.status = "CAPTURED"
        case .void:
            t.status = "VOIDED"
        default:
            let refunded = (t.refundedAmount ?? 0) + moved
            t.refundedAmount = refunded
            t.status = refunded >= settledAmount(of: t) ? "REFUNDED" : "PARTIALLY_REFUNDED"
        }
        transaction = t
        return .next
    }

    /// What a refund can give back in all: the capture of an authorization, else the sale.
    private func settledAmount(of t: Transaction) -> Decimal {
        chargeStep == .authorize ? (t.capturedAmount ?? 0) : (t.amount?.amount ?? 0)
    }

    /// Checks the step against the transaction (docs/language.md lists the codes) and builds
    /// the request: capture and void act on the authorization, a refund on the capture when
    /// there was one, else on the sale.
    private func plan(_ kind: StepKind, amount: Decimal?, key: String) -> Plan {
        let opKind: PaymentOperation.Kind = kind == .capture ? .capture : kind == .void ? .void : .refund
        guard let t = transaction, t.status != "DECLINED", let total = t.amount else {
            return .refuse(code: "no_transaction", amount: nil)
        }
        let currency = total.currency
        let wanted = amount.map { Money(amount: $0, currency: currency) }
        if let wanted, wanted.amount.fractionDigits > currency.minorUnits { return .refuse(code: "invalid_amount", amount: wanted) }
        let isAuthorization = chargeStep == .authorize
        let captured = t.capturedAmount != nil
        let voided = t.status == "VOIDED"
        var target = t.id
        let available: Decimal?
        switch opKind {
        case .capture:
            guard isAuthorization, !captured, !voided else { return .refuse(code: "not_capturable", amount: wanted) }
            available = total.amount
        case .void:
            guard isAuthorization, !captured, !voided else { return .refuse(code: "not_voidable", amount: nil) }
            available = nil
        case .refund:
            let remaining = settledAmount(of: t) - (t.refundedAmount ?? 0)
            guard !voided, !isAuthorization || captured, remaining > 0 else { return .refuse(code: "not_refundable", amount: wanted) }
            if let capture = t.operations.last(where: { $0.kind == StepKind.capture.rawValue && $0.status == "APPROVED" }),
                !capture.id.isEmpty
            {
                target = capture.id
            }
            available = remaining
        }
        if let wanted, let available, wanted.amount > available { return .refuse(code: "amount_too_large", amount: wanted) }
        let moved = available.map { wanted ?? Money(amount: $0, currency: currency) }
        return .send(
            PaymentOperation(
                kind: opKind, transactionId: target, original: t, amount: moved, isFull: wanted == nil || wanted?.amount == available,
                idempotencyKey: key, card: tokenized))
    }
}
