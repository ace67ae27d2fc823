import CheckoutDomain
import CheckoutLanguage
import Foundation

/// The sandbox's fixed data: the stored shopper and the currency rates (SPEC §7).
enum SandboxData {
    /// The challenge code that passes 3DS in the sandbox.
    static let challengeCode = "1234"

    /// Shopper `20848977`: John Doe, US / NY / 10001, saved Visa 1111 and Mastercard 4444.
    static let shopper = StoredShopper(
        id: "20848977",
        billing: Address(
            name: "John Doe", email: "john@example.com", address: "350 Fifth Avenue", city: "New York",
            zip: "10001", country: "US", state: "NY"),
        shipping: Address(
            name: "John Doe", address: "350 Fifth Avenue", city: "New York", zip: "10001", country: "US", state: "NY"),
        savedCards: [
            StoredCard(brand: .visa, last4: "1111", expiry: CardExpiry(month: 12, year: 2030)),
            StoredCard(brand: .mastercard, last4: "4444", expiry: CardExpiry(month: 6, year: 2031)),
        ],
        chosenCardLast4: "1111")

    /// USD-based rates.
    static let rates = CurrencyTable(
        base: .usd,
        rates: [
            "EUR": Decimal(string: "0.92") ?? 1, "GBP": Decimal(string: "0.79") ?? 1,
            "CAD": Decimal(string: "1.36") ?? 1, "JPY": Decimal(string: "151.50") ?? 1,
            "ILS": Decimal(string: "3.71") ?? 1, "BRL": Decimal(string: "5.05") ?? 1,
            "AUD": Decimal(string: "1.52") ?? 1, "CHF": Decimal(string: "0.88") ?? 1,
            "BHD": Decimal(string: "0.376") ?? 1,
        ])
}
