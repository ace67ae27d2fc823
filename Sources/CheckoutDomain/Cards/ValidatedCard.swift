/// A card that passed `CardValidator`.
///
/// It holds the full number and CVV in memory, for the tokenize step only. Everything that can
/// print it — `description`, `debugDescription`, `dump()`, string interpolation — shows the brand
/// and last four digits (`"VISA •••• 1111"`), never the number or the CVV.
public struct ValidatedCard: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The card number, digits only. Secret: never print, log or store it.
    public let number: String
    /// The security code, digits only (empty when it was not required and not given). Secret.
    public let cvv: String
    /// The expiry month.
    public let expiry: CardExpiry
    /// The detected brand.
    public let brand: CardBrand
    /// The card holder's name, trimmed, when one was given.
    public let holderName: String?

    /// Makes a card from parts that are already valid (e.g. a provider's stored card).
    ///
    /// Does not validate; use `CardValidator.validate(_:now:accepted:requireHolderName:)` for input.
    public init(number: String, cvv: String, expiry: CardExpiry, brand: CardBrand, holderName: String?) {
        self.number = number
        self.cvv = cvv
        self.expiry = expiry
        self.brand = brand
        self.holderName = holderName
    }

    /// The last four digits of the number.
    public var last4: String { CardNumber.last4(number) }

    /// BAM masking of the number (`cardNumberMasked`): grouped by the brand's gaps, first 6 and
    /// last 4 digits shown, the others `X` (`"4111 11XX XXXX 1111"`).
    public var maskedNumber: String { CardNumber.masked(number, gaps: brand.gaps) }

    /// `"VISA •••• 1111"`.
    public var description: String {
        "\(brand.resultName) •••• \(last4)"
    }

    /// `"ValidatedCard(VISA •••• 1111, expiry: 12/2030)"`.
    public var debugDescription: String {
        "ValidatedCard(\(description), expiry: \(expiry))"
    }

    /// Children without secrets, so `dump()` and debuggers never show the number or CVV.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "brand": brand,
                "last4": last4,
                "expiry": expiry,
                "holderName": holderName as Any,
            ],
            displayStyle: .struct
        )
    }
}
