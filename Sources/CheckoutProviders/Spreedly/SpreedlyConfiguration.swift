package import CheckoutDomain
package import Foundation

/// Where Spreedly is, how to sign in and which gateway charges: the base URL (Spreedly's one
/// API host unless overridden), the environment key and access secret as Basic-auth
/// credentials, and the gateway token that purchases and authorizations go through. Read from
/// the environment by `ProviderFactory`; never printed (`BasicCredentials` redacts itself).
package struct SpreedlyConfiguration: Sendable {
    /// Spreedly's API host: the default base URL (Spreedly has no separate sandbox host; a test
    /// gateway in the same environment plays that part).
    public static let defaultURL = URL(string: "https://core.spreedly.com")!

    /// The base URL; the API lives under `v1/` below it.
    public var baseURL: URL
    /// The environment key (user name) and access secret (password).
    public var credentials: BasicCredentials
    /// The gateway token purchases and authorizations go through.
    public var gatewayToken: String
    /// How long one HTTP request may take.
    public var requestTimeout: Duration
    /// Where an offsite (PayPal) purchase sends the shopper back and Spreedly posts its
    /// callback: the purchase's `redirect_url` and `callback_url`. A headless run serves no
    /// page, so the default is a placeholder on a reserved domain (docs/providers.md).
    public var offsiteReturnURL: URL

    /// The default `offsiteReturnURL`: `.invalid` never resolves (RFC 2606).
    public static let defaultOffsiteReturnURL = URL(string: "https://checkout.invalid/spreedly/offsite")!

    /// Creates a configuration.
    public init(
        baseURL: URL = SpreedlyConfiguration.defaultURL, credentials: BasicCredentials, gatewayToken: String,
        requestTimeout: Duration = .seconds(30), offsiteReturnURL: URL = SpreedlyConfiguration.defaultOffsiteReturnURL
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.gatewayToken = gatewayToken
        self.requestTimeout = requestTimeout
        self.offsiteReturnURL = offsiteReturnURL
    }
}

/// Spreedly's `card_type` names and the brands they stand for.
package enum SpreedlyCardType {
    /// The `card_type` Spreedly reports for `brand` (`visa`, `master`, `american_express`,
    /// `union_pay`, …: the raw values of `CardBrand` in `spreedly/mobile-sdk-ios`); a brand that SDK
    /// does not name (Mir, Hiper, Hipercard, Troy, Verve) goes by our raw value.
    public static func name(of brand: CardBrand) -> String {
        switch brand {
        case .visa: "visa"
        case .mastercard: "master"
        case .americanExpress: "american_express"
        case .dinersClub: "diners_club"
        case .discover: "discover"
        case .jcb: "jcb"
        case .unionpay: "union_pay"
        case .maestro: "maestro"
        case .elo: "elo"
        case .naranja: "naranja"
        default: brand.rawValue
        }
    }

    /// The brand of a `card_type`; nil for a name not known here.
    public static func brand(named name: String) -> CardBrand? {
        CardBrand.allCases.first { Self.name(of: $0) == name }
    }

    /// The amount in minor units as Spreedly's integer `amount` (25.00 USD → `2500`).
    public static func minorUnits(_ money: Money) -> String {
        var scaled = money.amount
        for _ in 0..<money.currency.minorUnits { scaled *= 10 }
        return DecimalText.format(scaled, scale: 0)
    }
}
