public import CheckoutDomain
public import Foundation

/// A checked flow: what the YAML said, typed, with defaults filled in (SPEC §2).
package struct FlowDefinition: Sendable {
    /// The flow id (`^[a-z0-9][a-z0-9-]*$`).
    public var id: String
    /// The language version (1).
    public var dsl: Int
    /// Human title.
    public var title: String?
    /// Human description.
    public var description: String?
    /// The provider the flow runs against (default: the offline sandbox).
    public var provider: ProviderSettings
    /// What the checkout asks for and charges.
    public var request: CheckoutRequest
    /// Base currency and rates, when the flow sets its own (else the provider's).
    public var currencies: CurrencyTable?
    /// Tax rates by region, applied when the shipping address is known.
    public var tax: TaxTable
    /// The merchant's tax service (`taxService`), called by the `taxUpdate` step instead of
    /// the `tax` table; nil: none.
    package var taxService: TaxService?
    /// Colours, fonts and radii for the front ends.
    public var theme: Theme
    /// Per-field presence and custom fields.
    public var fields = FieldSettings()
    /// Accepted brands and card-field settings.
    public var cards = CardSettings()
    /// The flow's own texts in other languages (`translations`), by `ShopperLocale.tag`.
    package var translations: [String: FlowTexts] = [:]

    /// The flow's own texts a shopper of `locale` reads: the translation's where it has one.
    package func texts(for locale: ShopperLocale) -> FlowTexts {
        translations[locale.tag] ?? FlowTexts()
    }

    /// Creates a flow definition.
    public init(
        id: String, dsl: Int = 1, title: String? = nil, description: String? = nil,
        provider: ProviderSettings = ProviderSettings(), request: CheckoutRequest = CheckoutRequest(),
        currencies: CurrencyTable? = nil, tax: TaxTable = TaxTable(), theme: Theme = Theme()
    ) {
        self.id = id
        self.dsl = dsl
        self.title = title
        self.description = description
        self.provider = provider
        self.request = request
        self.currencies = currencies
        self.tax = tax
        self.theme = theme
    }
}

/// The providers a flow can name (SPEC §7).
public enum ProviderName: String, Sendable, CaseIterable {
    /// The built-in offline sandbox, or a real provider over HTTP.
    case sandbox, bluesnap, spreedly, maxpay
}

/// `provider`: which provider, where, and which environment variables hold its credentials.
public struct ProviderSettings: Sendable {
    /// The provider.
    public var name: ProviderName = .sandbox
    /// Overrides the provider's base URL.
    public var baseURL: String?
    /// Credential name → environment variable name (from `${env:NAME}`); never the secret itself.
    public var credentials: [String: String] = [:]
    /// How the `signature` hook signs requests (Maxpay); nil when the flow does not sign.
    package var signature: RequestSigning?
    /// `provider.returnURLs`: the merchant's 3-D Secure pages (Maxpay's `redirect_url` and
    /// `callback_url`); nil: the adapter's placeholders.
    package var returnURLs: ReturnURLs?
    /// `provider.paypalCurrencies`: the merchant's PayPal currencies; nil: PayPal's own list.
    package var payPalCurrencies: Set<String>?
    /// `provider.applePay`: the Apple Pay merchant identifier and pay line; nil: none set.
    package var applePay: ApplePaySettings?
    /// `provider.requireTermsConsent`: the review screen asks the shopper to accept the
    /// provider's terms of use and privacy policy (Maxpay's SDKs' checkbox) before paying.
    package var requireTermsConsent = false

    /// Creates provider settings.
    public init(name: ProviderName = .sandbox, baseURL: String? = nil, credentials: [String: String] = [:]) {
        self.name = name
        self.baseURL = baseURL
        self.credentials = credentials
    }
}

/// `currencies`: a base currency and the rate of each other currency per base unit.
public struct CurrencyTable: Sendable, Hashable {
    /// The base currency (rate 1).
    public var base: Currency
    /// Units of each currency per one unit of `base`.
    public var rates: [String: Decimal]

    /// Creates a table.
    public init(base: Currency, rates: [String: Decimal]) {
        self.base = base
        self.rates = rates
    }

    /// The rate of `code`: 1 for the base, nil when the table has none.
    public func rate(of code: String) -> Decimal? {
        code == base.code ? 1 : rates[code]
    }
}
