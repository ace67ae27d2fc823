import CheckoutDomain
public import CheckoutLanguage
import CheckoutRuntime

/// The key tables of an answers file (SPEC §9): `AnswersReader` checks keys against them, and
/// `checkout schema --kind answers` (`schema/answers.schema.json`) and the docs' key list
/// (docs/running.md) come from the same tables. Keys are listed in the order "valid keys"
/// hints name them.
package enum AnswersKeys {
    /// Top-level keys.
    package static let topLevel: [KeySpec] = [
        KeySpec(
            "paymentMethod", .cases(PaymentMethodKind.self),
            "how the shopper pays; may be left out when only `card` or `scan`, or only `savedCard`, is given"),
        KeySpec("card", .oneOf([.mapping(card), .list(.mapping(card))]), "the card typed in; a list answers later visits in turn"),
        KeySpec("savedCard", .string(), "last 4 digits of a returning shopper's stored card"),
        KeySpec("billing", .mapping(billing), "billing details"),
        KeySpec("shipping", .mapping(shipping), "shipping details"),
        KeySpec("currency", .string(), "switch to this currency (when the flow allows currency change)"),
        KeySpec(
            "acceptTerms", .bool,
            "the shopper accepts the terms of use and privacy policy on review (required with `provider.requireTermsConsent`)"),
        KeySpec("custom", .dictionary(keyPattern: "^.+$", value: .string()), "custom-field answers by field id"),
        KeySpec("customer", .mapping(customer), "the shopper as the merchant's server sees them"),
        KeySpec("threeDS", .mapping(threeDS), "the answer to a 3-D Secure challenge"),
        KeySpec(
            "scan", .oneOf([.mapping(scan), .list(.mapping(scan))]),
            "what a cardScan screen read, or the error it ended with; a list answers later visits in turn"),
        KeySpec(
            "wait", .dictionary(keyPattern: "^.+$", value: .string(pattern: "^[0-9]{1,9}(ms|s|m|h)$")),
            "time spent at a stage before answering, by stage id (more than 0, at most 24h)"),
    ]

    /// `card` keys.
    package static let card: [KeySpec] = [
        KeySpec("number", .string(), "the card number (spaces allowed)"),
        KeySpec("expiry", .string(), "`MM/YY` or `MM/YYYY`"),
        KeySpec("cvv", .string(), "the security code"),
        KeySpec("name", .string(), "the cardholder's name"),
        KeySpec("storeCard", .bool, "the shopper's consent to store the card"),
    ]

    /// `billing` keys: every address field, the date of birth last.
    package static let billing: [KeySpec] = AddressField.allCases.map { KeySpec($0.rawValue, .string(), $0.summary) }

    /// `shipping` keys: every address field but the date of birth, and `sameAsBilling`.
    package static let shipping: [KeySpec] =
        AddressField.withoutBirthday.map { KeySpec($0.rawValue, .string(), $0.summary) }
        + [KeySpec("sameAsBilling", .bool, "ship to the billing address (without the email and the date of birth)")]

    /// `threeDS` keys.
    package static let customer: [KeySpec] = [
        KeySpec("ip", .string(), "the shopper's IPv4 or IPv6 address, sent with the charge; wins over the flow's `request.customer.ip`")
    ]

    /// `threeDS` keys.
    package static let threeDS: [KeySpec] = [
        KeySpec("code", .string(), "the code the challenge asks for"),
        KeySpec("cancel", .bool, default: "false", "the shopper cancels the challenge"),
    ]

    /// `scan` keys: BAM `BAMCheckoutCardInformation`'s fields, the error it ended with, or a
    /// file holding them.
    package static let scan: [KeySpec] = [
        KeySpec("number", .string(), "the card number read"),
        KeySpec("expiry", .string(), "the expiry read"),
        KeySpec("cvv", .string(), "the security code read"),
        KeySpec("name", .string(), "the cardholder's name read"),
        KeySpec("sortCode", .string(), "the UK sort code read"),
        KeySpec("accountNumber", .string(), "the UK account number read"),
        KeySpec(
            "edited", .mapping(scanEdited),
            "what the shopper typed after the scan, over what it read: `expiry` (`cards.expiryEditable`, or `cards.requireExpiry: false`), `name` (`cards.holderNameEditable`)"
        ),
        KeySpec("error", .cases(CardScanError.self), "the error the scan ended with, instead of a card"),
        KeySpec("file", .string(), "a YAML or JSON file with these keys, relative to the answers file; alone"),
    ]

    /// `scan.edited` keys: BAM's edit step after the scan (`expiryEditable`, `cardHolderNameEditable`).
    package static let scanEdited: [KeySpec] = [
        KeySpec("expiry", .string(), "the expiry the shopper typed (`MM/YY`)"),
        KeySpec("name", .string(), "the holder name the shopper typed, kept as entered"),
    ]

    /// Every table, by name (the schema's `definitions` take their names from here).
    package static let tables: [(name: String, keys: [KeySpec])] = [
        ("answers", topLevel), ("card", card), ("billing", billing), ("shipping", shipping), ("threeDS", threeDS), ("scan", scan),
        ("scanEdited", scanEdited),
    ]

    /// The answers file's JSON Schema.
    package static let schema = KeySchema(
        id: "https://checkoutflow.dev/schema/answers-1.json", title: "CheckoutFlow answers",
        description: "The answers of a headless run (`checkout run FLOW --answers FILE`, a scenario's `answers`). Generated by "
            + "`checkout schema --kind answers` from the answers reader's key tables; the run also checks what a schema "
            + "cannot: card numbers, dates, codes, and whether the flow asks for an answer.",
        root: .mapping(topLevel), catalog: tables)
}
