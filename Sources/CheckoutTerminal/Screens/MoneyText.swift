package import CheckoutDomain

/// Amounts as a shopper reads them: `$26.52`, `€23.00`, `1,000 JPY` style fallbacks.
package enum MoneyText {
    private static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "CHF": "CHF ",
        "INR": "₹", "BRL": "R$", "MXN": "MX$", "ILS": "₪", "KRW": "₩", "CNY": "CN¥", "HKD": "HK$", "SGD": "S$",
    ]

    /// The amount with its currency's symbol, or its code after the number.
    package static func format(_ money: Money) -> String {
        let number = DecimalText.format(money.amount, scale: money.currency.minorUnits)
        if let symbol = symbols[money.currency.code] { return symbol + number }
        return number + " " + money.currency.code
    }
}
