import CheckoutDomain

extension FlowKeys {
    /// `fields` keys (SPEC §4).
    public static let fields: [KeySpec] = [
        KeySpec("billing", .mapping(billingPresence), "billing field presence: required, optional or hidden"),
        KeySpec("shipping", .mapping(shippingPresence), "shipping field presence: required, optional or hidden"),
        KeySpec("custom", .list(.mapping(customField)), "custom fields, asked by `form` screens"),
        KeySpec("available", .mapping(available), "Maxpay's available-fields flags for the billing form"),
        KeySpec(
            "allowedCountries", .mapping(allowedCountries),
            "the only countries a billing or shipping address may be in; others are `country_not_allowed`"),
    ]

    /// `fields.allowedCountries` keys: a list of ISO 3166-1 alpha-2 codes per address.
    public static let allowedCountries: [KeySpec] = [
        KeySpec("billing", .list(.countryCode, unique: true), "the countries a billing address may be in"),
        KeySpec("shipping", .list(.countryCode, unique: true), "the countries the checkout ships to"),
    ]

    /// `fields.available` keys: Maxpay's `PAYAvailableFields` flags.
    public static let available: [KeySpec] = FieldSettings.availableFlags.map { flag, fields in
        KeySpec(
            flag, .bool,
            "show (true) or hide (false) billing \(fields.map { "`\($0.rawValue)`" }.joined(separator: ", "))")
    }

    /// `fields.billing` and `fields.shipping` keys.
    static let billingPresence = presence(AddressField.billing)
    static let shippingPresence = presence(AddressField.shipping)

    static func presence(_ fields: [AddressField]) -> [KeySpec] {
        fields.map { field in
            let what = field == .birthday ? " (the shopper's date of birth, `YYYY-MM-DD`; hidden by default)" : ""
            return KeySpec(field.rawValue, .cases(FieldPresence.self), "presence of `\(field.rawValue)`\(what)")
        }
    }

    /// `fields.custom[]` keys.
    public static let customField: [KeySpec] = [
        KeySpec("id", .string(pattern: identifierPattern), required: true, "the id answers use (`custom.<id>`)"),
        KeySpec("title", .string(), required: true, "the label"),
        KeySpec("pattern", .string(), "a regular expression the whole answer must match"),
        KeySpec("options", .list(.string(), unique: true), "the allowed answers"),
        KeySpec("required", .bool, default: "false", "an answer is required"),
    ]

    /// `cards` keys (SPEC §5).
    public static let cards: [KeySpec] = [
        KeySpec("accept", .list(.cases(CardBrand.self)), default: "all brands", "accepted card brands"),
        KeySpec("requireCvv", .bool, default: "true", "the security code is required"),
        KeySpec(
            "requireExpiry", .bool, default: "true",
            "a card scan reads the expiry; `false` (BAM `expiryRequired`): the shopper types it after the scan (needs a `cardScan` screen)"),
        KeySpec("requireHolderName", .bool, default: "false", "the card holder's name is required"),
        KeySpec(
            "requireSortCodeAndAccountNumber", .bool, default: "false",
            "a card scan also reads the UK sort code and account number (BAM `sortCodeAndAccountNumberRequired`)"),
        KeySpec("storeCard", .cases(StoreCardSetting.self), default: "offer", "the \"securely store my card\" switch"),
        KeySpec("masking", .bool, default: "false", "results show the number grouped, first 6 + last 4 digits, the rest X"),
        KeySpec("expiryEditable", .bool, default: "false", "the shopper may correct the expiry a card scan read (BAM `expiryEditable`)"),
        KeySpec(
            "holderNameEditable", .bool, default: "false",
            "the shopper may correct the holder name a card scan read, kept as entered (BAM `cardHolderNameEditable`)"),
        KeySpec(
            "reportingCriteria", .string(maxLength: CardSettings.reportingCriteriaMaxLength),
            "identifies each card-scan attempt in the scan provider's reports (BAM `reportingCriteria`); no card or personal data; in the result and trace"
        ),
    ]

    /// Stage ids: a letter, then letters, digits, `_` or `-`.
    public static let identifierPattern = "^[A-Za-z][A-Za-z0-9_-]*$"

    /// Routes: outcome → stage id or `end`.
    static let routes: [KeySpec] = StageOutcome.allCases.map {
        KeySpec($0.rawValue, .string(pattern: identifierPattern), "where to go when the stage ends `\($0.rawValue)`: a stage id or `end`")
    }

    /// `screens[]` keys (SPEC §8).
    public static let screen: [KeySpec] = [
        KeySpec("id", .string(pattern: identifierPattern), default: "the kind", "the stage id, unique in the flow"),
        KeySpec(
            "kind", .enumeration(ScreenKind.listable.map(\.rawValue), descriptions: ScreenKind.listable.map(\.summary)), required: true,
            "what the screen asks"),
        KeySpec("title", .string(), "the screen's heading"),
        KeySpec("when", .string(), "a condition; the screen is skipped when it is false"),
        KeySpec("fields", .list(.string(pattern: identifierPattern), unique: true), "the fields asked, in order (billing, shipping, form)"),
        KeySpec("methods", .list(.cases(PaymentMethodKind.self), unique: true), "the payment methods offered (paymentMethod)"),
        KeySpec("hooks", .list(.cases(HookKind.self), unique: true), "hooks run after the screen"),
        KeySpec(
            "inputEvents", .bool, default: "false",
            "trace the card field's input-line events: start/end edit, will/did check, did submit (creditCard)"),
        KeySpec("on", .mapping(routes), default: "success: the next stage", "routes by outcome"),
    ]

    /// `steps[]` keys (SPEC §8).
    public static let step: [KeySpec] = [
        KeySpec("id", .string(pattern: identifierPattern), default: "the kind", "the stage id, unique in the flow"),
        KeySpec("kind", .cases(StepKind.self), required: true, "what the step does at the provider"),
        KeySpec("when", .string(), "a condition; the step is skipped when it is false"),
        KeySpec("retry", .mapping(retry), "retry of retryable failures (timeouts, transient provider errors)"),
        KeySpec("timeout", .duration, "the longest one attempt may take (`250ms`, `10s`, `1m`)"),
        KeySpec("hooks", .list(.cases(HookKind.self), unique: true), "hooks run before the step talks to the provider"),
        KeySpec(
            "source", .cases(CardSourceSetting.self), default: "screen",
            "where `tokenize` takes the card: a card screen, or data given up front by the app's own UI"),
        KeySpec(
            "amount", .decimal(minimum: 0, exclusiveMinimum: true), default: "all that is left",
            "what `capture` or `refund` moves, in the transaction's currency (partial capture or refund)"),
        KeySpec("on", .mapping(routes), default: "success: the next stage; others: end", "routes by outcome"),
    ]

    /// `steps[].retry` keys.
    public static let retry: [KeySpec] = [
        KeySpec("attempts", .integer(minimum: 1, maximum: 10), default: "3", "attempts in all, the first included"),
        KeySpec("backoff", .cases(Backoff.self), default: "exponential", "how the delay grows"),
        KeySpec("delay", .duration, default: "100ms", "the delay before the second attempt"),
        KeySpec("maxDelay", .duration, default: "2s", "the longest delay"),
        KeySpec("jitter", .bool, default: "false", "randomise each delay between half and all of it"),
    ]
}
