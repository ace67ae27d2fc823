import CheckoutDomain
import Foundation

extension FlowCompiler {
    /// `amount` of a `capture` or `refund` step: a decimal above 0, in the transaction's
    /// currency (partial capture or refund); other steps take none.
    static func compileAmount(_ f: Fields, kind: StepKind, path: StagePath, into d: StageDraft, _ ctx: inout CompileContext) {
        guard let n = f["amount"], let amount = ctx.nonNegativeDecimal(n, path: "\(path).amount") else { return }
        guard kind == .capture || kind == .refund else {
            ctx.report(
                .unknownKey, "'amount' is only for the capture and refund steps, not '\(kind.rawValue)'", at: f.keyRange("amount"),
                notes: [kind == .void ? "a void reverses the whole authorization" : "it says how much of the transaction to move"])
            return
        }
        guard amount.value > 0 else {
            ctx.report(
                .outOfRange, "'\(path).amount' must be more than 0; leave it out to \(kind.rawValue) all that is left", at: n.range)
            return
        }
        d.stage.amount = amount.value
        d.amountRange = n.range
    }

    /// Amounts of capture and refund steps have no more decimals than the request's currency
    /// allows (`amount-precision`, as `request.price.amount`).
    static func checkStepAmounts(_ drafts: [StageDraft], flow: FlowDefinition, _ ctx: inout CompileContext) {
        let currency = flow.request.price.currency
        for d in drafts {
            guard let amount = d.amount, let range = d.amountRange, amount.fractionDigits > currency.minorUnits else { continue }
            ctx.report(
                .amountPrecision,
                "the amount of \(UserText.quoted(d.stage.id)) has \(amount.fractionDigits) decimal\(amount.fractionDigits == 1 ? "" : "s") but \(currency.code) allows \(currency.minorUnits)",
                at: range)
        }
    }
}
