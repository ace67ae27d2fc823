import CheckoutDomain

/// An enumeration of the language whose every value has a one-line summary: editors show it
/// beside the value (`markdownEnumDescriptions` in the JSON Schema, docs/language.md "Editor
/// support"). A switch per type, so a new case does not compile without its words.
package protocol DescribedCases: CaseIterable, RawRepresentable where RawValue == String {
    /// What the value means, in Markdown.
    var summary: String { get }
}

extension ValueShape {
    /// One of the raw values of a described enumeration, in case order, with their summaries.
    public static func cases<E: DescribedCases>(_: E.Type) -> ValueShape {
        .enumeration(E.allCases.map(\.rawValue), descriptions: E.allCases.map(\.summary))
    }
}

extension ScreenKind: DescribedCases {
    package var summary: String {
        switch self {
        case .paymentMethod: "the shopper chooses how to pay (`methods`: card, PayPal, Apple Pay, a stored card)"
        case .savedCard: "a returning shopper picks one of the stored cards (`request.shopperId`)"
        case .creditCard: "the card is typed: number, expiry, CVV and, when asked, the holder's name"
        case .billing: "billing details: name, email, address, city, zip, country, state, phone as `fields` ask"
        case .shipping: "shipping details (`withShipping`); its `hooks: [tax]` recompute tax"
        case .currency: "the shopper may switch currency (`allowCurrencyChange`)"
        case .review: "the shopper sees the total and confirms the payment"
        case .form: "the flow's custom fields (`fields.custom`), or those the screen lists"
        case .cardScan: "the card is scanned, as Jumio BAM Checkout does (`cardScan` settings)"
        case .threeDSChallenge: "the 3-D Secure challenge a `threeDS` step shows when the issuer asks"
        case .result: "the result the run ends with"
        }
    }
}

extension StepKind: DescribedCases {
    package var summary: String {
        switch self {
        case .createToken: "obtain a checkout token from the provider (BlueSnap `generateTokenFunc`); first in most flows"
        case .tokenize: "send the card to the provider's vault under the token; needs a card screen before it"
        case .threeDS: "3-D Secure authentication; outcomes `success`, `failed`, `canceled`"
        case .taxUpdate: "recompute tax from the shipping address (the tax table, or `taxService`)"
        case .currencyUpdate: "convert the price to the currency the shopper chose"
        case .sale: "charge: capture now; `declined` is routable"
        case .authorize: "charge: authorize only, to capture later"
        case .subscribe: "start a subscription charge (`request.subscription`)"
        case .walletPayment: "pay through the wallet the shopper chose (PayPal, Apple Pay)"
        case .storeShopper: "store the shopper's chosen method without paying (`mode: choosePayment`)"
        case .capture: "capture an authorization, in full or in part (`amount`)"
        case .void: "reverse an authorization that has not been captured"
        case .refund: "refund a sale or a capture, in full or in part (`amount`)"
        }
    }
}

extension PaymentMethodKind: DescribedCases {
    package var summary: String {
        switch self {
        case .card: "a new card, typed or scanned"
        case .paypal: "PayPal: the wallet holds the card and the addresses"
        case .applePay: "Apple Pay: the wallet holds the card and the addresses"
        case .savedCard: "a card stored for a returning shopper"
        }
    }
}

extension TransactionType: DescribedCases {
    package var summary: String {
        switch self {
        case .sale: "charge now"
        case .auth: "authorize only (a zero amount is a card check)"
        case .sale3d: "charge now, after 3-D Secure"
        case .auth3d: "authorize only, after 3-D Secure"
        case .none: "stop after tokenizing: the merchant's server charges the token (`paymentMethodToken`)"
        }
    }
}

extension CheckoutMode: DescribedCases {
    package var summary: String {
        switch self {
        case .checkout: "pay now"
        case .choosePayment: "store the shopper's chosen method without paying"
        case .createPayment: "pay with the method chosen before (`request.shopperId`)"
        }
    }
}

extension ThemePreset: DescribedCases {
    package var summary: String {
        switch self {
        case .standard: "the default look, for light backgrounds; follows a dark terminal"
        case .dark: "light text for dark backgrounds; follows a light terminal"
        case .highContrast: "pure colours, bold, no dim text; never changed by the flow's colours or the terminal"
        }
    }
}

extension FieldPresence: DescribedCases {
    package var summary: String {
        switch self {
        case .required: "asked, and must be answered"
        case .optional: "asked; may be left empty"
        case .hidden: "not asked; an answer for it is refused (`not_offered`)"
        }
    }
}
