/// A problem with one input field.
///
/// `field` is the key within its group (`"number"`, `"zip"`); the caller adds the group to make a
/// path (`card.number`, `billing.zip`). `code` is a stable snake_case code (`"required"`,
/// `"luhn_check_failed"`) that scenario files match on. `message` is a sentence for a person; it
/// never contains the card number or the CVV.
package struct FieldIssue: Sendable, Hashable, CustomStringConvertible {
    /// The field key within its group, e.g. `"number"`.
    public var field: String
    /// The stable snake_case code, e.g. `"invalid_length"`.
    public var code: String
    /// A human-readable sentence; never contains secrets.
    public var message: String

    /// Makes an issue.
    public init(field: String, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }

    /// `field: message [code]`.
    public var description: String {
        "\(field): \(message) [\(code)]"
    }
}
