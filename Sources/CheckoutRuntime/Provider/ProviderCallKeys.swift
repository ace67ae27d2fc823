import CheckoutDomain
package import CheckoutLanguage

/// The names of a provider call record's JSON (`ProviderCall.json`), as key tables: a
/// scenario's `expect.sent` is checked against them, and the scenarios schema and the docs
/// list them. `ProviderCallTests` checks that every name a record prints is here.
package enum ProviderCallKeys {
    /// One record: `{operation, stage?, fields, answer}`.
    package static let call: [KeySpec] = [
        KeySpec("operation", .cases(ProviderCall.Operation.self), required: true, "which provider call"),
        KeySpec("stage", .string(), "the stage (step id) that made the call"),
        KeySpec("fields", .mapping(fields), "what the runtime handed the provider (a subset is compared)"),
        KeySpec("answer", .mapping(answer), "what the provider answered (a subset is compared)"),
    ]

    /// `fields`: what was handed over, by provider-neutral names.
    package static let fields: [KeySpec] = [
        KeySpec("transactionType", .string(), "`SALE`, `AUTH_ONLY`, `SUBSCRIPTION`, `CAPTURE`, `VOID` or `REFUND`"),
        KeySpec("amount", .decimal(minimum: 0), "the amount, in the currency's minor units"),
        KeySpec("currency", .string(pattern: "^[A-Z]{3}$"), "the currency's ISO 4217 code"),
        KeySpec("full", .bool, "a capture or refund of all that is left"),
        KeySpec("card", .mapping(card), "the card: brand and last 4 only"),
        KeySpec("cardToken", .string(), "the card token the call names"),
        KeySpec("checkoutToken", .string(), "the checkout token a tokenize went under"),
        KeySpec("transactionId", .string(), "the transaction a capture, void or refund works on"),
        KeySpec("orderId", .string(), "the merchant's order reference (`request.orderId`)"),
        KeySpec("metadata", .dictionary(keyPattern: "^.+$", value: .string()), "the merchant's key-value data"),
        KeySpec("customerIP", .string(), "the shopper's IP address"),
        KeySpec("fraudSessionId", .string(), "the run's fraud session id"),
        KeySpec("billing", .mapping(address), "the billing details"),
        KeySpec("shipping", .mapping(address), "the shipping details"),
        KeySpec("storeCard", .bool, "the shopper's store-card choice"),
        KeySpec("shopperId", .string(), "the returning shopper"),
        KeySpec("idempotencyKey", .string(), "the key that makes a retried call happen once"),
        KeySpec("threeDSResult", .cases(ThreeDSResult.self), "the 3-D Secure result the charge carried"),
        KeySpec("threeDSRequested", .bool, "the charge asked the provider to run 3-D Secure inside it"),
        KeySpec("session", .string(), "the 3-D Secure session the call continues"),
        KeySpec("challengeAnswer", .enumeration(["code", "cancel"]), "the shopper's answer to a challenge (never the code)"),
        KeySpec("paymentType", .string(), "a wallet payment's type (`PAYPAL`, `APPLE_PAY`)"),
        KeySpec("signedFields", .list(.string()), "the names of the signed fields"),
    ]

    /// `answer`: the provider's answer.
    package static let answer: [KeySpec] = [
        KeySpec(
            "status", .string(),
            "`ok`, `approved`, `declined`, `notFound`, `completed`, `fingerprintRequired`, `challengeRequired` or `error`"),
        KeySpec("code", .string(), "the decline code, or the error's code"),
        KeySpec("token", .string(), "the token issued (checkout token, card token)"),
        KeySpec("card", .mapping(card), "the tokenized card: brand and last 4"),
        KeySpec("paymentMethodToken", .string(), "the provider's vault token for the card"),
        KeySpec("transactionId", .string(), "the transaction's id"),
        KeySpec("transactionStatus", .string(), "the transaction's status (`APPROVED`, …)"),
        KeySpec("threeDSResult", .cases(ThreeDSResult.self), "the 3-D Secure result"),
        KeySpec("session", .string(), "the 3-D Secure session to continue"),
        KeySpec("invoiceId", .string(), "PayPal's invoice id"),
        KeySpec("id", .string(), "the shopper found, or the stored method's id"),
    ]

    /// A card in a record.
    package static let card: [KeySpec] = [
        KeySpec("brand", .string(), "the brand, as results name it (`VISA`, `MASTERCARD`, …)"),
        KeySpec("last4", .string(pattern: "^[0-9]{4}$"), "the last 4 digits"),
        KeySpec("source", .enumeration(["new", "stored"]), "a typed card or a stored one"),
    ]

    /// An address in a record, by `AddressField` names; the date of birth is never recorded.
    package static let address: [KeySpec] = AddressField.withoutBirthday.map {
        KeySpec($0.rawValue, .string(), "\($0.summary), as handed to the provider")
    }
}
