import CheckoutDomain
import Foundation

/// The values the request pins down for the whole run (docs/rules.md, `dead-route`): what the
/// compiler may assume when it decides a `when` without a run.
///
/// - `request.*` never change.
/// - Without a `currencyUpdate` step the price is never converted: `price.currency` and
///   `price.amount` are the request's.
/// - `price.taxAmount` is the request's until a `tax` hook or a `taxUpdate` step sets it from
///   one of the flow's `tax` rates: it can only be the request's or the amount at one of those
///   rates (rounded as at run time); `price.total` is the amount plus one of those. A
///   `taxUpdate` step that calls the flow's `taxService` can set any tax: then both are unknown.
///
/// Every other name (the shopper's answers, the provider's outcomes) is unknown.
final class RequestFacts {
    private let request: CheckoutRequest
    /// The price's possible values; nil when a `currencyUpdate` step can convert it.
    private let fixedPrice: (amount: Decimal?, currency: Currency)?
    /// The tax's possible amounts, worked out the first time a condition names `price.taxAmount`
    /// or `price.total` (a Decimal division per rate: most of a 2 MB tax table's check when it
    /// was made for every flow with a `when`, issue 21). nil: any (a tax service answers it).
    private lazy var taxes: [Decimal]? = possibleTaxes()
    private let flow: FlowDefinition
    private let taxed: Bool
    private let answered: Bool

    init(flow: FlowDefinition, drafts: [StageDraft]) {
        let r = flow.request
        request = r
        self.flow = flow
        // One pass over the stages (a flow may have many).
        var (taxed, answered, converted) = (false, false, false)
        for d in drafts {
            taxed = taxed || d.stage.kind == .step(.taxUpdate) || d.hooks.contains(.tax)
            answered = answered || d.callsTaxService
            converted = converted || d.stage.kind == .step(.currencyUpdate)
        }
        (self.taxed, self.answered) = (taxed, answered)
        fixedPrice = converted ? nil : (r.price.amount, r.price.currency)
    }

    private func possibleTaxes() -> [Decimal]? {
        guard fixedPrice != nil, !answered else { return nil }
        let r = request
        var taxes = [r.price.taxAmount]
        if taxed, let amount = r.price.amount {
            // Each distinct amount once, in the order of the rates: a set, not a search of the
            // list per rate, which grew with the square of a big tax table (issue 21).
            var seen: Set<Decimal> = [r.price.taxAmount]
            for rate in flow.tax.rates {
                let tax = Tax.amount(on: Money(amount: amount, currency: r.price.currency), percent: rate.percent).amount
                if seen.insert(tax).inserted { taxes.append(tax) }
            }
        }
        return taxes
    }

    /// Every value `name` can have during a run (nil in the list: unset); nil when unknown.
    func values(of name: String) -> [ConditionValue?]? {
        // `request.…`, not a copy of the whole request per call.
        switch ConditionName(name) {
        case .requestFlag(let flag)?: return [.bool(request[keyPath: flag.keyPath])]
        case .requestMode?: return [.symbol(request.mode.rawValue)]
        case .requestTransactionType?: return [.symbol(request.transactionType.rawValue)]
        case .requestShopperId?: return [request.shopperId.map(ConditionValue.text)]
        case .requestPriceAmount?: return [request.price.amount.map(ConditionValue.decimal)]
        case .requestPriceCurrency?: return [.text(request.price.currency.code)]
        case .priceCurrency?: return fixedPrice.map { [.text($0.currency.code)] }
        case .priceAmount?: return fixedPrice.map { [$0.amount.map(ConditionValue.decimal)] }
        case .priceTaxAmount?: return taxes.map { $0.map(ConditionValue.decimal) }
        case .priceTotal?:
            guard let price = fixedPrice, let taxes else { return nil }
            guard let amount = price.amount else { return [nil] }
            return taxes.map { .decimal(amount + $0) }
        default: return nil
        }
    }

    /// What the compiler knows of `name`, in words (`price.total is 25.00 or 27.22 USD`); nil
    /// when it knows nothing.
    func words(for name: String) -> String? {
        guard let values = values(of: name) else { return nil }
        let scale = fixedPrice?.currency.minorUnits ?? request.price.currency.minorUnits
        let shown = values.map { value -> String in
            switch value {
            case .decimal(let d)?: DecimalText.format(d, scale: scale)
            case .bool(let b)?: "\(b)"
            case .text(let s)?, .symbol(let s)?: s
            case nil: "unset"
            }
        }
        let listed = shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " or " + (shown.last ?? "")
        let code = fixedPrice?.currency.code ?? request.price.currency.code
        if values.allSatisfy({ $0 == nil }) { return "\(name) is never set (the request does not set it)" }
        switch ConditionName(name) {
        case .priceTotal?, .priceTaxAmount?:
            return "\(name) can only be \(listed) \(code) (the request's price, plus the tax at one of the flow's 'tax' rates)"
        case .priceAmount?: return "\(name) is always \(listed) \(code) (no 'currencyUpdate' step converts the price)"
        case .priceCurrency?: return "\(name) is always \(listed) (no 'currencyUpdate' step converts the price)"
        default: return "\(name) is always \(listed) (the request's)"
        }
    }
}

extension FlowCompiler {
    /// A `when` the request decides: a stage that never runs, or one that is never skipped, is
    /// an edge no input can take (`dead-route`, a warning at the condition). Returns, per
    /// stage, the value its guard always has (nil: it depends on the run). `numbers` are
    /// `checkConditions`' per stage: a condition met before is decided once.
    static func checkDeadGuards(_ drafts: [StageDraft], numbers: [Int32], facts: RequestFacts, _ ctx: inout CompileContext) -> [Bool?] {
        // Per number: nil until decided, then the value (itself nil when the run decides).
        var decided = [Bool??](repeating: nil, count: drafts.count)
        return drafts.indices.map { i in
            let number = Int(numbers[i])
            let earlier = number >= 0 ? decided[number] : nil
            // Decided before to depend on the run: the stage is not read again.
            if let earlier, earlier == nil { return nil }
            let d = drafts[i]
            guard let condition = d.stage.condition else { return nil }
            let value = earlier ?? condition.fixedValue { facts.values(of: $0) }
            if number >= 0 { decided[number] = value }
            // A condition comes from a `when`, whose place is read for the finding.
            guard let value, let node = d.when else { return nil }
            let known = condition.names.sorted().compactMap { facts.words(for: $0) }
            let id = UserText.quoted(d.stage.id)
            // Fixed by its own literals alone: `constant-condition` has said so already.
            guard !known.isEmpty else { return value }
            let message =
                value
                ? "the 'when' of \(id) is always true: \(id) always runs, and the route that skips it is never taken"
                : "the 'when' of \(id) is always false: \(id) never runs, nor do its routes"
            ctx.report(
                .deadRoute, message, at: node.range, severity: .warning,
                notes: known + [value ? "remove the 'when', or make it depend on the run" : "remove the stage, or change the condition"])
            return value
        }
    }
}
