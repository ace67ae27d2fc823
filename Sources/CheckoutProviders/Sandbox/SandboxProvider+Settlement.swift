import CheckoutDomain
public import CheckoutRuntime
import Foundation

/// An approved charge as the sandbox settles it: what was authorized or sold, captured,
/// refunded, and the test card's behaviour for captures and refunds.
struct SandboxSettlement: Sendable {
    var authorizationOnly: Bool
    var amount: Decimal
    var captured: Decimal?
    var refunded: Decimal = 0
    var voided = false
    var behavior: SandboxCardBehavior
}

/// Captures, voids and refunds (docs/sandbox.md): idempotent per key; a capture answers a new
/// transaction id, which a refund of it names; cards 4000 0000 0000 0655 and 0770 decline the
/// capture and the refund. Amounts over what is left are refused, as the providers do.
extension SandboxProvider {
    func recordSettlement(_ t: Transaction, kind: ChargeRequest.Kind, behavior: SandboxCardBehavior) {
        guard let amount = t.amount?.amount else { return }
        settlements[t.id] = SandboxSettlement(authorizationOnly: kind == .authorization, amount: amount, behavior: behavior)
    }

    public func capture(_ operation: PaymentOperation) async throws -> ChargeOutcome { try await settleLate(operation) }
    public func void(_ operation: PaymentOperation) async throws -> ChargeOutcome { try await settleLate(operation) }
    public func refund(_ operation: PaymentOperation) async throws -> ChargeOutcome { try await settleLate(operation) }

    /// The operation done at once, its answer after the card's `latency`.
    private func settleLate(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        let behavior = settlements[settledId(operation)]?.behavior ?? cardBehavior(operation)
        let answer = Result { try settle(operation) }
        try await answerLate(behavior)
        return try answer.get()
    }

    /// The transaction `op` settles: a refund of a capture settles the authorization captured.
    private func settledId(_ op: PaymentOperation) -> String {
        op.kind == .refund ? (captureOrigin[op.transactionId] ?? op.transactionId) : op.transactionId
    }

    /// The behaviour of the card `op` names, for a transaction this process did not make.
    private func cardBehavior(_ op: PaymentOperation) -> SandboxCardBehavior { op.card.flatMap { vaulted[$0.token] } ?? .standard }

    private func settle(_ op: PaymentOperation) throws -> ChargeOutcome {
        if let signed = op.signed { try Self.verify(signed, of: op) }
        if let done = operationsByKey[op.idempotencyKey] { return done }
        let id = settledId(op)
        // A transaction this process did not make (a run resumed in a new process): taken from the
        // request (an authorization is AUTH_ONLY, or Maxpay's AUTH or AUTH3D).
        var s =
            settlements[id]
            ?? SandboxSettlement(
                authorizationOnly: op.original.type.hasPrefix("AUTH"), amount: op.original.amount?.amount ?? 0,
                captured: op.original.capturedAmount, refunded: op.original.refundedAmount ?? 0,
                behavior: cardBehavior(op))
        let attempt = attemptsByKey[op.idempotencyKey, default: 0] + 1
        attemptsByKey[op.idempotencyKey] = attempt
        if s.behavior.failsTransiently(op.kind.callOperation, attempt: attempt) {
            throw ProviderError(
                .transient, "the processor could not complete the \(op.kind.callOperation.rawValue); retry with the same idempotency key")
        }
        let amount = op.amount?.amount ?? 0
        func declined(_ code: String) -> ChargeOutcome {
            .declined(
                code: code, transaction: Transaction(id: random.digits(10), type: op.kind.rawValue, status: "DECLINED", amount: op.amount))
        }
        let outcome: ChargeOutcome
        switch op.kind {
        case .capture:
            if !s.authorizationOnly || s.captured != nil || s.voided {
                outcome = declined("not_capturable")
            } else if amount > s.amount {
                outcome = declined("amount_too_large")
            } else if let code = s.behavior.captureDecline {
                outcome = declined(code)
            } else {
                s.captured = amount
                outcome = approve(op)
            }
        case .void:
            if !s.authorizationOnly || s.captured != nil || s.voided {
                outcome = declined("not_voidable")
            } else {
                s.voided = true
                outcome = approve(op)
            }
        case .refund:
            let settled = s.authorizationOnly ? (s.captured ?? 0) : s.amount
            if s.voided || settled - s.refunded <= 0 {
                outcome = declined("not_refundable")
            } else if amount > settled - s.refunded {
                outcome = declined("amount_too_large")
            } else if let code = s.behavior.refundDecline {
                outcome = declined(code)
            } else {
                s.refunded += amount
                outcome = approve(op)
            }
        }
        settlements[id] = s
        if op.kind == .capture, case .approved(let t) = outcome { captureOrigin[t.id] = id }
        operationsByKey[op.idempotencyKey] = outcome
        return outcome
    }

    /// A signed capture, void or refund (Maxpay's SETTLE, VOID, REFUND) is checked as a signed
    /// charge is: the sandbox's key over the fields, and the fields this request's.
    static func verify(_ signed: SignedFields, of op: PaymentOperation) throws {
        let f = signed.fields
        let amount = op.amount.map { DecimalText.format($0.amount, scale: $0.currency.minorUnits) }
        guard f["transaction_unique_id"] == op.idempotencyKey, f["reference"] == op.transactionId,
            op.kind == .void || f["amount"] == amount
        else {
            throw ProviderError(.invalidSignature, "the signed fields are not this request's transaction and amount")
        }
        guard signed.signature.lowercased() == MaxpaySignature.sign(f, privateKey: SandboxData.maxpayPrivateKey) else {
            throw ProviderError(.invalidSignature, "the signature does not match the request (signed with another private key?)")
        }
    }

    private func approve(_ op: PaymentOperation) -> ChargeOutcome {
        let t = Transaction(id: random.digits(10), type: op.kind.rawValue, status: "APPROVED", amount: op.amount)
        operationLedger.append(t)
        return .approved(t)
    }
}
