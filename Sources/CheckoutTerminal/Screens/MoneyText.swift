package import CheckoutDomain
import Foundation

/// Amounts as a shopper reads them: `$26.52`, `€23.00`, `1,000 JPY` style fallbacks.
package enum MoneyText {
    private static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "CHF": "CHF ",
        "INR": "₹", "BRL": "R$", "MXN": "MX$", "ILS": "₪", "KRW": "₩", "CNY": "CN¥", "HKD": "HK$", "SGD": "S$",
    ]

    /// The amount as a shopper reading `text`'s language reads it: in English with the currency's symbol or
    /// its code after the number (the table above, as it always was: no locale data is read);
    /// in any other language as the platform's locale data writes it (`25,00 €` in German,
    /// `¥3,788` in Japanese, `R$ 25,00` in Brazilian Portuguese), with the currency's minor units.
    package static func format(_ money: Money, _ text: ShopperText) -> String {
        guard let locale = text.platformLocale else { return format(money) }
        let scale = money.currency.minorUnits
        let style = Decimal.FormatStyle.Currency(code: money.currency.code, locale: locale)
            .precision(.fractionLength(scale))
        return money.amount.formatted(style)
    }

    /// The amount with its currency's symbol, or its code after the number (English).
    package static func format(_ money: Money) -> String {
        let number = DecimalText.format(money.amount, scale: money.currency.minorUnits)
        if let symbol = symbols[money.currency.code] { return symbol + number }
        return number + " " + money.currency.code
    }
}
