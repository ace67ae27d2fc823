import CheckoutDomain
package import CheckoutLanguage

/// The keys of the result JSON (SPEC §10, `CheckoutResult.json`): `checkout schema --kind
/// result` (`schema/result.schema.json`) is generated from these tables, and the end-to-end
/// tests validate every shipped scenario's result against it with no other keys allowed, so
/// a key the writer adds without a line here fails them.
package enum ResultKeys {
    package static let money = ValueShape.decimal(minimum: 0)

    package static let topLevel: [KeySpec] = [
        KeySpec("status", .cases(CheckoutStatus.self), required: true, "how the run ended (SPEC §10)"),
        KeySpec("paymentType", .enumeration(PaymentMethodKind.paymentTypes), "`CC`, `PAYPAL` or `APPLE_PAY`, once chosen"),
        KeySpec("flow", .string(), required: true, "the flow's id"),
        KeySpec(
            "locale", .enumeration(ShopperLocale.supported.map(\.tag)),
            "the language the shopper was shown (docs/running.md \"The shopper's language\"); the rest of the result is the same in every language"
        ),
        KeySpec("priceDetails", .mapping(priceDetails), "the price as the run ended with it"),
        KeySpec("creditCard", .mapping(creditCard), "the card as tokenized; never the number or the CVV"),
        KeySpec("cardScan", .mapping(cardScan), "the card scan's reporting criteria and attempts"),
        KeySpec("savedCard", .bool, "whether the shopper paid with a stored card"),
        KeySpec("customFields", .dictionary(keyPattern: "^.+$", value: .string()), "answers to custom fields, by id"),
        KeySpec("billingDetails", .mapping(address), "the billing details collected"),
        KeySpec("shippingDetails", .mapping(address), "the shipping details collected"),
        KeySpec("threeDSAuthenticationResult", .cases(ThreeDSResult.self), "the 3-D Secure result"),
        KeySpec("payPalInvoiceId", .string(), "PayPal's invoice id"),
        KeySpec("fraudSessionId", .string(), required: true, "the run's fraud-prevention session id"),
        KeySpec("transaction", .mapping(transaction), "the provider's transaction, when a charge was made"),
        KeySpec("paymentMethodToken", .string(), "the token the merchant's server charges (`transactionType: none`, `source: upfront`)"),
        KeySpec("shopperId", .string(), "the returning shopper paid for, or the one `storeShopper` created"),
        KeySpec("declineCode", .string(), "the issuer's decline code"),
        KeySpec("errors", .list(.mapping(error)), "the problems with the answers, when the status is `invalid`"),
    ]

    package static let priceDetails: [KeySpec] = [
        KeySpec("amount", money, "the amount, in the currency's minor units"),
        KeySpec("taxAmount", money, required: true, "the tax"),
        KeySpec("currency", .string(pattern: "^[A-Z]{3}$"), required: true, "ISO 4217 code"),
    ]

    package static let creditCard: [KeySpec] = [
        KeySpec("ccType", .enumeration(CardBrand.allCases.map(\.resultName)), required: true, "the brand"),
        KeySpec("last4Digits", .string(pattern: "^[0-9]{4}$"), required: true, "the last 4 digits"),
        KeySpec("ccIssuingCountry", .string(pattern: "^[A-Z]{2}$"), "the issuing country"),
        KeySpec("expirationMonth", .string(pattern: "^(0[1-9]|1[0-2])$"), required: true, "`MM`"),
        KeySpec("expirationYear", .string(pattern: "^[0-9]{4}$"), required: true, "`YYYY`"),
        KeySpec(
            "cardMask", .string(),
            "the number with all but the first 6 and last 4 digits masked, as `cards.masking` says (`4111 11XX XXXX 1111`)"),
        KeySpec("cardHolderName", .string(), "the holder's name, when one was taken"),
    ]

    package static let cardScan: [KeySpec] = [
        KeySpec("reportingCriteria", .string(), "BAM `merchantReportingCriteria`"),
        KeySpec("scanReferences", .list(.string()), required: true, "one reference per scan attempt"),
    ]

    package static let address: [KeySpec] = AddressField.allCases.map { KeySpec($0.rawValue, .string(), $0.summary) }

    package static let transaction: [KeySpec] = [
        KeySpec("id", .string(), required: true, "the provider's transaction id"),
        KeySpec("type", .string(), required: true, "`SALE`, `AUTH_ONLY`, …"),
        KeySpec("status", .string(), required: true, "`APPROVED`, `DECLINED`, …"),
        KeySpec("amount", money, "the amount charged"),
        KeySpec("currency", .string(pattern: "^[A-Z]{3}$"), "its currency"),
        KeySpec("authCode", .string(), "the issuer's authorization code"),
        KeySpec("responseCode", .string(), "the provider's response code"),
        KeySpec("responseMessage", .string(), "the provider's response message"),
        KeySpec("capturedAmount", money, "captured so far (`capture` steps)"),
        KeySpec("refundedAmount", money, "refunded so far (`refund` steps)"),
        KeySpec("operations", .list(.mapping(operation)), "captures, voids and refunds, in order"),
    ]

    /// The steps that act on the run's transaction and are reported in `operations`.
    package static let operationKinds: [StepKind] = [.capture, .void, .refund]

    package static let operation: [KeySpec] = [
        KeySpec(
            "kind", .enumeration(operationKinds.map(\.rawValue), descriptions: operationKinds.map(\.summary)), required: true,
            "the step that tried it"),
        KeySpec("id", .string(), "the provider's id of the operation"),
        KeySpec("status", .string(), required: true, "what the provider answered"),
        KeySpec("amount", money, "the amount"),
        KeySpec("declineCode", .string(), "why it was declined"),
    ]

    package static let error: [KeySpec] = [
        KeySpec("path", .string(), required: true, "the answer's path (`card.number`)"),
        KeySpec("code", .string(), required: true, "the problem's code (`luhn_check_failed`)"),
        KeySpec("message", .string(), required: true, "what to fix"),
    ]

    package static let tables: [(name: String, keys: [KeySpec])] = [
        ("priceDetails", priceDetails), ("creditCard", creditCard), ("address", address), ("transaction", transaction),
    ]

    /// The result's JSON Schema.
    package static let schema: KeySchema = {
        var s = KeySchema(
            id: "https://checkoutflow.dev/schema/result-1.json", title: "CheckoutFlow result",
            description: "What `checkout run --json` prints and `--result` writes (SPEC §10). Generated by `checkout schema --kind "
                + "result` from the result's key tables. Amounts are numbers in the currency's minor units; no card number or "
                + "CVV is ever in it.",
            root: .mapping(topLevel), catalog: tables)
        s.offersSnippets = false
        return s
    }()
}

extension CheckoutStatus: DescribedCases {
    package var summary: String {
        switch self {
        case .success: "paid (or stored, or tokenized, as the flow asks); exit 0"
        case .declined: "the provider declined the payment; exit 1"
        case .failed: "3-D Secure or a scan failed and the flow ends there; exit 1"
        case .canceled: "the shopper left; exit 1"
        case .invalid: "the answers have problems (`errors`); exit 3"
        case .error: "the provider failed after the step's retries; exit 4"
        }
    }
}
