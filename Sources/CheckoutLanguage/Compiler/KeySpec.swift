public import CheckoutDomain

/// The shape of a value in the flow language: what the compiler accepts for a key. The key
/// tables below are written in these shapes; the compiler checks keys against them, and the
/// docs and `checkout schema` (JSON Schema) are generated from the same tables.
package indirect enum ValueShape: Sendable, Hashable {
    /// Text, optionally constrained by a regular expression and a length.
    case string(pattern: String? = nil, maxLength: Int? = nil)
    /// `true` or `false`, unquoted.
    case bool
    /// A whole number in a range.
    case integer(minimum: Int? = nil, maximum: Int? = nil)
    /// A decimal written as digits (`10`, `10.50`); `exclusiveMinimum` rules out the minimum itself.
    case decimal(minimum: Int? = nil, exclusiveMinimum: Bool = false, maximum: Int? = nil)
    /// One of a fixed set of words, with each word's summary when the type has them
    /// (`DescribedCases`).
    case enumeration([String], descriptions: [String]? = nil)
    /// A mapping with exactly these keys.
    case mapping([KeySpec])
    /// A mapping with any keys and values of any shape (`expect.result`: any part of a JSON
    /// document, checked by its own reader).
    case openMapping
    /// A mapping from names matching `keyPattern` to values of one shape (`tax`, `rates`).
    case dictionary(keyPattern: String, value: ValueShape)
    /// A list of values of one shape.
    case list(ValueShape, unique: Bool = false)
    /// Any of these shapes (a hook written as a name or as a mapping).
    case oneOf([ValueShape])

    /// The shape in the words the docs use.
    public var words: String {
        switch self {
        case .string(let pattern, let max):
            if let pattern { return "string `\(pattern)`" }
            if let max { return "string ≤ \(max)" }
            return "string"
        case .bool: return "bool"
        case .integer: return "integer"
        case .decimal(let min, let exclusive, _):
            guard let min else { return "decimal" }
            return exclusive ? "decimal > \(min)" : "decimal ≥ \(min)"
        case .enumeration(let values, _): return values.joined(separator: " | ")
        case .mapping: return "mapping"
        case .openMapping: return "mapping (any keys)"
        case .dictionary(_, let value): return "mapping of name → \(value.words)"
        case .list(let item, _): return "list of \(item.words)"
        case .oneOf(let shapes): return shapes.map(\.words).joined(separator: " or ")
        }
    }
}

/// One key the language accepts in a mapping: its name, its shape, whether it is required,
/// its default, and a one-line description.
package struct KeySpec: Sendable, Hashable {
    /// The key.
    public let name: String
    /// What the value must be.
    public let shape: ValueShape
    /// Whether the key must be present.
    public let required: Bool
    /// The default, as YAML text, when there is one.
    public let defaultValue: String?
    /// What the key means.
    public let summary: String

    /// Creates a key spec.
    public init(_ name: String, _ shape: ValueShape, required: Bool = false, default defaultValue: String? = nil, _ summary: String) {
        self.name = name
        self.shape = shape
        self.required = required
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// The value's type in the words the docs use.
    public var type: String { shape.words }
}

extension AddressField {
    /// What the field holds, in the words of the docs and the schemas.
    public var summary: String {
        switch self {
        case .name: "full name, first and last"
        case .email: "email address (billing)"
        case .address: "street address"
        case .city: "city"
        case .zip: "postal code"
        case .country: "ISO 3166-1 alpha-2 country code"
        case .state: "state or province (US, CA, BR only)"
        case .phone: "phone number"
        case .birthday: "date of birth, `YYYY-MM-DD` (billing, when the flow asks for it)"
        }
    }
}

extension ValueShape {
    /// One of the raw values of an enumeration, in case order.
    public static func cases<E: CaseIterable & RawRepresentable>(_: E.Type) -> ValueShape where E.RawValue == String {
        .enumeration(E.allCases.map(\.rawValue))
    }

    package static let currencyCode = ValueShape.string(pattern: "^[A-Z]{3}$")
    package static let countryCode = ValueShape.string(pattern: "^[A-Z]{2}$")
    static let color = ValueShape.string(pattern: "^#[0-9A-Fa-f]{6}$")
    static let envReference = ValueShape.string(pattern: "^\\$\\{env:[A-Za-z_][A-Za-z0-9_]*\\}$")
    /// A duration: `250ms`, `2s`, `1m`.
    package static let duration = ValueShape.string(pattern: "^[0-9]+(ms|s|m)$")
}

/// The key tables of the flow language, by mapping path.
package enum FlowKeys {
    /// Top-level keys (SPEC §2).
    public static let topLevel: [KeySpec] = [
        KeySpec("flow", .string(pattern: "^[a-z0-9][a-z0-9-]*$"), required: true, "flow id, `^[a-z0-9][a-z0-9-]*$`"),
        KeySpec("dsl", .integer(minimum: 1, maximum: 1), required: true, "language version, `1`"),
        KeySpec("extends", .string(), "a base flow file (relative to this file) whose settings this flow starts from"),
        KeySpec("title", .string(), "title shown to people"),
        KeySpec("description", .string(), "what the flow is for"),
        KeySpec("provider", .mapping(provider), default: "{ name: sandbox }", "the payment provider"),
        KeySpec("request", .mapping(request), "the checkout request"),
        KeySpec("fields", .mapping(fields), "per-field presence and custom fields"),
        KeySpec("cards", .mapping(cards), "accepted brands and card-field settings"),
        KeySpec("theme", .mapping(theme), "colours, fonts, radii"),
        KeySpec("currencies", .mapping(currencies), "base currency and rates (default: the provider's)"),
        KeySpec(
            "tax", .dictionary(keyPattern: "^[A-Z]{2}(-[A-Z0-9]{1,3})?$", value: .decimal(minimum: 0, maximum: 100)),
            "tax percent by COUNTRY or COUNTRY-STATE"),
        KeySpec("taxService", .mapping(taxService), "the merchant's tax service: a command that answers the tax for an address"),
        KeySpec("screens", .list(.mapping(screen)), "an explicit pipeline's screens, in order"),
        KeySpec("steps", .list(.mapping(step)), "an explicit pipeline's provider steps, in order, after the screens"),
        KeySpec(
            "translations", .dictionary(keyPattern: "^[A-Za-z]{1,8}([-_][A-Za-z0-9]{1,8})*$", value: .mapping(translation)),
            "the flow's own texts per shopper's language (`de`, `zh-Hans`, …): `title`, `description`, custom fields' titles and options, screens' titles"
        ),
    ]

    /// One language of `translations`.
    public static let translation: [KeySpec] = [
        KeySpec("title", .string(), "the title in this language"),
        KeySpec("description", .string(), "the description in this language"),
        KeySpec(
            "fields", .dictionary(keyPattern: "^.+$", value: .mapping(translatedField)),
            "custom fields by id (`fields.custom[].id`): their title and option labels in this language"),
        KeySpec(
            "screens", .dictionary(keyPattern: "^.+$", value: .mapping(translatedScreen)),
            "an explicit pipeline's screens by stage id (`screens[].id`): their title in this language"),
    ]

    /// A screen in one language of `translations`.
    public static let translatedScreen: [KeySpec] = [
        KeySpec("title", .string(), "the screen's title (its heading) in this language")
    ]

    /// A custom field in one language of `translations`.
    public static let translatedField: [KeySpec] = [
        KeySpec("title", .string(), "the field's title"),
        KeySpec(
            "options", .dictionary(keyPattern: "^.+$", value: .string()),
            "a label per option (the option's value, which answers and results keep, as the key)"),
    ]

    /// `provider` keys (SPEC §7).
    public static let provider: [KeySpec] = [
        KeySpec("name", .cases(ProviderName.self), default: "sandbox", "the provider"),
        KeySpec("baseURL", .string(pattern: "^https?://"), "overrides the provider's base URL"),
        KeySpec(
            "credentials", .dictionary(keyPattern: "^[A-Za-z][A-Za-z0-9_]*$", value: .envReference),
            "credentials, read from environment variables only"),
        KeySpec("signature", .mapping(signature), "how the `signature` hook signs Maxpay requests"),
        KeySpec(
            "paypalCurrencies", .list(.currencyCode),
            "the currencies the merchant's PayPal account takes (ISO 4217, each on PayPal's own list; default: PayPal's list)"),
        KeySpec(
            "requireTermsConsent", .bool, default: "false",
            "the review screen asks the shopper to accept Maxpay's terms of use and privacy policy (answer `acceptTerms: true`)"),
        KeySpec("applePay", .mapping(applePay), "what the Apple Pay sheet shows: the merchant identifier and the pay line"),
        KeySpec(
            "returnURLs", .mapping(returnURLs),
            "the merchant's 3-D Secure pages, signed and sent with Maxpay's SALE3D/AUTH3D (default: placeholders on checkout.invalid)"),
    ]

    /// `provider.applePay` keys (BlueSnap's `setIdentifier(merchantId:)`, `applePayCustomizePayLine`).
    public static let applePay: [KeySpec] = [
        KeySpec(
            "merchantIdentifier", .string(pattern: "^merchant\\.[A-Za-z0-9][A-Za-z0-9.-]*$"),
            "Apple's merchant identifier, `merchant.` and a reverse domain (BlueSnap's `setIdentifier(merchantId:)`)"),
        KeySpec(
            "payLine", .string(maxLength: 64),
            "the label of the total on the Apple Pay sheet (BlueSnap's `applePayCustomizePayLine`; default: `Payment`)"),
    ]

    /// `provider.returnURLs` keys: Maxpay's `redirect_url` and `callback_url`.
    public static let returnURLs: [KeySpec] = [
        KeySpec(
            "redirect", .string(pattern: "^https://"), required: true,
            "where the issuer sends the shopper back (Maxpay's `redirect_url`, also `TermUrl`); https, no secrets"),
        KeySpec(
            "callback", .string(pattern: "^https://"), required: true,
            "where Maxpay posts the final answer (Maxpay's `callback_url`); https, no secrets"),
    ]

    /// `provider.signature` keys: exactly one of `privateKey` and `command`.
    public static let signature: [KeySpec] = [
        KeySpec("privateKey", .envReference, "the Maxpay private key, from an environment variable (`${env:NAME}`)"),
        KeySpec(
            "command", .list(.string()),
            "a program and its arguments that signs: the fields on stdin as `key=value` lines, the signature on stdout"),
        KeySpec("timeout", .duration, default: "10s", "how long the signing command may run"),
    ]

    /// `taxService` keys: the command that answers the tax, how long it may take, how often it is tried.
    public static let taxService: [KeySpec] = [
        KeySpec(
            "command", .list(.string()),
            "a program and its arguments: the address and price as JSON on stdin, `{\"taxAmount\": \"1.23\"}` on stdout"),
        KeySpec(
            "url", .string(pattern: "^https?://"),
            "instead of `command`: an endpoint POSTed the same JSON, answering `{\"taxAmount\": \"1.23\"}`"),
        KeySpec(
            "headers", .dictionary(keyPattern: "^[A-Za-z0-9-]+$", value: .envReference),
            "HTTP header name → `${env:NAME}` sent with `url` (an API key), read from environment variables only"),
        KeySpec("timeout", .duration, default: "5s", "how long one call may run before it is killed"),
        KeySpec("attempts", .integer(minimum: 1, maximum: 10), default: "1", "calls in all before the step fails (1: no retry)"),
    ]

    /// `request` keys (SPEC §3).
    public static let request: [KeySpec] = [
        KeySpec("price", .mapping(price), "amount, taxAmount, currency"),
        KeySpec("withEmail", .bool, default: "true", "email required"),
        KeySpec("fullBilling", .bool, default: "false", "full billing address required"),
        KeySpec("withShipping", .bool, default: "false", "shipping details required"),
        KeySpec("allowCurrencyChange", .bool, default: "true", "the shopper may change currency"),
        KeySpec("hideStoreCardSwitch", .bool, default: "false", "hide \"securely store my card\""),
        KeySpec("activate3DS", .bool, default: "false", "require 3-D Secure for card payments"),
        KeySpec("processFailed3DS", .bool, default: "false", "go on to charge when 3DS did not succeed"),
        KeySpec("mode", .cases(CheckoutMode.self), default: "checkout", "BlueSnap entry point"),
        KeySpec("subscription", .bool, default: "false", "subscription charge"),
        KeySpec("transactionType", .cases(TransactionType.self), default: "sale", "what the final provider step does"),
        KeySpec("shopperId", .string(), "returning shopper id at the provider"),
        KeySpec("prefill", .mapping(prefill), "billing and shipping already collected"),
        KeySpec("fraud", .mapping(fraud), "fraud settings (`sessionId`)"),
        KeySpec("orderId", .string(maxLength: 50), "the merchant's order reference, sent with the charge"),
        KeySpec(
            "metadata", .dictionary(keyPattern: "^[A-Za-z0-9_.-]{1,50}$", value: .string(maxLength: 500)),
            "the merchant's own key-value data, sent with the charge"),
        KeySpec("customer", .mapping(customer), "the shopper as the provider sees them (`ip`)"),
        KeySpec(
            "locale", .string(), default: "auto",
            "the shopper's language: a BCP 47 tag matched to a supported one (`de-AT` is `de`), or `auto` (LC_ALL, LC_MESSAGES, LANG)"),
    ]

    /// `request.customer` keys.
    public static let customer: [KeySpec] = [
        KeySpec("ip", .string(maxLength: 45), "the shopper's IP address (IPv4 or IPv6), sent with the charge")
    ]

    /// `request.price` keys.
    public static let price: [KeySpec] = [
        KeySpec("amount", .decimal(minimum: 0), "purchase amount; required unless `subscription`"),
        KeySpec("taxAmount", .decimal(minimum: 0), default: "0", "tax"),
        KeySpec("currency", .currencyCode, default: "USD", "ISO 4217 currency code"),
    ]

    /// `request.prefill` keys.
    public static let prefill: [KeySpec] = [
        KeySpec("billing", .mapping(address), "billing details already collected"),
        KeySpec("shipping", .mapping(address), "shipping details already collected"),
    ]

    /// Address keys (prefill): every field but the date of birth, in `AddressField` order.
    public static let address: [KeySpec] = AddressField.withoutBirthday.map {
        KeySpec($0.rawValue, $0 == .country ? .countryCode : .string(), $0.summary)
    }

    /// `request.fraud` keys.
    public static let fraud: [KeySpec] = [
        KeySpec("sessionId", .string(maxLength: 32), "fraud session id (generated when absent)")
    ]

    /// `currencies` keys.
    public static let currencies: [KeySpec] = [
        KeySpec("base", .currencyCode, required: true, "the currency every rate is relative to"),
        KeySpec(
            "rates", .dictionary(keyPattern: "^[A-Z]{3}$", value: .decimal(minimum: 0, exclusiveMinimum: true)), required: true,
            "units per one base unit"),
    ]

    /// `theme` keys.
    public static let theme: [KeySpec] =
        [KeySpec("preset", .cases(ThemePreset.self), default: "standard", "the preset the theme starts from")]
        + Theme.colorKeys.map {
            KeySpec(
                $0, .oneOf([.color, .mapping(colorPair)]),
                "colour `#RRGGBB`, or `{ light: \"#RRGGBB\", dark: \"#RRGGBB\" }`: one for each terminal background")
        }
        + Theme.numberKeys.map { KeySpec($0, .decimal(minimum: 0), "size in points") }
        + Theme.fontKeys.map { KeySpec($0, .mapping(font), "font") }

    /// A theme colour for light and dark backgrounds (like an iOS asset's "Any" and "Dark"
    /// appearances); the terminal picks by its background (docs/terminal.md "Light and dark").
    public static let colorPair: [KeySpec] = [
        KeySpec("light", .color, required: true, "colour `#RRGGBB` on a light background, and when the background is not known"),
        KeySpec("dark", .color, required: true, "colour `#RRGGBB` on a dark background"),
    ]

    /// Theme font keys.
    public static let font: [KeySpec] = [
        KeySpec("family", .string(), required: true, "font family"),
        KeySpec("size", .decimal(minimum: 0, exclusiveMinimum: true), required: true, "point size"),
    ]
}
