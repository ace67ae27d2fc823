import Testing

@testable import CheckoutDomain

@Suite("PhoneNumber")
struct PhoneNumberTests {
    func e164(_ text: String, _ country: String?) -> String? {
        PhoneNumber(text, country: country)?.e164
    }

    @Test(
        "a valid number is written in E.164 form",
        arguments: [
            // US: 10 digits, national prefix 1, calling code 1.
            ("415 555 2671", "US", "+14155552671"), ("(415) 555-2671", "US", "+14155552671"),
            ("1 415 555 2671", "US", "+14155552671"), ("+1 (415) 555-2671", "US", "+14155552671"),
            ("001 415 555 2671", "US", "+14155552671"), ("415.555.2671", "US", "+14155552671"),
            // A Canadian number is a +1 number too: the calling code is the country's, not the number's.
            ("+1 416 555 0199", "US", "+14165550199"),
            // GB: the trunk 0 is dropped, at home and after +44 ("(0)").
            ("020 7946 0018", "GB", "+442079460018"), ("+44 20 7946 0018", "GB", "+442079460018"),
            ("+44 (0)20 7946 0018", "GB", "+442079460018"), ("07700 900123", "GB", "+447700900123"),
            // DE: 4 to 15 digits after the trunk 0.
            ("030 12345678", "DE", "+493012345678"), ("+49 30 12345678", "DE", "+493012345678"),
            ("0151 23456789", "DE", "+4915123456789"),
            // IT has no trunk prefix: the 0 of a fixed line is part of the number.
            ("06 1234 5678", "IT", "+390612345678"),
            // RU: national prefix 8, dropped only when the number is too long with it.
            ("8 800 555 35 35", "RU", "+78005553535"), ("800 555 35 35", "RU", "+78005553535"),
            ("+7 800 555 35 35", "RU", "+78005553535"),
            // NO: 8 digits, no trunk prefix.
            ("22 12 34 56", "NO", "+4722123456"),
        ] as [(String, String, String)])
    func valid(text: String, country: String, expected: String) {
        #expect(e164(text, country) == expected)
        #expect(PhoneNumber.issue(text, country: country) == nil)
    }

    @Test("a number of the wrong length names the country, its calling code and the lengths")
    func length() {
        let short = PhoneNumber.issue("555 2671", country: "US")
        #expect(short?.code == "invalid_phone")
        #expect(short?.field == "phone")
        #expect(short?.message == "Enter a valid phone number for United States (+1): 10 digits after +1.")
        #expect(e164("555 2671", "US") == nil)
        #expect(PhoneNumber.issue("+1 415 555 26710", country: "US") != nil)
        #expect(PhoneNumber.issue("020 794", country: "GB")?.message.hasSuffix("7, 9 or 10 digits after +44.") == true)
        #expect(PhoneNumber.issue("123", country: "DE")?.message.hasSuffix("4 to 15 digits after +49.") == true)
    }

    @Test("E.164 allows 15 digits in all, calling code included")
    func e164Limit() {
        // 13 digits after +49 is a possible German length and 15 in all.
        #expect(e164("+49 30 12345678901", "DE") == "+493012345678901")
        // 14 and 15 are possible German lengths too, but not with the 2 digits of +49.
        #expect(PhoneNumber.issue("+49 30 123456789012", country: "DE")?.code == "invalid_phone")
        #expect(PhoneNumber.issue("030 1234567890123", country: "DE")?.code == "invalid_phone")
    }

    @Test("a calling code other than the country's is refused, naming the expected one")
    func wrongCallingCode() {
        #expect(PhoneNumber.issue("+44 20 7946 0018", country: "US")?.message == "Enter a phone number for United States (+1).")
        #expect(PhoneNumber.issue("0044 20 7946 0018", country: "US")?.code == "invalid_phone")
        #expect(PhoneNumber.issue("+1 415 555 2671", country: "GB")?.message == "Enter a phone number for United Kingdom (+44).")
        #expect(e164("+44 20 7946 0018", "US") == nil)
    }

    @Test(
        "only digits, spaces, - . ( ) and one leading + are taken",
        arguments: [
            "415-555-CALL", "call me", "+1 415 555 2671 ext 5", "++1 415 555 2671", "1+415 555 2671", "415/555/2671", "", " ", "+", "()",
            "４１５５５５２６７１",
        ])
    func characters(text: String) {
        #expect(PhoneNumber.issue(text, country: "US")?.code == "invalid_phone")
        #expect(e164(text, "US") == nil)
    }

    @Test("without a country a + number is checked for 8 to 15 digits and a national one not at all")
    func noCountry() {
        #expect(e164("+44 20 7946 0018", nil) == "+442079460018")
        #expect(e164("+44 20 7946 0018", "ZZ") == "+442079460018")
        #expect(PhoneNumber.issue("+44 20", country: nil)?.message == "Enter a valid phone number: 8 to 15 digits after the +.")
        #expect(PhoneNumber.issue("+1234567890123456", country: nil)?.code == "invalid_phone")
        #expect(PhoneNumber.issue("020 7946 0018", country: nil) == nil)
        #expect(e164("020 7946 0018", nil) == nil)
        #expect(PhoneNumber.issue("call me", country: nil)?.code == "invalid_phone")
    }

    @Test("a country libphonenumber has no numbers for takes only international numbers")
    func countryWithoutNumbers() {
        #expect(
            PhoneNumber.issue("12 3456", country: "AQ")?.message
                == "Enter the phone number for Antarctica with its calling code, starting with +.")
        #expect(e164("+672 1 23456", "AQ") == "+672123456")
        #expect(PhoneNumber.issue("+672 1", country: "AQ")?.code == "invalid_phone")
    }

    @Test("lengths are described the way a person reads them")
    func describe() {
        #expect(PhoneNumber.describe([10]) == "10 digits")
        #expect(PhoneNumber.describe([7, 9, 10]) == "7, 9 or 10 digits")
        #expect(PhoneNumber.describe(Set(4...15)) == "4 to 15 digits")
        #expect(PhoneNumber.describe(Set(5...10).union([12])) == "5 to 10 or 12 digits")
    }
}
