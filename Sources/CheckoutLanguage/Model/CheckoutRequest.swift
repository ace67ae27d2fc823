package import CheckoutDomain
package import Foundation

/// BlueSnap's three entry points (SPEC §3 `mode`).
package enum CheckoutMode: String, Sendable, CaseIterable {
    /// Pay now.
    case checkout
    /// Store the shopper's chosen method without paying.
    case choosePayment
    /// Pay with the stored choice.
    case createPayment
}

/// What the final provider step does (SPEC §3 `transactionType`).
package enum TransactionType: String, Sendable, CaseIterable {
    case sale, auth, sale3d, auth3d, none

    /// True for the types that require 3-D Secure.
    public var requires3DS: Bool { self == .sale3d || self == .auth3d }
}

/// `request.price`.
package struct Price: Sendable, Hashable {
    /// Purchase amount; nil only for a subscription without a price.
    public var amount: Decimal?
    /// Tax amount.
    public var taxAmount: Decimal
    /// Currency.
    public var currency: Currency

    /// Creates a price.
    public init(amount: Decimal?, taxAmount: Decimal = 0, currency: Currency = .usd) {
        self.amount = amount
        self.taxAmount = taxAmount
        self.currency = currency
    }
}

/// `request`: what the checkout asks for (SPEC §3), defaults applied.
package struct CheckoutRequest: Sendable {
    public var price = Price(amount: nil)
    public var withEmail = true
    public var fullBilling = false
    public var withShipping = false
    public var allowCurrencyChange = true
    public var hideStoreCardSwitch = false
    public var activate3DS = false
    public var processFailed3DS = false
    public var mode = CheckoutMode.checkout
    public var subscription = false
    /// The merchant's PayPal currencies (`provider.paypalCurrencies`, copied here by the
    /// compiler); nil: PayPal's own list (`PaymentMethodKind.payPalCurrencies`).
    package var payPalCurrencies: Set<String>?
    public var transactionType = TransactionType.sale
    /// A returning shopper's id at the provider.
    public var shopperId: String?
    /// Billing details already collected.
    public var prefillBilling: Address?
    /// Shipping details already collected.
    public var prefillShipping: Address?
    /// The fraud session id, when the flow fixes one (else one is generated per run).
    public var fraudSessionId: String?
    /// The merchant's order reference (`orderId`), sent with the charge.
    public var orderId: String?
    /// The merchant's own key-value data (`metadata`), sent with the charge where the provider
    /// takes it.
    public var metadata: [String: String] = [:]
    /// The shopper's IP address (`customer.ip`), sent with the charge.
    public var customerIP: String?
    /// The shopper's language (`locale`): a supported locale, nil for `auto` or no key — then
    /// the run's own say (`--locale`, a scenario's `locale`) or the environment decides.
    public var locale: ShopperLocale?

    /// Creates a request with SPEC defaults.
    public init() {}

    /// True when 3-D Secure runs for card payments.
    public var uses3DS: Bool { activate3DS || transactionType.requires3DS }

    /// The field rules the billing screen applies.
    public var addressRequirements: AddressRequirements {
        AddressRequirements(withEmail: withEmail, fullBilling: fullBilling)
    }

    /// "Shipping same as billing" is offered when both full billing and shipping are asked for.
    public var offersSameAsBilling: Bool { fullBilling && withShipping }

    /// Whether PayPal can be offered: not for subscriptions, not for a checkout of zero (a card
    /// check: PayPal refuses an order of zero), and only in the merchant's PayPal currencies
    /// (`provider.paypalCurrencies`, else PayPal's).
    public func offersPayPal(currency: String) -> Bool {
        !subscription && !isZeroCheck && payPalAccepts(currency)
    }

    /// A checkout whose price is zero with no tax: a card check (`transactionType: auth` of
    /// zero, or `none`; a sale of zero does not compile, `zero-amount`). No wallet, no currency
    /// change: nothing is paid (docs/language.md, "A price of zero").
    package var isZeroCheck: Bool { mode == .checkout && price.amount == 0 && price.taxAmount == 0 }

    /// Whether the merchant's PayPal takes `currency`.
    package func payPalAccepts(_ currency: String) -> Bool {
        (payPalCurrencies ?? PaymentMethodKind.payPalCurrencies).contains(currency)
    }

    /// The merchant's PayPal currencies, sorted (for messages).
    package var payPalCurrencyList: [String] { (payPalCurrencies ?? PaymentMethodKind.payPalCurrencies).sorted() }
}
