/// An ISO 4217 currency: its code, the number of digits after the decimal point, and its name.
///
/// Two currencies are equal when all three fields are; currencies from `Currency.iso(_:)` are
/// canonical, so comparing those is comparing codes.
public struct Currency: Sendable, Hashable, CustomStringConvertible {
    /// The three-letter upper-case code, e.g. `"USD"`.
    public let code: String
    /// Digits after the decimal point: USD 2, JPY 0, BHD 3, CLF 4.
    public let minorUnits: Int
    /// The English ISO name, e.g. `"US Dollar"`.
    public let name: String

    /// Makes a currency that need not be in the ISO list (a test or private currency).
    ///
    /// Prefer `Currency.iso(_:)` for real currencies.
    public init(code: String, minorUnits: Int, name: String) {
        self.code = code
        self.minorUnits = minorUnits
        self.name = name
    }

    /// The ISO 4217 currency for an upper-case code (`"EUR"`), `nil` when the code is unknown.
    ///
    /// Lower-case codes are not accepted. The list holds the active codes, including funds codes
    /// such as CLF, but not precious metals or testing codes (XAU, XTS), which have no minor units.
    public static func iso(_ code: String) -> Currency? {
        byCode[code]
    }

    /// US Dollar, the default currency of a checkout request.
    public static let usd = Currency(code: "USD", minorUnits: 2, name: "US Dollar")

    /// Every currency `iso(_:)` knows, sorted by code.
    public static var all: [Currency] { sortedAll }

    /// The code, e.g. `"USD"`.
    public var description: String { code }

    private static let sortedAll: [Currency] = isoTable.sorted { $0.code < $1.code }

    private static let byCode: [String: Currency] = Dictionary(
        isoTable.map { ($0.code, $0) },
        uniquingKeysWith: { first, _ in first }
    )
}
