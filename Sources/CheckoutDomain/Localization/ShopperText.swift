package import Foundation

/// What a shopper reads, in their language (`ShopperLocale`): texts by key from the catalogues,
/// and field problems translated by their code.
///
/// Field problems are made in English by the validators (`FieldIssue.message`), and stay
/// English in results, traces and reports (a result is locale-free). A front end shows them in
/// the shopper's language with `problem(code:message:)`: the English catalogue holds each
/// message as a template under `problem.CODE…`, the message is matched against the templates of
/// its code, and the same key's translation is filled in with the values it carried (a brand, a
/// count, a country — a country's name in the shopper's language, from the platform's locale
/// data). A message no template matches is shown as it is, in English.
package struct ShopperText: Sendable {
    /// The language.
    package let locale: ShopperLocale
    /// The platform's locale of a language other than English, made once: its data (names,
    /// number formats) is read on first use. Nil for English, which reads none.
    package let platformLocale: Locale?

    /// Texts in `locale`.
    package init(_ locale: ShopperLocale) {
        self.locale = locale
        platformLocale = locale.isEnglish ? nil : Locale(identifier: locale.tag)
    }

    /// English.
    package static let english = ShopperText(.english)

    /// The text of `key` with `arguments` in its placeholders; the English one when the
    /// catalogue has none; the key itself when no catalogue has it (a mistake the catalogue
    /// test catches).
    package func callAsFunction(_ key: String, _ arguments: String...) -> String {
        ShopperCatalogue.format(Self.template(key, locale), arguments)
    }

    private static func template(_ key: String, _ locale: ShopperLocale) -> String {
        ShopperCatalogue.text(key, tag: locale.tag) ?? ShopperCatalogue.text(key, tag: "en") ?? key
    }

    /// The field problem with code `code` and English text `message`, in the shopper's
    /// language; `message` itself in English or when no template of the code matches it.
    package func problem(code: String, message: String) -> String {
        guard !locale.isEnglish, let templates = ShopperCatalogue.problems[code] else { return message }
        for template in templates {
            guard let arguments = template.arguments(in: message) else { continue }
            let target = Self.template(template.key, locale)
            return ShopperCatalogue.format(target, template.positions.isEmpty ? [] : arguments.map(term))
        }
        return message
    }

    /// A value inside an English problem, in the shopper's language: a word the catalogue has
    /// (`term.…`), a country's name, or text whose `or`, `to`, `digits` and commas are translated
    /// (`16, 18 or 19`); anything else (a number, a brand) as it is.
    package func term(_ english: String) -> String {
        if let word = ShopperCatalogue.text("term." + english, tag: locale.tag) { return word }
        if let code = Country.allCodes.first(where: { Country.name($0) == english }) { return countryName(code) ?? english }
        var text = english
        for (word, spelled) in [("or", " or "), ("to", " to "), ("digits", " digits"), ("comma", ", ")] where text.contains(spelled) {
            text = text.replacingOccurrences(of: spelled, with: self("term.\(word)"))
        }
        return text
    }

    /// The name of the country `code` (ISO 3166-1 alpha-2) in the shopper's language, from
    /// the platform's locale data; nil in English (the code's own table, `Country.name`, is
    /// used there) or when the platform has none.
    package func countryName(_ code: String) -> String? {
        platformLocale?.localizedString(forRegionCode: code)
    }

    /// The name of the currency `code` (ISO 4217) in the shopper's language, from the
    /// platform's locale data; nil in English (`Currency.name` is used there) or when the
    /// platform has none.
    package func currencyName(_ code: String) -> String? {
        platformLocale?.localizedString(forCurrencyCode: code)
    }
}
