import CheckoutDomain

extension ConditionName {
    /// What the name holds and when it is known, in the words of docs/language.md's table of
    /// names (for the language server's completion). No `default`: a new name needs its words.
    package var summary: String {
        switch self {
        case .requestFlag(let flag): "bool: the request's `\(flag.rawValue)`; known from the start"
        case .requestMode: "the request's `mode`: \(Self.words(CheckoutMode.allCases.map(\.rawValue))); known from the start"
        case .requestTransactionType:
            "the request's `transactionType`: \(Self.words(TransactionType.allCases.map(\.rawValue))); known from the start"
        case .requestShopperId: "text: the request's `shopperId`; known from the start"
        case .requestPriceAmount: "number: the request's price amount; known from the start"
        case .requestPriceCurrency: "currency code: the request's price currency; known from the start"
        case .priceAmount: "number: the amount as the run changes it (currency, tax); known from the start"
        case .priceTaxAmount: "number: the tax as the run changes it; known from the start"
        case .priceTotal: "number: amount plus tax as the run changes them; known from the start"
        case .priceCurrency: "currency code: the currency as the run changes it; known from the start"
        case .paymentMethod:
            "the method chosen: \(Self.words(PaymentMethodKind.allCases.map(\.rawValue))); known after the `paymentMethod` screen (always, without one)"
        case .cardBrand: "a brand of `cards.accept`; known after a `creditCard`, `cardScan` or `savedCard` screen"
        case .cardStoreCard: "bool: the shopper stores the card; known after a `creditCard`, `cardScan` or `savedCard` screen"
        case .cardCountry: "country code: the card's issuing country; known after `tokenize`"
        case .address(let section, let part):
            "\(part == .country ? "country code" : "text"): the \(section.rawValue) address's \(part.rawValue); known after a `\(section.rawValue)` screen"
        case .shippingSameAsBilling: "bool: shipping is the billing address; known after a `billing` screen"
        case .threeDSResult: "the 3-D Secure result (`AUTHENTICATION_SUCCEEDED`, …); known after `threeDS`"
        case .declineCode: "text: the provider's decline code; known after a charge step"
        case .outcome(let stage):
            "how the step `\(stage)` ended: \(Self.words(StageOutcome.allCases.map(\.rawValue))); known after that step"
        case .custom(let field):
            "the custom field `\(field)`'s answer (text, or one of its `options`); known after a `form` screen asking it"
        }
    }

    private static func words(_ values: [String]) -> String { values.map { "`\($0)`" }.joined(separator: " ") }
}
