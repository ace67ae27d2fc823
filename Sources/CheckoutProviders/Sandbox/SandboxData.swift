import CheckoutDomain
package import CheckoutLanguage
package import CheckoutRuntime
import Foundation

/// The sandbox's fixed data: the stored shopper and the currency rates (SPEC §7). Public so
/// that the fake providers' servers serve the same shopper and rates.
package enum SandboxData {
    /// The challenge code that passes 3DS in the sandbox.
    public static let challengeCode = "1234"

    /// Shopper `20848977`: John Doe, US / NY / 10001, saved Visa 1111 and Mastercard 4444.
    public static let shopper = StoredShopper(
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

    /// USD-based rates, written as text and read by `DecimalText` like every other amount.
    public static let rates = CurrencyTable(
        base: .usd,
        rates: [
            "EUR": "0.92", "GBP": "0.79", "CAD": "1.36", "JPY": "151.50", "ILS": "3.71", "BRL": "5.05",
            "AUD": "1.52", "CHF": "0.88", "BHD": "0.376",
        ].compactMapValues { DecimalText.parse($0)?.value })

    /// The private key the sandbox checks Maxpay signatures with. Public on purpose, like a
    /// provider's test keys: it signs nothing real. docs/sandbox.md.
    public static let maxpayPrivateKey = "sandbox-maxpay-private-key"
}
