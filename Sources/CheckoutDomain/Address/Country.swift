/// Country facts needed by address validation: ISO 3166-1 codes, postal codes and states.
package enum Country {
    /// True when `code` is an officially assigned ISO 3166-1 alpha-2 code in upper case (`"NO"`).
    public static func isValid(_ code: String) -> Bool {
        names[code] != nil
    }

    /// The English short name for an upper-case ISO 3166-1 alpha-2 code (`"NO"` → `"Norway"`).
    public static func name(_ code: String) -> String? {
        names[code]
    }

    /// Every known code, sorted.
    public static var allCodes: [String] {
        names.keys.sorted()
    }

    /// False for the countries without postal codes (`withoutPostalCodes`); there the zip field is
    /// neither shown nor required. True for every other code, including unknown ones.
    public static func hasPostalCodes(_ code: String) -> Bool {
        !withoutPostalCodes.contains(code)
    }

    /// True for the countries with a state field: US, CA and BR.
    public static func hasStates(_ code: String) -> Bool {
        states(of: code) != nil
    }

    /// The valid state codes and names of a country with states, `nil` for any other country.
    ///
    /// US: 50 states, DC, territories AS GU MP PR VI and military AA AE AP; CA: 13 provinces and
    /// territories; BR: 27 federative units.
    public static func states(of code: String) -> [String: String]? {
        switch code {
        case "US": unitedStatesStates
        case "CA": canadaProvinces
        case "BR": brazilStates
        default: nil
        }
    }

    /// Countries where no zip is asked (docs/providers.md "Reference data", row #20): BlueSnap's
    /// Android list (`bluesnap-android-int` `Constants.COUNTRIES_WITHOUT_ZIP`, 62 codes, which adds
    /// JM and TT to its iOS list) together with every country whose address format in Google's
    /// libaddressinput data has no postal code (AQ BQ BV CI GA LC MS PA PS SS SX TD WS beyond
    /// BlueSnap's). BlueSnap's list also holds codes no longer assigned (AN, TP), and AC, HM and
    /// KP, whose postal code Google has as optional; they do no harm here. Ireland and South Africa
    /// have postal codes and are not on it.
    static let withoutPostalCodes: Set<String> = [
        "AO", "AG", "AW", "AC", "BS", "BZ", "BJ", "BW", "BO", "BF", "BI", "CM", "CF", "KM", "CG",
        "CD", "CK", "CW", "DJ", "DM", "TP", "GQ", "ER", "FJ", "TF", "GM", "GH", "GD", "GY", "HM",
        "HK", "JM", "KI", "LY", "MO", "MW", "ML", "MR", "NR", "AN", "NU", "KP", "QA", "RW", "KN",
        "ST", "SC", "SL", "SB", "SR", "SY", "TL", "TG", "TK", "TO", "TT", "TV", "UG", "AE", "VU",
        "YE", "ZW",
        "AQ", "BQ", "BV", "CI", "GA", "LC", "MS", "PA", "PS", "SS", "SX", "TD", "WS",
    ]
}
