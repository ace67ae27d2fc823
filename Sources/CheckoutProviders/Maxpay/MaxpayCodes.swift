package import CheckoutRuntime

/// Maxpay response codes and what they mean to a run. Maxpay's documentation gives `0` for
/// "Transaction processed successfully"; its decline and error codes vary with the acquirer and
/// are not published in one table, so the codes below are the ones the sandbox (and a fake
/// Maxpay server) answer with. A code not in the table keeps its number: a decline becomes
/// `maxpay_<code>`, an error `rejected` with Maxpay's message (docs/sandbox.md).
package enum MaxpayCodes {
    /// One row: the code, the decline name or provider error it maps to, and Maxpay's message.
    public struct Entry: Sendable, Hashable {
        public var code: Int
        public var name: String
        public var message: String
    }

    /// `0`: approved.
    public static let success = Entry(code: 0, name: "success", message: "Transaction processed successfully")

    /// The decline Maxpay answers when it has no closer code.
    public static let cardDeclined = Entry(code: 3005, name: "card_declined", message: "Card declined by the issuer")

    /// The decline of a `SALE3D`/`AUTH3D` whose 3-D Secure authentication did not pass (failed,
    /// unavailable, canceled, …): nothing is charged. The fake Maxpay's code, not a published one.
    public static let authenticationFailed = Entry(
        code: 3006, name: "three_ds_authentication_failed", message: "3-D Secure authentication did not pass")

    /// Declines: `status: decline` with these codes; `name` is the result's `declineCode`.
    public static let declines: [Entry] = [
        Entry(code: 3001, name: "insufficient_funds", message: "Insufficient funds"),
        Entry(code: 3002, name: "lost_card", message: "Lost card"),
        Entry(code: 3003, name: "expired_card", message: "Expired card"),
        Entry(code: 3004, name: "incorrect_cvc", message: "Incorrect CVV"),
        cardDeclined,
        authenticationFailed,
        // Captures (SETTLE), voids and refunds refused: this sandbox's and the fake's codes.
        Entry(code: 3007, name: "capture_failed", message: "Capture declined"),
        Entry(code: 3008, name: "refund_failed", message: "Refund declined"),
        Entry(code: 3009, name: "not_capturable", message: "The transaction cannot be settled"),
        Entry(code: 3010, name: "not_voidable", message: "The transaction cannot be voided"),
        Entry(code: 3011, name: "not_refundable", message: "The transaction cannot be refunded"),
        Entry(code: 3012, name: "amount_too_large", message: "The amount is more than the transaction has left"),
    ]

    /// The error Maxpay answers for a request it refuses without a closer code.
    public static let validationError = Entry(code: 1002, name: ProviderError.Code.rejected.rawValue, message: "Validation error")

    /// Errors: `status: error` with these codes; `name` is the `ProviderError` code.
    public static let errors: [Entry] = [
        Entry(code: 1001, name: ProviderError.Code.invalidSignature.rawValue, message: "Invalid signature"),
        validationError,
        Entry(code: 5001, name: ProviderError.Code.transient.rawValue, message: "Processing error, try again"),
    ]

    /// The decline name for a `decline` code: the table's, else `maxpay_<code>`.
    public static func declineCode(for code: Int) -> String {
        declines.first { $0.code == code }?.name ?? "maxpay_\(code)"
    }

    /// The Maxpay code for a decline name (the sandbox answering as Maxpay); `card_declined`'s
    /// for a name Maxpay has no code for.
    public static func code(forDecline name: String) -> Entry {
        declines.first { $0.name == name } ?? cardDeclined
    }

    /// The provider error for an `error` code: the table's, else `rejected`.
    public static func errorCode(for code: Int) -> ProviderError.Code {
        errors.first { $0.code == code }.map { ProviderError.Code(rawValue: $0.name) } ?? .rejected
    }

    /// The Maxpay code for a provider error the sandbox answers as Maxpay.
    public static func code(forError error: ProviderError.Code) -> Entry {
        errors.first { $0.name == error.rawValue } ?? validationError
    }
}
