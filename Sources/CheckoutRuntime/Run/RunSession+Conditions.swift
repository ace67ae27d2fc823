import CheckoutDomain
import CheckoutLanguage
import Foundation

extension RunSession {
    /// The value of a condition name now; nil when it is unset (its screen was skipped, or
    /// the shopper left it empty). The compiler checked every name and its type.
    func conditionValue(_ name: String) -> ConditionValue? {
        let r = request
        switch name {
        case "paymentMethod": return paymentMethod.map { .symbol($0.rawValue) }
        case "price.amount": return price.amount.map(ConditionValue.decimal)
        case "price.taxAmount": return .decimal(price.taxAmount)
        case "price.total": return price.total.map { .decimal($0.amount) }
        case "price.currency": return .text(price.currency.code)
        case "card.brand": return (card?.brand ?? tokenized?.brand).map { .symbol($0.rawValue) }
        case "card.storeCard": return storeCard.map(ConditionValue.bool)
        case "card.country": return tokenized.map { .text($0.issuingCountry) }
        case "shipping.sameAsBilling": return .bool(sameAsBilling)
        case "threeDS.result": return threeDS.map { .symbol($0.rawValue) }
        case "declineCode": return declineCode.map(ConditionValue.text)
        case "request.mode": return .symbol(r.mode.rawValue)
        case "request.transactionType": return .symbol(r.transactionType.rawValue)
        case "request.shopperId": return r.shopperId.map(ConditionValue.text)
        case "request.price.amount": return r.price.amount.map(ConditionValue.decimal)
        case "request.price.currency": return .text(r.price.currency.code)
        default: break
        }
        if let flag = ConditionNames.requestFlags.first(where: { "request.\($0.name)" == name }) {
            return .bool(r[keyPath: flag.keyPath])
        }
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "billing": return address(billing, parts[1])
        case "shipping": return address(shipping, parts[1])
        case "outcome":
            guard let index = runner.flow.pipeline.index(of: parts[1]), index < stageRecords.count else { return nil }
            return stageRecords[index].outcome.map { .symbol($0.rawValue) }
        case "custom":
            guard let v = custom[parts[1]] else { return nil }
            let field = runner.flow.definition.fields.custom.first { $0.id == parts[1] }
            return field?.options == nil ? .text(v) : .symbol(v)
        default: return nil
        }
    }

    private func address(_ a: Address?, _ field: String) -> ConditionValue? {
        guard let a else { return nil }
        let value: String? =
            switch field {
            case "country": a.country
            case "state": a.state
            case "zip": a.zip
            case "city": a.city
            default: nil
            }
        return value.flatMap { $0.isEmpty ? nil : .text($0) }
    }
}
