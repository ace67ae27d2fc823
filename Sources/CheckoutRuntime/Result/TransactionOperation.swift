public import CheckoutDomain
import CheckoutJSON
import Foundation

/// A capture, void or refund tried on the run's transaction, as the result reports it in
/// `transaction.operations` (docs/running.md).
public struct TransactionOperation: Sendable, Hashable {
    /// `capture`, `void` or `refund`.
    public var kind: String
    /// The provider's id for the operation (empty when the runtime refused it before asking).
    public var id: String
    /// `APPROVED` or `DECLINED`.
    public var status: String
    /// What it moved (nil for a void).
    public var amount: Money?
    /// Why it was refused, when it was.
    public var declineCode: String?
    /// Creates an operation.
    public init(kind: String, id: String, status: String, amount: Money?, declineCode: String? = nil) {
        self.kind = kind
        self.id = id
        self.status = status
        self.amount = amount
        self.declineCode = declineCode
    }
}

extension CheckoutResult {
    /// `capturedAmount`, `refundedAmount` and `operations` of the result's `transaction`.
    static func addOperations(of t: Transaction, to o: inout JSONObjectBuilder) {
        let scale = t.amount?.currency.minorUnits ?? 2
        if let captured = t.capturedAmount { o.add("capturedAmount", .number(DecimalText.format(captured, scale: scale))) }
        if let refunded = t.refundedAmount { o.add("refundedAmount", .number(DecimalText.format(refunded, scale: scale))) }
        guard !t.operations.isEmpty else { return }
        o.add(
            "operations",
            .array(
                t.operations.map { op in
                    var j = JSONObjectBuilder()
                    j.add("kind", op.kind)
                    if !op.id.isEmpty { j.add("id", op.id) }
                    j.add("status", op.status)
                    if let amount = op.amount {
                        j.add("amount", .number(DecimalText.format(amount.amount, scale: amount.currency.minorUnits)))
                    }
                    j.add("declineCode", op.declineCode)
                    return j.value
                }))
    }
}
