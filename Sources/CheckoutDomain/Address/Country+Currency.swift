extension Country {
    /// The country whose national currency `currency` is, read from the code as ISO 4217 builds
    /// it: a national currency's code starts with its country's ISO 3166-1 alpha-2 code (`GBP`
    /// → `GB`, `JPY` → `JP`, `BRL` → `BR`). Nil for the codes that start with no assigned
    /// country: supranational currencies (`EUR`, `XOF`, `XCD`) and those of countries that no
    /// longer exist (`ANG`).
    ///
    /// The terminal's address forms start the country list here when nothing was prefilled: a
    /// GBP checkout starts at United Kingdom, a EUR one at no country (the shopper picks one).
    public static func home(of currency: Currency) -> String? {
        let code = String(currency.code.prefix(2))
        return isValid(code) ? code : nil
    }
}
