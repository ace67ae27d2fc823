import CheckoutDomain
import Testing

/// The state tables against their sources (provider-contract rows #21 and #23):
/// - ISO: ISO 3166-2 subdivisions as shipped in PyPI `pycountry` 26.2.16;
/// - BS-iOS: `bluesnap/bluesnap-ios` at 043e660f8f9e18042725af2f489e1c2eab3960ca,
///   `Sources/BluesnapSDK/BSCountryManager.swift` (`COUNTRY_STATES`);
/// - BS-And: `bluesnap/bluesnap-android-int` at 9f9761b47e666a9ddcb1c00d1f85b07fb541577b,
///   `bluesnap-android/src/main/res/values/state_strings.xml`.
///
/// Our codes are ISO 3166-2's (with USPS's military AA, AE, AP, and without US-UM, which is also
/// the ISO 3166-1 country UM); BlueSnap's own codes are translated at the BlueSnap boundary.
@Suite("State reference data")
struct StateReferenceDataTests {
    static let isoUS = [
        "AK", "AL", "AR", "AS", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "GU", "HI", "IA", "ID", "IL", "IN",
        "KS", "KY", "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MP", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM",
        "NV", "NY", "OH", "OK", "OR", "PA", "PR", "RI", "SC", "SD", "TN", "TX", "UM", "UT", "VA", "VI", "VT", "WA",
        "WI", "WV", "WY",
    ]
    static let isoCA = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]
    static let isoBR = [
        "AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE", "PI", "PR",
        "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO",
    ]
    /// BS-And `state_us_key_array` (BS-iOS has the same without AA, AE and AP).
    static let blueSnapUS = [
        "AA", "AE", "AP", "AL", "AK", "AR", "AS", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "GU", "HI", "IA",
        "ID", "IL", "IN", "KS", "KY", "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH",
        "NJ", "NM", "NV", "NY", "OH", "OK", "OR", "PA", "PR", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VI", "VT",
        "WA", "WI", "WV", "WY",
    ]
    /// BS-iOS and BS-And Canada: ISO's 13 plus `NF` "Newfoundland".
    static let blueSnapCA = ["AB", "BC", "MB", "NB", "NF", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]
    /// BS-iOS and BS-And Brazil, code → name: 18 ISO codes, and XA–XI for the nine states whose
    /// ISO codes are also US or CA codes (transcribed as written, "Sull" included).
    static let blueSnapBR: [String: String] = [
        "AC": "Acre", "AM": "Amazonas", "BA": "Bahia", "CE": "Ceará", "DF": "Distrito Federal",
        "ES": "Espírito Santo", "GO": "Goiás", "MG": "Minas Gerais", "PB": "Paraíba", "PI": "Piauí",
        "RJ": "Rio de Janeiro", "RN": "Rio Grande do Norte", "RO": "Rondônia", "RR": "Roraima",
        "RS": "Rio Grande do Sull", "SE": "Sergipe", "SP": "São Paulo", "TO": "Tocantins",
        "XA": "Maranhão", "XB": "Mato Grosso do Sul", "XC": "Mato Grosso", "XD": "Santa Catarina", "XE": "Pará",
        "XF": "Pernambuco", "XG": "Paraná", "XH": "Alagoas", "XI": "Amapá",
    ]

    @Test("US: ISO 3166-2 without UM, plus the military AA, AE, AP; every BlueSnap code is accepted")
    func unitedStates() throws {
        let ours = try #require(Country.states(of: "US"))
        #expect(Set(ours.keys) == Set(Self.isoUS).subtracting(["UM"]).union(["AA", "AE", "AP"]))
        #expect(Set(Self.blueSnapUS).subtracting(ours.keys).isEmpty)
    }

    @Test("CA and BR: exactly ISO 3166-2")
    func canadaAndBrazil() throws {
        #expect(Set(try #require(Country.states(of: "CA")).keys) == Set(Self.isoCA))
        #expect(Set(try #require(Country.states(of: "BR")).keys) == Set(Self.isoBR))
    }

    @Test("every BlueSnap state code reads as the ISO code of the same state")
    func fromBlueSnap() throws {
        let brazil = try #require(Country.states(of: "BR"))
        for (code, name) in Self.blueSnapBR {
            let iso = Country.state(fromBlueSnap: code, country: "BR")
            if code.hasPrefix("X") {
                #expect(brazil[iso] == name, "\(code) → \(iso)")
            } else {
                #expect(iso == code)  // BlueSnap's names differ only in its typo "Sull"
            }
        }
        #expect(Country.state(fromBlueSnap: "NF", country: "CA") == "NL")
        for code in Self.blueSnapCA where code != "NF" {
            #expect(Country.state(fromBlueSnap: code, country: "CA") == code)
        }
        for code in Self.blueSnapUS {
            #expect(Country.state(fromBlueSnap: code, country: "US") == code)
        }
        #expect(Country.state(fromBlueSnap: "XA", country: "US") == "XA")
    }

    @Test("ISO codes are sent to BlueSnap in BlueSnap's spelling and read back unchanged")
    func toBlueSnap() throws {
        for code in Self.isoBR {
            let sent = Country.blueSnapState(code, country: "BR")
            #expect(Self.blueSnapBR[sent] != nil, "\(code) → \(sent)")
            #expect(Country.state(fromBlueSnap: sent, country: "BR") == code)
        }
        #expect(Country.blueSnapState("MA", country: "BR") == "XA")
        #expect(Country.blueSnapState("MA", country: "US") == "MA")
        #expect(Country.blueSnapState("NL", country: "CA") == "NL")
    }
}
