import CheckoutDomain
import CheckoutHeadless
package import CheckoutLanguage
import CheckoutProviders

/// The key tables of a scenarios file's `sandbox:` fixtures (docs/testing.md, docs/sandbox.md):
/// shoppers, extra test cards and currency rates added to the built-in sandbox of SPEC §7.
extension ScenarioKeys {
    /// The top level of a scenarios file written as a mapping: fixtures and scenarios.
    package static let suite: [KeySpec] = [
        KeySpec(
            "sandbox", .mapping(sandbox),
            "fixtures added to the built-in sandbox for this file's scenarios, inline or `{ file: PATH }`"),
        KeySpec("scenarios", .list(.mapping(scenario)), required: true, "the scenarios"),
    ]

    /// `sandbox` keys.
    package static let sandbox: [KeySpec] =
        [KeySpec("file", .string(), "a fixtures file with the keys below, relative to the scenarios file")] + fixtures

    /// The keys of fixtures, inline or in a fixtures file.
    package static let fixtures: [KeySpec] = [
        KeySpec("shoppers", .list(.mapping(fixtureShopper)), "stored shoppers, besides the built-in `20848977`"),
        KeySpec("cards", .list(.mapping(fixtureCard)), "test cards, besides SPEC §7's (a number listed there is replaced)"),
        KeySpec(
            "rates", .dictionary(keyPattern: "^[A-Z]{3}$", value: .decimal(minimum: 0, exclusiveMinimum: true)),
            "USD-based currency rates by ISO 4217 code, replacing the built-in rate of that currency"),
    ]

    /// A fixture shopper's keys.
    package static let fixtureShopper: [KeySpec] = [
        KeySpec("id", .string(pattern: "^[A-Za-z0-9_-]+$"), required: true, "the shopper id flows name (`request.shopperId`)"),
        KeySpec("name", .string(), "the shopper's name (billing and shipping, unless they give one)"),
        KeySpec("email", .string(), "the shopper's email (billing, unless it gives one)"),
        KeySpec("billing", .mapping(AnswersKeys.billing), "the stored billing address"),
        KeySpec("shipping", .mapping(shippingAddress), "the stored shipping address"),
        KeySpec("savedCards", .list(.mapping(fixtureSavedCard)), "saved cards, by brand, last 4 and expiry"),
        KeySpec("chosenCard", .string(pattern: "^[0-9]{4}$"), "the last 4 of the saved card stored as the payment choice"),
        KeySpec(
            "chosenWallet", .enumeration([PaymentMethodKind.paypal.rawValue, PaymentMethodKind.applePay.rawValue]),
            "the wallet stored as the payment choice, instead of a card"),
    ]

    /// A stored shipping address's keys.
    package static let shippingAddress: [KeySpec] = AddressField.withoutBirthday.map { KeySpec($0.rawValue, .string(), $0.summary) }

    /// A saved card's keys: never a full number.
    package static let fixtureSavedCard: [KeySpec] = [
        KeySpec("brand", .enumeration(CardBrand.allCases.map(\.resultName)), required: true, "the card's brand"),
        KeySpec("last4", .string(pattern: "^[0-9]{4}$"), required: true, "the card's last 4 digits"),
        KeySpec("expiry", .string(pattern: "^[0-9]{1,2}/[0-9]{2,4}$"), required: true, "`MM/YY` or `MM/YYYY`"),
    ]

    /// The 3-D Secure courses a fixture card can take (docs/sandbox.md): a frictionless result
    /// of SPEC §8, or a challenge (code `1234`), or Spreedly's 3DS2 fingerprint first.
    package static let threeDSCourses =
        ThreeDSResult.allCases.filter { $0 != .authenticationCanceled }.map(\.rawValue)
        + ["challenge", "fingerprintThenChallenge", "fingerprintFrictionless"]

    /// A test card's keys.
    package static let fixtureCard: [KeySpec] = [
        KeySpec("number", .string(), required: true, "the card number: a Luhn-valid test card, never printed"),
        KeySpec("brand", .enumeration(CardBrand.allCases.map(\.resultName)), "the brand, checked against the number"),
        KeySpec("issuingCountry", .string(pattern: "^[A-Z]{2}$"), default: "US", "the issuing country"),
        KeySpec("threeDS", .enumeration(threeDSCourses), default: "AUTHENTICATION_SUCCEEDED", "how 3-D Secure goes"),
        KeySpec("decline", .string(pattern: "^[a-z0-9_]+$"), "charges are declined with this code"),
        KeySpec(
            "transientFailures", .integer(minimum: 0, maximum: 10), default: "0",
            "the first this many attempts of each call of `transientOperations` answer `processing_error` (the step's `retry` sets how many attempts there are)"
        ),
        KeySpec(
            "transientOperations", .list(.enumeration(SandboxCardBehavior.failingOperations.map(\.rawValue)), unique: true),
            default: "[charge]",
            "the calls `transientFailures` applies to: `tokenize` (attempts under one checkout token), `charge`, `capture`, `void`, `refund` (under one idempotency key)"
        ),
        KeySpec(
            "latency", .duration, default: "0ms",
            "how long each tokenize, charge, capture, void or refund with the card takes on the run's clock before its answer comes (`250ms`, `2s`, `1m`; at most 10m): a step's `timeout` shorter than it cuts the call"
        ),
        KeySpec("captureDecline", .string(pattern: "^[a-z0-9_]+$"), "captures are declined with this code"),
        KeySpec("refundDecline", .string(pattern: "^[a-z0-9_]+$"), "refunds are declined with this code"),
    ]

    /// A fixtures file's JSON Schema (`sandbox: { file: PATH }`).
    package static let fixturesSchema = KeySchema(
        id: "https://checkoutflow.dev/schema/fixtures-1.json", title: "CheckoutFlow sandbox fixtures",
        description: "Shoppers, test cards and currency rates added to the built-in sandbox (docs/testing.md, \"Sandbox fixtures "
            + "and chains\"), for a scenarios file's `sandbox: { file: PATH }`. Generated by `checkout schema --kind fixtures` "
            + "from the fixtures reader's key tables.",
        root: .mapping(fixtures), catalog: fixtureTables)

    /// The fixtures tables, by name, for the schema.
    package static let fixtureTables: [(name: String, keys: [KeySpec])] = [
        ("suite", suite), ("sandbox", sandbox), ("fixtures", fixtures), ("fixtureShopper", fixtureShopper),
        ("fixtureSavedCard", fixtureSavedCard), ("fixtureCard", fixtureCard), ("shippingAddress", shippingAddress),
    ]
}
