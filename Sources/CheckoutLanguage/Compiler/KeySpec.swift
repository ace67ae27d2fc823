/// One key the language accepts in a mapping: its name, its type in words, whether it is
/// required, its default, and a one-line description. The compiler checks keys against these
/// tables, and the docs (and later the JSON Schema) are generated from the same tables.
public struct KeySpec: Sendable, Hashable {
    /// The key.
    public let name: String
    /// The value's type, in the words the docs use (`bool`, `decimal ≥ 0`, `ISO 4217 code`).
    public let type: String
    /// Whether the key must be present.
    public let required: Bool
    /// The default, as YAML text, when there is one.
    public let defaultValue: String?
    /// What the key means.
    public let summary: String

    /// Creates a key spec.
    public init(_ name: String, _ type: String, required: Bool = false, default defaultValue: String? = nil, _ summary: String) {
        self.name = name
        self.type = type
        self.required = required
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// The key tables of the flow language, by mapping path.
public enum FlowKeys {
    /// Top-level keys (SPEC §2).
    public static let topLevel: [KeySpec] = [
        KeySpec("flow", "id", required: true, "flow id, `^[a-z0-9][a-z0-9-]*$`"),
        KeySpec("dsl", "integer", required: true, "language version, `1`"),
        KeySpec("title", "string", "title shown to people"),
        KeySpec("description", "string", "what the flow is for"),
        KeySpec("provider", "mapping", default: "{ name: sandbox }", "the payment provider"),
        KeySpec("request", "mapping", "the checkout request"),
        KeySpec("fields", "mapping", "per-field overrides and custom fields"),
        KeySpec("cards", "mapping", "accepted brands and card-field settings"),
        KeySpec("theme", "mapping", "colours, fonts, radii"),
        KeySpec("currencies", "mapping", "base currency and rates (default: the provider's)"),
        KeySpec("tax", "mapping", "tax percent by COUNTRY or COUNTRY-STATE"),
        KeySpec("screens", "list", "an explicit pipeline's screens"),
        KeySpec("steps", "list", "an explicit pipeline's provider steps"),
    ]

    /// `provider` keys (SPEC §7).
    public static let provider: [KeySpec] = [
        KeySpec("name", "sandbox | bluesnap | spreedly | maxpay", default: "sandbox", "the provider"),
        KeySpec("baseURL", "URL", "overrides the provider's base URL"),
        KeySpec("credentials", "mapping of `${env:NAME}`", "credentials, read from environment variables only"),
    ]

    /// `request` keys (SPEC §3).
    public static let request: [KeySpec] = [
        KeySpec("price", "mapping", "amount, taxAmount, currency"),
        KeySpec("withEmail", "bool", default: "true", "email required"),
        KeySpec("fullBilling", "bool", default: "false", "full billing address required"),
        KeySpec("withShipping", "bool", default: "false", "shipping details required"),
        KeySpec("allowCurrencyChange", "bool", default: "true", "the shopper may change currency"),
        KeySpec("hideStoreCardSwitch", "bool", default: "false", "hide \"securely store my card\""),
        KeySpec("activate3DS", "bool", default: "false", "require 3-D Secure for card payments"),
        KeySpec("processFailed3DS", "bool", default: "false", "go on to charge when 3DS did not succeed"),
        KeySpec("mode", "checkout | choosePayment | createPayment", default: "checkout", "BlueSnap entry point"),
        KeySpec("subscription", "bool", default: "false", "subscription charge"),
        KeySpec("transactionType", "sale | auth | sale3d | auth3d | none", default: "sale", "what the final provider step does"),
        KeySpec("shopperId", "string", "returning shopper id at the provider"),
        KeySpec("prefill", "mapping", "billing and shipping already collected"),
        KeySpec("fraud", "mapping", "fraud settings (`sessionId`)"),
    ]

    /// `request.price` keys.
    public static let price: [KeySpec] = [
        KeySpec("amount", "decimal ≥ 0", "purchase amount; required unless `subscription`"),
        KeySpec("taxAmount", "decimal ≥ 0", default: "0", "tax"),
        KeySpec("currency", "ISO 4217 code", default: "USD", "currency"),
    ]

    /// `request.prefill` keys.
    public static let prefill: [KeySpec] = [
        KeySpec("billing", "address", "billing details already collected"),
        KeySpec("shipping", "address", "shipping details already collected"),
    ]

    /// Address keys (prefill, answers).
    public static let address: [KeySpec] = [
        KeySpec("name", "string", "full name, first and last"),
        KeySpec("email", "string", "email address (billing)"),
        KeySpec("address", "string", "street address"),
        KeySpec("city", "string", "city"),
        KeySpec("zip", "string", "postal code"),
        KeySpec("country", "ISO 3166-1 alpha-2", "country code"),
        KeySpec("state", "string", "state or province (US, CA, BR only)"),
        KeySpec("phone", "string", "phone number"),
    ]

    /// `request.fraud` keys.
    public static let fraud: [KeySpec] = [
        KeySpec("sessionId", "string ≤ 32", "fraud session id (generated when absent)")
    ]

    /// `currencies` keys.
    public static let currencies: [KeySpec] = [
        KeySpec("base", "ISO 4217 code", required: true, "the currency every rate is relative to"),
        KeySpec("rates", "mapping of code → decimal > 0", required: true, "units per one base unit"),
    ]

    /// `theme` keys.
    public static let theme: [KeySpec] =
        [KeySpec("preset", "standard | dark | highContrast", default: "standard", "the preset the theme starts from")]
        + Theme.colorKeys.map { KeySpec($0, "\"#RRGGBB\"", "colour") }
        + Theme.numberKeys.map { KeySpec($0, "number ≥ 0", "size in points") }
        + Theme.fontKeys.map { KeySpec($0, "{ family, size }", "font") }

    /// Theme font keys.
    public static let font: [KeySpec] = [
        KeySpec("family", "string", required: true, "font family"),
        KeySpec("size", "number > 0", required: true, "point size"),
    ]
}
