/// A card brand, with the number lengths, security code and display gaps of the public
/// `credit-card-type` table (github.com/braintree/credit-card-type, `src/lib/card-types.ts`).
///
/// The raw value is the flow-file spelling (`american-express`); `resultName` is the upper-case
/// `ccType` of results (`AMEX`).
public enum CardBrand: String, Sendable, CaseIterable, Hashable {
    /// Visa.
    case visa
    /// Mastercard, including the 2-series (2221–2720).
    case mastercard
    /// American Express.
    case americanExpress = "american-express"
    /// Diners Club.
    case dinersClub = "diners-club"
    /// Discover.
    case discover
    /// JCB.
    case jcb
    /// UnionPay.
    case unionpay
    /// Maestro.
    case maestro
    /// Elo (Brazil).
    case elo
    /// Mir (Russia).
    case mir
    /// Hiper (Brazil).
    case hiper
    /// Hipercard (Brazil).
    case hipercard
    /// Troy (Turkey).
    case troy
    /// Naranja (Argentina).
    case naranja
    /// Verve (Nigeria).
    case verve

    /// The display name, e.g. `"American Express"`.
    public var niceName: String {
        switch self {
        case .visa: "Visa"
        case .mastercard: "Mastercard"
        case .americanExpress: "American Express"
        case .dinersClub: "Diners Club"
        case .discover: "Discover"
        case .jcb: "JCB"
        case .unionpay: "UnionPay"
        case .maestro: "Maestro"
        case .elo: "Elo"
        case .mir: "Mir"
        case .hiper: "Hiper"
        case .hipercard: "Hipercard"
        case .troy: "Troy"
        case .naranja: "Naranja"
        case .verve: "Verve"
        }
    }

    /// The result name (`ccType`, SPEC §5): `VISA`, `MASTERCARD`, `AMEX`, `DINERS`, `DISCOVER`,
    /// `JCB`, `CHINA_UNION_PAY`, `MAESTRO`, `ELO`, `MIR`, `HIPER`, `HIPERCARD`, and for the brands
    /// SPEC's "at least" leaves open `TROY`, `NARANJA` (BlueSnap's name) and `VERVE`.
    public var resultName: String {
        switch self {
        case .visa: "VISA"
        case .mastercard: "MASTERCARD"
        case .americanExpress: "AMEX"
        case .dinersClub: "DINERS"
        case .discover: "DISCOVER"
        case .jcb: "JCB"
        case .unionpay: "CHINA_UNION_PAY"
        case .maestro: "MAESTRO"
        case .elo: "ELO"
        case .mir: "MIR"
        case .hiper: "HIPER"
        case .hipercard: "HIPERCARD"
        case .troy: "TROY"
        case .naranja: "NARANJA"
        case .verve: "VERVE"
        }
    }

    /// The brand whose `resultName` is `name` (`"AMEX"` → `.americanExpress`), if any.
    public init?(resultName name: String) {
        guard let brand = CardBrand.allCases.first(where: { $0.resultName == name }) else {
            return nil
        }
        self = brand
    }

    /// The allowed card number lengths, ascending.
    public var lengths: [Int] {
        switch self {
        case .visa: [16, 18, 19]
        case .mastercard: [16]
        case .americanExpress: [15]
        case .dinersClub: [14, 16, 19]
        case .discover: [16, 19]
        case .jcb: [16, 17, 18, 19]
        case .unionpay: [14, 15, 16, 17, 18, 19]
        case .maestro: [12, 13, 14, 15, 16, 17, 18, 19]
        case .elo, .hiper, .hipercard, .troy, .naranja: [16]
        case .mir: [16, 17, 18, 19]
        case .verve: [16, 18, 19]
        }
    }

    /// The security code length: 4 for American Express, 3 for every other brand.
    public var cvvLength: Int {
        self == .americanExpress ? 4 : 3
    }

    /// What the brand calls its security code: CVV, CVC, CID, CVN, CVE or CVP2.
    public var securityCodeName: String {
        switch self {
        case .visa, .dinersClub, .jcb, .troy, .naranja, .verve: "CVV"
        case .mastercard, .maestro, .hiper, .hipercard: "CVC"
        case .americanExpress, .discover: "CID"
        case .unionpay: "CVN"
        case .elo: "CVE"
        case .mir: "CVP2"
        }
    }

    /// Digit positions before which a space is shown: `[4, 8, 12]`, or `[4, 10]` for
    /// American Express and Diners Club ("3782 822463 10005").
    public var gaps: [Int] {
        switch self {
        case .americanExpress, .dinersClub: [4, 10]
        default: [4, 8, 12]
        }
    }
}
