/// The ways a shopper can pay (SPEC §9 `paymentMethod` answers).
public enum PaymentMethodKind: String, Sendable, Hashable, CaseIterable {
    /// A new card typed (or scanned) by the shopper.
    case card
    /// PayPal: the wallet holds card and address details.
    case paypal
    /// Apple Pay: the wallet holds card and address details.
    case applePay
    /// A card stored for a returning shopper.
    case savedCard

    /// True for PayPal and Apple Pay, which skip the card, billing and shipping screens.
    public var isWallet: Bool { self == .paypal || self == .applePay }

    /// The result's `paymentType`: `CC`, `PAYPAL` or `APPLE_PAY`.
    public var paymentType: String {
        switch self {
        case .card, .savedCard: "CC"
        case .paypal: "PAYPAL"
        case .applePay: "APPLE_PAY"
        }
    }

    /// Every `paymentType` a result can have, in this order: `CC`, `PAYPAL`, `APPLE_PAY`.
    public static let paymentTypes: [String] = allCases.map(\.paymentType).reduce(into: []) { types, type in
        if !types.contains(type) { types.append(type) }
    }

    /// Currencies PayPal accepts from any merchant (PayPal's REST currency list; SPEC §7 names
    /// the minimum). BRL and MYR are left out: PayPal takes them only from in-country accounts.
    public static let payPalCurrencies: Set<String> = [
        "AUD", "CAD", "CNY", "CZK", "DKK", "EUR", "HKD", "HUF", "ILS", "JPY", "MXN",
        "TWD", "NZD", "NOK", "PHP", "PLN", "GBP", "SGD", "SEK", "CHF", "THB", "USD",
    ]
}
