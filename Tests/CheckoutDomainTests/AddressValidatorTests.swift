import CheckoutDomain
import Testing

@Suite("AddressValidator")
struct AddressValidatorTests {
    let basic = AddressRequirements(withEmail: false, fullBilling: false)
    let full = AddressRequirements(withEmail: true, fullBilling: true)

    func billingCodes(_ address: Address, _ requirements: AddressRequirements) -> [String: String] {
        Dictionary(
            AddressValidator.validateBilling(address, requirements: requirements).map { ($0.field, $0.code) },
            uniquingKeysWith: { first, _ in first }
        )
    }

    func shippingCodes(_ address: Address) -> [String: String] {
        Dictionary(
            AddressValidator.validateShipping(address).map { ($0.field, $0.code) },
            uniquingKeysWith: { first, _ in first })
    }

    @Test("minimal billing: name, country and zip")
    func minimalBilling() {
        #expect(
            AddressValidator.validateBilling(
                Address(name: "John Doe", zip: "01234", country: "US"), requirements: basic
            ).isEmpty)
        #expect(billingCodes(Address(name: "Ola Nordmann", zip: "0150", country: "NO"), basic).isEmpty)
        #expect(billingCodes(Address(), basic) == ["name": "required", "zip": "required", "country": "required"])
    }

    @Test("full billing with email needs address, city, state and email")
    func fullBilling() {
        let complete = Address(
            name: "John Doe", email: "john@example.com", address: "1 Main St", city: "New York",
            zip: "10001", country: "US", state: "NY"
        )
        #expect(billingCodes(complete, full).isEmpty)
        let bare = Address(name: "John Doe", zip: "10001", country: "US")
        #expect(
            billingCodes(bare, full) == [
                "email": "required", "address": "required", "city": "required", "state": "required",
            ])
        #expect(billingCodes(bare, basic).isEmpty)
    }

    @Test("issues come in field order")
    func order() {
        let issues = AddressValidator.validateBilling(Address(state: "ZZ"), requirements: full)
        #expect(issues.map(\.field) == ["name", "email", "address", "city", "zip", "country"])
        let shipping = AddressValidator.validateShipping(Address(country: "US"))
        #expect(shipping.map(\.field) == ["name", "address", "city", "zip", "state"])
    }

    @Test(
        "email is validated when given even if not required",
        arguments: [
            ("john@example.com", nil), ("not-an-email", "invalid_email"), ("", nil), ("a b@c.de", "invalid_email"),
        ] as [(String, String?)])
    func optionalEmail(email: String, code: String?) {
        let address = Address(name: "John Doe", email: email, zip: "01234", country: "US")
        #expect(billingCodes(address, basic)["email"] == code)
    }

    @Test("countries without postal codes need no zip", arguments: ["AE", "HK", "QA", "BS", "ZW"])
    func noZipCountries(country: String) {
        #expect(billingCodes(Address(name: "John Doe", country: country), basic).isEmpty)
        #expect(shippingCodes(Address(name: "John Doe", address: "1 Road", city: "Town", country: country)).isEmpty)
    }

    @Test("countries with postal codes need one", arguments: ["US", "GB", "IE", "ZA", "NO", "DE"])
    func zipCountries(country: String) {
        #expect(billingCodes(Address(name: "John Doe", country: country), basic)["zip"] == "required")
    }

    @Test(
        "zip formats",
        arguments: [
            ("US", "01234", true), ("US", "10001-1234", true), ("US", "1234", false), ("US", "123456", false),
            ("US", "10001 1234", true), ("US", "ABCDE", false),
            ("CA", "K1A 0B1", true), ("CA", "K1A0B1", true), ("CA", "k1a 0b1", true), ("CA", "K1A-0B1", false),
            ("CA", "12345", false),
            ("BR", "01310-100", true), ("BR", "01310100", true), ("BR", "0131-0100", false), ("BR", "0131010", false),
            ("GB", "SW1A 1AA", true), ("NO", "0150", true), ("DE", "1", false), ("DE", "123456789012", false),
            ("NL", "1234 AB", true), ("PL", "00-950", true), ("FR", "75 008!", false),
        ])
    func zipFormats(country: String, zip: String, valid: Bool) {
        let address = Address(name: "John Doe", zip: zip, country: country)
        #expect(billingCodes(address, basic)["zip"] == (valid ? nil : "invalid_zip"))
        #expect(PostalCode.isValid(zip, country: country) == valid)
    }

    @Test(
        "country must be a valid upper-case ISO code",
        arguments: [
            ("NO", nil), ("US", nil), ("XX", "invalid_country"), ("us", "invalid_country"), ("USA", "invalid_country"),
            ("", "required"),
        ] as [(String, String?)])
    func country(code: String, expected: String?) {
        #expect(billingCodes(Address(name: "John Doe", zip: "1234", country: code), basic)["country"] == expected)
    }

    @Test(
        "state rules",
        arguments: [
            // country, state, fullBilling, expected state code
            ("GB", "LDN", false, "state_not_allowed"), ("GB", "LDN", true, "state_not_allowed"), ("GB", "", true, nil),
            ("US", "", true, "required"), ("US", "", false, nil), ("US", "NY", false, nil),
            ("US", "ZZ", false, "invalid_state"),
            ("US", "ny", true, "invalid_state"), ("US", "PR", true, nil), ("US", "AE", true, nil),
            ("US", "DC", true, nil),
            ("CA", "QC", true, nil), ("CA", "NY", true, "invalid_state"), ("BR", "RJ", true, nil),
            ("BR", "", true, "required"),
            ("XX", "NY", true, nil),  // the country issue covers it
        ] as [(String, String, Bool, String?)])
    func states(country: String, state: String, fullBilling: Bool, expected: String?) {
        let zip = ["US": "10001", "CA": "H2X 1Y4", "BR": "20040-020"][country] ?? "SW1A 1AA"
        let address = Address(
            name: "John Doe", address: "1 Main St", city: "City", zip: zip, country: country, state: state)
        let requirements = AddressRequirements(withEmail: false, fullBilling: fullBilling)
        #expect(billingCodes(address, requirements)["state"] == expected)
    }

    @Test(
        "names must split unless East Asian",
        arguments: [
            ("John Doe", nil), ("Madonna", "invalid_name"), ("山田太郎", nil), ("김민준", nil), ("   ", "required"),
            ("やまだ", nil),
        ] as [(String, String?)])
    func names(name: String, expected: String?) {
        #expect(billingCodes(Address(name: name, zip: "01234", country: "US"), basic)["name"] == expected)
    }

    @Test("shipping requires name, address, city, country, zip and US/CA/BR state; ignores email")
    func shipping() {
        let complete = Address(
            name: "Jane Roe", email: "not an email", address: "2 Elm St", city: "Toronto", zip: "M5V 2T6",
            country: "CA", state: "ON")
        #expect(shippingCodes(complete).isEmpty)
        #expect(
            shippingCodes(Address()) == [
                "name": "required", "address": "required", "city": "required", "zip": "required", "country": "required",
            ])
        var noState = complete
        noState.state = nil
        #expect(shippingCodes(noState) == ["state": "required"])
        let british = Address(
            name: "Jane Roe", address: "1 High St", city: "London", zip: "SW1A 1AA", country: "GB", state: "LND")
        #expect(shippingCodes(british) == ["state": "state_not_allowed"])
    }

    @Test(
        "shipping phone is optional but checked as a number of the country when given",
        arguments: [
            ("", nil), ("+47 22 12 34 56", nil), ("22.12.34.56", nil), ("call me", "invalid_phone"),
            ("12", "invalid_phone"), ("+1 (212) 555-0100", "invalid_phone"), ("212.555.0100", "invalid_phone"),
        ] as [(String, String?)])
    func phone(phone: String, expected: String?) {
        let address = Address(
            name: "Jane Roe", address: "2 Elm St", city: "Oslo", zip: "0150", country: "NO", phone: phone)
        #expect(shippingCodes(address)["phone"] == expected)
    }

    @Test("the billing phone is checked as a number of the country when given, in field order")
    func billingPhone() {
        var a = Address(name: "John Doe", zip: "10001", country: "US", phone: "+1 (415) 555-2671")
        #expect(billingCodes(a, basic).isEmpty)
        a.phone = "+44 20 7946 0018"
        let issues = AddressValidator.validateBilling(a, requirements: basic)
        #expect(issues.map(\.code) == ["invalid_phone"])
        #expect(issues.first?.message == "Enter a phone number for United States (+1).")
        a.phone = "555 2671"
        #expect(billingCodes(a, basic) == ["phone": "invalid_phone"])
        // Without a country the country's finding speaks for a national number.
        let noCountry = Address(name: "John Doe", zip: "10001", phone: "415 555 2671")
        #expect(billingCodes(noCountry, basic) == ["country": "required"])
        #expect(
            AddressValidator.validateBilling(Address(state: "ZZ", phone: "x"), requirements: full).map(\.field) == [
                "name", "email", "address", "city", "zip", "country", "phone",
            ])
    }

    @Test("withE164Phone writes a valid phone in E.164 form and leaves any other as it is")
    func e164() {
        let gb = Address(name: "Jane Roe", country: "GB", phone: "020 7946 0018")
        #expect(AddressValidator.withE164Phone(gb).phone == "+442079460018")
        #expect(AddressValidator.withE164Phone(Address(country: " GB ", phone: "020 7946 0018")).phone == "+442079460018")
        let wrong = Address(country: "US", phone: "+44 20 7946 0018")
        #expect(AddressValidator.withE164Phone(wrong) == wrong)
        #expect(AddressValidator.withE164Phone(Address(country: "US")) == Address(country: "US"))
    }

    @Test("messages are sentences and codes are snake_case")
    func messages() {
        let issues = AddressValidator.validateBilling(
            Address(name: "X", email: "bad", zip: "!", country: "GB", state: "X"), requirements: full)
        #expect(!issues.isEmpty)
        for issue in issues {
            #expect(issue.message.hasSuffix("."))
            #expect(issue.code.allSatisfy { $0.isLowercase || $0 == "_" })
        }
    }

    @Test("normalized() trims, drops blanks and upper-cases codes")
    func normalized() {
        let address = Address(name: "  John Doe ", email: "", zip: " 01234", country: " us", state: "ny ")
        #expect(address.normalized() == Address(name: "John Doe", zip: "01234", country: "US", state: "NY"))
    }
}
