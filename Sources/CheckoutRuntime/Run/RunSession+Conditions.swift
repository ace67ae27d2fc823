import CheckoutDomain
import CheckoutLanguage
import Foundation

extension RunSession {
    /// The value of a condition name now; nil when it is unset (its screen was skipped, or
    /// the shopper left it empty). The compiler checked every name and its type, and resolved
    /// each (`PipelineStage.guardCondition`); the `switch` has no `default`, so a
    /// `ConditionName` added without a value here does not compile.
    func conditionValue(_ name: ConditionName) -> ConditionValue? {
        switch name {
        case .paymentMethod: return paymentMethod.map { .symbol($0.rawValue) }
        case .priceAmount: return price.amount.map(ConditionValue.decimal)
        case .priceTaxAmount: return .decimal(price.taxAmount)
        case .priceTotal: return price.total.map { .decimal($0.amount) }
        case .priceCurrency: return .text(price.currency.code)
        case .cardBrand: return (card?.brand ?? tokenized?.brand).map { .symbol($0.rawValue) }
        case .cardStoreCard: return storeCard.map(ConditionValue.bool)
        case .cardCountry: return tokenized.map { .text($0.issuingCountry) }
        case .shippingSameAsBilling: return .bool(sameAsBilling)
        case .threeDSResult: return threeDS.map { .symbol($0.rawValue) }
        case .declineCode: return declineCode.map(ConditionValue.text)
        case .requestMode: return .symbol(request.mode.rawValue)
        case .requestTransactionType: return .symbol(request.transactionType.rawValue)
        case .requestShopperId: return request.shopperId.map(ConditionValue.text)
        case .requestPriceAmount: return request.price.amount.map(ConditionValue.decimal)
        case .requestPriceCurrency: return .text(request.price.currency.code)
        case .requestFlag(let flag): return .bool(request[keyPath: flag.keyPath])
        case .address(let section, let part): return address(section == .billing ? billing : shipping, part)
        case .outcome(let stage):
            guard let index = runner.flow.pipeline.index(of: stage), index < stageRecords.count else { return nil }
            return stageRecords[index].outcome.map { .symbol($0.rawValue) }
        case .custom(let id):
            guard let v = custom[id] else { return nil }
            let field = runner.flow.definition.fields.custom.first { $0.id == id }
            return field?.options == nil ? .text(v) : .symbol(v)
        }
    }

    private func address(_ a: Address?, _ part: ConditionName.AddressPart) -> ConditionValue? {
        guard let a else { return nil }
        let value: String? =
            switch part {
            case .country: a.country
            case .state: a.state
            case .zip: a.zip
            case .city: a.city
            }
        return value.flatMap { $0.isEmpty ? nil : .text($0) }
    }
}
