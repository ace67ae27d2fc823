/// Card fields as the shopper typed them, before validation.
///
/// Holds secrets: do not log it. Validate with `CardValidator.validate(_:now:accepted:requireHolderName:)`.
package struct CardInput: Sendable {
    /// The card number as typed; spaces and `-` are allowed.
    public var number: String
    /// The expiry as typed, `MM/YY` or `MM/YYYY`.
    public var expiry: String
    /// The security code as typed.
    public var cvv: String
    /// The card holder's name, if asked for.
    public var name: String?

    /// Collects the typed fields.
    public init(number: String, expiry: String, cvv: String, name: String? = nil) {
        self.number = number
        self.expiry = expiry
        self.cvv = cvv
        self.name = name
    }
}

extension CardInput: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A redacted summary; the number and CVV are never printed, even by accident.
    public var description: String {
        "CardInput(\(CardNumber.redacted(number)), expiry: \(expiry), cvv: •••)"
    }

    /// Same as `description`.
    public var debugDescription: String { description }

    /// Redacted children, so `dump()` shows no secrets.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "number": CardNumber.redacted(number),
                "expiry": expiry,
                "cvv": "•••",
                "name": name as Any,
            ],
            displayStyle: .struct
        )
    }
}
