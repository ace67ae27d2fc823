/// A name a condition reads (docs/language.md, "Conditions"): the one list of them. The
/// compiler types each name from it (`ConditionNames`), and the runtime answers each with a
/// `switch` that has no `default`, so a name added here without a value at run time, or
/// without a type at compile time, does not compile.
package enum ConditionName: Hashable, Sendable {
    case requestFlag(RequestFlag)
    case requestMode, requestTransactionType, requestShopperId, requestPriceAmount, requestPriceCurrency
    case priceAmount, priceTaxAmount, priceTotal, priceCurrency
    case paymentMethod
    case cardBrand, cardStoreCard, cardCountry
    case address(AddressSection, AddressPart)
    case shippingSameAsBilling
    case threeDSResult
    case declineCode
    /// `outcome.<id>`: how the step `id` ended.
    case outcome(stage: String)
    /// `custom.<id>`: the custom field `id`.
    case custom(field: String)

    /// The boolean flags of `request`, read as `request.<flag>`.
    public enum RequestFlag: String, CaseIterable, Sendable {
        case withEmail, fullBilling, withShipping, allowCurrencyChange, hideStoreCardSwitch, activate3DS, processFailed3DS,
            subscription

        /// Where the flag is in a request.
        public var keyPath: any KeyPath<CheckoutRequest, Bool> & Sendable {
            switch self {
            case .withEmail: \.withEmail
            case .fullBilling: \.fullBilling
            case .withShipping: \.withShipping
            case .allowCurrencyChange: \.allowCurrencyChange
            case .hideStoreCardSwitch: \.hideStoreCardSwitch
            case .activate3DS: \.activate3DS
            case .processFailed3DS: \.processFailed3DS
            case .subscription: \.subscription
            }
        }
    }

    /// The addresses conditions read.
    public enum AddressSection: String, CaseIterable, Sendable { case billing, shipping }
    /// The parts of an address conditions read.
    public enum AddressPart: String, CaseIterable, Sendable { case country, state, zip, city }

    /// Every name but the flow's own (`outcome.<id>`, `custom.<id>`), in the order the docs list them.
    public static let fixed: [ConditionName] =
        RequestFlag.allCases.map(ConditionName.requestFlag)
        + [
            .requestMode, .requestTransactionType, .requestShopperId, .requestPriceAmount, .requestPriceCurrency, .priceAmount,
            .priceTaxAmount, .priceTotal, .priceCurrency, .paymentMethod, .cardBrand, .cardStoreCard, .cardCountry,
        ]
        + AddressSection.allCases.flatMap { s in AddressPart.allCases.map { ConditionName.address(s, $0) } }
        + [.shippingSameAsBilling, .threeDSResult, .declineCode]

    private static let byText: [String: ConditionName] = Dictionary(uniqueKeysWithValues: fixed.map { ($0.text, $0) })

    /// The name as a condition writes it: `request.withEmail`, `billing.zip`, `outcome.verify`.
    public var text: String {
        switch self {
        case .requestFlag(let flag): "request.\(flag.rawValue)"
        case .requestMode: "request.mode"
        case .requestTransactionType: "request.transactionType"
        case .requestShopperId: "request.shopperId"
        case .requestPriceAmount: "request.price.amount"
        case .requestPriceCurrency: "request.price.currency"
        case .priceAmount: "price.amount"
        case .priceTaxAmount: "price.taxAmount"
        case .priceTotal: "price.total"
        case .priceCurrency: "price.currency"
        case .paymentMethod: "paymentMethod"
        case .cardBrand: "card.brand"
        case .cardStoreCard: "card.storeCard"
        case .cardCountry: "card.country"
        case .address(let section, let part): "\(section.rawValue).\(part.rawValue)"
        case .shippingSameAsBilling: "shipping.sameAsBilling"
        case .threeDSResult: "threeDS.result"
        case .declineCode: "declineCode"
        case .outcome(let stage): "outcome.\(stage)"
        case .custom(let field): "custom.\(field)"
        }
    }

    /// The name `text` writes; nil when no condition can read it.
    public init?(_ text: String) {
        if let name = Self.byText[text] {
            self = name
        } else if let stage = Self.suffix(of: text, after: "outcome.") {
            self = .outcome(stage: stage)
        } else if let field = Self.suffix(of: text, after: "custom.") {
            self = .custom(field: field)
        } else {
            return nil
        }
    }

    /// What follows `prefix` in `text`, byte for byte; nil when `text` does not start with it
    /// or nothing follows.
    private static func suffix(of text: String, after prefix: String) -> String? {
        let u = text.utf8
        guard u.count > prefix.utf8.count, u.starts(with: prefix.utf8) else { return nil }
        return String(decoding: u.dropFirst(prefix.utf8.count), as: UTF8.self)
    }
}
